"""``minebender bench endgame``: how long the exact endgame search takes, by
how many layouts the endgame has.

The endgames are those of real games: the strong bot plays seeded games, and
every view it meets where no cell is provably safe and from ``low`` to
``limit`` layouts remain is searched twice, as the bot searches it (the best guess)
and as the analysis board does (every cell's chance to win). The figures go
by bands of layouts: how many endgames, and the median and slowest
processor time of each search; or, with ``each``, one line per endgame with
its regions and the positions its best guess searched.
"""

from __future__ import annotations

import json
import time
from statistics import median
from typing import NamedTuple

from minebender.formats.boardtext import parse_board
from minebender.rules.game import Game
from minebender.rules.solver import Analysis, analyse
from minebender.services.bench.hard_endgames import HARD_ENDGAMES
from minebender.services.bot.endgame import endgame
from minebender.services.bot.play import play_game
from minebender.services.bot.strategy import StrategyName
from minebender.values.types import Knowledge, Setup

__all__ = [
    "BANDS",
    "Band",
    "Timing",
    "bands",
    "run",
    "run_hard",
    "time_endgames",
    "time_hard",
    "time_view",
]

BANDS = (10, 100, 1_000, 3_000, 10_000, 20_000)
"""The upper ends of the bands of layouts the figures are grouped by."""


class Timing(NamedTuple):
    """The searches of one endgame: its layouts, the regions searched apart,
    the positions the best guess searched, and the processor time of the best
    guess and of every cell's chance."""

    layouts: int
    regions: int
    positions: int
    best: float
    chances: float


def time_endgames(
    board: Setup,
    games: int,
    seed: int,
    limit: int,
    strategy: StrategyName,
    first: str,
    low: int = 2,
) -> list[Timing]:
    """Search every endgame of ``low`` to ``limit`` layouts met in ``games``
    games of the bot (``bot.play.play_game``'s strategy and first click)."""
    out: list[Timing] = []

    def watch(game: Game) -> None:
        k = game.knowledge
        a = analyse(k)
        if a.safe or not max(2, low) <= a.solutions <= limit:
            return
        timing = time_view(k, a, limit)
        if timing is not None:
            out.append(timing)

    for i in range(games):
        play_game(board, seed, i, strategy, first, watch=watch)
    return out


def time_view(knowledge: Knowledge, analysis: Analysis, limit: int) -> Timing | None:
    """Search one view twice, for the best guess and for every cell's chance,
    each from a fresh search; None when it has more than ``limit`` layouts."""
    start = time.process_time()
    found = endgame(knowledge, analysis, limit)
    if found is None:
        return None
    found.best()
    best = time.process_time() - start
    regions, positions = len(found.search.regions), found.search.positions
    start = time.process_time()
    found = endgame(knowledge, analysis, limit)
    if found is not None:
        found.chances()
    every = time.process_time() - start
    return Timing(analysis.solutions, regions, positions, best, every)


def time_hard() -> list[Timing]:
    """Time each of the stored hard endgames of real games (``HARD_ENDGAMES``)."""
    out = []
    for hard in HARD_ENDGAMES:
        k = parse_board(hard.board).knowledge
        timing = time_view(k, analyse(k), 20_000)
        if timing is not None:
            out.append(timing)
    return out


class Band(NamedTuple):
    """The figures of the endgames of one band of layouts."""

    low: int
    high: int
    endgames: int
    best_median: float
    best_max: float
    chances_median: float
    chances_max: float


def bands(timings: list[Timing]) -> list[Band]:
    """The timings grouped by ``BANDS``, bands with no endgame left out."""
    out = []
    low = 2
    for high in BANDS:
        band = [t for t in timings if low <= t.layouts <= high]
        low = high + 1
        if band:
            best = [t.best for t in band]
            every = [t.chances for t in band]
            out.append(
                Band(
                    min(t.layouts for t in band),
                    max(t.layouts for t in band),
                    len(band),
                    median(best),
                    max(best),
                    median(every),
                    max(every),
                )
            )
    return out


def run(
    board: Setup,
    games: int,
    seed: int,
    limit: int,
    as_json: bool,
    strategy: StrategyName = "strong",
    first: str = "tuned",
    low: int = 2,
    each: bool = False,
) -> int:
    """Time the endgames of the games and print the figures by band (or each
    endgame, with ``each``); the exit status."""
    timings = time_endgames(board, games, seed, limit, strategy, first, low)
    rows = bands(timings)
    if as_json:
        found = [r._asdict() for r in rows]
        out: dict[str, object] = {"games": games, "seed": seed, "limit": limit, "bands": found}
        if each:
            out["endgames"] = [t._asdict() for t in timings]
        print(json.dumps(out))
        return 0
    w, h, m = board.width, board.height, board.mines
    print(f"endgames of {games} games on {w}x{h} with {m} mines (seed {seed}),")
    print(f"{max(2, low):,} to {limit:,} layouts; processor time of one search")
    if each:
        _print_each(timings)
        return 0
    print("layouts          endgames   best guess: median     max   every cell: median     max")
    for r in rows:
        print(
            f"{r.low:>6}..{r.high:<6}  {r.endgames:>8} {r.best_median:>19.3f}s {r.best_max:>7.2f}s"
            f" {r.chances_median:>19.3f}s {r.chances_max:>7.2f}s"
        )
    return 0


def run_hard(as_json: bool) -> int:
    """Time the stored hard endgames (``time_hard``) and print one line each,
    or one JSON object; the exit status."""
    timings = time_hard()
    if as_json:
        print(json.dumps({"endgames": [t._asdict() for t in timings]}))
        return 0
    print(f"{len(timings)} hard endgames of real Expert games (bench/hard_endgames.py);")
    print("processor time of one search")
    _print_each(timings)
    return 0


def _print_each(timings: list[Timing]) -> None:
    print("  layouts  regions  positions  best guess  every cell")
    for t in timings:
        print(
            f"{t.layouts:>9,} {t.regions:>8} {t.positions:>10,}"
            f" {t.best:>10.2f}s {t.chances:>10.2f}s"
        )

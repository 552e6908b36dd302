"""Whole games played by the bot through the public Game API.

The host here owns the ``Game``; the bot is handed only a ``PlayerView``
(the knowledge and the screen), never the game or its layout, and it only
ever reveals cells: it never presses the assist, so a guess is a guess.

Game ``i`` of a run with seed ``S`` is generated from the words of ``(S, i)``
alone, after the bot has chosen its first click (the board is placed around
it, so the first click opens an area), which makes every game replayable and
independent of how a batch is split over workers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, Protocol

from minebender.rules.game import Game, place_mines
from minebender.rules.game import setup as game_setup
from minebender.rules.solver import analyse
from minebender.services.bot.ceiling import BEST_PLAY, guess_ceiling
from minebender.services.bot.sampled_ceiling import ceiling_draws, sampled_ceiling
from minebender.services.bot.strategy import Decision, StrategyName, choose
from minebender.values.seeded import hash_words
from minebender.values.types import Expert, Knowledge, Pos, Reveal, Setup, Tile, Won
from minebender.values.words import cut, either

__all__ = [
    "BOT_VERSION",
    "BOUNDS",
    "FIRST_CLICKS",
    "Bound",
    "GameRecord",
    "PlayerView",
    "View",
    "bot_decision",
    "bot_move",
    "first_click",
    "game_words",
    "play_game",
]

FIRST_CLICKS = ("tuned", "inset", "corner", "near-corner", "edge", "centre")
"""Named first clicks; an explicit ``x,y`` is also accepted."""

TUNED_FIRST: Mapping[Setup, Pos] = MappingProxyType({game_setup(Expert()): Pos(2, 3)})
"""The boards whose ``tuned`` first click was measured to beat inset, and that
click (see ``first_click``); a new measurement is one more entry."""

BOT_VERSION = 3
"""Which bot plays: raised whenever some game would be played differently (a
strategy's choice, a first click, how a board is dealt, a bound on perfect
play). Every result line of a batch records it, so that ``--resume`` never
joins games of two bots under one win rate, and a Dask worker that runs
another minebender is refused rather than mixed in. ``tests/test_bot_version``
keeps it honest: it plays a fixed set of games and fails, naming this
constant, when their moves change while the version does not."""

Bound = Literal["two-move", "sampled"]
BOUNDS: tuple[Bound, ...] = ("two-move", "sampled")
"""The bounds on perfect play a game can carry: ``bot.ceiling``'s two-move
bound, or ``bot.sampled_ceiling``'s sharper and slower one."""

WORD = 2**32


class View(Protocol):
    """All the bot may look at: what the player sees."""

    @property
    def knowledge(self) -> Knowledge:
        """What the player knows: the shown numbers, flags and the mine count."""

    def display(self) -> tuple[tuple[Tile, ...], ...]:
        """What the screen shows, tile by tile (as ``Game.display``)."""


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A view of one moment of a game: its knowledge and its screen, nothing else."""

    knowledge: Knowledge
    screen: tuple[tuple[Tile, ...], ...] | None = None

    def display(self) -> tuple[tuple[Tile, ...], ...]:
        """What the screen shows, tile by tile (as ``Game.display``)."""
        if self.screen is None:
            raise ValueError("PlayerView: this view carries no screen")
        return self.screen


@dataclass(frozen=True, slots=True)
class GameRecord:
    """How one game went: its seed pair, the result, moves and guesses made."""

    seed: int
    index: int
    won: bool
    moves: int
    guesses: int
    seconds: float
    cpu_seconds: float = 0.0
    """Processor time of this process while the game ran: what the game costs on
    an idle core, whatever else the machine is doing."""
    ceiling: float | None = None
    """When asked for: at least the chance that perfect play, from the same
    first click, wins this game (see ``bot.ceiling``): the result itself if
    every move the bot made was provably best play, else the bound at its
    first heuristic guess."""


def game_words(seed: int, index: int) -> list[int]:
    """The 32-bit words that generate game ``index`` of a run with ``seed``.

    They are SHA-256 of the pair, not the pair itself: ``place_mines`` uses its
    first words directly as draws, so raw seeds would put the first mines of
    every game of a run on the same cells (a measured bias of about two points
    in the Expert win rate between two seeds).
    """
    for name, value in (("seed", seed), ("game index", index)):
        if not 0 <= value < WORD * WORD:
            raise ValueError(f"{name} must be an int from 0 to 2**64-1, got {value}")
    return hash_words(b"minebender bot game" + seed.to_bytes(8, "big") + index.to_bytes(8, "big"))


def first_click(setup: Setup, where: str = "tuned") -> Pos:
    """The bot's first click on a board of this setup.

    ``tuned`` (the default) is the click measured best for the setup: (2, 3)
    on Expert's 30x16 board with 99 mines, ``inset`` on every other board.
    Inset won every comparison on Beginner and Intermediate; Custom boards
    were not measured and get inset, the best click on most levels.

    ``inset`` is (2, 2), two cells in from the corner: the guaranteed 3x3
    opening there borders the corner and both edges. docs/bot.md has the
    games that chose these clicks.

    ``corner`` is (0, 0); ``near-corner`` is (1, 1); ``edge`` is the middle
    of the top row; ``centre`` the middle of the board; ``x,y`` any cell.
    """
    w, h = setup.width, setup.height
    inset = Pos(min(2, w - 1), min(2, h - 1))
    named = {
        "tuned": TUNED_FIRST.get(setup, inset),
        "inset": inset,
        "corner": Pos(0, 0),
        "near-corner": Pos(min(1, w - 1), min(1, h - 1)),
        "edge": Pos(w // 2, 0),
        "centre": Pos(w // 2, h // 2),
    }
    if where in named:
        return named[where]
    bare = where.strip().removeprefix("(").removesuffix(")")  # (X,Y), as cells are printed
    parts = [v.strip() for v in bare.split(",")]
    if len(parts) != 2 or not all(v.isascii() and v.isdigit() for v in parts):
        # ASCII digits, as every option's number: int() also reads full-width digits, "1_0" and "+2"
        raise ValueError(
            f"first click must be one of {', '.join(FIRST_CLICKS)} or x,y; got {cut(where)}"
        )
    if any(len(v.lstrip("0")) > 9 for v in parts):
        # off the board, and int() refuses a number of over 4,300 digits
        raise ValueError(f"first click {cut(where)} is off the {w}x{h} board")
    x, y = (int(v.lstrip("0") or "0") for v in parts)
    if not (0 <= x < w and 0 <= y < h):
        raise ValueError(f"first click ({x}, {y}) is off the {w}x{h} board")
    return Pos(x, y)


def bot_decision(view: View, strategy: StrategyName = "strong") -> Decision:
    """The bot's next move on a view, with whether it is a guess and why."""
    return choose(view.knowledge, strategy)


def bot_move(view: View, strategy: StrategyName = "strong") -> tuple[Sequence[Pos], bool]:
    """The bot's next move on a view: cells to reveal, and whether it is a guess."""
    decision = bot_decision(view, strategy)
    return decision.cells, decision.guess


def play_game(
    setup: Setup,
    seed: int,
    index: int,
    strategy: StrategyName = "strong",
    first: str = "tuned",
    watch: Callable[[Game], None] | None = None,
    ceiling: bool = False,
    bound_kind: Bound = "two-move",
) -> tuple[GameRecord, Game]:
    """Play game ``index`` of seed ``seed`` to the end; the record and the final game.

    ``watch`` (if given) sees the game after every move, for a display. With
    ``ceiling`` the record also bounds what perfect play wins of this game
    (``GameRecord.ceiling``); that costs one bound of ``bound_kind``, at the
    bot's first heuristic guess.
    """
    start = time.perf_counter()
    cpu = time.process_time()
    w, h, m = setup.width, setup.height, setup.mines
    click = first_click(setup, first)
    game = Game.fresh(w, h, place_mines(w, h, m, click, game_words(seed, index)))
    game = game.step(Reveal(click))
    moves, guesses = 1, 0
    bound: float | None = None
    while game.playing:
        if watch is not None:
            watch(game)
        decision = bot_decision(PlayerView(game.knowledge), strategy)
        guesses += decision.guess
        if ceiling and bound is None and decision.guess and decision.why not in BEST_PLAY:
            bound = _bound(game.knowledge, bound_kind, seed, index)
        for cell in decision.cells:
            game = game.step(Reveal(cell))
            moves += 1
            if not game.playing:
                break
    won = type(game.status) is Won
    if ceiling and bound is None:
        bound = 1.0 if won else 0.0
    record = GameRecord(
        seed,
        index,
        won,
        moves,
        guesses,
        time.perf_counter() - start,
        time.process_time() - cpu,
        bound,
    )
    return record, game


def _bound(knowledge: Knowledge, kind: Bound, seed: int, index: int) -> float:
    """The bound of ``kind`` on what perfect play wins from a view that forces a guess."""
    if kind == "two-move":
        return guess_ceiling(knowledge)
    if kind == "sampled":
        analysis = analyse(knowledge)
        return sampled_ceiling(knowledge, ceiling_draws(knowledge, analysis, seed, index), analysis)
    raise ValueError(f"unknown bound {kind!r}: use {either(BOUNDS)}")

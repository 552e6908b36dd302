"""How long no-guess boards take: ``minebender bench noguess``.

Generates boards of each level asked for (all three by default) with
``minebender.rules.noguess.generate``, board i with the same rs as
``minebender generate --no-guess --seed S`` uses, and prints per level the
median, 90th percentile and worst time per board (wall clock and CPU time; on
a shared machine the CPU time is the steadier one), how often place_mines'
own board was already no-guess, how often a fresh board had to be drawn, the
repairs and exact-solver calls per board, and boards given up on. With
--check, every board is also replayed (untimed) with the game's rules and
``analyse``, and any board that needs a guess is counted and fails the run.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from minebender.rules.game import Game, board_rs
from minebender.rules.noguess import NoGuessError, generate
from minebender.rules.solver import analyse
from minebender.services.bench.percentile import percentile
from minebender.values import words
from minebender.values.types import Layout, Playing, Pos, Setup, Won

__all__ = ["Board", "Figures", "measure", "run"]

Board = tuple[str, Setup, Pos]
"""A board to measure: its label, its size and its first click."""


@dataclass(frozen=True, slots=True)
class Figures:
    """What generating ``boards`` boards of one size took."""

    boards: int
    wall: list[float]
    cpu: list[float]
    untouched: int
    """Boards where place_mines' own board was already no-guess."""
    fresh: int
    """Boards that needed more than one fresh board."""
    repairs: list[int]
    exact_calls: list[int]
    failures: int
    unchecked: int
    """Boards that --check found could not be cleared by safe moves (0 without --check)."""


def clears(size: Setup, layout: Layout, first: Pos) -> bool:
    """Safe moves alone win: the game's own rules, with analyse deciding what is safe
    (not the generator's play loop)."""
    game = Game.fresh(size.width, size.height, layout).open(first)
    while type(game.status) is Playing:
        safe = analyse(game.knowledge).safe
        if not safe:
            return False
        for p in sorted(safe):
            game = game.open(p)
    return type(game.status) is Won


def measure(size: Setup, first: Pos, seed: int, count: int, check: bool = False) -> Figures:
    """Generate ``count`` boards of ``size`` and time each."""
    wall: list[float] = []
    cpu: list[float] = []
    repairs: list[int] = []
    exact: list[int] = []
    untouched = fresh = failures = unchecked = 0
    for i in range(count):
        w0, c0 = time.perf_counter(), time.process_time()
        try:
            report = generate(size.width, size.height, size.mines, first, board_rs(seed, i))
        except NoGuessError:
            failures += 1
            continue
        finally:
            wall.append(time.perf_counter() - w0)
            cpu.append(time.process_time() - c0)
        repairs.append(report.repairs)
        exact.append(report.exact_calls)
        untouched += report.tries == 1 and report.repairs == 0
        fresh += report.tries > 1
        if check and not clears(size, report.layout, first):
            unchecked += 1
    return Figures(count, wall, cpu, untouched, fresh, repairs, exact, failures, unchecked)


def _ms(seconds: float) -> str:
    return f"{1000 * seconds:.1f}"


def _row(name: str, f: Figures) -> str:
    share = 100 / f.boards
    reps = f.repairs or [0]
    exact = statistics.mean(f.exact_calls or [0])
    return (
        f"{name:<24} {f.boards:>6} {_ms(statistics.median(f.wall)):>8}"
        f" {_ms(percentile(f.wall, 0.9)):>8}"
        f" {_ms(max(f.wall)):>8} {_ms(statistics.median(f.cpu)):>8} {_ms(max(f.cpu)):>8}"
        f" {f.untouched * share:>8.1f}% {f.fresh * share:>7.1f}%"
        f" {statistics.median(reps):>5.0f}/{max(reps):<4} {exact:>6.1f}"
        f" {f.failures:>5}" + (f"  NOT NO-GUESS: {f.unchecked}" if f.unchecked else "")
    )


HEADER = (
    f"{'board':<24} {'boards':>6} {'med ms':>8} {'p90 ms':>8} {'worst ms':>8} {'cpu med':>8}"
    f" {'cpu max':>8} {'as drawn':>9} {'>1 try':>8} {'repairs':>10} {'exact':>6} {'fails':>5}"
)


def run(boards: list[Board], count: int, seed: int, check: bool, first: str | None) -> int:
    """Generate ``count`` boards of each of ``boards`` from ``seed`` and print the
    figures; with ``check`` replay each board too. ``first`` is the --first asked
    for, as the heading shows it. The exit status: 1 when a board needs a guess."""
    print(
        f"no-guess generation: {words.count(count, 'board')} per line, seed {seed}, first click"
        f" {'at ' + first if first else 'in the centre'}; times per board"
    )
    print(
        "as drawn: place_mines' board kept as it was; >1 try: a fresh board was drawn;"
        " repairs: median/worst; exact: solver calls per board"
    )
    print(HEADER)
    failed = False
    for label, size, click in boards:
        figures = measure(size, click, seed, count, check)
        print(_row(label, figures), flush=True)
        failed |= figures.unchecked > 0
    if check:
        print("checked: " + ("some boards need a guess" if failed else "every board is no-guess"))
    return 1 if failed else 0

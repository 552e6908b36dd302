"""How long no-guess boards take: ``minebender bench noguess``.

Generates boards of each level asked for (all three by default) with
``minebender.noguess.generate``, board i with the same rs as
``minebender generate --no-guess --seed S`` uses, and prints per level the
median, 90th percentile and worst time per board (wall clock and CPU time; on
a shared machine the CPU time is the steadier one), how often place_mines'
own board was already no-guess, how often a fresh board had to be drawn, the
repairs and exact-solver calls per board, and boards given up on. With
--check, every board is also replayed (untimed) with the game's rules and
``analyse``, and any board that needs a guess is counted and fails the run.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

from minebender import words
from minebender.bench.percentile import percentile
from minebender.game import Game, setup
from minebender.noguess import NoGuessError, generate
from minebender.options import (
    COUNT_LIMIT,
    SEED_LIMIT,
    board_rs,
    note_if_limited,
    parse_custom_level,
    parse_first,
    parse_int,
    parse_seed,
    read_level,
)
from minebender.session import level_name
from minebender.solver import analyse
from minebender.types import NAMED_LEVELS, Layout, Playing, Pos, Setup, Won

__all__ = ["EXAMPLE", "Figures", "add_arguments", "measure", "run"]

EXAMPLE = "minebender bench noguess --level expert --count 50 --check"
"""The command line that ends this benchmark's ``--help``."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bench noguess``, under ``bench``'s parser."""
    parser.add_argument(
        "--level",
        action="append",
        help="a level to measure, any case, or a custom WxHxM (repeatable; default: all three)",
    )
    parser.add_argument(
        "--custom", action="append", metavar="WxHxM", help="a custom field to measure (repeatable)"
    )
    parser.add_argument("--count", default="200", help="boards per level (default: 200)")
    parser.add_argument(
        "--seed",
        default="1",
        help=f"the run's seed, an integer from 0 to {SEED_LIMIT - 1} (default: 1)",
    )
    parser.add_argument("--first", metavar="X,Y", help="the first click (default: the centre)")
    parser.add_argument(
        "--check",
        action="store_true",
        help="also replay every board with the game and the exact solver, untimed",
    )


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


def _boards(args: argparse.Namespace) -> list[tuple[str, Setup, Pos]]:
    """Every board to measure: its label, size and first click. Every option is
    read here, before the run prints a line, so a bad one is the only output."""
    boards: list[tuple[str, Setup, Pos]] = []
    for option, text in _asked(args):
        level = parse_custom_level(text, option) if option == "--custom" else read_level(text)
        size = setup(level)
        name = level_name(level)
        boards.append((f"{name} {size.width}x{size.height}x{size.mines}", size, _first(args, size)))
    return boards


def _asked(args: argparse.Namespace) -> list[tuple[str, str]]:
    """Each board asked for, with the option that asked (all three levels by default)."""
    asked = [("--level", t) for t in args.level or []]
    asked += [("--custom", t) for t in args.custom or []]
    return asked or [("--level", name) for name in NAMED_LEVELS]


def _first(args: argparse.Namespace, size: Setup) -> Pos:
    if args.first:
        return parse_first(args.first, size)
    return Pos(size.width // 2, size.height // 2)


def run(args: argparse.Namespace) -> int:
    """Run ``minebender bench noguess`` and print its figures; the exit status."""
    count = parse_int("--count", args.count, 1, COUNT_LIMIT + 1)
    seed = parse_seed(args.seed)
    boards = _boards(args)
    for (option, text), (label, size, _) in zip(_asked(args), boards, strict=True):
        if label.startswith("custom"):  # as generate notes it, once every option is good
            note_if_limited("bench noguess", option, text, size)
    print(
        f"no-guess generation: {words.count(count, 'board')} per line, seed {seed}, first click"
        f" {'at ' + args.first if args.first else 'in the centre'}; times per board"
    )
    print(
        "as drawn: place_mines' board kept as it was; >1 try: a fresh board was drawn;"
        " repairs: median/worst; exact: solver calls per board"
    )
    print(HEADER)
    failed = False
    for label, size, first in boards:
        figures = measure(size, first, seed, count, args.check)
        print(_row(label, figures), flush=True)
        failed |= figures.unchecked > 0
    if args.check:
        print("checked: " + ("some boards need a guess" if failed else "every board is no-guess"))
    return 1 if failed else 0

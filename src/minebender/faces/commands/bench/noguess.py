"""The options of ``minebender bench noguess``; the measuring is in
``minebender.services.bench.noguess``."""

from __future__ import annotations

import argparse

from minebender.faces.commands.options import (
    COUNT_LIMIT,
    SEED_LIMIT,
    add_levels_arguments,
    note_if_custom_limited,
    parse_first,
    parse_int,
    parse_seed,
)
from minebender.rules.game import setup
from minebender.services.bench import noguess
from minebender.services.session import level_name
from minebender.values.types import NAMED_LEVELS, Level, Pos, Setup

__all__ = ["EXAMPLE", "add_arguments", "run"]

EXAMPLE = "minebender bench noguess --level expert --count 50 --check"
"""The command line that ends this benchmark's ``--help``."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bench noguess``, under ``bench``'s parser."""
    add_levels_arguments(parser)
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


def _boards(args: argparse.Namespace) -> list[noguess.Board]:
    """Every board to measure: its label, size and first click. --first is read
    here for each, before the run prints a line, so a bad one is the only output."""
    boards: list[noguess.Board] = []
    for _, level in _asked(args):
        size = setup(level)
        name = level_name(level)
        boards.append((f"{name} {size.width}x{size.height}x{size.mines}", size, _first(args, size)))
    return boards


def _asked(args: argparse.Namespace) -> list[tuple[str, Level]]:
    """Each level asked for, read as argparse read the line (``AppendLevel``),
    with the option that asked (all three levels by default)."""
    asked = [("--level", level) for level in args.level or []]
    asked += [("--custom", level) for level in args.custom or []]
    return asked or [("--level", level) for level in NAMED_LEVELS.values()]


def _first(args: argparse.Namespace, size: Setup) -> Pos:
    if args.first:
        return parse_first(args.first, size)
    return Pos(size.width // 2, size.height // 2)


def run(args: argparse.Namespace) -> int:
    """Read the options, then run ``minebender bench noguess``; the exit status."""
    count = parse_int("--count", args.count, 1, COUNT_LIMIT + 1)
    seed = parse_seed(args.seed)
    boards = _boards(args)
    for (option, level), (_, size, _) in zip(_asked(args), boards, strict=True):
        # as generate notes it, once every option is good
        note_if_custom_limited("bench noguess", option, level, size)
    return noguess.run(boards, count, seed, args.check, args.first)

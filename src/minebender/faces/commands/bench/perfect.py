"""The options of ``minebender bench perfect``; the search is ``bot.perfect_board``,
the printing ``bench.perfect``."""

from __future__ import annotations

import argparse
import re
from math import comb

from minebender.faces.commands.options import UsageError, parse_int
from minebender.services.bench import perfect
from minebender.services.bot.perfect_board import FIRST_RULES, MAX_LAYOUTS, FirstRule
from minebender.values.words import cut, either

__all__ = ["EXAMPLE", "add_arguments", "run"]

EXAMPLE = "minebender bench perfect --size 4x4 --mines 4 --first any"
"""The command line that ends this benchmark's ``--help``: 961/1820, under a second."""

GAMES_LIMIT = 10**6
"""The most bot games of one run (tiny boards play thousands a second)."""
SIDE_LIMIT = 8
"""The longest side a board may have: a bigger one has too many layouts to list."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bench perfect``, under ``bench``'s parser."""
    parser.add_argument("--size", required=True, metavar="WxH", help="the board, e.g. 4x4")
    parser.add_argument(
        "--mines", required=True, help="mines on it, from 0 to one less than its cells"
    )
    parser.add_argument(
        "--first",
        default="opening",
        type=str.lower,
        help="opening (default): the laws' first click, which opens an area;"
        " any: mines are placed before it, so it can hit one",
    )
    parser.add_argument(
        "--bot",
        default="0",
        metavar="GAMES",
        help="also play GAMES games with the strong bot on the board, from the best first"
        " click under the laws' rule, and print its win rate (default: 0, none)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _size(text: str) -> tuple[int, int]:
    found = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if found is None:
        raise UsageError(f"--size must be WxH, like 4x4, got {cut(text)}")
    w, h = int(found[1]), int(found[2])
    if not (1 <= w <= SIDE_LIMIT and 1 <= h <= SIDE_LIMIT):
        raise UsageError(f"--size {w}x{h}: each side must be from 1 to {SIDE_LIMIT}")
    return w, h


def run(args: argparse.Namespace) -> int:
    """Read the options, then run ``minebender bench perfect``; the exit status."""
    w, h = _size(args.size)
    mines = parse_int("--mines", args.mines, 0, w * h)
    if args.first not in FIRST_RULES:
        raise UsageError(f"--first must be {either(FIRST_RULES)}, got {cut(args.first)}")
    if comb(w * h, mines) > MAX_LAYOUTS:
        raise UsageError(
            f"--size {w}x{h} --mines {mines}: {comb(w * h, mines):,} layouts, more than the"
            f" {MAX_LAYOUTS:,} that can be searched"
        )
    games = parse_int("--bot", args.bot, 0, GAMES_LIMIT + 1)
    first: FirstRule = "any" if args.first == "any" else "opening"
    return perfect.run(w, h, mines, first, args.json, games)

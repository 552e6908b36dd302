"""The options of ``minebender bench puzzle``; the measuring is in
``minebender.services.bench.puzzle``."""

from __future__ import annotations

import argparse
import re

from minebender.faces.commands.options import (
    COUNT_LIMIT,
    SEED_LIMIT,
    UsageError,
    parse_int,
    parse_seed,
)
from minebender.services.bench import puzzle
from minebender.services.puzzle.symmetry import SYMMETRIES

__all__ = ["EXAMPLE", "add_arguments", "run"]

EXAMPLE = "minebender bench puzzle --count 3 --seed 1"
"""The command line that ends this benchmark's ``--help`` (and the README's):
24 puzzles, 7.7 s here (--count 20 ran over 5 minutes on a loaded machine)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bench puzzle``, under ``bench``'s parser."""
    parser.add_argument("--count", default="10", help="puzzles per line (default: 10)")
    parser.add_argument(
        "--seed",
        default="1",
        help=f"the run's seed, an integer from 0 to {SEED_LIMIT - 1} (default: 1)",
    )
    parser.add_argument(
        "--symmetry",
        choices=SYMMETRIES,
        default="none",
        help="the numbers shown keep this symmetry (default: none)",
    )
    parser.add_argument(
        "--board",
        metavar="WxHxN",
        help="measure this board only, with no target (default: 10x10x20 and 16x16x50)",
    )


def _board(text: str) -> tuple[int, int, int, None]:
    found = re.fullmatch(r"([0-9]{1,3})x([0-9]{1,3})x([0-9]{1,6})", text.strip().lower())
    if found is None:
        raise UsageError(
            f"--board must be WIDTHxHEIGHTxMINES in digits, e.g. 30x16x99, got {text!r}"
        )
    w, h, n = int(found[1]), int(found[2]), int(found[3])
    if min(w, h) < 1 or w * h > 10_000 or n > w * h:
        raise UsageError(f"--board {text}: 1 to 10000 cells, and at most as many mines")
    return w, h, n, None


def run(args: argparse.Namespace) -> int:
    """Read the options, then run ``minebender bench puzzle``; the exit status."""
    count = parse_int("--count", args.count, 1, COUNT_LIMIT + 1)
    boards = puzzle.BOARDS if args.board is None else (_board(args.board),)
    return puzzle.run(count, parse_seed(args.seed), args.symmetry, boards)

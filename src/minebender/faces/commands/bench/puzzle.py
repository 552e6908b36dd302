"""The options of ``minebender bench puzzle``; the measuring is in
``minebender.services.bench.puzzle``."""

from __future__ import annotations

import argparse

from minebender.faces.commands.options import COUNT_LIMIT, SEED_LIMIT, parse_int, parse_seed
from minebender.services.bench import puzzle

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


def run(args: argparse.Namespace) -> int:
    """Read the options, then run ``minebender bench puzzle``; the exit status."""
    count = parse_int("--count", args.count, 1, COUNT_LIMIT + 1)
    return puzzle.run(count, parse_seed(args.seed))

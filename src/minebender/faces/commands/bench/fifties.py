"""The options of ``minebender bench fifties``; the measuring is in
``minebender.services.bench.fifties``."""

from __future__ import annotations

import argparse

from minebender.faces.commands.options import parse_int, parse_seed
from minebender.services.bench import fifties
from minebender.services.bench.positions import LEVELS

__all__ = ["EXAMPLE", "add_arguments", "run"]

EXAMPLE = "minebender bench fifties --level expert --count 200"
"""The command line that ends this benchmark's ``--help``."""

COUNT_MOST = 100_000
"""The most positions a level."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bench fifties``, under ``bench``'s parser."""
    parser.add_argument(
        "--level",
        action="append",
        choices=list(LEVELS),
        help="a level to measure (repeatable; default: expert)",
    )
    parser.add_argument("--count", default="200", help="positions per level (default: 200)")
    parser.add_argument("--seed", default="1", help="the positions' seed (default: 1)")


def run(args: argparse.Namespace) -> int:
    """Read the options, then run ``minebender bench fifties``; the exit status."""
    count = parse_int("--count", args.count, 1, COUNT_MOST + 1)
    seed = parse_seed(args.seed)
    return fifties.run(args.level or ["expert"], count, seed)

"""The options of ``minebender bench help``; the measuring is in
``minebender.services.bench.help``."""

from __future__ import annotations

import argparse

from minebender.faces.commands.options import add_levels_arguments, parse_int, parse_seed
from minebender.services.bench import help as help_bench
from minebender.values.types import NAMED_LEVELS, Level

__all__ = ["EXAMPLE", "add_arguments", "run"]

EXAMPLE = "minebender bench help --level expert --count 20"
"""The command line that ends this benchmark's ``--help``."""

COUNT_MOST = 10_000
"""The most boards a level: each is played four times, in Python."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bench help``, under ``bench``'s parser."""
    add_levels_arguments(parser)
    parser.add_argument("--count", default="10", help="boards per level (default: 10)")
    parser.add_argument("--seed", default="1", help="the run's seed (default: 1)")


def run(args: argparse.Namespace) -> int:
    """Read the options, then run ``minebender bench help``; the exit status."""
    count = parse_int("--count", args.count, 1, COUNT_MOST + 1)
    seed = parse_seed(args.seed)
    levels: list[Level] = [*(args.level or []), *(args.custom or [])]
    return help_bench.run(levels or list(NAMED_LEVELS.values()), count, seed)

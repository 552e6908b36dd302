"""The options of ``minebender bench paint``; the measuring is in
``minebender.services.bench.paint``."""

from __future__ import annotations

import argparse
import sys

from minebender.faces.commands.options import SEED_LIMIT, UsageError, add_int_argument, parse_seed
from minebender.services.bench import paint

__all__ = ["EXAMPLE", "add_arguments", "run"]

EXAMPLE = "minebender bench paint --expert 30 --big 4"
"""The command line that ends this benchmark's ``--help``."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bench paint``, under ``bench``'s parser."""
    parser.add_argument("--url", help="a running server (default: start one here)")
    add_int_argument(
        parser, "--expert", 1, 1001, default=30, help="Expert positions, 1 to 1000 (default 30)"
    )
    add_int_argument(
        parser, "--big", 0, 101, default=4, help="100x100 positions, 0 to 100 (default 4)"
    )
    parser.add_argument(
        "--seed", default="1", help=f"the games' seed, an integer from 0 to {SEED_LIMIT - 1} (1)"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit 1 when the probabilities miss 50 ms (Expert) or 300 ms (100x100) at p95",
    )


def _note(text: str) -> None:
    print(f"\r{text}   ", end="", file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    """Read the options, then run ``minebender bench paint``; the exit status."""
    cases = paint.cases(parse_seed(args.seed), args.expert, args.big)
    try:
        return paint.run(args.url, cases if args.big else cases[:1], args.check, _note)
    except paint.PaintError as exc:
        raise UsageError(str(exc)) from None

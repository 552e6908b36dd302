"""The options of ``minebender bench server``; the measuring is in
``minebender.services.bench.server``."""

from __future__ import annotations

import argparse
from pathlib import Path

from minebender.faces.commands.options import UsageError, add_int_argument
from minebender.services.bench import server

__all__ = ["EXAMPLE", "add_arguments", "run"]

EXAMPLE = "minebender bench server flood --review expert.avf"
"""The command line that ends this benchmark's ``--help``."""


def _part(text: str) -> str:
    """A part's name (argparse's choices refuse no part at all on Python 3.11)."""
    if text not in server.PARTS:
        raise argparse.ArgumentTypeError(f"choose from {', '.join(server.PARTS)}, not {text!r}")
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bench server``, under ``bench``'s parser."""
    parser.add_argument(
        "parts",
        nargs="*",
        type=_part,
        metavar="PART",
        help="what to measure: flood, frames, slow (default: all three)",
    )
    add_int_argument(
        parser, "--flood", 1, 1001, default=50, help="requests of each kind the flood sends (50)"
    )
    add_int_argument(
        parser, "--lattice", 20, 1001, default=200, help="side of the flood's lattice (200)"
    )
    add_int_argument(
        parser, "--slow", 1, 10_001, default=1000, help="slow connections, 1 to 10000 (1000)"
    )
    parser.add_argument(
        "--review",
        type=Path,
        help="an Expert replay file the polite client reviews (default: a made one)",
    )


def run(args: argparse.Namespace) -> int:
    """Read the options, then run ``minebender bench server``; the exit status."""
    review = None
    if args.review is not None:
        try:
            review = (args.review.name, args.review.read_bytes())
        except OSError as exc:
            raise UsageError(f"--review: cannot read {args.review}: {exc.strerror}") from None
    parts = tuple(args.parts) or server.PARTS
    plan = server.Plan(parts, args.flood, args.lattice, args.slow, review)
    return server.run(plan)

"""The options of ``minebender bench env``; the measuring is ``minebender.services.bench.env``."""

from __future__ import annotations

import argparse
import importlib.util

from minebender.faces.commands.options import (
    SEED_LIMIT,
    UsageError,
    add_int_argument,
    add_level_arguments,
    parse_seed,
)

__all__ = ["EXAMPLE", "add_arguments", "run"]

EXAMPLE = "minebender bench env --level beginner --games 200"
"""The command line that ends this benchmark's ``--help``."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bench env``, under ``bench``'s parser."""
    add_level_arguments(parser)
    add_int_argument(
        parser, "--games", 1, 10**6 + 1, default=50, help="boards to play (default 50)"
    )
    parser.add_argument(
        "--seed",
        default="1",
        help=f"board i is reset(seed=SEED + i), SEED from 0 to {SEED_LIMIT - 1}; default 1",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    """Read the options, then run ``minebender bench env``; the exit status."""
    if importlib.util.find_spec("gymnasium") is None:
        raise UsageError("bench env needs gymnasium: pip install 'minebender[env]'")
    from minebender.services.bench import env
    from minebender.services.session.board import level_name

    seed = parse_seed(args.seed)
    if seed + args.games > SEED_LIMIT:
        raise UsageError(f"--seed {seed} with --games {args.games} runs past {SEED_LIMIT - 1}")
    try:
        return env.run(args.level, level_name(args.level), args.games, seed, args.json)
    except ValueError as exc:  # a custom size the laws would change
        raise UsageError(str(exc)) from None

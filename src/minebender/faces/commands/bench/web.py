"""The options of ``minebender bench web``; the measuring is ``minebender.services.bench.web``."""

from __future__ import annotations

import argparse

from minebender.faces.commands.options import SEED_LIMIT, UsageError, add_int_argument, parse_seed
from minebender.services.bench import web
from minebender.services.bench.web import THINK_MS_LIMIT
from minebender.values.types import NAMED_LEVELS

__all__ = ["EXAMPLE", "add_arguments", "run"]

EXAMPLE = "minebender bench web --players 50 --actions 3000 --check"
"""The command line that ends this benchmark's ``--help``."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bench web``, under ``bench``'s parser."""
    parser.add_argument("--url", help="a running server to load (default: start one here)")
    add_int_argument(
        parser, "--players", 1, 1001, default=50, help="concurrent players, 1 to 1000 (default 50)"
    )
    add_int_argument(
        parser,
        "--actions",
        1,
        1_000_001,
        default=3000,
        help="actions in all, 1 to 1000000 (default 3000)",
    )
    parser.add_argument(
        "--level",
        default="expert",
        type=lambda text: text.strip().lower(),  # any case, as every --level
        choices=list(NAMED_LEVELS),
        help="the level every player plays, any case (default: expert)",
    )
    parser.add_argument(
        "--think-ms",
        type=float,
        default=250.0,
        help="mean pause of each player between actions, from 0 (flat out) to"
        f" {THINK_MS_LIMIT:.0f} (250: about 4 actions a second per player, faster than"
        " most people play)",
    )
    parser.add_argument(
        "--seed",
        default="1",
        help=f"the players' choices, an integer from 0 to {SEED_LIMIT - 1} (1)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit 1 when the 95th percentile misses 50 ms (with --analyse, the first stage's too)",
    )
    parser.add_argument(
        "--analyse",
        action="store_true",
        help="also time the analysis board (POST /api/analyse) on real play up to Expert"
        " and 100x100, then play while a 200x200 lattice is being analysed and pages of"
        " the board edit positions: their first stage's time to its line",
    )


def run(args: argparse.Namespace) -> int:
    """Read the options, then run ``minebender bench web``; the exit status."""
    if not 0 <= args.think_ms <= THINK_MS_LIMIT:  # NaN fails it too
        raise UsageError(
            f"--think-ms must be a number of milliseconds from 0 to {THINK_MS_LIMIT:.0f},"
            f" got {args.think_ms:g}"
        )
    # the players read the seed as a number, one reading for every command's --seed
    plan = web.Load(args.players, args.actions, args.level, args.think_ms, parse_seed(args.seed))
    try:
        return web.run(plan, args.url, args.analyse, args.check)
    except web.BenchError as exc:
        raise UsageError(str(exc)) from None

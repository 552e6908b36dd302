"""The options of ``minebender bench endgame``; the measuring is ``bench.endgame``.
The games are chosen as ``bench bot`` chooses them, so both name the same games."""

from __future__ import annotations

import argparse

from minebender.faces.commands.bench.bot import add_game_arguments
from minebender.faces.commands.options import UsageError, parse_int, parse_seed
from minebender.rules.game import setup
from minebender.services.bench import endgame
from minebender.services.bot import STRATEGIES
from minebender.services.bot.play import first_click
from minebender.values.words import either

__all__ = ["EXAMPLE", "add_arguments", "run"]

EXAMPLE = "minebender bench endgame --level expert --games 20 --limit 3000"
"""The command line that ends this benchmark's ``--help``."""

LIMIT = 20_000
"""The most layouts of an endgame that is searched (the analysis board's limit)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bench endgame``, under ``bench``'s parser."""
    add_game_arguments(parser, games=20)
    parser.add_argument(
        "--limit",
        default=str(LIMIT),
        help=f"the most layouts of an endgame that is timed, up to {LIMIT:,} (default)",
    )
    parser.add_argument(
        "--from",
        dest="low",
        default="2",
        help="the fewest layouts of an endgame that is timed (default 2)",
    )
    parser.add_argument(
        "--each",
        action="store_true",
        help="one line per endgame (layouts, regions, positions, seconds), not bands",
    )
    parser.add_argument(
        "--hard",
        action="store_true",
        help="time the stored hard endgames of real games, one line each, not the games'",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    """Read the options, then run ``minebender bench endgame``; the exit status."""
    if args.hard:
        return endgame.run_hard(args.json)
    limit = parse_int("--limit", args.limit, 2, LIMIT + 1)
    low = parse_int("--from", args.low, 2, limit + 1)
    if args.strategy not in STRATEGIES:
        raise UsageError(f"--strategy must be {either(STRATEGIES)}, got {args.strategy!r}")
    board = setup(args.level)
    try:
        first_click(board, args.first)
    except ValueError as exc:
        raise UsageError(f"--first: {exc}") from None
    return endgame.run(
        board,
        args.games,
        parse_seed(args.seed),
        limit,
        args.json,
        args.strategy,
        args.first,
        low,
        args.each,
    )

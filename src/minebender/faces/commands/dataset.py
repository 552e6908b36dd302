"""Write a dataset of positions with exact answers, as Parquet.

The bot, or random play within the laws, plays --games games; every
position met on the way is written with what the exact solver proves of it:
each hidden cell's mine probability as a fraction, the cells proven safe
and proven mines, and the count of layouts (docs/formats.md, Datasets).
The same arguments write the same file, here or on a Dask cluster. An
existing file is replaced only when it is a Parquet file. Needs pyarrow:
pip install 'minebender[data]'.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

from minebender.faces.commands.options import (
    OUTPUT_ERROR,
    SEED_LIMIT,
    UsageError,
    add_batch_arguments,
    add_int_argument,
    add_level_arguments,
    note_if_custom_limited,
    parse_seed,
)
from minebender.rules.game import setup

__all__ = ["EXAMPLE", "GAMES_LIMIT", "SUMMARY", "add_arguments", "run"]

SUMMARY = "write positions with exact answers of games played, as Parquet"
EXAMPLE = "minebender dataset --games 100 --player bot --level expert --seed 1 --out expert.parquet"

GAMES_LIMIT = 10**7
"""The most games of one dataset: game indexes are part of a board seed, and
a run holds the rows of games that finished out of order until their turn."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender dataset``."""
    add_level_arguments(parser)
    add_int_argument(
        parser,
        "--games",
        1,
        GAMES_LIMIT + 1,
        default=100,
        help=f"games to play, from 1 to {GAMES_LIMIT} (default 100)",
    )
    parser.add_argument(
        "--player",
        choices=("bot", "random"),
        default="bot",
        type=str.lower,
        help="bot (default) or random: a covered cell drawn at random, revealed",
    )
    parser.add_argument(
        "--seed",
        default="1",
        help=f"game i is board LEVEL:SEED.i (game 0 LEVEL:SEED), SEED from 0 to"
        f" {SEED_LIMIT - 1}; default 1",
    )
    parser.add_argument("--out", metavar="FILE.parquet", required=True, help="the file to write")
    add_batch_arguments(parser, "play on a Dask scheduler (the same file as a local run)")
    parser.add_argument("--dask", dest="cluster", metavar="tcp://HOST:PORT", help="= --cluster")


def run(args: argparse.Namespace) -> int:
    """Make the dataset and print one line of what was written; the exit status."""
    from minebender.services.batch import BatchError, GameFailed
    from minebender.services.batch.run import cluster_address
    from minebender.services.batch.stop import Terminated, sigterm_stops
    from minebender.services.dataset import DatasetSpec, make_dataset
    from minebender.services.dataset.parquet import check_out
    from minebender.values.files import shown

    if importlib.util.find_spec("pyarrow") is None:
        raise UsageError("dataset needs pyarrow: pip install 'minebender[data]'")
    out = Path(args.out)
    try:
        check_out(out)
        if args.cluster is not None:
            cluster_address(args.cluster)
    except (ValueError, BatchError) as exc:
        raise UsageError(str(exc)) from None
    board = setup(args.level)
    note_if_custom_limited("dataset", "--level", args.level, board)
    spec = DatasetSpec(args.level, args.player, parse_seed(args.seed), args.games)
    try:
        with sigterm_stops():
            made = make_dataset(spec, out, args.workers, args.cluster, args.progress)
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM (Terminated)
        by = "SIGTERM" if isinstance(exc, Terminated) else "Ctrl-C"
        print(f"minebender dataset: stopped by {by}; no file was written", file=sys.stderr)
        return 143 if isinstance(exc, Terminated) else 130
    except GameFailed as exc:
        print(f"minebender dataset: error: {exc}", file=sys.stderr)
        return 1
    except BatchError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        print(
            f"minebender dataset: cannot write {shown(out)}: {exc.strerror or exc}", file=sys.stderr
        )
        return OUTPUT_ERROR
    rate = made.positions / made.seconds if made.seconds else 0.0
    print(
        f"{shown(out)}: {made.positions:,} positions of {made.games:,} games"
        f" ({made.won:,} won) in {made.seconds:.1f} s, {rate:,.0f} positions/s"
        f" on {made.workers} {'worker' if made.workers == 1 else 'workers'}"
    )
    return 0

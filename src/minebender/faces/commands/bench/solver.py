"""The options of ``minebender bench solver``; the measuring is in
``minebender.services.bench.solver``."""

from __future__ import annotations

import argparse

from minebender.faces.commands.options import SEED_LIMIT, UsageError, parse_seed
from minebender.services.bench import solver
from minebender.services.bench.solver import PEER_LIMIT_MAX

__all__ = ["EXAMPLE", "add_arguments", "run"]

EXAMPLE = "minebender bench solver --seed 1 --quick"
"""The command line that ends this benchmark's ``--help``."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bench solver``, under ``bench``'s parser."""
    parser.add_argument(
        "--seed",
        default="1",
        help=f"seed of every position, an integer from 0 to {SEED_LIMIT - 1} (default 1)",
    )
    parser.add_argument(
        "--peer", choices=["ms_toollib"], help="also time this peer on the same positions"
    )
    parser.add_argument(
        "--quick", action="store_true", help="fewer positions and k up to 8: a run of seconds"
    )
    parser.add_argument(
        "--clock",
        choices=["cpu", "wall"],
        default="cpu",
        help="cpu: this process's CPU time, fair on a busy machine (default); wall: elapsed time",
    )
    parser.add_argument(
        "--peer-limit",
        type=float,
        default=None,
        metavar="S",
        help="seconds the peer may take on one lattice before larger k are skipped,"
        f" above 0 and at most {PEER_LIMIT_MAX:g} (default 30, 5 with --quick)",
    )


def run(args: argparse.Namespace) -> int:
    """Read the options, then run ``minebender bench solver``; the exit status."""
    seed = parse_seed(args.seed)
    quick = bool(args.quick)
    limit = args.peer_limit if args.peer_limit is not None else (5.0 if quick else 30.0)
    if not 0 < limit <= PEER_LIMIT_MAX:  # NaN fails it too
        raise UsageError(
            f"--peer-limit must be a number of seconds above 0, at most {PEER_LIMIT_MAX:g};"
            f" got {limit:g}"
        )
    try:
        return solver.run(seed, args.peer, quick, limit, args.clock)
    except solver.PeerError as exc:
        raise UsageError(str(exc)) from None

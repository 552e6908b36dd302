"""The options and the run of ``minebender bench bot``: the bot's win rate with
its 95% interval, games per second and guesses per game, over a batch played
locally or on a Dask cluster (``bench.bot`` prints the figures).

Game i of a run uses the seed pair (seed, i), so the figures do not depend on
the number of workers or on the cluster; ``--resume FILE`` keeps every finished
game as a JSON line and skips it when the run starts again.

Ctrl-C or SIGTERM stops a run cleanly: the workers are ended, the finished
games stay in the ``--resume`` file, one line says so, and the exit status is
128 plus the signal's number, as a shell reports a program the signal ended:
130 for Ctrl-C (SIGINT), 143 for SIGTERM, so a script or a scheduler sees why
the run stopped. The workers also die with the main process if it is killed
outright (see ``batch.runners``).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

from minebender.faces.commands.options import (
    SEED_LIMIT,
    UsageError,
    add_batch_arguments,
    add_int_argument,
    add_level_arguments,
)
from minebender.services.bench.bot import report
from minebender.services.bot import BOUNDS, FIRST_CLICKS, STRATEGIES
from minebender.values.files import shown
from minebender.values.words import either

__all__ = ["EXAMPLE", "add_arguments", "add_game_arguments", "run"]

EXAMPLE = "minebender bench bot --level expert --games 1000 --workers 2"
"""The command line that ends this benchmark's ``--help``."""

GAMES_LIMIT = 10**7
"""The most games a run may have. A run keeps every game's result in memory
(about 260 bytes each: 2.6 GB at this limit), and the limit was 2**32 (the
boards of one seed), which ended in "out of memory" with no game played; more
games are more runs, each with a seed of its own (14 hours of Beginner on 2
cores each)."""


def add_game_arguments(parser: argparse.ArgumentParser, *, games: int) -> None:
    """The options that choose the games and how the bot plays them, shared by
    ``minebender bot`` and ``minebender bench bot`` so both name the same games."""
    add_level_arguments(parser)
    add_int_argument(
        parser,
        "--games",
        1,
        GAMES_LIMIT + 1,
        default=games,
        help=f"games to play, from 1 to {GAMES_LIMIT} (default {games})",
    )
    parser.add_argument(
        "--seed",
        default="1",
        help=f"game i uses seed (SEED, i), an integer from 0 to {SEED_LIMIT - 1}; default 1",
    )
    parser.add_argument(
        "--strategy",
        default="strong",
        type=str.lower,  # any case, as --level
        help=f"{either(STRATEGIES)} (default strong)",
    )
    parser.add_argument(
        "--first",
        default="tuned",
        help=(
            f"the first click: {', '.join(FIRST_CLICKS)} or x,y (default tuned:"
            " 2,3 on Expert, inset = 2,2 elsewhere)"
        ),
    )


def _file(text: str) -> Path:
    """A file named on the command line: an empty name would be read as ".",
    the current folder, and named so in the error."""
    if not text:
        raise argparse.ArgumentTypeError("must name a file, got ''")
    return Path(text)


def _check_plot(path: Path) -> None:
    """Refuse a --plot file that cannot be written before the games are played
    (it is drawn after them, and the games are lost without --resume)."""
    if path.suffix.lower() != ".png":
        raise UsageError(f"--plot must name a .png file, got {str(path)!r}")
    if importlib.util.find_spec("matplotlib") is None:
        raise UsageError("--plot needs matplotlib: pip install 'minebender[cluster]'")
    if path.is_dir():
        raise UsageError(f"--plot {shown(path)} is a folder")
    if path.exists() and not path.is_file():  # a FIFO would hang the open below
        raise UsageError(f"--plot {shown(path)}: not a regular file")
    if not path.parent.is_dir():
        raise UsageError(f"--plot {shown(path)}: there is no folder {shown(path.parent)}")
    try:  # a real try: permissions do not tell (root, /proc, a read-only disk)
        if path.exists():
            path.open("ab").close()
        else:
            path.open("xb").close()
            path.unlink()
    except OSError as exc:
        raise UsageError(
            f"--plot {shown(path)}: cannot write there ({exc.strerror or exc})"
        ) from None


def _same_file(a: Path, b: Path) -> bool:
    """Whether a and b name one file (the same path, or a link to it)."""
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except OSError:
        return False


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bench bot``, under ``bench``'s parser."""
    add_game_arguments(parser, games=100)
    add_batch_arguments(parser, "run on a Dask scheduler")
    parser.add_argument(
        "--resume",
        metavar="FILE",
        type=_file,
        help="append results to FILE; skip the games in it that this bot version played",
    )
    parser.add_argument(
        "--plot",
        metavar="FILE.png",
        type=_file,
        help="draw the win rate of this run to FILE.png, beside each other run in the"
        " --resume file (one bar per level, strategy, first click, seed, bound and bot"
        " version)",
    )
    parser.add_argument(
        "--ceiling",
        nargs="?",
        const="two-move",
        choices=BOUNDS,
        metavar="BOUND",
        help=(
            "also bound what perfect play wins of these games, from the same first click."
            " two-move is the default: one more analysis per game that reaches a heuristic"
            " guess. sampled is sharper: it plays the safe cells out on 100 sampled layouts,"
            " about 2 s a bound on Intermediate"
        ),
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    """Run ``minebender bench bot`` and print its figures; the exit status."""
    from minebender.faces.commands.options import OUTPUT_ERROR, checked_board, parse_seed
    from minebender.services.batch import (
        BatchError,
        GameFailed,
        LogNotWritten,
        RunSpec,
        plot_results,
        read_results,
        run_batch,
    )
    from minebender.services.batch.run import cluster_address
    from minebender.services.batch.stop import Terminated, sigterm_stops

    if args.plot is not None:
        _check_plot(args.plot)  # now, not after the games: a run is long
        if args.resume is not None and _same_file(args.plot, args.resume):
            raise UsageError(f"--plot and --resume both name {args.plot}: name two files")
    if args.cluster is not None:
        try:
            cluster_address(args.cluster)
        except BatchError as exc:
            raise UsageError(str(exc)) from None
    if args.cluster is not None and args.workers is not None:
        print(
            "minebender bench bot: note: --workers is for local runs; the cluster's workers play",
            file=sys.stderr,
        )
    spec = RunSpec(
        args.level,
        args.strategy,
        args.first,
        parse_seed(args.seed),
        args.games,
        args.ceiling is not None,
        args.ceiling or "two-move",
    )
    checked_board(spec, "bench bot")  # before any game: a bad --first, a limited field
    try:
        with sigterm_stops():
            summary, _ = run_batch(spec, args.workers, args.cluster, args.resume, args.progress)
    except KeyboardInterrupt as exc:
        kept = (
            f"the finished games are in {args.resume} (the same command goes on from them)"
            if args.resume is not None
            else "no game was kept (--resume FILE keeps them)"
        )
        by = "SIGTERM" if isinstance(exc, Terminated) else "Ctrl-C"
        print(f"minebender bench bot: stopped by {by}; {kept}", file=sys.stderr)
        return 143 if isinstance(exc, Terminated) else 130
    except LogNotWritten as exc:
        print(f"minebender bench bot: error: {exc}", file=sys.stderr)
        return OUTPUT_ERROR
    except GameFailed as exc:
        print(f"minebender bench bot: {exc}", file=sys.stderr)
        return 1
    except BatchError as exc:
        raise UsageError(str(exc)) from None
    report(summary, args.json)
    if args.plot is None:
        return 0
    # After the figures: a plot that cannot be written (a full disk, its folder
    # gone) threw away the figures of the whole run, as a usage error.
    try:
        # this run as the text gives it, beside the other runs of the file
        others = read_results(args.resume) if args.resume is not None else iter(())
        plot_results(others, args.plot, summary)
    except BatchError as exc:
        print(f"minebender bench bot: error: {exc}; the figures are above", file=sys.stderr)
        return OUTPUT_ERROR
    if not args.json:
        print(f"plot written to {args.plot}")
    return 0

"""``minebender bench bot``: the bot's win rate with its 95% interval, games per
second and guesses per game, over a batch played locally or on a Dask cluster.

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
import json
import os
import sys
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

from minebender.bench.build import solver_build
from minebender.bot import BOUNDS, FIRST_CLICKS, STRATEGIES
from minebender.options import SEED_LIMIT, UsageError, add_int_argument
from minebender.types import NAMED_LEVELS

if TYPE_CHECKING:  # the batch machinery is imported only when a run starts
    from minebender.batch.summary import Summary
    from minebender.types import Setup

__all__ = ["EXAMPLE", "add_arguments", "add_game_arguments", "run"]

EXAMPLE = "minebender bench bot --level expert --games 1000 --workers 2"
"""The command line that ends this benchmark's ``--help``."""

GAMES_LIMIT = 10**7
"""The most games a run may have. A run keeps every game's result in memory
(about 260 bytes each: 2.6 GB at this limit), and the limit was 2**32 (the
boards of one seed), which ended in "out of memory" with no game played; more
games are more runs, each with a seed of its own (14 hours of Beginner on 2
cores each)."""

WORKERS_LIMIT = 512
"""The most local worker processes: far more than any machine's cores, so only
a typo is refused."""


def add_game_arguments(parser: argparse.ArgumentParser, *, games: int) -> None:
    """The options that choose the games and how the bot plays them, shared by
    ``minebender bot`` and ``minebender bench bot`` so both name the same games."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--level",
        default="expert",
        help="beginner, intermediate, expert (default) or a custom WxHxM",
    )
    group.add_argument(
        "--custom",
        dest="level",
        metavar="WxHxM",
        help="a custom field: the same as --level WxHxM, as play and generate take it",
    )
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
        help=f"{' or '.join(STRATEGIES)} (default strong)",
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
        raise UsageError(f"--plot {path} is a folder")
    if not path.parent.is_dir():
        raise UsageError(f"--plot {path}: there is no folder {path.parent}")
    try:  # a real try: permissions do not tell (root, /proc, a read-only disk)
        if path.exists():
            path.open("ab").close()
        else:
            path.open("xb").close()
            path.unlink()
    except OSError as exc:
        raise UsageError(f"--plot {path}: cannot write there ({exc.strerror or exc})") from None


def _same_file(a: Path, b: Path) -> bool:
    """Whether a and b name one file (the same path, or a link to it)."""
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except OSError:
        return False


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bench bot``, under ``bench``'s parser."""
    add_game_arguments(parser, games=100)
    add_int_argument(
        parser,
        "--workers",
        1,
        WORKERS_LIMIT + 1,
        default=None,
        help=f"local worker processes, from 1 to {WORKERS_LIMIT} (default: all cores)",
    )
    parser.add_argument("--cluster", metavar="tcp://HOST:PORT", help="run on a Dask scheduler")
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
            "also bound what perfect play from the same first click wins of these games:"
            " two-move (the default; one extra analysis per game that reaches a heuristic"
            " guess) or sampled (sharper: plays the safe cells out on 100 sampled layouts,"
            " about 2 s a bound on Intermediate)"
        ),
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar (default: only on a terminal)",
    )


def run(args: argparse.Namespace) -> int:
    """Run ``minebender bench bot`` and print its figures; the exit status."""
    from minebender.batch import (
        BatchError,
        GameFailed,
        LogNotWritten,
        RunSpec,
        plot_results,
        read_results,
        run_batch,
    )
    from minebender.batch.run import cluster_address
    from minebender.batch.stop import Terminated, sigterm_stops
    from minebender.options import OUTPUT_ERROR, checked_board, parse_seed

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
    board = checked_board(spec, "bench bot")
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
    _report(args, summary, board)
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


def _report(args: argparse.Namespace, summary: Summary, board: Setup) -> None:
    """Print the figures of a run: one JSON object with ``--json``, else lines."""
    if args.json:
        out = asdict(summary)
        out["ci95"] = list(summary.ci95)
        for key in ("ceiling_ci95", "room_ci95"):
            value = out[key]
            out[key] = None if value is None else list(value)
        out["solver"] = solver_build()
        print(json.dumps(out))
        sys.stdout.flush()  # before any error about the plot
        return
    lo, hi = summary.ci95
    n = summary.workers
    where = f"cluster {summary.cluster}" if summary.cluster else f"{n} local worker{'s' * (n != 1)}"
    level = summary.level
    if level not in NAMED_LEVELS:  # a custom field: say the board played, as the laws limit it
        level = f"{board.width}x{board.height}x{board.mines}"
    print(
        f"bot {level} ({summary.strategy}, first click ({summary.first.replace(',', ', ')})), "
        f"seed {summary.seed}: {_count(summary.games, 'game')}; bot version {summary.bot};"
        f" solver {solver_build()}"
    )
    print(
        f"win rate {summary.win_rate:.2%}  (95% Wilson interval {lo:.2%} .. {hi:.2%}; "
        f"{_count(summary.wins, 'win')})"
    )
    _print_ceiling(summary)
    if summary.games_per_second is not None:
        print(
            f"{summary.games_per_second:.2f} games/s on {where} "
            f"({_count(summary.played, 'game')} played now in {summary.seconds:.1f} s)"
        )
    else:
        print("all games were already in the resume file")
    cpu = summary.cpu_seconds_per_game
    print(
        f"guesses per game {summary.guesses_per_game:.2f}; per game "
        f"{summary.seconds_per_game * 1000:.1f} ms of wall time in a worker"
        + (f", {cpu * 1000:.1f} ms of processor time" if cpu > 0 else "")
    )
    if cpu > 0:  # logs written before processor time was recorded have none
        cores = os.cpu_count() or 1
        print(
            f"(processor time says about {cores / cpu:.0f} games/s on {_count(cores, 'idle core')})"
        )
    sys.stdout.flush()  # before any error about the plot


def _count(n: int, word: str) -> str:
    """``1 game``, ``2 games``."""
    return f"{n} {word}{'s' * (n != 1)}"


def _print_ceiling(summary: Summary) -> None:
    """The ``--ceiling`` lines: what perfect play could win, and the bot's gap to it."""
    if summary.ceiling is None or summary.ceiling_ci95 is None or summary.room_ci95 is None:
        return
    lo, hi = summary.ceiling_ci95
    room = 100 * (summary.room or 0.0)
    print(
        f"perfect play from this first click wins at most {summary.ceiling:.2%} of such"
        f" games ({summary.bound} bound; 95% interval {lo:.2%} .. {hi:.2%}); on these"
        f" games the bot is {_gap(summary.room or 0.0, summary.room_ci95)}"
    )
    if room < 0:
        print("(the bound holds on average over many games, not game by game: play more games)")


def _gap(room: float, interval: tuple[float, float]) -> str:
    """The bot's distance to the bound in points, ``room`` (bound - win rate) and
    its interval given as fractions, with the interval of the distance the words
    name, so its sign agrees with them: above the bound, that of win - bound,
    the interval of ``room`` negated.

    >>> _gap(0.0172, (-0.0038, 0.0381))
    '1.72 points below that bound (interval -0.38 .. 3.81)'
    >>> _gap(-0.0172, (-0.0381, 0.0038))
    '1.72 points above that bound (interval -0.38 .. 3.81)'
    """
    lo, hi = 100 * interval[0], 100 * interval[1]
    if room < 0:
        lo, hi = 0.0 - hi, 0.0 - lo
    side = "below" if room >= 0 else "above"
    return f"{abs(100 * room):.2f} points {side} that bound (interval {lo:.2f} .. {hi:.2f})"

"""Print statistics and best times per level, from the store both games share.

The same report (``minebender.services.scores_report``) is shown inside the terminal
game (key ``s``), so the numbers on the command line and in the game can never
disagree. ``--reset`` is the command line's Reset Scores and Reset Statistics
(the web page has both buttons): it asks first, as they do, since nothing
brings the numbers back. ``--progress`` is every finished game reviewed, with
the replays a player imported (``--import DIR``, ``stats_import``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from minebender.faces.commands.options import (
    UsageError,
    add_db_argument,
    add_workers_argument,
    stored_games,
)
from minebender.services.scores_report import build_report, fitting_report

if TYPE_CHECKING:
    from minebender.services.progress import GamePoint
    from minebender.services.store import Store

__all__ = ["EXAMPLE", "SUMMARY", "add_arguments", "run"]

SUMMARY = "statistics and best times per level (--json for machines)"
EXAMPLE = "minebender stats --json"

RESETS = {
    "best-times": "Reset the best times of every level in {path}? They cannot be brought back.",
    "statistics": "Start the statistics of every level in {path} again from zero?"
    " Best times and replays stay.",
}
"""What ``--reset`` empties, and the question it asks first."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender stats``: ``cli`` gives every command its own parser, so each
    module says only what is its own."""
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument(
        "--reset",
        choices=tuple(RESETS),
        help="first empty every level's best times (Reset Scores) or start the statistics"
        " again from zero; asks first unless --yes",
    )
    parser.add_argument("--yes", action="store_true", help="with --reset: do not ask")
    parser.add_argument(
        "--progress",
        action="store_true",
        help="every finished game reviewed: 3BV/s, IOE, needless guesses, win rate and"
        " best time per level (with --json: each game's figures too)",
    )
    parser.add_argument(
        "--corpus",
        type=Path,
        metavar="DIR|LOG",
        help="with --progress: add the replays of a folder (reviewed for this report), or the"
        " games of a review --summary log",
    )
    parser.add_argument(
        "--source",
        choices=("all", "minebender", "imported"),
        default="all",
        help="with --progress: every game (default), the games played here, or the imported",
    )
    parser.add_argument(
        "--import",
        dest="import_paths",
        nargs="+",
        type=Path,
        metavar="PATH",
        help="review replay files or folders of them (.avf .rmv .evf .mvf .rawvf .json) into"
        " your progress, kept beside the database; a file imported before is skipped",
    )
    add_workers_argument(parser, "--import and --corpus DIR")
    add_db_argument(parser)


def _confirmed(what: str, path: Path) -> bool:
    """Whether the player at the terminal says yes to the reset (no: Enter, n, end of input)."""
    try:
        answer = input(f"{RESETS[what].format(path=path)} [y/N] ")
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes")


def _reset(store: Store, what: str) -> str:
    """Carry out ``--reset``; the line that says what it did."""
    from minebender.values.words import count

    if what == "best-times":
        return f"removed {count(store.reset_best_times(), 'best time')}"
    return f"statistics reset: they had counted {count(store.reset_statistics(), 'game')}"


def run(args: argparse.Namespace) -> int:
    """Carry out ``minebender stats`` with args parsed by ``add_arguments``; the exit
    status (README: 2 for bad usage, 74 when the output cannot be written)."""
    from minebender.services import store as store_module

    if args.import_paths is not None:
        if args.progress or args.reset is not None or args.corpus is not None:
            raise UsageError("--import reviews files into your progress: give it alone")
        from minebender.faces.commands.stats_import import run_import

        return run_import(args)
    if args.yes and args.reset is None:
        raise UsageError("--yes goes with --reset")
    if args.progress and args.reset is not None:
        raise UsageError("--progress reads the games: not with --reset")
    if (args.corpus is not None or args.source != "all") and not args.progress:
        raise UsageError(f"{'--corpus' if args.corpus else '--source'} goes with --progress")
    if args.corpus is not None and not args.corpus.exists():  # said before any database is read
        raise UsageError(
            f"--corpus {args.corpus}: no such file or folder (a folder of replays, or a log of"
            " review DIR --summary --log)"
        )
    if args.reset is not None and not args.yes and not sys.stdin.isatty():
        raise UsageError("--reset asks first, and there is no terminal to ask in: add --yes")
    path = stored_games(args.db)
    if path is None:
        # Nothing is created for a report: the empty one comes from a store in memory.
        where = args.db if args.db is not None else store_module.default_path()
        if not args.json and not args.progress:
            print(f"no games in {where} yet: play one with minebender play or minebender serve")
            return 0
        path = Path(":memory:")
    elif args.reset is not None and not args.yes and not _confirmed(args.reset, path):
        print("nothing was reset")
        return 0
    try:
        reset = args.reset is not None and path != Path(":memory:")
        with store_module.open(path, read_only=not reset) as store:
            done = _reset(store, args.reset) if reset else None
            report = build_report(store)
            if args.progress:
                points = _progress(store, args)
    except store_module.StoreError as exc:
        raise UsageError(str(exc)) from exc
    if done is not None:
        # beside the report, never inside the JSON object other programs read
        print(done, file=sys.stderr if args.json else sys.stdout)
    if args.progress:
        return _print_progress(points, args.json)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        from minebender.faces.commands.streams import console

        out = console()
        out.print(fitting_report(report, out))
    return 0


def _progress(store: Store, args: argparse.Namespace) -> list[GamePoint]:
    """The games of ``--progress``: the store's, the imported, a ``--corpus``,
    oldest first, of the ``--source`` asked."""
    from minebender.faces.commands.stats_import import database_path
    from minebender.services.progress import (
        imported_points,
        in_order,
        of_source,
        progress_points,
    )
    from minebender.services.review import ReviewError

    try:
        imported = imported_points(database_path(args.db))
    except ReviewError as exc:
        raise UsageError(f"the imported games: {exc}") from None
    points = progress_points(store) + imported + _corpus(args.corpus, args.workers)
    return of_source(in_order(points), args.source)


def _corpus(corpus: Path | None, workers: int) -> list[GamePoint]:
    """The games of a folder of replays or of a corpus' review log;
    UsageError names a bad log."""
    if corpus is None:
        return []
    from minebender.services.progress import corpus_points
    from minebender.services.review import ReviewError
    from minebender.services.review.corpus import read_log

    if corpus.is_dir():
        from minebender.faces.commands.stats_import import corpus_dir_points

        return corpus_dir_points(corpus, workers)
    try:
        return corpus_points(read_log(corpus))
    except ReviewError as exc:
        raise UsageError(str(exc)) from None


def _print_progress(points: list[GamePoint], as_json: bool) -> int:
    """``stats --progress``: a row per level, or as JSON with every game."""
    from dataclasses import asdict

    from minebender.services.progress import progress_table

    rows = progress_table(points)
    if as_json:
        out = {
            "levels": [asdict(r) | {"win_rate": r.win_rate} for r in rows],
            "games": [asdict(p) for p in points],
        }
        json.dump(out, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    if not rows:
        print("no finished game yet (practice games count for nothing)")
        return 0
    from rich.table import Table

    from minebender.faces.commands.streams import console

    def fixed(v: float | None, places: int) -> str:
        return "-" if v is None else f"{v:.{places}f}"

    imported = sum(p.source != "minebender" for p in points)
    where = f" ({len(points) - imported} played here, {imported} imported)" if imported else ""
    table = Table(
        title=f"Progress: every finished game, reviewed{where}",
        caption="3BV/s: mean of the won games; IOE and needless guesses: per game",
    )
    for head in ("level", "games", "won", "win rate", "best time", "3BV/s", "IOE", "needless"):
        table.add_column(head, justify="left" if head == "level" else "right", no_wrap=True)
    for r in rows:
        best = "-" if r.best_ms is None else f"{r.best_ms / 1000:.3f} s"
        table.add_row(
            r.level,
            str(r.games),
            str(r.won),
            f"{fixed(r.win_rate, 1)}%",
            best,
            fixed(r.bbbv_per_s, 3),
            fixed(r.ioe, 3),
            fixed(r.needless_per_game, 2),
        )
    console().print(table)
    return 0

"""Print statistics and best times per level, from the store both games share.

The same report is shown inside the terminal game (key ``s``), so the numbers
on the command line and in the game can never disagree. ``--reset`` is the
command line's Reset Scores and Reset Statistics (the web page has both
buttons): it asks first, as they do, since nothing brings the numbers back.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console, Group
from rich.measure import Measurement
from rich.table import Table

from minebender.commands.options import UsageError, add_db_argument, stored_games

if TYPE_CHECKING:
    from minebender.store import Store

__all__ = [
    "EXAMPLE",
    "LEVELS",
    "SUMMARY",
    "add_arguments",
    "build_report",
    "fitting_report",
    "render_report",
    "run",
]

SUMMARY = "statistics and best times per level (--json for machines)"
EXAMPLE = "minebender stats --json"

LEVELS = ("beginner", "intermediate", "expert", "custom")
"""The levels of the report; custom games have statistics but no best times."""


def build_report(store: Store) -> dict[str, Any]:
    """Statistics and best times of every level, as plain JSON-ready data."""
    levels = []
    for name in LEVELS:
        st = store.statistics(name)
        times = [] if name == "custom" else store.best_times(name)
        levels.append(
            {
                "level": name,
                "played": st.played,
                "won": st.won,
                "win_percent": st.win_percent,
                "current_streak": st.current_streak,
                "best_streak": st.best_streak,
                "best_times": [
                    {
                        "rank": i,
                        "name": t.name,
                        "elapsed_ms": t.elapsed_ms,
                        "game_id": t.game_id,
                        "recorded_at": datetime.fromtimestamp(t.recorded_at, UTC).isoformat(
                            timespec="seconds"
                        ),
                    }
                    for i, t in enumerate(times, 1)
                ],
            }
        )
    return {"levels": levels}


def _seconds(ms: int) -> str:
    return f"{ms / 1000:.3f} s"


LEVEL_WIDTH = max(len(name) for name in LEVELS)
"""The level column is as wide as the longest name: a level is never cut."""


def render_report(report: dict[str, Any], best: int | None = None, compact: bool = False) -> Group:
    """The report as rich tables: one of statistics, one of best times per level
    (the first ``best`` of each when given); ``compact`` draws lighter tables
    with a single space between columns, which fit 44 columns (the scores
    dialog of a 48-column terminal).

    However narrow the terminal, the level, the numbers, the time and the date
    (whole, ``2026-01-31``) are never cut: only a long name wraps onto more lines.
    The headers are single words (``streak`` and ``best``: the current and the
    best streak) so that no header is cut either."""
    style: dict[str, Any] = {"title_justify": "left"}
    if compact:
        style.update(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=0)
    stats = Table(title="Statistics", **style)
    stats.add_column("level", no_wrap=True, min_width=LEVEL_WIDTH)
    for column in ("played", "won", "win %", "streak", "best"):
        stats.add_column(column, justify="right", no_wrap=True)
    for lv in report["levels"]:
        stats.add_row(
            lv["level"],
            str(lv["played"]),
            str(lv["won"]),
            f"{lv['win_percent']:.1f}",
            str(lv["current_streak"]),
            str(lv["best_streak"]),
        )
    times = Table(title="Best times", **style)
    times.add_column("level", no_wrap=True, min_width=LEVEL_WIDTH)
    times.add_column("#", justify="right", no_wrap=True)
    times.add_column("name", overflow="fold", min_width=4)
    times.add_column("time", justify="right", no_wrap=True)
    times.add_column("date", no_wrap=True)
    for lv in report["levels"]:
        if lv["level"] == "custom":
            continue
        entries = lv["best_times"][:best] if best is not None else lv["best_times"]
        if not entries:
            times.add_row(lv["level"], "", "(none yet)", "", "")
        for t in entries:
            times.add_row(
                lv["level"] if t["rank"] == 1 else "",
                str(t["rank"]),
                t["name"],
                _seconds(t["elapsed_ms"]),
                _local_date(t["recorded_at"]),
            )
    return Group(stats, times)


def _local_date(moment: str) -> str:
    """The day of an ISO 8601 moment where the player is, as the page shows it:
    the UTC day (the JSON's) was the day before in Tokyo for a morning record."""
    return datetime.fromisoformat(moment).astimezone().date().isoformat()


def fitting_report(report: dict[str, Any], console: Console) -> Group:
    """The boxed report if it fits the console's width whole, else the compact
    one (``COLUMNS=50 minebender stats``): boxes squeezed into a narrow
    terminal would cut the very words they frame."""
    boxed = render_report(report)
    unbounded = console.options.update_width(10_000)  # else it is cut to the console's
    needed = max(Measurement.get(console, unbounded, t).maximum for t in boxed.renderables)
    return boxed if needed <= console.width else render_report(report, compact=True)


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
    from minebender.words import count

    if what == "best-times":
        return f"removed {count(store.reset_best_times(), 'best time')}"
    return f"statistics reset: they had counted {count(store.reset_statistics(), 'game')}"


def run(args: argparse.Namespace) -> int:
    """Carry out ``minebender stats`` with args parsed by ``add_arguments``; the exit
    status (README: 2 for bad usage, 74 when the output cannot be written)."""
    from minebender import store as store_module

    if args.yes and args.reset is None:
        raise UsageError("--yes goes with --reset")
    if args.reset is not None and not args.yes and not sys.stdin.isatty():
        raise UsageError("--reset asks first, and there is no terminal to ask in: add --yes")
    path = stored_games(args.db)
    if path is None:
        # Nothing is created for a report: the empty one comes from a store in memory.
        where = args.db if args.db is not None else store_module.default_path()
        if not args.json:
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
    except store_module.StoreError as exc:
        raise UsageError(str(exc)) from exc
    if done is not None:
        # beside the report, never inside the JSON object other programs read
        print(done, file=sys.stderr if args.json else sys.stdout)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        from minebender.commands.streams import console

        out = console()
        out.print(fitting_report(report, out))
    return 0

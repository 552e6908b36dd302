"""The report of statistics and best times per level, as data and as rich
tables: what ``minebender stats`` prints and the terminal game's scores dialog
(key ``s``) shows. It sits below both interfaces, so the terminal never
imports the command line to show it.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console, Group
from rich.measure import Measurement
from rich.table import Table

if TYPE_CHECKING:
    from minebender.services.store import Store

__all__ = ["LEVELS", "build_report", "fitting_report", "render_report"]


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

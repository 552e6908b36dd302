"""A player's progress: every finished game of the store reviewed, as figures
per level over time (3BV/s, IOE, needless guesses, wins, best times), for
``minebender stats --progress`` and the page's Progress dialog.

Each game is played again from its record and judged by the solver, as
``minebender review`` does, so the figures are the review's. A corpus of
other clients' replays reviewed with ``review --summary`` adds its games
from the log (``corpus_points``). ``stats --import DIR`` reviews a folder of
replays into the player's own such log, beside the database
(``imported_log``): the progress, in the terminal and on the page, always
counts its games, dated by their files, among the player's own. A finished
game never changes, so its figures are kept by id for the life of the process.
Practice games count for nothing, as in the statistics.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from statistics import fmean
from typing import TYPE_CHECKING, Any, TypeAlias

from minebender.formats import replay
from minebender.services.review.corpus import append_line, level_of, line_key, read_log
from minebender.services.review.figures import figures
from minebender.services.review.judge import judge, summarize_moves
from minebender.services.review.own import record_of
from minebender.services.review.play import played
from minebender.services.review.record import ReviewError
from minebender.services.session import level_name

if TYPE_CHECKING:
    from minebender.services.store import Store
    from minebender.services.store.records import StoredGame

__all__ = [
    "LEVELS",
    "METRICS",
    "OWN",
    "SOURCES",
    "GamePoint",
    "Judge",
    "LevelProgress",
    "add_imported",
    "corpus_points",
    "game_point",
    "imported_log",
    "imported_points",
    "in_order",
    "judge_games",
    "of_source",
    "progress_points",
    "progress_svg",
    "progress_table",
]

LEVELS = ("beginner", "intermediate", "expert", "custom")
METRICS = {
    "bbbv_per_s": "3BV/s (won games)",
    "ioe": "IOE",
    "needless": "needless guesses per game",
    "win_rate": "win rate, the last 10 games (%)",
    "best_s": "best time so far (s)",
}
"""The figures plotted, and what each plot is called."""
OWN = "minebender"
"""The source of a game played here; an imported game's is its file's format."""
SOURCES = ("all", OWN, "imported")
"""What the progress may be asked to count: every game, minebender's, or the
imported files'."""
MAX_GAMES = 5000
"""The most games read, the newest: a review of each takes some milliseconds."""

_cache: dict[str, GamePoint] = {}


@dataclass(frozen=True, slots=True)
class GamePoint:
    """One finished game's figures."""

    id: str
    level: str
    finished_at: float | None
    """Seconds since 1970; None for a game of a corpus (its log has no date)."""
    won: bool
    time_ms: int
    bbbv_per_s: float
    ioe: float | None
    """None for a game of a corpus logged before the log kept IOE."""
    needless: int
    source: str = OWN
    """``minebender`` (played here), or the format of an imported file
    (``avf``, ``rmv``, ``evf``, ``mvf``, ``rawvf``, ``minebender-replay``)."""


@dataclass(frozen=True, slots=True)
class LevelProgress:
    """A level's figures over all its games: means of the won games' 3BV/s
    and of every game's IOE and needless guesses; None without such a game."""

    level: str
    games: int
    won: int
    best_ms: int | None
    bbbv_per_s: float | None
    ioe: float | None
    needless_per_game: float | None

    @property
    def win_rate(self) -> float | None:
        """The share of games won, in percent."""
        return 100 * self.won / self.games if self.games else None


def _judged(game: StoredGame, finished_at: float) -> GamePoint | None:
    """A finished game's figures, worked out (the cache aside)."""
    if game.status not in ("won", "lost") or game.spec.practice:
        return None
    if any(e.type in ("practice", "hints", "auto") for e in game.events):
        return None  # made a practice game while in play; or not the player's play alone
    record = record_of(game.id, replay.from_session(game.session(lambda: 0.0)))
    if not record.moves:
        return None
    plays = list(played(record))
    fig = figures(plays, None)
    needless = summarize_moves(judge(plays)).needless_guesses
    return GamePoint(
        game.id,
        level_name(game.spec.level),
        finished_at,
        game.status == "won",
        fig.time_ms,
        fig.bbbv_per_s,
        fig.ioe,
        needless,
    )


def judge_games(games: Sequence[tuple[StoredGame, float]]) -> list[GamePoint | None]:
    """The figures of each game, in order: what a child process runs for the
    server, so that judging many games takes no time from other players."""
    return [_judged(game, finished_at) for game, finished_at in games]


Judge: TypeAlias = "Callable[[Sequence[tuple[StoredGame, float]]], list[GamePoint | None]]"
"""Works out the figures of games not yet known (``judge_games``, or the
same in a child process)."""


def game_point(game: StoredGame, finished_at: float) -> GamePoint | None:
    """A finished game's figures; None for a practice game or one not over."""
    known = _cache.get(game.id)
    if known is not None:
        return known
    point = _judged(game, finished_at)
    if point is not None:
        _cache[game.id] = point
    return point


def progress_points(
    store: Store, limit: int = MAX_GAMES, judge_many: Judge = judge_games
) -> list[GamePoint]:
    """The figures of the newest ``limit`` finished games, oldest first. The
    games not yet known are judged together by ``judge_many``, and kept."""
    _, listed = store.finished_page(order="date", limit=limit)
    todo: list[tuple[StoredGame, float]] = []
    for g in reversed(listed):
        if g.id not in _cache:
            stored = store.load(g.id)
            if stored is not None:
                todo.append((stored, g.finished_at))
    for (game, _), point in zip(todo, judge_many(todo) if todo else [], strict=True):
        if point is not None:
            _cache[game.id] = point
    return [_cache[g.id] for g in reversed(listed) if g.id in _cache]


def corpus_points(lines: Iterable[dict[str, Any]]) -> list[GamePoint]:
    """The games of a corpus' review log (``review --summary``, ``stats
    --import``), in the order they were logged, each file once (its last
    line), errors left out; dated by their files when the log says when
    they were written (``mtime``)."""
    latest: dict[str, dict[str, Any]] = {}
    for line in lines:
        key = line_key(line)
        latest.pop(key, None)
        latest[key] = line
    out = []
    for line in latest.values():
        if "error" in line:
            continue
        level = level_of(line["width"], line["height"], line["mines"])
        ioe = line.get("ioe")
        mtime = line.get("mtime")
        out.append(
            GamePoint(
                line["path"],
                level if level in LEVELS else "custom",
                float(mtime) if isinstance(mtime, int | float) else None,
                line["status"] == "won",
                line["time_ms"],
                float(line["bbbv_per_s"]),
                float(ioe) if isinstance(ioe, int | float) else None,
                line["needless_guesses"],
                line["format"],
            )
        )
    return out


def imported_log(database: str | Path) -> Path | None:
    """The log of the replays a player imported (``stats --import``), beside
    the database (``minebender.db`` → ``minebender-imported.jsonl``); None
    for a database in memory."""
    if str(database) == ":memory:":
        return None
    path = Path(database)
    return path.with_name(f"{path.stem}-imported.jsonl")


def imported_points(database: str | Path) -> list[GamePoint]:
    """The imported games of the player whose database this is; none before
    the first import. ReviewError when the log is not a review log."""
    log = imported_log(database)
    return [] if log is None else corpus_points(read_log(log))


_IMPORTING = threading.Lock()
"""One import line at a time: a file sent twice at once is added once."""


def add_imported(database: str | Path, line: dict[str, Any]) -> bool:
    """Add one file's review line (``review.corpus.line_of``) to the player's
    imported log, unless the log has its bytes already: whether it was
    added. ReviewError for a database in memory, or a log that is not one."""
    log = imported_log(database)
    if log is None:
        raise ReviewError("a database in memory keeps no imported games")
    with _IMPORTING:
        if any(line_key(known) == line_key(line) for known in read_log(log)):
            return False
        append_line(log, line)
    return True


def in_order(points: Iterable[GamePoint]) -> list[GamePoint]:
    """Games of every source, oldest first; the undated (a log of ``review
    --summary`` of before it dated them) after them, as they came."""
    return sorted(points, key=lambda p: (p.finished_at is None, p.finished_at or 0.0))


def of_source(points: Iterable[GamePoint], source: str) -> list[GamePoint]:
    """The games of one of ``SOURCES``: all, minebender's, or the imported."""
    if source == "all":
        return list(points)
    return [p for p in points if (p.source == OWN) == (source == OWN)]


def _mean(values: Iterable[float | None]) -> float | None:
    got = [v for v in values if v is not None]
    return fmean(got) if got else None


def progress_table(points: Sequence[GamePoint]) -> list[LevelProgress]:
    """A row per level that has a game, in the order of ``LEVELS``."""
    rows = []
    for level in LEVELS:
        mine = [p for p in points if p.level == level]
        if not mine:
            continue
        won = [p for p in mine if p.won]
        rows.append(
            LevelProgress(
                level,
                len(mine),
                len(won),
                min((p.time_ms for p in won), default=None),
                _mean(p.bbbv_per_s for p in won),
                _mean(p.ioe for p in mine),
                _mean(p.needless for p in mine),
            )
        )
    return rows


def series(points: Sequence[GamePoint], metric: str) -> list[tuple[int, float, bool]]:
    """One level's games as (game number, value, imported) for a metric of
    ``METRICS``; imported: the game is an imported file's."""
    out: list[tuple[int, float, bool]] = []
    best: int | None = None
    for i, p in enumerate(points, 1):
        imported = p.source != OWN
        if metric == "bbbv_per_s" and p.won:
            out.append((i, p.bbbv_per_s, imported))
        elif metric in ("ioe", "needless"):
            value = getattr(p, metric)
            if value is not None:
                out.append((i, float(value), imported))
        elif metric == "win_rate":
            recent = points[max(0, i - 10) : i]
            out.append((i, 100 * sum(q.won for q in recent) / len(recent), imported))
        elif metric == "best_s" and p.won:
            best = p.time_ms if best is None else min(best, p.time_ms)
            out.append((i, best / 1000, imported))
    return out


COLOURS = {
    "beginner": "#2a7ab9",
    "intermediate": "#2e9b3a",
    "expert": "#c0392b",
    "custom": "#8e44ad",
}
_W, _H, _LEFT, _RIGHT, _TOP, _BOTTOM = 480, 230, 44, 10, 38, 40


def _nice_top(top: float) -> float:
    """The axis' top: 1, 2, 2.5 or 5 times a power of ten, at or above ``top``."""
    if top <= 0:
        return 1.0
    step = 10.0 ** len(str(int(top)))  # at least top
    for f in (0.1, 0.2, 0.25, 0.5):
        if step * f >= top:
            return step * f
    return step


def _date(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d")


def progress_svg(points: Sequence[GamePoint], metric: str) -> str:
    """A plot of one metric over each level's games (numbered oldest first),
    with its axes, a legend and the dates of the first and last game: SVG
    text the page shows as it is."""
    title = METRICS[metric]
    by_level = {lv: series([p for p in points if p.level == lv], metric) for lv in LEVELS}
    by_level = {lv: s for lv, s in by_level.items() if s}
    n = max((x for s in by_level.values() for x, _, _ in s), default=1)
    top = _nice_top(max((y for s in by_level.values() for _, y, _ in s), default=0))
    pw, ph = _W - _LEFT - _RIGHT, _H - _TOP - _BOTTOM

    def at(x: float, y: float) -> str:
        return f"{_LEFT + pw * (x - 1) / max(1, n - 1):.1f},{_TOP + ph * (1 - y / top):.1f}"

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}" role="img"'
        f' aria-label="{title}" class="progress-plot" data-metric="{metric}">',
        f'<text x="{_LEFT}" y="16" font-size="13" font-weight="bold">{title}</text>',
    ]
    for k in range(5):
        v = top * k / 4
        y = _TOP + ph * (1 - k / 4)
        parts.append(
            f'<line x1="{_LEFT}" x2="{_W - _RIGHT}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"'
            ' class="grid"/>'
            f'<text x="{_LEFT - 4}" y="{y + 4:.1f}" font-size="10" text-anchor="end">{v:g}</text>'
        )
    parts.append(
        f'<text x="{_LEFT + pw / 2}" y="{_H - 6}" font-size="10" text-anchor="middle">'
        f"game of its level (1 to {n}, oldest first)</text>"
    )
    dated = [p.finished_at for p in points if p.finished_at is not None]
    if dated:
        y = _TOP + ph + 14
        first, last = _date(dated[0]), _date(dated[-1])
        parts.append(
            f'<text x="{_LEFT}" y="{y}" font-size="10">{first}</text>'
            f'<text x="{_W - _RIGHT}" y="{y}" font-size="10" text-anchor="end">{last}</text>'
        )
    lx = _LEFT
    for level, s in by_level.items():
        colour = COLOURS[level]
        line = " ".join(at(x, y) for x, y, _ in s)
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="1.5" points="{line}"'
            f' data-level="{level}"/>'
        )
        # an imported game's point is hollow, a game played here's filled
        parts.extend(
            f'<circle cx="{at(x, y).split(",")[0]}" cy="{at(x, y).split(",")[1]}"'
            + (
                f' r="2.5" fill="#fff" stroke="{colour}" class="hollow" data-imported="1">'
                f"<title>{level},"
                f" game {x} (imported): {y:.3g}"
                if imported
                else f' r="2" fill="{colour}"><title>{level}, game {x}: {y:.3g}'
            )
            + "</title></circle>"
            for x, y, imported in s
        )
        parts.append(
            f'<rect x="{lx}" y="21" width="10" height="10" fill="{colour}"/>'
            f'<text x="{lx + 13}" y="30" font-size="10">{level}</text>'
        )
        lx += 90
    if any(imported for s in by_level.values() for _, _, imported in s):
        parts.append(
            f'<circle cx="{lx + 5}" cy="26" r="3.5" fill="#fff" stroke="#444" class="hollow key"/>'
            f'<text x="{lx + 13}" y="30" font-size="10">imported</text>'
        )
    if not by_level:
        parts.append(
            f'<text x="{_LEFT + pw / 2}" y="{_TOP + ph / 2}" font-size="12"'
            ' text-anchor="middle">no game yet</text>'
        )
    parts.append("</svg>")
    return "".join(parts)

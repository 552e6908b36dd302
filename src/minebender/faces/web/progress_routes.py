"""The route of a player's progress: every finished game of the store
reviewed, and the replays the player imported (``stats --import``), a row
per level and a plot per figure (``minebender.services.progress``).

Each game is judged once and kept (a finished game never changes). The first
answer over many games takes seconds: the games not yet known are judged in a
``limited`` child at a file turn, so that no other player waits for them. The
imported games were reviewed by the import, on the batch runners: here their
log is only read.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response

from minebender.faces.web.access import AppHub, FileTurns, json_answer, shared
from minebender.faces.web.bodies import StrictJSONRoute
from minebender.faces.web.errors import ApiError
from minebender.faces.web.hub import Hub
from minebender.faces.web.review_routes import REVIEW_LIMITS
from minebender.services import limited
from minebender.services.progress import (
    METRICS,
    OWN,
    GamePoint,
    Judge,
    add_imported,
    imported_points,
    in_order,
    judge_games,
    of_source,
    progress_points,
    progress_svg,
    progress_table,
)
from minebender.services.review import Record, ReviewError, read_record
from minebender.services.review.corpus import file_digest, line_of
from minebender.services.review.report import review_record
from minebender.services.store.records import StoredGame

PROGRESS_LIMITS = limited.Limits(seconds=300.0, memory=2 * 1024**3, nice=5)
"""Judging every stored game: minutes at most for the 5,000 read, 2 GiB."""


def _judge_child(report: Any, games: list[tuple[StoredGame, float]]) -> list[GamePoint | None]:
    """The child's work: the figures of the games not yet known."""
    return judge_games(games)


def _judge_in_child(games: Sequence[tuple[StoredGame, float]]) -> list[GamePoint | None]:
    """``judge_games`` in a child process; an ApiError when it does not end well."""
    outcome = limited.run(_judge_child, list(games), limits=PROGRESS_LIMITS)
    if isinstance(outcome, limited.Done):
        points: list[GamePoint | None] = outcome.value
        return points
    raise ApiError(503, f"the games could not be reviewed just now ({type(outcome).__name__})")


__all__ = ["IMPORT", "progress_of", "router"]

IMPORT = "/api/progress/import"
"""The route that adds a replay file to the player's progress."""


Source = Literal["all", "minebender", "imported"]


def progress_of(hub: Hub, judge: Judge = judge_games, source: Source = "all") -> dict[str, Any]:
    """``GET /api/progress``: a row per level and an SVG plot per figure, over
    the games of ``source``; ``sources``: how many games each has, and
    ``note`` why the imported are missing when their log cannot be read."""
    note = None
    try:
        imported = imported_points(hub.store.path)
    except ReviewError as exc:
        imported, note = [], f"the imported games could not be read: {exc}"
    every = in_order(progress_points(hub.store, judge_many=judge) + imported)
    points = of_source(every, source)
    own = sum(p.source == OWN for p in every)
    return {
        "source": source,
        "sources": {"minebender": own, "imported": len(every) - own},
        "note": note,
        "games": len(points),
        "levels": [asdict(r) | {"win_rate": r.win_rate} for r in progress_table(points)],
        "plots": {m: progress_svg(points, m) for m in METRICS},
    }


async def _one_at_a_time(request: Request) -> asyncio.Semaphore:
    return shared(request, "progress", lambda: asyncio.Semaphore(1))


router = APIRouter(route_class=StrictJSONRoute)
"""The route of the player's progress."""


@router.get("/progress", summary="A player's progress per level")
async def progress(
    hub: AppHub,
    turns: FileTurns,
    at_once: Annotated[asyncio.Semaphore, Depends(_one_at_a_time)],
    source: Source = "all",
) -> Response:
    """Every finished game (practice excepted) reviewed, and the imported
    replays (``source``: all, minebender's or the imported): per level the
    games, wins, win rate, best time, mean 3BV/s of the won games, mean IOE
    and needless guesses per game; and plots of them over the games, as SVG."""
    async with at_once, turns.lane(False).turn():
        answer = await asyncio.to_thread(progress_of, hub, _judge_in_child, source)
        return json_answer(answer)


def _import_child(report: Any, record: Record, name: str, key: dict[str, Any]) -> dict[str, Any]:
    """The child's work: the imported file's review log line."""
    return line_of(review_record(record), name, key)


@router.post(IMPORT.removeprefix("/api"), summary="Add a replay file to the progress")
async def import_replay(
    request: Request,
    hub: AppHub,
    turns: FileTurns,
    name: str = Query(min_length=1, max_length=255, description="the file's name (its format)"),
    modified: float | None = Query(
        default=None, ge=0, le=1e11, description="when the file was last written, s since 1970"
    ),
) -> Response:
    """Review a replay file sent as the body (application/octet-stream) and
    add it to the imported games, as ``stats --import`` does: ``added`` is
    false when its bytes were imported before. 422 names a file not read."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/octet-stream":
        raise ApiError(415, "send the file as Content-Type: application/octet-stream")
    turns.lane(False).check()  # a flood is refused before its files are read
    raw = await request.body()  # at most MAX_REVIEW_BYTES (web.bodies.BodyLimit)
    file = Path(Path(name).name)
    key: dict[str, Any] = {"sha256": file_digest(raw)}
    if modified is not None:
        key["mtime"] = modified
    async with turns.lane(False).turn():
        try:
            record = await asyncio.to_thread(read_record, file, raw)
        except ReviewError as exc:
            raise ApiError(422, str(exc)) from None
        outcome = await limited.run_async(
            _import_child, record, file.name, key, limits=REVIEW_LIMITS
        )
    if not isinstance(outcome, limited.Done):
        raise ApiError(422, f"{file}: could not be reviewed ({type(outcome).__name__})")
    line: dict[str, Any] = outcome.value
    try:
        added = await asyncio.to_thread(add_imported, hub.store.path, line)
    except ReviewError as exc:
        raise ApiError(409, str(exc)) from None
    return json_answer({"added": added, "status": line["status"], "format": line["format"]})

"""The review route: an uploaded replay of any format minebender reads,
reviewed move by move (docs/review.md), for the page.

Both halves run in child processes: the parse (``review.peers``: ms_toollib may
abort on a damaged file) and the judging (``minebender.services.limited``: a huge or
hard board is stopped at its time limit and memory cap), so no file, however
bad or hard, takes the server down or holds up the other players; both wait
for the client's turn at the files' work (``web.admission``), so a flood of
uploads from one client is refused (429) rather than queued without end.
An Expert-size file takes the light lane (``web.lanes``), which a flood of
big files never holds.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from minebender.faces.web.access import FileTurns
from minebender.faces.web.bodies import StrictJSONRoute
from minebender.faces.web.errors import ApiError
from minebender.faces.web.lanes import in_lane, light_board, light_file
from minebender.formats import replay
from minebender.services import limited
from minebender.services.review import Record, ReviewError, read_record
from minebender.services.review.frames import frames_of
from minebender.services.review.pointer import pointer_of
from minebender.services.review.report import review_record

__all__ = ["MAX_REVIEW_BYTES", "REVIEW", "REVIEW_LIMITS", "router"]

REVIEW = "/api/review"
MAX_REVIEW_BYTES = 5_000_000
"""The largest file the route takes: a real replay is a few kB to a few hundred."""
REVIEW_LIMITS = limited.Limits(seconds=30.0, memory=2 * 1024**3, nice=5)

limited.preload("minebender.services.review.report")


def _review_json(report: Any, record: Record, frames: bool) -> bytes:
    """The child's work: the review as the JSON of ``review --json``, and for
    the page's viewer its frames and positions (``review.frames``), as JSON
    bytes: a long game's frames cross back as one string, not a tree of objects."""
    review = review_record(record)
    out = review.to_json()
    if frames:
        out.update(frames_of(record, [j.played for j in review.moves]))
    return json.dumps(out, separators=(",", ":")).encode()


def _for_viewer(file: Path, raw: bytes, review: bytes) -> bytes:
    """The review's JSON with what the viewer draws beside it: the mouse path
    (none when the file has none) and whether the layout is its code's."""
    out = json.loads(review)
    out["pointer"] = pointer_of(file, raw)
    out["dealt"] = _dealt(file, raw)
    return json.dumps(out, separators=(",", ":")).encode()


def _dealt(file: Path, raw: bytes) -> bool | None:
    """Whether a minebender replay's layout is the board its code deals (the
    viewer says so when it is not); None for another client's file."""
    if file.suffix.lower() != ".json":
        return None
    try:
        return replay.loads(raw).dealt()
    except replay.ReplayError:
        return None


async def _read(file: Path, raw: bytes) -> Record:
    """The replay in raw, read off the event loop (``read_record``, which
    parses other clients' files in a child); a 422 names what is wrong."""
    try:
        return await asyncio.to_thread(read_record, file, raw)
    except ReviewError as exc:
        raise ApiError(422, str(exc)) from None


async def _judged(record: Record, frames: bool, light: bool) -> limited.Outcome:
    """The review of record in a child, within the limits of its lane."""
    return await limited.run_async(
        _review_json, record, frames, limits=in_lane(REVIEW_LIMITS, light)
    )


def _answered(file: Path, outcome: limited.Outcome) -> Response:
    """The judging's outcome as an answer: the review, or a 422 (a file it
    refused, a board too hard), or a 500 naming how it stopped."""
    if isinstance(outcome, limited.Done):
        return Response(outcome.value, media_type="application/json")
    if isinstance(outcome, limited.Failed) and outcome.kind == "ReviewError":
        raise ApiError(422, outcome.message)
    if isinstance(outcome, limited.TimedOut | limited.OutOfMemory):
        raise ApiError(
            422, f"{file}: too hard to review within {REVIEW_LIMITS.seconds:.0f} s and 2 GB"
        )
    raise ApiError(500, f"{file}: the review stopped ({type(outcome).__name__})")


router = APIRouter(route_class=StrictJSONRoute)
"""The route that reviews an uploaded replay (no game, no token)."""


@router.post(REVIEW.removeprefix("/api"), summary="Review a replay file")
async def review(
    request: Request,
    turns: FileTurns,
    name: str = Query(
        min_length=1,
        max_length=255,
        description="the file's name: its suffix (.json .avf .rmv .evf .mvf .rawvf .txt)"
        " says the format",
    ),
    frames: bool = Query(
        default=False,
        description="add the board after each move, the position before it and the mouse"
        " path (the page's viewer)",
    ),
) -> Response:
    """Review a replay file sent as the body (Content-Type:
    application/octet-stream): the object of ``minebender review --json``.
    422 names what is wrong with the file."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/octet-stream":
        raise ApiError(415, "send the file as Content-Type: application/octet-stream")
    declared = request.headers.get("content-length", "")
    light = light_file(int(declared) if declared.isdigit() else None)  # web.lanes
    turns.lane(light).check()  # a flood is refused before its files are read
    raw = await request.body()  # at most MAX_REVIEW_BYTES (web.bodies.BodyLimit)
    light = light and light_file(len(raw))
    file = Path(Path(name).name)
    outcome: limited.Outcome | None = None
    async with turns.lane(light).turn():
        record = await _read(file, raw)
        if not light or light_board(record.width, record.height):
            outcome = await _judged(record, frames, light)
    if outcome is None:  # a small file of a big board: judged in the heavy lane
        async with turns.lane(False).turn():
            outcome = await _judged(record, frames, False)
    if frames and isinstance(outcome, limited.Done):
        outcome = limited.Done(await asyncio.to_thread(_for_viewer, file, raw, outcome.value))
    return _answered(file, outcome)

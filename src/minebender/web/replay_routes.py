"""The replay route: a replay file checked, and the board after each of its
events, for the page's viewer."""

from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from minebender import replay as replay_mod
from minebender.session import FILE_SEED
from minebender.web.access import json_answer, shared
from minebender.web.bodies import StrictJSONRoute
from minebender.web.errors import ApiError

__all__ = ["MAX_REPLAY_BYTES", "REPLAY_FRAMES", "router"]

MAX_REPLAY_BYTES = replay_mod.MAX_BYTES
REPLAY_FRAMES = "/api/replays/frames"
"""The one route whose body is a whole file (``web.bodies.BodyLimit``)."""


def _frames_answer(raw: bytes) -> Response:
    """``POST /api/replays/frames``'s answer to the file raw: every frame."""
    try:
        r = replay_mod.loads(raw)
    except replay_mod.ReplayNotJSON as exc:
        raise ApiError(400, str(exc)) from None
    except replay_mod.ReplayError as exc:
        raise ApiError(422, str(exc)) from None
    frames = [
        {
            "t": f.t_ms,
            "event": None
            if f.event is None
            else {
                "type": f.event.type,
                "x": f.event.pos and f.event.pos.x,
                "y": f.event.pos and f.event.pos.y,
            },
            "rows": f.rows,
            "status": f.status,
            "mines_left": f.mines_left,
            "elapsed_ms": f.elapsed_ms,
            "timer": f.timer,
        }
        for f in replay_mod.frames(r)
    ]
    summary = replay_mod.to_json(r)
    del summary["layout"], summary["events"]
    summary["dealt"] = r.dealt()  # else the viewer says the board is not its code's
    # its seed deals another board: the viewer says where it came from instead
    summary["from_file"] = r.spec.seed == FILE_SEED
    return json_answer({"replay": summary, "frames": frames})


async def _one_at_a_time(request: Request) -> asyncio.Semaphore:
    # One replay at a time: the frames of a file of 100,000 events took 45 s
    # and 0.4 GB, and a few such files at once would take gigabytes; the
    # players' own requests never wait for it.
    return shared(request, "replays", lambda: asyncio.Semaphore(1))


router = APIRouter(route_class=StrictJSONRoute)
"""The route that steps through a replay file (no game, no token)."""


@router.post(REPLAY_FRAMES.removeprefix("/api"), summary="Step through a replay")
async def replay_frames(
    request: Request, one_at_a_time: Annotated[asyncio.Semaphore, Depends(_one_at_a_time)]
) -> Response:
    """Check a replay file and return the board after each of its events.

    Replaying a file of 100,000 events takes seconds, so it is done off the
    event loop, as the assist is: the other players' clicks go on. The
    body must say it is JSON, so another site's page cannot send one
    without the browser asking first (a CORS preflight, never allowed)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ApiError(415, "send the replay file as Content-Type: application/json")
    raw = await request.body()  # at most MAX_REPLAY_BYTES (web.bodies.BodyLimit)
    async with one_at_a_time:
        return await asyncio.to_thread(_frames_answer, raw)

"""The replay route: a replay file checked, and the board after each of its
events, for the page's viewer."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response
from starlette.background import BackgroundTask

from minebender.faces.web.access import FileTurns
from minebender.faces.web.bodies import StrictJSONRoute
from minebender.faces.web.errors import ApiError
from minebender.formats import replay as replay_mod
from minebender.services import limited
from minebender.services.session import FILE_SEED

__all__ = ["FRAMES_LIMITS", "MAX_REPLAY_BYTES", "REPLAY_FRAMES", "router"]

MAX_REPLAY_BYTES = replay_mod.MAX_BYTES
REPLAY_FRAMES = "/api/replays/frames"
"""The one route whose body is a whole file (``web.bodies.BodyLimit``)."""
FRAMES_LIMITS = limited.Limits(seconds=300.0, memory=2 * 1024**3, nice=5)
"""The frames of a file of 100,000 events (the most a replay has) took 143 s
and 400 MB on a busy two-core machine."""


def _frames_json(report: limited.Report, raw: bytes, out: str) -> tuple[int, bytes]:
    """In the child: the status of ``POST /api/replays/frames`` for the file
    raw, and the body of a refusal; every frame, as JSON, is written to the
    file out instead, which the server sends as it is (65 MB for 100,000
    events, that then never pass through the server's memory)."""
    try:
        r = replay_mod.loads(raw)
    except replay_mod.ReplayNotJSON as exc:
        return 400, json.dumps({"detail": str(exc)}).encode()
    except replay_mod.ReplayError as exc:
        return 422, json.dumps({"detail": str(exc)}).encode()
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
    text = json.dumps({"replay": summary, "frames": frames}, separators=(",", ":"))
    Path(out).write_text(text, encoding="utf-8")
    return 200, b""


def _answered(outcome: limited.Outcome, out: Path) -> Response:
    """The child's outcome as an answer: the file out it wrote, removed once
    sent; a 4xx it gave, or a 422 or 500 naming how it stopped."""
    if isinstance(outcome, limited.Done):
        status, body = outcome.value
        if status == 200:
            gone = BackgroundTask(out.unlink, missing_ok=True)
            return FileResponse(out, media_type="application/json", background=gone)
        return Response(body, status_code=status, media_type="application/json")
    seconds, gb = FRAMES_LIMITS.seconds, (FRAMES_LIMITS.memory or 0) / 1024**3
    if isinstance(outcome, limited.TimedOut | limited.OutOfMemory):
        raise ApiError(
            422, f"the replay is too long to step through in {seconds:.0f} s and {gb:.0f} GB"
        )
    if isinstance(outcome, limited.Crashed):
        how = f"signal {outcome.signal}" if outcome.signal else f"exit status {outcome.exit_code}"
        raise ApiError(
            500, f"stepping through the replay stopped ({how}); nothing else was affected"
        )
    raise ApiError(500, f"stepping through the replay failed ({type(outcome).__name__})")


# each child runs _frames_json of this module: the forkserver imports it once
limited.preload(__name__)

router = APIRouter(route_class=StrictJSONRoute)
"""The route that steps through a replay file (no game, no token)."""


@router.post(REPLAY_FRAMES.removeprefix("/api"), summary="Step through a replay")
async def replay_frames(request: Request, turns: FileTurns) -> Response:
    """Check a replay file and return the board after each of its events.

    Replaying a file of 100,000 events takes seconds and hundreds of MB, so
    it is done in a child process (``minebender.services.limited``) within
    ``FRAMES_LIMITS``, at the client's turn (``web.admission``): the other
    players' clicks go on, and the server's memory is its own again (the
    frames come back as a temporary file, sent as it is, then removed). The
    body must say it is JSON, so another site's page cannot send one
    without the browser asking first (a CORS preflight, never allowed)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ApiError(415, "send the replay file as Content-Type: application/json")
    lane = turns.lane(False)  # the frames of any replay are heavy work (web.lanes)
    lane.check()  # a flood is refused before its files are read
    raw = await request.body()  # at most MAX_REPLAY_BYTES (web.bodies.BodyLimit)
    fd, name = tempfile.mkstemp(prefix="minebender-frames-", suffix=".json")
    os.close(fd)
    out = Path(name)
    try:
        async with lane.turn():
            outcome = await limited.run_async(_frames_json, raw, name, limits=FRAMES_LIMITS)
        answer = _answered(outcome, out)
    except BaseException:
        out.unlink(missing_ok=True)
        raise
    if not isinstance(answer, FileResponse):
        out.unlink(missing_ok=True)
    return answer

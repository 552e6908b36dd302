"""The web game's FastAPI application: the HTTP API and the static page.

``create_app(store)`` builds it; ``minebender serve`` runs it with uvicorn. The
page (``static/``) is plain HTML, CSS and JavaScript modules: no build step.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from minebender import __version__
from minebender.faces.web import errors
from minebender.faces.web.admission import Admission, Bounds
from minebender.faces.web.analyse_routes import warm_analysis
from minebender.faces.web.api import (
    MAX_REPLAY_BYTES,
    MAX_REVIEW_BYTES,
    REPLAY_FRAMES,
    REVIEW,
    router,
)
from minebender.faces.web.bodies import MAX_BODY_BYTES, BodyLimit
from minebender.faces.web.clients import ClientCookie
from minebender.faces.web.hosts import HostGuard
from minebender.faces.web.hub import Hub
from minebender.faces.web.progress_routes import IMPORT
from minebender.services import store as store_mod
from minebender.services.session import Clock, new_seed
from minebender.services.store import Store

__all__ = ["FRAMING", "STATIC", "ResponseHeaders", "create_app"]

STATIC = Path(__file__).parent / "static"

DESCRIPTION = """\
The minebender web game's API. Start a game with `POST /api/games`; the answer
holds the game's `id` and a `token`. Send the token as `Authorization: Bearer
TOKEN` with every request about that game: nobody else can see or change it.
While a game is on, the layout never leaves the server. See docs/web.md.
"""


FRAMING = [
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
]
"""No other site may show the page in a frame: it could lay its own page over
it and lead a click to Reset Scores or Reset, which cannot be undone. The Host
check does not stop that, since a frame of the page sends its true Host."""


class ResponseHeaders:
    """Adds ``Server-Timing: app;dur=MS`` to every answer, the time the app took,
    so a slow round trip can be told apart from a busy machine or network; and
    the ``FRAMING`` headers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()

        async def timed(message: Message) -> None:
            if message["type"] == "http.response.start":
                ms = (time.perf_counter() - start) * 1000
                headers = [
                    *message.get("headers", []),
                    (b"server-timing", f"app;dur={ms:.2f}".encode()),
                    *FRAMING,
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, timed)


WORKER_THREADS = 32
"""Threads for the database and the solver. asyncio's default, the cores plus
four (6 here), made every request that needs the database queue behind six
moves waiting for a lock another program held: statistics took 9.5 s."""


@contextlib.asynccontextmanager
async def _worker_threads(app: FastAPI) -> AsyncIterator[None]:
    pool = ThreadPoolExecutor(max_workers=WORKER_THREADS, thread_name_prefix="minebender")
    asyncio.get_running_loop().set_default_executor(pool)
    await asyncio.to_thread(warm_analysis)  # the analysis board's first answer is not slow
    try:
        yield
    finally:
        pool.shutdown(wait=False)


def create_app(
    store: Store | str | Path | None = None,
    *,
    clock: Clock = time.monotonic,
    make_seed: Callable[[], str] = new_seed,
    allowed_hosts: list[str] | None = None,
    bounds: Bounds | None = None,
) -> FastAPI:
    """The app, serving games from store (a Store, a path, or the default database).

    ``make_seed`` deals the board of every game that names none (a seed or a
    code would make it chosen, never ranked): tests fix it to know a ranked board.

    With ``allowed_hosts``, requests naming another Host are refused (400, ``web.hosts``): a
    server on loopback then cannot be reached through a web page's DNS tricks.

    ``bounds`` shares the heavy work (analyses, reviews, frames, probabilities)
    fairly between clients (``web.admission``): past a client's share, 429.
    """
    if not isinstance(store, Store):
        store = store_mod.open(store)
    hub = Hub(store, clock=clock, make_seed=make_seed)
    app = FastAPI(
        title="minebender",
        version=__version__,
        description=DESCRIPTION,
        openapi_url="/openapi.json",
        lifespan=_worker_threads,
    )
    app.state.hub = hub  # every route's (web.access.AppHub)
    bounds = bounds or Bounds()
    app.state.solver_turns = Admission(bounds.solver, "analyses")  # web.access.SolverTurns
    app.state.file_turns = Admission(bounds.files, "replays")  # web.access.FileTurns
    app.state.puzzle_turns = Admission(bounds.puzzles, "puzzle requests")
    # the light lanes (web.lanes): turns a flood of heavy work never takes
    app.state.light_solver_turns = Admission(bounds.light, "Expert-size analyses")
    app.state.light_file_turns = Admission(bounds.light, "Expert-size replays")
    app.state.analysis_seconds = bounds.analysis_seconds  # web.access.SolverTurns
    errors.install(app)
    if allowed_hosts is not None:
        app.add_middleware(HostGuard, hosts=allowed_hosts)
    app.add_middleware(
        BodyLimit,
        limit=MAX_BODY_BYTES,
        paths={
            REPLAY_FRAMES: (MAX_REPLAY_BYTES, "a replay"),
            REVIEW: (MAX_REVIEW_BYTES, "a replay to review"),
            IMPORT: (MAX_REVIEW_BYTES, "a replay to import"),
        },
    )
    app.add_middleware(ClientCookie)  # web.clients: who is who for the fair turns
    app.add_middleware(ResponseHeaders)  # the last added is outermost: on every answer
    app.include_router(router)

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/puzzle", include_in_schema=False)
    async def puzzle_page() -> Response:
        return FileResponse(STATIC / "puzzle.html", headers={"Cache-Control": "no-cache"})

    @app.get("/analyse", include_in_schema=False)
    async def analysis_board() -> Response:
        """The analysis board: any position, built or brought in, analysed exactly
        (``/analyse?board=TEXT`` opens that position, read by the server)."""
        return FileResponse(STATIC / "analyse.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app

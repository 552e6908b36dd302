"""Which request may act on which game: the token that owns it, and one
request at a time on each game; what the routes of one app share (its hub,
its queues), handed to them as FastAPI dependencies; the JSON answers of
every route."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Header, Request
from fastapi.responses import Response

from minebender.faces.web.admission import Admission, Client
from minebender.faces.web.clients import client_of
from minebender.faces.web.errors import ApiError
from minebender.faces.web.hub import Hub, Live

__all__ = [
    "AUTH",
    "AppHub",
    "FileTurns",
    "Lane",
    "PuzzleTurns",
    "SolverTurns",
    "Turns",
    "holding",
    "json_answer",
    "owned",
    "shared",
    "unless_gone",
    "until_gone",
]

T = TypeVar("T")

AUTH = Header(
    default=None,
    alias="Authorization",
    description="`Bearer TOKEN`, the token returned when the game was created",
)


def json_answer(data: Any, status: int = 200) -> Response:
    """data as compact JSON, written by ``json.dumps`` directly: a round trip
    of the page stays cheap (FastAPI's own encoder walks every value first)."""
    body = json.dumps(data, separators=(",", ":"))
    return Response(body, status_code=status, media_type="application/json")


async def until_gone(request: Request) -> None:
    """Return when the client has gone away (its body is read by then, so the
    next message is the disconnect): a route races its work against this to
    kill the work of a request the page aborted."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            return


async def unless_gone(request: Request, work: Awaitable[T]) -> T | None:
    """work's result, or None when the client went away first: the work is
    then cancelled (a child that ``limited.run_async`` waits on is killed)."""
    task = asyncio.ensure_future(work)
    gone = asyncio.ensure_future(until_gone(request))
    try:
        await asyncio.wait({task, gone}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        gone.cancel()
    if not task.done():
        task.cancel()
        return None
    return task.result()


def _token(authorization: str | None) -> str:
    """The token of an ``Authorization: Bearer TOKEN`` header, or a 401."""
    if not authorization:
        raise ApiError(
            401, "missing Authorization: Bearer TOKEN header", {"WWW-Authenticate": "Bearer"}
        )
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(
            401, "the Authorization header must be 'Bearer TOKEN'", {"WWW-Authenticate": "Bearer"}
        )
    return token.strip()


async def _hub(request: Request) -> Hub:
    """The hub of the app that answers the request (``create_app`` sets it)."""
    hub = request.app.state.hub
    assert isinstance(hub, Hub)
    return hub


AppHub = Annotated[Hub, Depends(_hub)]
"""A route's parameter that receives the app's hub."""


def shared(request: Request, name: str, make: Callable[[], T]) -> T:
    """What every request of the app shares under name, made at first need: a
    queue's semaphore belongs to one app (and its event loop), not to the module.
    Called from an ``async def`` dependency, so on the loop: made once."""
    state = request.app.state
    found: T | None = getattr(state, name, None)
    if found is None:
        found = make()
        setattr(state, name, found)
    return found


@dataclass(frozen=True, slots=True)
class Lane:
    """A request's place in one lane of heavy work (``web.admission``)."""

    admission: Admission
    client: Client
    light: bool = False
    """The light lane (``web.lanes``)."""
    seconds: float | None = None
    """The seconds a job of the solver may take on this server
    (``minebender serve --analysis-seconds``); None: the default."""

    def check(self) -> None:
        """``Busy`` now if the turn would be refused (before costly reading)."""
        self.admission.check(self.client)

    def turn(self) -> contextlib.AbstractAsyncContextManager[None]:
        """Wait for this client's turn (``Busy`` at once when its share is full)."""
        return self.admission.turn(self.client)


@dataclass(frozen=True, slots=True)
class Turns:
    """A request's places at one kind of heavy work: its light lane and its
    heavy one (``web.lanes`` says which a request takes)."""

    light: Admission
    heavy: Admission
    client: Client
    seconds: float | None = None
    """As ``Lane.seconds``."""

    def lane(self, light: bool) -> Lane:
        """The light lane when light, else the heavy one."""
        return Lane(self.light if light else self.heavy, self.client, light, self.seconds)


def _admission(request: Request, name: str) -> Admission:
    admission = getattr(request.app.state, name)
    assert isinstance(admission, Admission)
    return admission


async def _solver_turns(request: Request) -> Turns:
    light, heavy = _admission(request, "light_solver_turns"), _admission(request, "solver_turns")
    seconds = getattr(request.app.state, "analysis_seconds", None)
    return Turns(light, heavy, client_of(request), seconds)


async def _file_turns(request: Request) -> Turns:
    light, heavy = _admission(request, "light_file_turns"), _admission(request, "file_turns")
    return Turns(light, heavy, client_of(request))


async def _puzzle_turns(request: Request) -> Lane:
    return Lane(_admission(request, "puzzle_turns"), client_of(request))


SolverTurns = Annotated[Turns, Depends(_solver_turns)]
"""The request's turns at the solver's work: analyses, proofs, probabilities."""
FileTurns = Annotated[Turns, Depends(_file_turns)]
"""The request's turns at the files' work: reviews and a replay's frames."""
PuzzleTurns = Annotated[Lane, Depends(_puzzle_turns)]
"""The request's turn at the puzzles' work (one lane): making, reading, checking them."""


async def owned(hub: Hub, gid: str, authorization: str | None) -> Live:
    """The game gid of hub, for the holder of its token only (401; the hub's
    404, 403 and the store's 503 are answered by ``web.errors``)."""
    token = _token(authorization)
    # in memory: on the loop; else loaded in a worker thread, as every
    # word to the store is: a database another process holds locked
    # then holds up that request alone, not every player's
    live = hub.cached(gid, token)
    return live if live is not None else await asyncio.to_thread(hub.get, gid, token)


@contextlib.asynccontextmanager
async def holding(hub: Hub, gid: str, authorization: str | None) -> AsyncIterator[Live]:
    """The game, its lock held: one request at a time acts on it. A game
    dropped from memory while this request waited for the lock (an action
    the store refused: the store's version is the truth) is loaded again,
    else this request would show a move that was not taken."""
    while True:
        live = await owned(hub, gid, authorization)
        await live.lock.acquire()
        if not live.gone:
            break
        live.lock.release()
    try:
        yield live
    finally:
        live.lock.release()

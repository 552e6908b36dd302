"""The analysis board's routes: any position, analysed exactly, with no game.

``POST /api/analyse`` answers the object ``minebender solve --json`` prints
for a board sent as text; ``POST /api/analyse/why`` the proof of one cell.
The work runs in a child process (``minebender.services.limited``) with a time limit
and a memory cap, never on the event loop nor in the server's own memory:
a pathological board answers with what was known when it stopped, and holds
up no other player. A client that goes away (the page aborts its request
after an edit) has its child killed at once. Analyses take turns fairly
between clients (``web.admission``): past a client's share, 429; a board
of at most Expert's cells takes the light lane (``web.lanes``), which a
flood of huge boards never holds.

A client that sends ``Accept: application/x-ndjson`` gets the analysis as
it is made: one JSON line per stage, as the child reports it (the count and
the probabilities first, the dead cells last), then the whole answer. The
page draws the probabilities at once instead of waiting for the slowest
stage.

The first stage of a light board whose counting is known small before it
starts (``analysis_board.first_json``: all of real play) is made here, on
the event loop, in under a millisecond: it waits for no turn, no child and
no thread, so slow stages of other clients' analyses, holding the light
lane's turns, cannot hold it up. The stages after it then run in a child
niced after 0.2 s (``FOLLOW_LIMITS``): a small board's whole answer comes at
full speed, and a long one takes no processor from anyone's first stage
nor from the players' moves.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import AsyncGenerator, AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, model_validator

from minebender.faces.web.access import (
    Lane,
    SolverTurns,
    Turns,
    json_answer,
    unless_gone,
    until_gone,
)
from minebender.faces.web.bodies import StrictJSONRoute
from minebender.faces.web.errors import ApiError
from minebender.faces.web.lanes import LIGHT_TEXT, in_lane, light_board
from minebender.faces.web.positions import PositionIn, board_of
from minebender.formats.boardtext import Board, BoardTextError
from minebender.formats.minetext import parse_position
from minebender.services import limited
from minebender.services.analysis_board import (
    NOT_REACHED,
    first_json,
    follow_json,
    study_json,
    warm_up,
    why_json,
)
from minebender.values.types import Knowledge, Pos

__all__ = [
    "ANALYSE_LIMITS",
    "FOLLOW_LIMITS",
    "NDJSON",
    "AnalyseIn",
    "WhyIn",
    "router",
    "solver_limits",
    "warm_analysis",
]

GiB = 1 << 30


def _memory_cap() -> int:
    """A child's address space: 2 GiB, or a quarter of a smaller machine."""
    total = limited.machine_memory()
    return 2 * GiB if total is None else min(2 * GiB, total // 4)


ANALYSE_LIMITS = limited.Limits(seconds=10.0, memory=_memory_cap(), nice=19, nice_after=0.2)
"""About 10 s and 2 GiB a board; niced after 0.2 s, so that other players'
moves come first while a hard board runs, and an Expert board still answers
at full speed."""
FOLLOW_LIMITS = ANALYSE_LIMITS
"""The stages after a first stage made on the event loop: niced after 0.2 s,
not the light lane's 1 s, as the page draws the count and the probabilities
meanwhile. Niced from their start, a 4x4 board's whole answer took 3.5 s on
a busy machine."""
SPARES = 3
"""Children forked ahead of the first analyses (the solver's turns are
``web.admission.Bounds.solver``)."""
SMALL = 64 * 64
"""Cells of a board whose whole answer is written on the event loop (a
millisecond or two): a thread's round trip would cost more."""
NDJSON = "application/x-ndjson"
"""The media type a client accepts to get the analysis stage by stage."""


def warm_analysis() -> None:
    """Start the children's forkserver with the analysis loaded, and fork a few
    children ahead of the first request, each warmed up by analysing a few
    boards while it waits (``limited.warm``)."""
    limited.preload("minebender.services.analysis_board")
    limited.warm(spares=SPARES, warm_up=warm_up)


class AnalyseIn(BaseModel):
    """``POST /api/analyse``: a board as text (board text or a ``.mine``
    position) or as the page keeps it (``position``: one of the two), and
    optionally the total number of mines (null: unknown)."""

    model_config = ConfigDict(extra="forbid")
    board: StrictStr | None = None
    position: PositionIn | None = None
    mines: StrictInt | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _one_board(self) -> AnalyseIn:
        if (self.board is None) == (self.position is None):
            raise ValueError("send the board as text (board) or as a position, one of the two")
        return self


class WhyIn(AnalyseIn):
    """``POST /api/analyse/why``: a board, and the hidden cell to explain as [x, y]."""

    cell: tuple[StrictInt, StrictInt]


def _board(body: AnalyseIn) -> Board:
    """The position of the body, the total overridden when ``mines`` is sent; a
    422 naming the line and column of bad text, or a total that does not fit."""
    if body.position is not None:
        board = board_of(body.position)
    else:
        try:
            board = parse_position(body.board or "")
        except BoardTextError as exc:
            raise ApiError(422, f"board: {exc}") from None
    k = board.knowledge
    if "mines" in body.model_fields_set:
        cells = k.width * k.height
        if body.mines is not None and body.mines > cells:
            raise ApiError(
                422,
                f"mines: {body.mines} mines do not fit on a {k.width}x{k.height} board"
                f" ({cells} cells)",
            )
        board = Board(k.with_mines(body.mines), board.flags)
    return board


async def _read_board(body: AnalyseIn, turns: Turns) -> tuple[Board, Lane]:
    """The body's board, read off the event loop, and its lane (``web.lanes``):
    a flood is refused before its boards are read, and a text too long for
    a light board is checked against the heavy lane unread."""
    if body.position is None:
        short = len(body.board or "") <= LIGHT_TEXT
    else:
        short = light_board(body.position.width, body.position.height)
    turns.lane(short).check()
    # a light board reads in microseconds: a thread's hop would cost more
    board = _board(body) if short else await asyncio.to_thread(_board, body)
    k = board.knowledge
    lane = turns.lane(short and light_board(k.width, k.height))
    lane.check()
    return board, lane


def solver_limits(lane: Lane, follows: bool = False) -> limited.Limits:
    """A job's limits: ``FOLLOW_LIMITS`` for the stages after a first stage
    made here, else the lane's (``web.lanes``); with the server's time a
    job when it sets one (``Lane.seconds``)."""
    limits = FOLLOW_LIMITS if follows else in_lane(ANALYSE_LIMITS, lane.light)
    if lane.seconds is None:
        return limits
    return dataclasses.replace(limits, seconds=lane.seconds)


async def _limited(request: Request, lane: Lane, fn: Any, *args: Any, follows: bool = False) -> Any:
    """fn's outcome in a child process, or None when the client went away first
    (the child is then killed, or never started)."""

    async def work() -> limited.Outcome:
        async with lane.turn():
            return await limited.run_async(fn, *args, limits=solver_limits(lane, follows))

    return await unless_gone(request, work())


async def _staged(
    request: Request, lane: Lane, fn: Any, *args: Any, follows: bool = False
) -> AsyncGenerator[Any]:
    """Each stage of fn's work as the child reports it, then its outcome; it
    ends early, the child killed (or never started), when the client goes away."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()

    def heard(stage: Any) -> None:  # in the thread that waits for the child
        loop.call_soon_threadsafe(queue.put_nowait, ("stage", stage))

    async def work() -> limited.Outcome:
        limits = solver_limits(lane, follows)
        async with lane.turn():
            return await limited.run_async(fn, *args, limits=limits, on_stage=heard)

    task = asyncio.ensure_future(work())
    # the stages are queued before the task is done: its end comes after them
    task.add_done_callback(lambda _: queue.put_nowait(("end", None)))
    gone = asyncio.ensure_future(until_gone(request))
    try:
        while True:
            got = asyncio.ensure_future(queue.get())
            await asyncio.wait({got, gone}, return_when=asyncio.FIRST_COMPLETED)
            if not got.done():
                got.cancel()
                return
            kind, stage = got.result()
            if kind == "end":
                break
            yield stage
        yield task.result()
    finally:
        gone.cancel()
        if not task.done():
            task.cancel()  # run_async kills the child


def _answer(k: Any, outcome: limited.Outcome, first: dict[str, Any] | None) -> dict[str, Any]:
    """The whole answer of ``POST /api/analyse``: the first stage when it was
    made here, every stage the child reported, null where it stopped before
    one, and whether and why it stopped."""
    out: dict[str, Any] = {"width": k.width, "height": k.height, "mines": k.mines}
    out.update(NOT_REACHED)
    for stage in (first, *outcome.stages) if first is not None else outcome.stages:
        out.update(stage)
    done = isinstance(outcome, limited.Done)
    out["complete"] = done
    out["stopped"] = (
        None
        if done
        else "time"
        if isinstance(outcome, limited.TimedOut)
        else "memory"
        if isinstance(outcome, limited.OutOfMemory)
        else "cancelled"
    )
    return out


def _line(data: Any) -> bytes:
    return json.dumps(data, separators=(",", ":")).encode() + b"\n"


async def _streamed(request: Request, lane: Lane, k: Any, first: dict[str, Any] | None) -> Response:
    """The analysis as NDJSON: a line per stage (the keys it fills in), then
    the whole answer. ``first``, the first stage when it was made here, is
    the first line at once, and the child makes the rest. A crash before the
    first line is a 500 as without the stream; after it, the last line is
    ``{"detail": ...}``."""
    if first is not None:
        events = _staged(request, lane, follow_json, k, follows=True)
        head: Any = first
    else:
        events = _staged(request, lane, study_json, k)
        head = await anext(events, None)
        if head is None:
            return Response(status_code=499)  # nobody is listening
        if isinstance(head, limited.Crashed | limited.Failed):
            raise _failure(head)

    async def lines() -> AsyncIterator[bytes]:
        event = head
        try:
            while event is not None:
                if isinstance(event, dict):
                    yield _line(event)
                elif isinstance(event, limited.Crashed | limited.Failed):
                    yield _line({"detail": _failure(event).detail})
                elif k.width * k.height <= SMALL:
                    yield _line(_answer(k, event, first))  # the whole answer
                else:  # a big board's is half a megabyte: written off the loop
                    yield await asyncio.to_thread(_line, _answer(k, event, first))
                event = await anext(events, None)
        finally:
            await events.aclose()

    return StreamingResponse(lines(), media_type=NDJSON, headers={"Cache-Control": "no-store"})


def _wants_stream(request: Request) -> bool:
    accept = request.headers.get("accept", "")
    return any(part.split(";")[0].strip().lower() == NDJSON for part in accept.split(","))


def _failure(outcome: limited.Outcome) -> ApiError:
    if isinstance(outcome, limited.Crashed):
        how = f"signal {outcome.signal}" if outcome.signal else f"exit status {outcome.exit_code}"
        return ApiError(500, f"the analysis crashed ({how}); nothing else was affected")
    if isinstance(outcome, limited.Failed):
        return ApiError(500, f"the analysis failed ({outcome.kind}: {outcome.message})")
    return ApiError(500, "the analysis stopped")  # pragma: no cover


router = APIRouter(route_class=StrictJSONRoute)
"""The routes of the analysis board (``/analyse``, ``/analyse/why``)."""


@router.post("/analyse", summary="Analyse a position")
async def analyse_position(body: AnalyseIn, request: Request, turns: SolverTurns) -> Response:
    """Everything the solver knows of a position: the count of layouts, every
    probability, dead cells, the best move and why, win chances in small
    endgames, and a minimal conflict on an impossible board. Stops after
    about 10 s or at its memory cap, answering what was known by then.
    With ``Accept: application/x-ndjson``, a JSON line per stage as it is
    done, then the whole answer. 429 (Retry-After) past the client's share."""
    board, lane = await _read_board(body, turns)
    k = board.knowledge
    # a light board's first stage, here when its counting is known small
    first = first_json(k) if lane.light else None
    if _wants_stream(request):
        return await _streamed(request, lane, k, first)
    rest = study_json if first is None else follow_json
    outcome = await _limited(request, lane, rest, k, follows=first is not None)
    if outcome is None:
        return Response(status_code=499)  # nobody is listening
    if isinstance(outcome, limited.Crashed | limited.Failed):
        raise _failure(outcome)
    # half a megabyte of exact fractions on a big board: written off the loop
    return await asyncio.to_thread(json_answer, _answer(k, outcome, first))


def _hidden_cell(body: WhyIn, k: Knowledge) -> Pos:
    """The body's cell, or a 422 when it is off the board or not hidden."""
    x, y = body.cell
    if not (0 <= x < k.width and 0 <= y < k.height):
        raise ApiError(422, f"cell: ({x}, {y}) is off the {k.width}x{k.height} board")
    if not k.hidden(Pos(x, y)):
        raise ApiError(422, f"cell: ({x}, {y}) is not a hidden cell")
    return Pos(x, y)


@router.post("/analyse/why", summary="Why a cell is safe or a mine")
async def analyse_why(body: WhyIn, request: Request, turns: SolverTurns) -> Response:
    """The fewest shown numbers that prove a hidden cell safe or a mine (the
    ``explanation`` of ``solve --json --explain``), null when nothing does."""
    board, lane = await _read_board(body, turns)
    k = board.knowledge
    cell = _hidden_cell(body, k)
    outcome = await _limited(request, lane, why_json, k, cell)
    if outcome is None:
        return Response(status_code=499)
    if isinstance(outcome, limited.Done):
        return json_answer({"explanation": outcome.value, "complete": True, "stopped": None})
    if isinstance(outcome, limited.TimedOut | limited.OutOfMemory):
        stopped = "time" if isinstance(outcome, limited.TimedOut) else "memory"
        return json_answer({"explanation": None, "complete": False, "stopped": stopped})
    raise _failure(outcome)

"""The routes that take something out of one game: its board text, a proof,
probabilities, a best time's name (or its refusal), its replay, its board as
``.mbf``. Each needs the game's token; the hub's and the store's errors
become answers in ``web.errors``."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter
from fastapi.responses import Response

from minebender.faces.web import analyse_routes
from minebender.faces.web.access import AUTH, AppHub, SolverTurns, holding, json_answer, owned
from minebender.faces.web.bodies import StrictJSONRoute
from minebender.faces.web.errors import ApiError
from minebender.faces.web.game_routes import live_view
from minebender.faces.web.lanes import light_board
from minebender.faces.web.models import NameIn
from minebender.faces.web.record_routes import best_times_of
from minebender.formats import replay as replay_mod
from minebender.formats.mbf import MBFError, format_mbf
from minebender.services import limited
from minebender.services.analysis_board import probabilities_json
from minebender.services.session.counters import live_counters
from minebender.services.store import clean_name

__all__ = ["router"]

router = APIRouter(route_class=StrictJSONRoute)
"""What may be taken out of the app's games (``/games/{gid}/...``)."""


@router.get("/games/{gid}/board.txt", summary="The board as text (what solve reads)")
async def board_text(gid: str, hub: AppHub, authorization: str | None = AUTH) -> Response:
    """What the player sees now, with their flags, as board text (docs/formats.md),
    the format ``minebender solve`` reads: a position taken out of a game into
    the solver, or into a puzzle. It tells nothing the page does not show."""
    async with holding(hub, gid, authorization) as live:
        text = live.session.board_text()
    return Response(text, media_type="text/plain; charset=utf-8")


@router.get("/games/{gid}/proof", summary="Why the hint cell was safe")
async def proof(gid: str, hub: AppHub, authorization: str | None = AUTH) -> Response:
    """For a game lost by pressing the assist too early: shown numbers that
    prove the hint cell safe (``cells``, [x, y] pairs), whether the total number
    of mines is needed too (``uses_total``), and whether they are the fewest
    (``smallest``); ``cells`` is null when the solver cannot say."""
    async with holding(hub, gid, authorization) as live:
        if live.session.lost_reason != "hint":
            raise ApiError(409, "a proof is shown only after the assist was pressed too early")
        found = await asyncio.to_thread(hub.proof, live)
    return json_answer(found or {"cells": None, "uses_total": False, "smallest": False})


@router.get("/games/{gid}/probabilities", summary="Mine probabilities (practice games)")
async def probabilities(
    gid: str, hub: AppHub, turns: SolverTurns, authorization: str | None = AUTH
) -> Response:
    """The solver's mine probability of every hidden cell, from what the player
    sees only; for practice games, which never count for best times. Worked
    out in a child process at the client's turn, as an analysis is."""
    async with holding(hub, gid, authorization) as live:
        if not live.session.spec.practice:
            raise ApiError(403, "probabilities are shown for practice games only")
        knowledge = live.session.knowledge
    light = light_board(knowledge.width, knowledge.height)  # web.lanes
    lane = turns.lane(light)
    async with lane.turn():
        limits = analyse_routes.solver_limits(lane)
        outcome = await limited.run_async(probabilities_json, knowledge, limits=limits)
    if isinstance(outcome, limited.Done):
        return json_answer(outcome.value)
    if isinstance(outcome, limited.TimedOut | limited.OutOfMemory):
        stopped = "time" if isinstance(outcome, limited.TimedOut) else "memory"
        raise ApiError(503, f"the probabilities ran out of {stopped}: try again later")
    raise ApiError(500, f"the probabilities stopped ({type(outcome).__name__})")


def _checked_name(name: str) -> str:
    """A best time's name as sent, or a 422 saying what is wrong with it."""
    try:
        clean_name(name)
    except ValueError as exc:
        raise ApiError(422, f"name: {exc}") from None
    return name


@router.post("/games/{gid}/best-time", status_code=201, summary="Name a best time")
async def best_time(
    gid: str, body: NameIn, hub: AppHub, authorization: str | None = AUTH
) -> Response:
    """Put a won game in its level's best times under a name: a ranked game
    won without the assist, among the ten best (``best_time`` in its view)."""
    live = await owned(hub, gid, authorization)
    name = _checked_name(body.name)
    entry = await asyncio.to_thread(hub.name_best_time, live, name)
    times = await asyncio.to_thread(best_times_of, hub, entry.level)
    return json_answer({"level": entry.level, "best_times": times}, 201)


@router.delete("/games/{gid}/best-time", summary="Refuse to name a best time")
async def decline_best_time(gid: str, hub: AppHub, authorization: str | None = AUTH) -> Response:
    """The player cancelled the name dialog: the time is given up for good,
    and no page (nor the terminal) asks for it again. The server keeps the
    refusal, so a page decides nothing of it."""
    live = await owned(hub, gid, authorization)
    if not live.session.won:
        raise ApiError(409, "only a game won has a best time to refuse")
    await asyncio.to_thread(hub.decline_best_time, live)
    return json_answer({"id": gid, "view": live_view(live)})


@router.get("/games/{gid}/replay", summary="Export a finished game")
async def export_replay(gid: str, hub: AppHub, authorization: str | None = AUTH) -> Response:
    """The replay file (docs/replays.md) of a finished game, with the
    player's name when the game's time was named among the best times."""
    live = await owned(hub, gid, authorization)
    if not live.session.over:
        raise ApiError(409, "a game can be exported once it is over")
    player = await asyncio.to_thread(hub.store.best_time_name, gid)
    return json_answer(replay_mod.to_json(replay_mod.from_session(live.session, player=player)))


@router.get("/games/{gid}/board.mbf", summary="The board of a finished game as .mbf")
async def export_mbf(gid: str, hub: AppHub, authorization: str | None = AUTH) -> Response:
    """The mines of a finished game as a MinesweeperX ``.mbf`` file
    (docs/formats.md), which Arbiter and JSMinesweeper open too. Never while
    the game is on: the page does not see the layout of a game in play."""
    live = await owned(hub, gid, authorization)
    layout = live.session.layout
    if not live.session.over or layout is None:
        raise ApiError(409, "a board can be exported once its game is over")
    try:
        data = format_mbf(layout)
    except MBFError as exc:  # not reached: minebender's boards fit in a byte a side
        raise ApiError(409, str(exc)) from None
    return Response(data, media_type="application/octet-stream")


@router.get("/games/{gid}/counters", summary="Live counters (an option of the page)")
async def counters(gid: str, hub: AppHub, authorization: str | None = AUTH) -> Response:
    """The game's counters now, as Arbiter and Metasweeper show them while a
    game is played: time, 3BV done of the board's, 3BV/s, the estimated
    finish, IOE and clicks (``session.counters``). The page asks only when
    the player switched them on."""
    live = await owned(hub, gid, authorization)
    return json_answer(live_counters(live.session).to_json())

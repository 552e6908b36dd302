"""The routes of help while playing: the hints that shadow play (the safe
cells, or the best guess) and auto play until a guess. Each needs the game's
token; each marks the game in its record, so it is never a best time, as the
assist does. The hints come from what the player sees only."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter
from fastapi.responses import Response

from minebender.faces.web import analyse_routes
from minebender.faces.web.access import AUTH, AppHub, SolverTurns, holding, json_answer
from minebender.faces.web.bodies import StrictJSONRoute
from minebender.faces.web.errors import ApiError
from minebender.faces.web.game_routes import live_game_view, live_view
from minebender.faces.web.lanes import light_board
from minebender.faces.web.models import AutoIn
from minebender.services import limited
from minebender.services.autoplay import play_until_guess
from minebender.services.hints import hints_json
from minebender.services.session import Session

__all__ = ["router"]

router = APIRouter(route_class=StrictJSONRoute)
"""The help a player may ask of a game in play (``/games/{gid}/...``)."""

limited.preload("minebender.services.hints")

_FIRST = "The first click is always safe: the hints start after it."


@router.post("/games/{gid}/hints", summary="The hints of the position (marks the game)")
async def hints(
    gid: str, hub: AppHub, turns: SolverTurns, authorization: str | None = AUTH
) -> Response:
    """The safe cells of what the player sees, or the best guess when none
    is safe, with a sentence saying which. The first time in a game it logs
    a ``hints`` event (the game is then never a best time) and the answer's
    view shows it. Before the first click there is nothing to hint, and
    nothing is logged. Worked out in a child process at the client's turn,
    as an analysis is; 409 once the game is over."""
    async with holding(hub, gid, authorization) as live:
        await asyncio.to_thread(hub.helped, live, Session.show_hints)
        knowledge = live.session.knowledge
        started = live.session.started
        view = live_view(live)
    if not started:
        return json_answer({"safe": [], "guess": None, "reason": _FIRST, "view": view})
    light = light_board(knowledge.width, knowledge.height)
    lane = turns.lane(light)
    async with lane.turn():
        limits = analyse_routes.solver_limits(lane)
        outcome = await limited.run_async(hints_json, knowledge, limits=limits)
    if isinstance(outcome, limited.Done):
        return json_answer({**outcome.value, "view": view})
    if isinstance(outcome, limited.TimedOut | limited.OutOfMemory):
        stopped = "time" if isinstance(outcome, limited.TimedOut) else "memory"
        raise ApiError(503, f"the hints ran out of {stopped}: try again later")
    raise ApiError(500, f"the hints stopped ({type(outcome).__name__})")


@router.post("/games/{gid}/auto", summary="Play every certain move until a guess")
async def auto(gid: str, body: AutoIn, hub: AppHub, authorization: str | None = AUTH) -> Response:
    """Play every certainly safe cell for the player in the style asked
    (``flags``, ``no_flags`` or ``efficiency``), until the next move would be
    a guess. Each click is an ``auto`` event through the rule of presses,
    stored with the game (never a best time). Answers the view, the clicks
    made, why it stopped and a sentence saying so; 409 once the game is over."""
    async with holding(hub, gid, authorization) as live:
        before = live_game_view(live)
        run = await asyncio.to_thread(hub.helped, live, lambda s: play_until_guess(s, body.style))
        answer = {"clicks": run.clicks, "stopped": run.stopped, "message": run.message}
        return json_answer({**answer, "view": live_view(live, before)})

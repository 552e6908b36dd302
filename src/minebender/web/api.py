"""The HTTP API of the web game (``/api/...``); the page uses nothing else.

Documented at ``/docs`` by FastAPI and in docs/web.md. Each handler runs on the
event loop and is short: one action, one stored transaction, one view; the
routes are in three parts: a game's (``game_routes``), the records'
(``record_routes``), the replay viewer's (``replay_routes``) and the
analysis board's (``analyse_routes``).
"""

from __future__ import annotations

from fastapi import APIRouter

from minebender.web.analyse_routes import analyse_routes
from minebender.web.bodies import StrictJSONRoute
from minebender.web.game_routes import game_routes
from minebender.web.hub import Hub
from minebender.web.puzzle_routes import puzzle_routes
from minebender.web.record_routes import LEVELS, record_routes
from minebender.web.replay_routes import MAX_REPLAY_BYTES, REPLAY_FRAMES, replay_routes
from minebender.web.review_routes import MAX_REVIEW_BYTES, REVIEW, review_routes

__all__ = ["LEVELS", "MAX_REPLAY_BYTES", "MAX_REVIEW_BYTES", "REPLAY_FRAMES", "REVIEW", "router"]


def router(hub: Hub) -> APIRouter:
    """The API's routes, serving the games of hub."""
    api = APIRouter(prefix="/api", route_class=StrictJSONRoute)
    api.include_router(game_routes(hub))
    api.include_router(replay_routes())
    api.include_router(review_routes())
    api.include_router(record_routes(hub))
    api.include_router(puzzle_routes())
    api.include_router(analyse_routes())
    return api

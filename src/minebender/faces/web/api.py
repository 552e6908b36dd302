"""The HTTP API of the web game (``/api/...``); the page uses nothing else.

Documented at ``/docs`` by FastAPI and in docs/web.md. Each handler runs on the
event loop and is short: one action, one stored transaction, one view. The
routes are in parts: a game's life (``game_routes``), what is taken out of a
game (``game_output_routes``), help while playing (``help_routes``), the
records' (``record_routes``), a player's progress (``progress_routes``),
the replay viewer's (``replay_routes``), the review's (``review_routes``),
the puzzles' (``puzzle_routes``) and the analysis board's
(``analyse_routes``, its files ``analyse_file_routes``). Each route is a
function of its own; what it shares with the app's other requests (the
hub, a queue) comes as a FastAPI dependency (``web.access``).
"""

from __future__ import annotations

from fastapi import APIRouter

from minebender.faces.web import (
    analyse_file_routes,
    analyse_routes,
    game_output_routes,
    game_routes,
    help_routes,
    progress_routes,
    puzzle_routes,
    record_routes,
    replay_routes,
    review_routes,
)
from minebender.faces.web.bodies import StrictJSONRoute
from minebender.faces.web.record_routes import LEVELS
from minebender.faces.web.replay_routes import MAX_REPLAY_BYTES, REPLAY_FRAMES
from minebender.faces.web.review_routes import MAX_REVIEW_BYTES, REVIEW

__all__ = ["LEVELS", "MAX_REPLAY_BYTES", "MAX_REVIEW_BYTES", "REPLAY_FRAMES", "REVIEW", "router"]

router = APIRouter(prefix="/api", route_class=StrictJSONRoute)
"""The API's routes; they serve the games of the hub the app holds
(``app.state.hub``)."""
router.include_router(game_routes.router)
router.include_router(game_output_routes.router)
router.include_router(help_routes.router)
router.include_router(replay_routes.router)
router.include_router(review_routes.router)
router.include_router(record_routes.router)
router.include_router(progress_routes.router)
router.include_router(puzzle_routes.router)
router.include_router(analyse_routes.router)
router.include_router(analyse_file_routes.router)

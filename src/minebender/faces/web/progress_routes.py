"""The route of a player's progress: every finished game of the store
reviewed, a row per level and a plot per figure (``minebender.services.progress``).

Each game is judged once and kept (a finished game never changes); the first
answer over many games takes seconds, so one is worked out at a time, off
the event loop.
"""

from __future__ import annotations

import asyncio
from dataclasses import asdict
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from minebender.faces.web.access import AppHub, json_answer, shared
from minebender.faces.web.bodies import StrictJSONRoute
from minebender.faces.web.hub import Hub
from minebender.services.progress import METRICS, progress_points, progress_svg, progress_table

__all__ = ["progress_of", "router"]


def progress_of(hub: Hub) -> dict[str, Any]:
    """``GET /api/progress``: a row per level and an SVG plot per figure."""
    points = progress_points(hub.store)
    return {
        "games": len(points),
        "levels": [asdict(r) | {"win_rate": r.win_rate} for r in progress_table(points)],
        "plots": {m: progress_svg(points, m) for m in METRICS},
    }


async def _one_at_a_time(request: Request) -> asyncio.Semaphore:
    return shared(request, "progress", lambda: asyncio.Semaphore(1))


router = APIRouter(route_class=StrictJSONRoute)
"""The route of the player's progress."""


@router.get("/progress", summary="A player's progress per level")
async def progress(
    hub: AppHub, at_once: Annotated[asyncio.Semaphore, Depends(_one_at_a_time)]
) -> Response:
    """Every finished game (practice excepted) reviewed: per level the games,
    wins, win rate, best time, mean 3BV/s of the won games, mean IOE and
    needless guesses per game; and plots of them over the games, as SVG."""
    async with at_once:
        return json_answer(await asyncio.to_thread(progress_of, hub))

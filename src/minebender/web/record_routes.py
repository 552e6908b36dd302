"""The routes of the records: best times and statistics of every level, their
resets, and the server's health."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from minebender.web.access import json_answer
from minebender.web.bodies import StrictJSONRoute
from minebender.web.errors import ApiError
from minebender.web.hub import Hub, SaveFailed

__all__ = ["LEVELS", "best_times_of", "record_routes"]

LEVELS = ("beginner", "intermediate", "expert")
"""The levels with best times (a custom field has statistics only)."""


def best_times_of(hub: Hub, level: str) -> list[dict[str, Any]]:
    """A level's best times, as the API answers them (fastest first)."""
    return [
        {"name": t.name, "elapsed_ms": t.elapsed_ms, "recorded_at": t.recorded_at}
        for t in hub.store.best_times(level)
    ]


def record_routes(hub: Hub) -> APIRouter:
    """The routes of hub's best times and statistics, and ``/health``."""
    api = APIRouter(route_class=StrictJSONRoute)

    def _all_times() -> dict[str, list[dict[str, Any]]]:
        return {level: best_times_of(hub, level) for level in LEVELS}

    @api.get("/best-times", summary="Best times per level")
    async def best_times() -> Response:
        """The best times of Beginner, Intermediate and Expert, fastest first."""
        return json_answer(await asyncio.to_thread(_all_times))

    @api.delete("/best-times", summary="Reset Scores")
    async def reset_best_times() -> Response:
        """Empty the best times of every level, for good: no game finished
        before comes back into them. Answers the emptied lists and ``removed``.
        A DELETE, which another site's page cannot send without asking first."""
        try:
            removed = await asyncio.to_thread(hub.reset_best_times)
        except SaveFailed as exc:
            raise ApiError(503, f"could not reset the best times: {exc}") from None
        return json_answer({"removed": removed, **await asyncio.to_thread(_all_times)})

    @api.get("/statistics", summary="Statistics per level")
    async def statistics() -> Response:
        """Played, won, win % and streaks of each level's ranked games (practice,
        no-guess and chosen boards excluded)."""
        return json_answer(await asyncio.to_thread(_statistics))

    @api.delete("/statistics", summary="Reset Statistics")
    async def reset_statistics() -> Response:
        """Start every level's statistics again from zero; the best times stay.
        Answers the new statistics and ``removed``, the games they counted."""
        try:
            removed = await asyncio.to_thread(hub.reset_statistics)
        except SaveFailed as exc:
            raise ApiError(503, f"could not reset the statistics: {exc}") from None
        return json_answer({"removed": removed, **await asyncio.to_thread(_statistics)})

    def _statistics() -> dict[str, Any]:
        out = {}
        for level in (*LEVELS, "custom"):
            st = hub.store.statistics(level)
            out[level] = {
                "played": st.played,
                "won": st.won,
                "win_percent": st.win_percent,
                "current_streak": st.current_streak,
                "best_streak": st.best_streak,
            }
        return out

    @api.get("/health", summary="The server is up")
    async def health() -> Response:
        """Answers ``{"ok": true}``: for scripts that wait for the server."""
        return json_answer({"ok": True})

    return api

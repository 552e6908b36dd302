"""The routes of the records: best times and statistics of every level, their
resets, the finished games the server keeps (the page's Replays), and the
server's health."""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import Response

from minebender.faces.web.access import AppHub, json_answer
from minebender.faces.web.bodies import StrictJSONRoute
from minebender.faces.web.errors import ApiError
from minebender.faces.web.hub import Hub
from minebender.formats import replay as replay_mod
from minebender.services.session import board_code, level_name
from minebender.services.store import FinishedGame

__all__ = ["LEVELS", "best_times_of", "router"]

LEVELS = ("beginner", "intermediate", "expert")
"""The levels with best times (a custom field has statistics only)."""


def best_times_of(hub: Hub, level: str) -> list[dict[str, Any]]:
    """A level's best times, as the API answers them (fastest first)."""
    return [
        {"name": t.name, "elapsed_ms": t.elapsed_ms, "recorded_at": t.recorded_at}
        for t in hub.store.best_times(level)
    ]


MAX_PAGE = 200
"""The most finished games one request of the list answers."""
MAX_OFFSET = 2**63 - 1
"""The largest offset of a page: SQLite's largest integer. A larger one
overflowed in the query, an internal error (500) and not a 422."""


def finished_item(g: FinishedGame) -> dict[str, Any]:
    """A finished game as ``GET /api/replays`` lists it."""
    b = g.spec.setup
    return {
        "id": g.id,
        "level": level_name(g.spec.level),
        "width": b.width,
        "height": b.height,
        "mines": b.mines,
        "status": g.status,
        "reason": g.reason,
        "elapsed_ms": g.elapsed_ms,
        "bbbv": g.bbbv,
        "finished_at": g.finished_at,
        "practice": g.spec.practice,
        "no_guess": g.spec.no_guess,
        "ranked": g.spec.ranked,
        "code": board_code(g.spec),
        "interface": g.interface,
        "player": g.player,
    }


def stored_replay(hub: Hub, gid: str) -> dict[str, Any] | None:
    """The replay file of a finished (won or lost) game in the store, or None."""
    stored = hub.store.load(gid)
    if stored is None or stored.status not in ("won", "lost"):
        return None
    player = hub.store.best_time_name(gid)
    return replay_mod.to_json(replay_mod.from_session(stored.session(lambda: 0.0), player))


def all_best_times(hub: Hub) -> dict[str, list[dict[str, Any]]]:
    """The best times of every level with them, as ``GET /api/best-times`` answers."""
    return {level: best_times_of(hub, level) for level in LEVELS}


def all_statistics(hub: Hub) -> dict[str, Any]:
    """The statistics of every level, Custom included, as ``GET /api/statistics``
    answers them."""
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


router = APIRouter(route_class=StrictJSONRoute)
"""The routes of the app's best times and statistics, and ``/health``."""


@router.get("/best-times", summary="Best times per level")
async def best_times(hub: AppHub) -> Response:
    """The best times of Beginner, Intermediate and Expert, fastest first."""
    return json_answer(await asyncio.to_thread(all_best_times, hub))


@router.delete("/best-times", summary="Reset Scores")
async def reset_best_times(hub: AppHub) -> Response:
    """Empty the best times of every level, for good: no game finished
    before comes back into them. Answers the emptied lists and ``removed``.
    A DELETE, which another site's page cannot send without asking first."""
    removed = await asyncio.to_thread(hub.reset_best_times)
    return json_answer({"removed": removed, **await asyncio.to_thread(all_best_times, hub)})


@router.get("/statistics", summary="Statistics per level")
async def statistics(hub: AppHub) -> Response:
    """Played, won, win % and streaks of each level's ranked games (practice,
    no-guess and chosen boards excluded)."""
    return json_answer(await asyncio.to_thread(all_statistics, hub))


@router.delete("/statistics", summary="Reset Statistics")
async def reset_statistics(hub: AppHub) -> Response:
    """Start every level's statistics again from zero; the best times stay.
    Answers the new statistics and ``removed``, the games they counted."""
    removed = await asyncio.to_thread(hub.reset_statistics)
    return json_answer({"removed": removed, **await asyncio.to_thread(all_statistics, hub)})


@router.get("/replays", summary="The finished games the server keeps")
async def replays(
    hub: AppHub,
    level: Literal["beginner", "intermediate", "expert", "custom"] | None = None,
    result: Literal["won", "lost"] | None = None,
    order: Literal["time", "date"] = "time",
    offset: int = Query(0, ge=0, le=MAX_OFFSET),
    limit: int = Query(50, ge=1, le=MAX_PAGE),
) -> Response:
    """One page of the finished games of every player and interface, for
    Game > Replays: by level and result, the best times first (``time``:
    won games fastest first, then the lost ones) or the newest first
    (``date``). ``total`` is how many match in all."""
    total, games = await asyncio.to_thread(
        hub.store.finished_page, level=level, result=result, order=order, offset=offset, limit=limit
    )
    items = [finished_item(g) for g in games]
    return json_answer({"total": total, "offset": offset, "games": items})


@router.get("/replays/{gid}", summary="The replay file of a finished game")
async def replay_file(gid: str, hub: AppHub) -> Response:
    """The replay file (docs/replays.md) of any finished game the server
    keeps, as ``/api/games/{id}/replay`` gives its owner: a finished game
    gives nothing away. 404 for a game not finished (or abandoned)."""
    data = await asyncio.to_thread(stored_replay, hub, gid)
    if data is None:
        raise ApiError(404, f"no finished game {gid!r}: only a game won or lost has a replay")
    return json_answer(data)


@router.get("/health", summary="The server is up")
async def health() -> Response:
    """Answers ``{"ok": true}``: for scripts that wait for the server."""
    return json_answer({"ok": True})

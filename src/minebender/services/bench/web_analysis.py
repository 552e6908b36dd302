"""``minebender bench web --analyse``: the analysis board's round trips, and the
other players' while a pathological board is analysed.

Three cases, one after the other, on the server ``bench web`` loads:

1. ``analyse expert`` and ``analyse beginner``: POST /api/analyse on
   positions of real play (the views before each decision of seeded games),
   one at a time, the whole answer; then the same positions and
   Intermediate's as a page asks them (``bench.web_stages``: a line per
   stage), the time to the first line, one at a time;
2. ``analyse 100x100``: the whole answer on 100x100 boards with 2,000
   mines, early, middle and late positions of real play;
3. the usual players (``--players``, ``--actions``), plus three pages of the
   analysis board that edit a position every think time, one a level
   (``busy beginner``, ``busy intermediate``, ``busy expert``: their whole
   answers, when they come before the next edit), while another client keeps
   the server analysing a 200x200 lattice of numbers two cells apart
   (``analyse hard``: each stops at the time limit or the memory cap,
   answering what it knew). The pages' time to the first line (the count
   and the probabilities) is the figure the issue asks for: under 50 ms at
   the 95th percentile on every level.

The bench only times requests: the connections and the players are
``bench.web``'s, handed in, so this module needs nothing of it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from minebender.formats.boardtext import format_board
from minebender.services.bench.positions import real_play, real_play_board, wide_lattice
from minebender.services.bench.web_stages import (
    LEVELS,
    FirstStages,
    Page,
    busy_page,
    one_by_one,
)

__all__ = [
    "BIG_POSITIONS",
    "EXPERT_POSITIONS",
    "HARD_SIZE",
    "KINDS",
    "PAGE_POSITIONS",
    "Conn",
    "Timings",
    "analysis_cases",
]

EXPERT_POSITIONS = 60
BEGINNER_POSITIONS = 60
BIG_POSITIONS = 12
HARD_SIZE = 200
KINDS = (
    "analyse expert",
    "analyse beginner",
    "analyse 100x100",
    *(f"busy {level}" for level in LEVELS),
    "analyse hard",
)
"""The kinds of request timed here, beside the players' actions."""


class Conn(Protocol):
    """One kept-alive connection (``bench.web._Conn``)."""

    server_ms: float

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        """One request; its status and JSON answer."""
        ...

    def close(self) -> None:
        """Close the connection."""
        ...


class Timings(Protocol):
    """Where the round trips go (``bench.web.Stats``)."""

    errors: list[str]

    def add(self, kind: str, ms: float) -> None:
        """One round trip of a kind, in ms."""
        ...


async def _timed(conn: Conn, kind: str, board: str, stats: Timings) -> dict[str, Any] | None:
    t0 = time.perf_counter()
    status, data = await conn.request("POST", "/api/analyse", {"board": board})
    stats.add(kind, (time.perf_counter() - t0) * 1000)
    if status != 200:
        stats.errors.append(f"{kind}: {status} {str(data)[:80]}")
        return None
    answer: dict[str, Any] = data
    return answer


async def _one_by_one(conn: Conn, kind: str, boards: list[str], stats: Timings) -> None:
    for board in boards:
        await _timed(conn, kind, board, stats)


async def _hard(conn: Conn, board: str, stats: Timings, stops: list[str]) -> None:
    """Keep the server analysing board until cancelled; why each analysis stopped
    goes to stops."""
    while True:
        answer = await _timed(conn, "analyse hard", board, stats)
        if answer is None:
            return
        stops.append(str(answer.get("stopped")))


PAGE_POSITIONS = 40
"""Positions of each level a page edits through."""


def _page_boards(seed: int) -> dict[str, list[str]]:
    return {
        level: [format_board(p.knowledge) for p in real_play(level, PAGE_POSITIONS, seed)]
        for level in LEVELS
    }


async def _first_alone(
    make_page: Callable[[str], Page], boards: dict[str, list[str]]
) -> FirstStages:
    found = FirstStages()
    page = make_page("minebender-bench-alone")
    try:
        for level in LEVELS:
            await one_by_one(page, level, boards[level], found)
    finally:
        page.close()
    return found


async def analysis_cases(
    make_conn: Callable[[], Conn],
    make_page: Callable[[str], Page],
    stats: Timings,
    load: Callable[[], Awaitable[float]],
    seed: int,
    think_ms: float,
) -> tuple[float, list[str], FirstStages]:
    """Run the three cases; the wall time of the load under the hard board,
    why each hard analysis stopped (``"time"``, ``"memory"``), and the
    pages' first stages."""
    expert = [format_board(p.knowledge) for p in real_play("expert", EXPERT_POSITIONS, seed)]
    beginner = [format_board(p.knowledge) for p in real_play("beginner", BEGINNER_POSITIONS, seed)]
    big = [format_board(p.knowledge) for p in real_play_board(100, 100, 2000, BIG_POSITIONS, seed)]
    hard = format_board(wide_lattice(HARD_SIZE, seed).knowledge)
    paged = _page_boards(seed)
    conn = make_conn()
    try:
        await _one_by_one(conn, "analyse expert", expert, stats)
        await _one_by_one(conn, "analyse beginner", beginner, stats)
    finally:
        conn.close()
    found = await _first_alone(make_page, paged)
    conn = make_conn()
    try:
        await _one_by_one(conn, "analyse 100x100", big, stats)
    finally:
        conn.close()
    hard_conn = make_conn()
    pages = {level: make_page(f"minebender-bench-page-{level}") for level in LEVELS}
    done = asyncio.Event()
    stops: list[str] = []
    wholes: dict[str, list[float]] = {level: [] for level in LEVELS}
    hard_task = asyncio.ensure_future(_hard(hard_conn, hard, stats, stops))
    try:
        await asyncio.sleep(1.0)  # the hard board is under way before anyone plays
        page_tasks = [
            asyncio.ensure_future(
                busy_page(page, level, paged[level], think_ms, found, wholes[level], done)
            )
            for level, page in pages.items()
        ]
        wall = await load()
        done.set()
        await asyncio.gather(*page_tasks)
    finally:
        hard_task.cancel()  # its connection closes: the server kills the analysis
        hard_conn.close()
        for page in pages.values():
            page.close()
    for level, ts in wholes.items():
        for ms in ts:
            stats.add(f"busy {level}", ms)
    return wall, stops, found

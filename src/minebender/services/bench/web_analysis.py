"""``minebender bench web --analyse``: the analysis board's round trips, and the
other players' while a pathological board is analysed.

Three cases, one after the other, on the server ``bench web`` loads:

1. ``analyse expert`` and ``analyse beginner``: POST /api/analyse on
   positions of real play (the views before each decision of seeded games),
   one at a time;
2. ``analyse 100x100``: the same on 100x100 boards with 2,000 mines, early,
   middle and late positions of real play;
3. the usual players (``--players``, ``--actions``), plus two clients that
   ask analyses of real play, one every think time (``busy expert`` and
   ``busy beginner``), while another keeps the server analysing a 200x200 lattice of
   numbers two cells apart (``analyse hard``: each stops at the time limit or
   the memory cap, answering what it knew). Their actions' percentiles are
   the figure the issue asks for: under 50 ms at the 95th.

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
from minebender.values.seeded import Stream

__all__ = ["BIG_POSITIONS", "EXPERT_POSITIONS", "HARD_SIZE", "Conn", "Timings", "analysis_cases"]

EXPERT_POSITIONS = 60
BEGINNER_POSITIONS = 60
BIG_POSITIONS = 12
HARD_SIZE = 200


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


async def _small(
    conn: Conn, kind: str, boards: list[str], stats: Timings, think_ms: float, done: asyncio.Event
) -> None:
    rng = Stream.from_text("minebender bench web analysis")
    while not done.is_set():
        await asyncio.sleep(rng.uniform(0.5, 1.5) * max(think_ms, 50) / 1000)
        await _timed(conn, kind, rng.choice(boards), stats)


async def analysis_cases(
    make_conn: Callable[[], Conn],
    stats: Timings,
    load: Callable[[], Awaitable[float]],
    seed: int,
    think_ms: float,
) -> tuple[float, list[str]]:
    """Run the three cases; the wall time of the load under the hard board, and
    why each hard analysis stopped (``"time"``, ``"memory"``)."""
    expert = [format_board(p.knowledge) for p in real_play("expert", EXPERT_POSITIONS, seed)]
    beginner = [format_board(p.knowledge) for p in real_play("beginner", BEGINNER_POSITIONS, seed)]
    big = [format_board(p.knowledge) for p in real_play_board(100, 100, 2000, BIG_POSITIONS, seed)]
    hard = format_board(wide_lattice(HARD_SIZE, seed).knowledge)
    conn = make_conn()
    try:
        await _one_by_one(conn, "analyse expert", expert, stats)
        await _one_by_one(conn, "analyse beginner", beginner, stats)
        await _one_by_one(conn, "analyse 100x100", big, stats)
    finally:
        conn.close()
    hard_conn, small_conns = make_conn(), [make_conn(), make_conn()]
    done = asyncio.Event()
    stops: list[str] = []
    hard_task = asyncio.ensure_future(_hard(hard_conn, hard, stats, stops))
    try:
        await asyncio.sleep(1.0)  # the hard board is under way before anyone plays
        small_tasks = [
            asyncio.ensure_future(_small(c, kind, boards, stats, think_ms, done))
            for c, kind, boards in zip(
                small_conns, ("busy expert", "busy beginner"), (expert, beginner), strict=True
            )
        ]
        wall = await load()
        done.set()
        await asyncio.gather(*small_tasks)
    finally:
        hard_task.cancel()  # its connection closes: the server kills the analysis
        hard_conn.close()
        for c in small_conns:
            c.close()
    return wall, stops

"""``minebender bench web --analyse``: the analysis board's first stage as a page
waits for it.

The page asks ``POST /api/analyse`` with ``Accept: application/x-ndjson``
after every edit and draws the count and the probabilities from the first
line; the best move, the win chances and the dead cells follow, and the next
edit aborts the request (the server then kills its work). A ``Page`` here
does the same: a connection of its own with a client cookie of its own (each
page is a client of the server's fair turns, as a browser tab is), the time
to the first line (the figure the target is set on: under 50 ms at the 95th
percentile for every board up to Expert), the time to the whole answer when
it comes before the next edit, and an abort when it does not.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncGenerator
from dataclasses import dataclass, field
from typing import Any

from minebender.services.bench.percentile import percentile
from minebender.values.seeded import Stream

__all__ = ["LEVELS", "TARGET_MS", "FirstStages", "Page", "busy_page", "one_by_one", "report"]

LEVELS = ("beginner", "intermediate", "expert")
"""The levels whose positions the pages edit: every board up to Expert."""
TARGET_MS = 50.0
"""The first stage's 95th percentile, on every level, while a hard board runs."""
ANSWER_S = 30.0
"""The longest wait for a line: a server that stops answering ends the run."""


class StreamLost(Exception):
    """The server closed the stream or stopped answering."""


@dataclass
class FirstStages:
    """Times to the first line in ms, by level: one position at a time with
    nothing else running (``alone``), and from pages editing while the
    players play and a hard board is analysed (``busy``); how many of the
    busy pages' analyses the next edit cancelled; and errors."""

    alone: dict[str, list[float]] = field(default_factory=dict)
    busy: dict[str, list[float]] = field(default_factory=dict)
    cancelled: dict[str, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


class Page:
    """One page of the analysis board: a kept-alive connection, dropped (and the
    request with it) when an edit aborts the analysis on its way."""

    def __init__(self, host: str, port: int, client_id: str) -> None:
        self.host, self.port, self.client_id = host, port, client_id
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def stages(self, board: str) -> AsyncGenerator[dict[str, Any]]:
        """Each JSON line of the analysis of board, as it comes; StreamLost
        when the server refuses it or stops answering."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.wait_for(
                asyncio.open_connection(self.host, self.port), ANSWER_S
            )
        assert self.reader is not None and self.writer is not None
        data = json.dumps({"board": board}).encode()
        self.writer.write(
            f"POST /api/analyse HTTP/1.1\r\nHost: {self.host}\r\n"
            f"Cookie: minebender_client={self.client_id}\r\n"
            "Content-Type: application/json\r\nAccept: application/x-ndjson\r\n"
            f"Content-Length: {len(data)}\r\n\r\n".encode()
            + data
        )
        status, chunked, length = await self._head(self.reader)
        if status != 200 or not chunked:
            body = await self.reader.readexactly(length)
            raise StreamLost(f"{status} {body[:80]!r}")
        kept = b""
        while True:
            size = int((await self._line(self.reader)).split(b";")[0], 16)
            chunk = await self.reader.readexactly(size + 2)  # and its CRLF
            if size == 0:
                return
            kept += chunk[:-2]
            *lines, kept = kept.split(b"\n")
            for line in lines:
                if line.strip():
                    yield json.loads(line)

    async def _line(self, reader: asyncio.StreamReader) -> bytes:
        try:
            line = await asyncio.wait_for(reader.readline(), ANSWER_S)
        except TimeoutError:
            raise StreamLost(f"no line within {ANSWER_S:.0f} s") from None
        if not line:
            raise StreamLost("the server closed the connection")
        return line

    async def _head(self, reader: asyncio.StreamReader) -> tuple[int, bool, int]:
        """The status, whether the body is chunked, and its length otherwise."""
        status = int((await self._line(reader)).split()[1])
        chunked, length = False, 0
        while (line := await self._line(reader)) != b"\r\n":
            name, _, value = line.partition(b":")
            name, value = name.strip().lower(), value.strip().lower()
            if name == b"transfer-encoding":
                chunked = value == b"chunked"
            elif name == b"content-length":
                length = int(value)
        return status, chunked, length

    def close(self) -> None:
        """Drop the connection: the request on it, if any, is aborted."""
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def _ask(page: Page, board: str, until: float | None) -> tuple[float, float | None]:
    """The ms to the first line and to the whole answer, None when ``until``
    (a ``perf_counter`` time: the next edit) came first and the request was
    aborted."""
    t0 = time.perf_counter()
    first = float("nan")
    whole: float | None = None
    lines = page.stages(board)
    try:
        async with asyncio.timeout_at(None) as limit:
            async for line in lines:
                if "detail" in line:
                    raise StreamLost(f"the analysis failed: {line['detail']}")
                if first != first:  # the first line: the count and the probabilities
                    if "probabilities" not in line:
                        raise StreamLost(f"its first line has no probabilities: {list(line)}")
                    first = (time.perf_counter() - t0) * 1000
                    if until is not None:
                        limit.reschedule(
                            asyncio.get_running_loop().time() + until - time.perf_counter()
                        )
                if "complete" in line:
                    whole = (time.perf_counter() - t0) * 1000
    except TimeoutError:
        page.close()  # the next edit aborts it
        return first, None
    finally:
        await lines.aclose()
    if whole is None:
        raise StreamLost("the stream ended before the whole answer")
    return first, whole


async def one_by_one(page: Page, level: str, boards: list[str], found: FirstStages) -> None:
    """Each board's analysis in turn, read to its end, nothing else running."""
    for board in boards:
        try:
            first, _ = await _ask(page, board, None)
        except StreamLost as exc:
            found.errors.append(f"first {level} alone: {exc}")
            page.close()
            continue
        found.alone.setdefault(level, []).append(first)


async def busy_page(
    page: Page,
    level: str,
    boards: list[str],
    think_ms: float,
    found: FirstStages,
    whole: list[float],
    done: asyncio.Event,
) -> None:
    """A page editing until done: a position every think time (half to one and a
    half times it), its first line timed, its whole answer timed into whole
    when it comes before the next edit, else aborted by it."""
    rng = Stream.from_text(f"minebender bench web page {level}")
    while not done.is_set():
        pause = rng.uniform(0.5, 1.5) * max(think_ms, 50) / 1000
        until = time.perf_counter() + pause
        try:
            first, end = await _ask(page, rng.choice(boards), until)
        except (StreamLost, OSError) as exc:
            found.errors.append(f"first {level}: {exc}")
            page.close()
            await asyncio.sleep(pause)
            continue
        found.busy.setdefault(level, []).append(first)
        if end is None:
            found.cancelled[level] = found.cancelled.get(level, 0) + 1
        else:
            whole.append(end)
        await asyncio.sleep(max(0.0, until - time.perf_counter()))


def _cells(ts: list[float] | None) -> str:
    if not ts:
        return f"{'-':>6}{'-':>9}{'-':>9}"
    return f"{len(ts):>6}{percentile(ts, 0.5):>9.1f}{percentile(ts, 0.95):>9.1f}"


def report(found: FirstStages, hard: str) -> bool:
    """Print the first stage's table and verdict; whether the target was met on
    every level while the hard board was analysed."""
    print(f"first stage (count and probabilities): ms to its line, alone and while {hard}")
    print(
        f"{'level':<14}{'alone':>6}{'p50':>9}{'p95':>9}{'busy':>6}{'p50':>9}{'p95':>9}"
        f"{'max':>9}{'cancelled':>11}"
    )
    worst = 0.0
    for level in LEVELS:
        busy = found.busy.get(level)
        p95 = percentile(busy, 0.95) if busy else float("inf")
        worst = max(worst, p95)
        most = f"{max(busy):>9.1f}" if busy else f"{'-':>9}"
        print(
            f"{level:<14}{_cells(found.alone.get(level))}{_cells(busy)}{most}"
            f"{found.cancelled.get(level, 0):>11}"
        )
    for e in found.errors[:5]:
        print(f"  error: {e}")
    met = worst < TARGET_MS and not found.errors
    print(
        f"95th percentile of the first stage, worst level: {worst:.1f} ms"
        f" (target < {TARGET_MS:g} ms): {'OK' if met else 'MISSED'}"
    )
    return met

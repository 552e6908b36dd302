"""Turns at the server's heavy work, fair between clients and bounded.

An analysis, a review, a replay's frames and a practice game's probabilities
each take a core and up to gigabytes in a child process. Before this module
each kind had one semaphore and an unbounded line behind it: one client
posting 50 heavy analyses held every turn, and a polite client's Expert
analysis (0.24 s alone) had no answer after 20 s.

An ``Admission`` hands out a fixed number of turns (``Share.slots``) to
clients in rotation:

- a client runs at most ``Share.running`` jobs at once (by default all turns
  but one), so one client never holds every turn while another waits, and
  a client alone still runs a quick job beside a slow one of its own;
- a client has at most ``Share.waiting`` more in line, and one address at
  most ``Share.per_address`` in all (a program that sends a new client id
  with each request still gets no more); past either, ``Busy`` (429);
- the line of the whole server has at most ``Share.line`` requests (503);
- when a turn frees, the next client in rotation that has one waiting takes
  it: a client with one request waits behind at most one request of each
  other client, never behind a flood.

Both refusals carry ``retry_after``, whole seconds from how long a turn has
taken lately, which the server sends as ``Retry-After``.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections import Counter, deque
from collections.abc import AsyncIterator
from dataclasses import dataclass

__all__ = ["Admission", "Bounds", "Busy", "Client", "Share"]


@dataclass(frozen=True, slots=True)
class Client:
    """Who asks: the address the request came from and the client id the page's
    cookie holds (None when it sent none)."""

    address: str
    id: str | None = None


@dataclass(frozen=True, slots=True)
class Share:
    """The bounds of one kind of work (``minebender serve`` options set them)."""

    slots: int = 3
    running: int = 2
    waiting: int = 4
    per_address: int = 16
    line: int = 64

    def __post_init__(self) -> None:
        for name in ("slots", "running", "waiting", "per_address", "line"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")
        if self.running > self.slots:
            raise ValueError(f"running ({self.running}) may not be more than slots ({self.slots})")


class Busy(Exception):
    """No turn for this request: ``status`` 429 when the client's share is full,
    503 when the server's whole line is; ``retry_after`` in whole seconds."""

    def __init__(self, message: str, retry_after: int, status: int = 429) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.status = status


class Admission:
    """The turns at one kind of work (``what``: "analyses", "reviews"...)."""

    def __init__(self, share: Share, what: str) -> None:
        self.share = share
        self.what = what
        self._free = share.slots
        self._running: Counter[Client] = Counter()
        self._held: Counter[str] = Counter()  # running and waiting, per address
        self._lines: dict[Client, deque[asyncio.Future[None]]] = {}
        self._last_start: dict[Client, int] = {}  # the count of turns when its last began
        self._turns = 0
        self._waiting = 0
        self._turn_seconds = 1.0  # how long a turn takes, a moving mean

    @property
    def waiting(self) -> int:
        """Requests in line now, of every client."""
        return self._waiting

    @property
    def running(self) -> int:
        """Turns taken now."""
        return self.share.slots - self._free

    def _retry_after(self, ahead: int) -> int:
        turns = self._turn_seconds * (ahead + 1) / min(self.share.running, self.share.slots)
        return max(1, min(60, math.ceil(turns)))

    def _admit(self, client: Client, queued: bool) -> None:
        """Raise ``Busy`` when client may not take a turn (``queued``: nor wait for one)."""
        share = self.share
        held = self._held[client.address]
        if held >= share.per_address:
            raise Busy(
                f"too many {self.what} from {client.address} at once: try again later",
                self._retry_after(held // share.running),
            )
        if not queued:
            return
        mine = len(self._lines.get(client, ()))
        if mine >= share.waiting:
            raise Busy(
                f"too many {self.what} from this client at once ({self._running[client]}"
                f" running, {mine} waiting): try again later",
                self._retry_after(mine),
            )
        if self._waiting >= share.line:
            raise Busy(
                f"the server has {self._waiting} {self.what} waiting: try again later",
                self._retry_after(self._waiting // share.slots),
                503,
            )

    def _may_run(self, client: Client) -> bool:
        return self._free > 0 and self._running[client] < self.share.running

    def _start(self, client: Client) -> None:
        self._free -= 1
        self._running[client] += 1
        self._turns += 1
        self._last_start[client] = self._turns

    def _hand_on(self) -> None:
        """Give each free turn to the client, among those waiting with a job
        fewer than their share running, whose last turn began longest ago."""
        while self._free > 0:
            ready = [c for c in self._lines if self._running[c] < self.share.running]
            if not ready:
                return
            client = min(ready, key=lambda c: self._last_start.get(c, -math.inf))
            line = self._lines[client]
            waiter = line.popleft()
            self._waiting -= 1
            if not line:
                del self._lines[client]
            if waiter.done():  # cancelled: its request is leaving the line
                continue
            self._start(client)
            waiter.set_result(None)

    def _leave_line(self, client: Client, waiter: asyncio.Future[None]) -> None:
        line = self._lines.get(client)
        if line is None or waiter not in line:
            return
        line.remove(waiter)
        self._waiting -= 1
        if not line:
            del self._lines[client]

    def _finish(self, client: Client, seconds: float) -> None:
        self._free += 1
        self._running[client] -= 1
        if self._running[client] <= 0:
            del self._running[client]
            if client not in self._lines:
                self._last_start.pop(client, None)
        self._held[client.address] -= 1
        if self._held[client.address] <= 0:
            del self._held[client.address]
        self._turn_seconds = 0.8 * self._turn_seconds + 0.2 * seconds
        self._hand_on()

    def check(self, client: Client) -> None:
        """Raise ``Busy`` now if client's request would be refused: a route
        calls it before reading a big body, so a flood costs no parsing."""
        self._admit(client, queued=not (self._may_run(client) and client not in self._lines))

    @contextlib.asynccontextmanager
    async def turn(self, client: Client) -> AsyncIterator[None]:
        """Wait for client's turn, hold it inside the block; ``Busy`` at once
        when the client's share (or the server's line) is full. A request
        cancelled while it waits (its client went away) leaves the line."""
        at_once = self._may_run(client) and client not in self._lines
        self._admit(client, queued=not at_once)  # as check() does
        if at_once:
            self._start(client)
            self._held[client.address] += 1
        else:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._lines.setdefault(client, deque()).append(waiter)
            self._waiting += 1
            self._held[client.address] += 1
            try:
                await waiter
            except BaseException:
                if waiter.done() and not waiter.cancelled():
                    self._finish(client, 0.0)  # its turn came as it was cancelled
                else:
                    self._leave_line(client, waiter)
                    self._held[client.address] -= 1
                    if self._held[client.address] <= 0:
                        del self._held[client.address]
                raise
        started = time.monotonic()
        try:
            yield
        finally:
            self._finish(client, time.monotonic() - started)


@dataclass(frozen=True, slots=True)
class Bounds:
    """The shares of the server's kinds of heavy work: the solver's (analyses,
    their proofs, a practice game's probabilities), the files' (reviews of
    uploaded replays, a replay's frames) and the puzzles'; and ``light``,
    the share of each light lane (``web.lanes``: Expert-size analyses, and
    reviews of Expert-size files), turns the heavy work never takes.
    ``analysis_seconds`` is the seconds a job of the solver may take
    (None: ``web.analyse_routes.ANALYSE_LIMITS``'s 10 s)."""

    solver: Share = Share(slots=3, running=2)
    files: Share = Share(slots=2, running=1)
    puzzles: Share = Share(slots=2, running=1)
    light: Share = Share(slots=2, running=1)
    analysis_seconds: float | None = None

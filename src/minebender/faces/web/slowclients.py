"""Deadlines for a request's head and body, and a cap on connections, so that
slow clients cannot hold the server.

Uvicorn closes a connection left idle after an answer (``timeout_keep_alive``),
but it gives a request's head and body no deadline, and every byte that
arrives starts its idle time again: 1,060 connections that each sent a byte
a second were all kept, and with 1,000 of them ``/api/health`` had no answer
in 20 s. ``guarded_protocol`` is uvicorn's own HTTP/1.1 protocol (h11) with
what it lacks, passed to uvicorn as its ``http`` protocol class:

- ``Timeouts.head``: from the moment a connection opens, or its last answer
  ends, to the end of the next request's head. Bytes that trickle in do not
  extend it. Past it the connection is closed, with a ``408`` when part of a
  head had come.
- ``Timeouts.body``: from the end of the head to the end of the body (a 5 MB
  replay at 1 Mbit/s takes 40 s). Past it the connection is closed, and the
  route reading the body sees its client gone.
- ``Timeouts.connections``: at most this many connections at once. A new one
  past the cap closes the connection that has waited longest for a request
  head (idle, or trickling one in); when every connection is busy with a
  request, the new one is closed instead.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["Timeouts", "guarded_protocol"]

_SAID = b"the request head came too slowly\n"
TIMED_OUT = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"connection: close\r\ncontent-length: %d\r\n\r\n%s" % (len(_SAID), _SAID)
)
"""What a connection whose head did not come in time is told before it is closed."""


@dataclass(frozen=True, slots=True)
class Timeouts:
    """The deadlines (in seconds) and the connection cap of ``minebender serve``."""

    head: float = 10.0
    body: float = 60.0
    idle: float = 5.0
    connections: int = 1000

    def __post_init__(self) -> None:
        for name in ("head", "body", "idle"):
            value = getattr(self, name)
            if not 0 < value <= 3600:
                raise ValueError(f"{name} timeout must be from 0 to 3600 seconds, not {value}")
        if self.connections < 1:
            raise ValueError("connections must be at least 1")


class _Guarded(H11Protocol):
    """H11Protocol with a deadline on each request's head and body, and the
    connection cap (``Timeouts``)."""

    timeouts: ClassVar[Timeouts] = Timeouts()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._phase: str | None = None
        self._since = 0.0
        self._heard = False
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._watch()
        if len(self.connections) > self.timeouts.connections:
            self._make_room()

    def data_received(self, data: bytes) -> None:
        self._heard = True
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_deadline()
        self._phase = None
        super().connection_lost(exc)

    def _watch(self) -> None:
        """Start the deadline of the phase the connection is in, if it changed."""
        if self.transport.is_closing():
            return
        theirs, ours = self.conn.their_state, self.conn.our_state
        phase = (
            "head"
            if theirs is h11.IDLE and ours is h11.IDLE
            else "body"
            if theirs is h11.SEND_BODY
            else None
        )
        if phase == self._phase:
            return
        self._stop_deadline()
        self._phase = phase
        self._heard = False
        if phase is not None:
            self._since = self.loop.time()
            seconds = self.timeouts.head if phase == "head" else self.timeouts.body
            self._deadline = self.loop.call_later(seconds, self._expire)

    def _stop_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self._phase == "head" and self._heard:
            self.transport.write(TIMED_OUT)
        self.transport.close()

    def _make_room(self) -> None:
        """Close the connection that has waited longest for a request head, or
        this one when every other is busy with a request."""
        waiting = [
            c
            for c in self.connections
            if isinstance(c, _Guarded) and c is not self and c._phase == "head"
        ]
        oldest = min(waiting, key=lambda c: c._since, default=None)
        victim = oldest if oldest is not None else self
        victim._stop_deadline()
        victim.transport.close()


def guarded_protocol(timeouts: Timeouts) -> type[H11Protocol]:
    """Uvicorn's h11 protocol with ``timeouts``: ``uvicorn.Config(http=...)``."""
    return type("GuardedH11Protocol", (_Guarded,), {"timeouts": timeouts})

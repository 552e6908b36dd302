"""The Host check of a server on loopback, answered like every other API error.

A page on another site can point a name it owns at 127.0.0.1 (DNS
rebinding) and so talk to a local server as if it were its own origin. The
browser still sends that name as the Host header, so a loopback server that
answers only its own names cannot be reached that way. Starlette's
``TrustedHostMiddleware`` does the same check but answers in plain text; this
one answers ``{"detail": ...}`` as docs/web.md promises for every error.
"""

from __future__ import annotations

from collections.abc import Iterable

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["HostGuard", "host_name"]


def host_name(header: str) -> str:
    """The name in a Host header, without its port, lower case (``[::1]:80`` is ``::1``)."""
    header = header.strip().lower()
    if header.startswith("["):
        end = header.find("]")
        return header[1:end] if end > 0 else header
    return header.split(":", 1)[0] if header.count(":") == 1 else header


class HostGuard:
    """Refuses (400) any request whose Host header names none of ``hosts``."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = frozenset(host_name(h) for h in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            header = Headers(scope=scope).get("host", "")
            if host_name(header) not in self.hosts:
                names = ", ".join(sorted(self.hosts))
                detail = f"this server answers only requests addressed to {names}, not {header!r}"
                await JSONResponse({"detail": detail}, status_code=400)(scope, receive, send)
                return
        await self.app(scope, receive, send)

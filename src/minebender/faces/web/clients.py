"""Who a request comes from, for the fair turns of ``web.admission``.

A client is its address and, when it sends one, the id of the
``minebender_client`` cookie. The server gives that cookie (random, HttpOnly,
SameSite=Strict) to every answer of a request that had none, so the page and
any program that keeps cookies (a browser, ``httpx.Client``) is one client
from its second request on, even behind one address (every test on loopback,
a household behind one router). A program that keeps no cookie, or invents a
new id with each request, is its address alone: the address also bounds
what all its ids hold at once (``Share.per_address``), so new ids buy no more
than that. The address is the TCP peer's: the server trusts no header such as
``X-Forwarded-For``.
"""

from __future__ import annotations

import re
import secrets

from starlette.datastructures import MutableHeaders
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from minebender.faces.web.admission import Client

__all__ = ["COOKIE", "ClientCookie", "client_of"]

COOKIE = "minebender_client"
_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")
YEAR = 365 * 24 * 3600


def _id(conn: HTTPConnection) -> str | None:
    found = conn.cookies.get(COOKIE)
    return found if found is not None and _ID.fullmatch(found) else None


def client_of(conn: HTTPConnection) -> Client:
    """The client of a request: its peer's address and its cookie's id."""
    address = conn.client.host if conn.client is not None else "unknown"
    return Client(address, _id(conn))


class ClientCookie:
    """Gives a new client id cookie to every answer of a request without one."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or _id(HTTPConnection(scope)) is not None:
            await self.app(scope, receive, send)
            return
        made = secrets.token_urlsafe(24)
        cookie = f"{COOKIE}={made}; Path=/; Max-Age={YEAR}; HttpOnly; SameSite=Strict"

        async def with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).append("set-cookie", cookie)
            await send(message)

        await self.app(scope, receive, with_cookie)

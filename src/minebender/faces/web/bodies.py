"""Request bodies: bounded in size, and JSON read as every other JSON from
outside is, by ``jsontext``.

FastAPI reads a body with Python's reader, which keeps the last of a key
written twice (``{"level": "beginner", "level": "expert"}`` started an Expert
game without a word) and takes NaN. The routes of the API read their bodies
through ``jsontext.loads`` instead, so such a body gets the 400 that a replay
file with the same fault gets, in the same words.

Uvicorn reads any body whole before the app sees it, and the JSON of a route
is parsed on the event loop: a 15 MB body held up every other player for
2.5 s, and a 1 GB one took 2 GB of memory, only to be refused. Any page on
any site can send such a body (a plain-text POST needs no preflight).
``BodyLimit`` refuses a body past its route's limit before reading it when
its length is announced, and as soon as it grows past it when it is not.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Mapping
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from minebender.values import jsontext

__all__ = ["MAX_BODY_BYTES", "BodyLimit", "StrictJSONRoute"]

MAX_BODY_BYTES = 65_536
"""The largest body of a request but a replay's: the API's own bodies are a
few dozen bytes (a level, a cell, a name of at most 32 characters)."""


class _StrictJSONRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            # a JSONTextError becomes FastAPI's 400, with this as its cause,
            # which errors.on_http puts into words
            self._json = jsontext.loads(await self.body())
        return self._json


class StrictJSONRoute(APIRoute):
    """An API route whose JSON body is read by ``jsontext.loads``."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        """FastAPI's handler, given a request whose ``json()`` is ``jsontext.loads``:
        FastAPI's own reader takes NaN, Infinity and a key given twice."""
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(_StrictJSONRequest(request.scope, request.receive))

        return strict


class BodyLimit:
    """Refuses (413) a request body of over ``limit`` bytes, or of over the
    path's own limit in ``paths``, with the name of what it holds (the replay
    route takes a whole file: ``{path: (limit, "a replay")}``)."""

    def __init__(self, app: ASGIApp, limit: int, paths: Mapping[str, tuple[int, str]]) -> None:
        self.app = app
        self.limit = limit
        self.paths = dict(paths)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit, what = self.paths.get(scope["path"], (self.limit, "a request body"))
        detail = f"{what} may have at most {limit} bytes"
        announced = Headers(scope=scope).get("content-length", "")
        digits = announced.lstrip("0")  # a long one is past any limit (and int()'s digits)
        if announced.isdigit() and (len(digits) > len(str(limit)) or int(digits or 0) > limit):
            await JSONResponse({"detail": detail}, status_code=413)(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    # raised inside the route's reading of its body, which
                    # answers an HTTPException as every other error
                    raise HTTPException(413, detail)
            return message

        await self.app(scope, counted, send)

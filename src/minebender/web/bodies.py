"""JSON request bodies read as every other JSON from outside is: by ``jsontext``.

FastAPI reads a body with Python's reader, which keeps the last of a key
written twice (``{"level": "beginner", "level": "expert"}`` started an Expert
game without a word) and takes NaN. The routes of the API read their bodies
through ``jsontext.loads`` instead, so such a body gets the 400 that a replay
file with the same fault gets, in the same words.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute

from minebender import jsontext

__all__ = ["StrictJSONRoute"]


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
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(_StrictJSONRequest(request.scope, request.receive))

        return strict

"""Errors of the HTTP API: always a 4xx (or 503) with one clear sentence in
``{"detail": ...}``, never a traceback.

This is the one place where an error becomes an answer: the routes let the
hub's and the store's errors through, and ``install`` gives each its status."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException

from minebender.faces.web.admission import Busy
from minebender.faces.web.hub import (
    ActionRefused,
    Forbidden,
    GameChanged,
    GameNotFound,
    GivenUpElsewhere,
    NotPlaying,
    SaveFailed,
)
from minebender.services.store import NotQualified, StoreError
from minebender.values import jsontext

__all__ = ["CHANGED", "GIVEN_UP", "REFUSED", "ApiError", "install"]

GIVEN_UP = "given_up"
"""A 409's ``outcome`` when the game was given up for a new one (here or in
another window): the page goes on with the game that replaced it."""

CHANGED = "changed"
"""A 409's ``outcome`` when another window played the game since: the page
loads it again."""

REFUSED: dict[type[Exception], int] = {
    GameNotFound: 404,
    Forbidden: 403,
    NotPlaying: 409,
    NotQualified: 409,
    ActionRefused: 422,
    SaveFailed: 503,
}
"""The status of each error whose words the player reads as they are."""


class ApiError(HTTPException):
    """An error answered as ``{"detail": message}`` with its status, and with
    ``outcome`` when the page acts on what happened (a word the server chose,
    so the page need not read it out of the message)."""

    def __init__(
        self,
        status: int,
        message: str,
        headers: dict[str, str] | None = None,
        *,
        outcome: str | None = None,
    ) -> None:
        super().__init__(status, message, headers)
        self.outcome = outcome


BODY_UNREADABLE = "There was an error parsing the body"
"""FastAPI's words for a JSON body its reader failed on, but for a syntax error."""

LEVEL_HELP = (
    'level must be "beginner", "intermediate", "expert" or'
    ' {"width": W, "height": H, "mines": M} with whole numbers from 0 to 10000'
)


def _where(loc: tuple[Any, ...]) -> str:
    """The field's path, without pydantic's internal names for union branches."""
    parts = [
        str(p)
        for p in loc
        if p != "body"
        and not (isinstance(p, str) and (p.startswith("literal[") or p[:1].isupper()))
    ]
    return ".".join(parts) or "body"


def _describe(exc: RequestValidationError) -> tuple[int, str]:
    errors = exc.errors()
    for e in errors:
        if e.get("type") == "json_invalid":
            return 400, f"malformed JSON: {e.get('ctx', {}).get('error', 'cannot parse')}"
    messages = []
    for e in errors:
        loc = tuple(e.get("loc", ()))
        if loc[:2] == ("body", "level"):
            return 422, LEVEL_HELP
        if loc == ("body",) and e.get("type") in ("model_attributes_type", "dict_type"):
            return 422, "the body must be a JSON object, sent as Content-Type: application/json"
    for e in errors[:3]:
        loc = tuple(e.get("loc", ()))
        if e.get("type") == "missing" and loc == ("body",):
            messages.append("the request needs a JSON body")
            continue
        if e.get("type") == "extra_forbidden":
            messages.append(f"{_where(loc)}: unknown field")
            continue
        got = e.get("input")
        shown = repr(got) if not isinstance(got, dict) else "an object"
        if len(shown) > 40:
            shown = shown[:37] + "..."
        messages.append(f"{_where(loc)}: {e.get('msg', 'invalid')} (got {shown})")
    return 422, "; ".join(messages)


def install(app: FastAPI) -> None:
    """Make every error of app a clear ``{"detail": ...}``."""

    async def on_validation(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        status, message = _describe(exc)
        return JSONResponse({"detail": message}, status_code=status)

    async def on_crash(request: Request, exc: Exception) -> JSONResponse:
        return JSONResponse(
            {"detail": f"internal error ({type(exc).__name__}); every finished action is saved"},
            status_code=500,
        )

    async def on_refused(request: Request, exc: Exception) -> JSONResponse:
        status = next(REFUSED[c] for c in type(exc).__mro__ if c in REFUSED)
        return JSONResponse({"detail": str(exc)}, status_code=status)

    async def on_changed(request: Request, exc: Exception) -> JSONResponse:
        # not taken: the page follows the new game, or loads this one again
        outcome = GIVEN_UP if isinstance(exc, GivenUpElsewhere) else CHANGED
        body = {"detail": f"{exc}: load the game again", "outcome": outcome}
        return JSONResponse(body, status_code=409)

    async def on_store(request: Request, exc: Exception) -> JSONResponse:
        # A read the database refuses (a damaged page, a lock held too long):
        # the store's own sentence, not a 500 with a traceback in the log.
        return JSONResponse({"detail": f"the game store is not available: {exc}"}, status_code=503)

    async def on_http(request: Request, exc: Exception) -> Response:
        # FastAPI reads a JSON body with Python's reader and answers every
        # failure but a syntax error (an integer of over 4300 digits, deep
        # nesting, bytes that are not UTF-8) with one vague sentence; the
        # reader's exception, kept as the cause, says which it was.
        assert isinstance(exc, HTTPException)
        if exc.status_code == 400 and exc.detail == BODY_UNREADABLE and exc.__cause__:
            message = f"malformed JSON: {jsontext.problem(exc.__cause__)}"
            return JSONResponse({"detail": message}, status_code=400)
        if isinstance(exc, ApiError) and exc.outcome is not None:
            body = {"detail": exc.detail, "outcome": exc.outcome}
            return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)
        return await http_exception_handler(request, exc)

    async def on_busy(request: Request, exc: Exception) -> JSONResponse:
        # a client's share of the heavy work is full (429), or the server's line (503)
        assert isinstance(exc, Busy)
        headers = {"Retry-After": str(exc.retry_after)}
        return JSONResponse({"detail": str(exc)}, status_code=exc.status, headers=headers)

    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(Busy, on_busy)
    app.add_exception_handler(HTTPException, on_http)
    app.add_exception_handler(StoreError, on_store)
    for refused in REFUSED:
        app.add_exception_handler(refused, on_refused)
    app.add_exception_handler(GameChanged, on_changed)
    app.add_exception_handler(Exception, on_crash)

"""The analysis board's files and texts (``/api/analyse/file/...``,
``/api/analyse/text/...``): board text or a ``.mine`` position read as a
position and written from one, a MinesweeperX ``.mbf`` or Arbiter ``.abf``
board opened as a position, and a position saved as either (the same bytes:
``formats.mbf``). The page sends texts and bytes as they are and gets
positions back (``web.positions``), so it reads and writes no file format of
its own (docs/web.md)."""

from __future__ import annotations

import base64
import binascii
from typing import Any, Literal

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from minebender.faces.web.analyse_routes import AnalyseIn, _board
from minebender.faces.web.bodies import StrictJSONRoute
from minebender.faces.web.errors import ApiError
from minebender.faces.web.models import MAX_MBF_BASE64
from minebender.faces.web.positions import PositionIn, position_json, read_text, write_text
from minebender.formats.boardtext import format_board
from minebender.formats.mbf import (
    MBFError,
    board_suffix,
    format_mbf,
    layout_position,
    parse_mbf,
    position_layout,
)

__all__ = ["FileIn", "TextIn", "WriteIn", "router"]

router = APIRouter(route_class=StrictJSONRoute)


class FileIn(BaseModel):
    """``POST /api/analyse/file/open``: a board file's name and its bytes in base64."""

    model_config = ConfigDict(extra="forbid")
    name: StrictStr = Field(max_length=255)
    data: StrictStr = Field(max_length=MAX_MBF_BASE64)


@router.post("/analyse/file/open", summary="A board file as a position to analyse")
async def open_board_file(body: FileIn) -> dict[str, Any]:
    """The position of an ``.mbf`` or ``.abf`` board: every safe cell shows its
    number, every mine is hidden; as board text (``board``) and as the page
    keeps it (``position``). A 422 says what is wrong with the file."""
    if board_suffix(body.name) is None:
        raise ApiError(
            422,
            f"{body.name}: the server opens .mbf and .abf boards;"
            " board text and .mine are read as text",
        )
    try:
        data = base64.b64decode(body.data, validate=True)
    except binascii.Error:
        raise ApiError(422, "data must be the bytes of the file in base64") from None
    try:
        board = layout_position(parse_mbf(data))
    except MBFError as exc:
        kind = board_suffix(body.name)
        raise ApiError(422, f"{body.name} is not an {kind} board: {exc}") from None
    return {"board": format_board(board.knowledge), "position": position_json(board)}


@router.post("/analyse/file/mbf", summary="A position's layout as an .mbf board")
async def save_mbf(body: AnalyseIn) -> Response:
    """The layout the position names (its flags and revealed mines) as an
    ``.mbf`` file; a 422 when they are not a whole layout."""
    return _layout_file(body)


@router.post("/analyse/file/abf", summary="A position's layout as an Arbiter .abf board")
async def save_abf(body: AnalyseIn) -> Response:
    """The layout the position names as an Arbiter ``.abf`` file: the bytes of
    its ``.mbf`` file (``formats.mbf``)."""
    return _layout_file(body)


def _layout_file(body: AnalyseIn) -> Response:
    try:
        data = format_mbf(position_layout(_board(body)))
    except MBFError as exc:
        raise ApiError(422, str(exc)) from None
    return Response(data, media_type="application/octet-stream")


class TextIn(BaseModel):
    """``POST /api/analyse/text/read``: board text or a ``.mine`` position."""

    model_config = ConfigDict(extra="forbid")
    text: StrictStr


class WriteIn(BaseModel):
    """``POST /api/analyse/text/write``: a position, and the format to write."""

    model_config = ConfigDict(extra="forbid")
    position: PositionIn
    format: Literal["board", "mine"] = "board"


@router.post("/analyse/text/read", summary="Board text or .mine as a position")
async def read_position_text(body: TextIn) -> dict[str, Any]:
    """The position of a text, told apart as ``POST /api/analyse`` tells them
    (a row holding an ``H`` is ``.mine``): ``{"width", "height", "mines",
    "cells"}``; a 422 naming the line and column of what is wrong."""
    return read_text(body.text)


@router.post("/analyse/text/write", summary="A position as board text or .mine")
async def write_position_text(body: WriteIn) -> dict[str, str]:
    """``{"text"}``: the position as board text, or as a ``.mine`` position (a
    422 when it has none: an unknown total, a revealed mine)."""
    return {"text": write_text(body.position, body.format)}

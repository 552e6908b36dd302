"""A position of the analysis board as JSON, and the texts it is read from and
written to.

The page keeps a position as its size, its total of mines and one character a
cell, row by row, in the tile alphabet of ``types.TILE_SYMBOLS`` (``.``
covered, ``F`` flagged, ``*`` a revealed mine, ``0``-``8`` a number). It never
reads or writes board text or ``.mine``: the server does, with the readers
every command uses (``formats.boardtext``, ``formats.minetext``), so a text is
taken, refused and worded the same everywhere. The cells travel as one string
because an array of 40,000 names (a 200x200 board) is ten times the bytes
and past the API's body limit.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from minebender.faces.web.errors import ApiError
from minebender.formats.boardtext import Board, BoardTextError, format_board
from minebender.formats.minetext import format_mine, parse_position
from minebender.values.types import BOOM, HIDDEN, SHOWN, Knowledge, Pos, Seen

__all__ = [
    "MAX_SIDE",
    "PositionIn",
    "board_of",
    "position_json",
    "read_text",
    "write_text",
]

MAX_SIDE = 200
"""The analysis board's largest side: the page draws a cell an element, and
200x200 (40,000 cells) is as many as it repaints at once without a stall."""

_CELLS: dict[str, Seen] = {".": HIDDEN, "F": HIDDEN, "*": BOOM}
_CELLS.update({str(n): SHOWN[n] for n in range(9)})


class PositionIn(BaseModel):
    """A position as the page keeps it: ``cells`` holds ``width * height``
    characters, row by row (``.`` covered, ``F`` flagged, ``*`` a revealed
    mine, ``0``-``8``); ``mines`` null when the total is unknown."""

    model_config = ConfigDict(extra="forbid")
    width: StrictInt = Field(ge=1, le=MAX_SIDE)
    height: StrictInt = Field(ge=1, le=MAX_SIDE)
    mines: StrictInt | None = Field(ge=0)
    cells: StrictStr = Field(max_length=MAX_SIDE * MAX_SIDE)


def board_of(p: PositionIn) -> Board:
    """What the player sees of ``p``, and its flags; a 422 that names the first
    cell that is not one, or a total that does not fit."""
    w, h = p.width, p.height
    if len(p.cells) != w * h:
        raise ApiError(422, f"position: {len(p.cells)} cells for a {w}x{h} board ({w * h})")
    if p.mines is not None and p.mines > w * h:
        raise ApiError(422, f"position: {p.mines} mines do not fit on a {w}x{h} board")
    rows: list[tuple[Seen, ...]] = []
    flags: set[Pos] = set()
    for y in range(h):
        row = p.cells[y * w : (y + 1) * w]
        seen = []
        for x, ch in enumerate(row):
            cell = _CELLS.get(ch)
            if cell is None:
                raise ApiError(422, f"position: ({x}, {y}) is {ch!r}; cells are . F * 0-8")
            if ch == "F":
                flags.add(Pos(x, y))
            seen.append(cell)
        rows.append(tuple(seen))
    return Board(Knowledge(w, h, p.mines, tuple(rows)), frozenset(flags))


def _cells(board: Board) -> str:
    """The cells of a board in the page's alphabet, row by row: board text's
    rows without the header and the line ends."""
    return "".join(format_board(board.knowledge, board.flags).split("\n")[1:])


def position_json(board: Board) -> dict[str, Any]:
    """A board as ``PositionIn`` takes it."""
    k = board.knowledge
    return {"width": k.width, "height": k.height, "mines": k.mines, "cells": _cells(board)}


def read_text(text: str) -> dict[str, Any]:
    """The position of a board text or ``.mine`` text (``parse_position`` tells
    them apart), as JSON; a 422 naming the line and column of what is wrong, or
    that the board is bigger than the analysis board draws."""
    try:
        board = parse_position(text)
    except BoardTextError as exc:
        raise ApiError(422, str(exc)) from None
    k = board.knowledge
    if k.width > MAX_SIDE or k.height > MAX_SIDE:
        most, size = f"{MAX_SIDE}x{MAX_SIDE}", f"{k.width}x{k.height}"
        raise ApiError(422, f"the analysis board is at most {most}; this one is {size}")
    return position_json(board)


def write_text(p: PositionIn, how: Literal["board", "mine"]) -> str:
    """``p`` as board text, or as a ``.mine`` position: a 422 says why a
    position has no ``.mine`` (an unknown total, a revealed mine)."""
    board = board_of(p)
    if how == "board":
        return format_board(board.knowledge, board.flags)
    if p.mines is None:
        raise ApiError(422, "a .mine file needs the total number of mines: set it first")
    boom = p.cells.find("*")
    if boom >= 0:
        where = f"({boom % p.width}, {boom // p.width})"
        raise ApiError(422, f"a .mine file has no revealed mine, and {where} is one")
    return format_mine(board.knowledge, board.flags)

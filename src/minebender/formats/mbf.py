"""MinesweeperX board files (``.mbf``), and Arbiter's (``.abf``), which
JSMinesweeper reads too.

An Arbiter board file holds the same bytes: JSMinesweeper, the one public
reader of both, reads them with one reader, so ``.abf`` is read and written
here as ``.mbf`` is (``BOARD_SUFFIXES``). The layout is published: the width
and the height in a byte each, the number of mines in two bytes (high byte
first), then each mine as two bytes, its column and its row from 0. Nothing
else: no first click, no result.

>>> layout = ((True, False, False), (False, False, True))
>>> format_mbf(layout)
b'\\x03\\x02\\x00\\x02\\x00\\x00\\x02\\x01'
>>> parse_mbf(format_mbf(layout)) == layout
True
"""

from __future__ import annotations

from minebender.formats.boardtext import Board
from minebender.values.types import Boom, Hidden, Knowledge, Layout, Pos, Seen, Shown, neighbours
from minebender.values.words import count

__all__ = [
    "BOARD_SUFFIXES",
    "MAX_SIDE",
    "MBFError",
    "board_suffix",
    "format_mbf",
    "layout_position",
    "parse_mbf",
    "position_layout",
]

MAX_SIDE = 255
"""A side is one byte."""


BOARD_SUFFIXES = (".mbf", ".abf")
"""The board files of one layout: MinesweeperX's and Arbiter's, the same bytes."""


class MBFError(ValueError):
    """A file that is not an .mbf (or .abf) board; the message says what is wrong."""


def board_suffix(name: str) -> str | None:
    """The board file kind a file's name ends in (``.mbf`` or ``.abf``, lower
    case), or None for any other name.

    >>> board_suffix("Expert 1.ABF"), board_suffix("board.txt")
    ('.abf', None)
    """
    low = name.lower()
    return next((s for s in BOARD_SUFFIXES if low.endswith(s)), None)


def parse_mbf(data: bytes) -> Layout:
    """The layout of an .mbf file; MBFError names what is wrong."""
    if len(data) < 4:
        raise MBFError(f"cut short: {len(data)} bytes, and the header alone has 4")
    width, height, mines = data[0], data[1], int.from_bytes(data[2:4], "big")
    if not width or not height:
        raise MBFError(f"its size says {width}x{height}")
    if mines > width * height:
        raise MBFError(f"{mines} mines do not fit on {width}x{height} cells")
    want = 4 + 2 * mines
    if len(data) != want:
        said = "cut short" if len(data) < want else "too long"
        verb = "takes" if mines == 1 else "take"
        raise MBFError(f"{said}: {len(data)} bytes, and {count(mines, 'mine')} {verb} {want}")
    cells = [[False] * width for _ in range(height)]
    for i in range(mines):
        x, y = data[4 + 2 * i], data[5 + 2 * i]
        if x >= width or y >= height:
            raise MBFError(f"mine {i + 1} at ({x}, {y}) is off the {width}x{height} board")
        if cells[y][x]:
            raise MBFError(f"mine {i + 1} at ({x}, {y}) is there twice")
        cells[y][x] = True
    return tuple(tuple(row) for row in cells)


def format_mbf(layout: Layout) -> bytes:
    """The .mbf file of a layout (at most 255 cells a side), mines row by row."""
    height = len(layout)
    width = len(layout[0]) if height else 0
    if not 0 < width <= MAX_SIDE or not 0 < height <= MAX_SIDE:
        raise MBFError(f"an .mbf board is 1 to {MAX_SIDE} cells a side, not {width}x{height}")
    mines = [(x, y) for y, row in enumerate(layout) for x, mine in enumerate(row) if mine]
    out = bytearray([width, height])
    out += len(mines).to_bytes(2, "big")
    for x, y in mines:
        out += bytes([x, y])
    return bytes(out)


def layout_position(layout: Layout) -> Board:
    """The layout as a position to study: every safe cell shows its number,
    every mine is hidden, and the total is known. The analysis board opens an
    .mbf file so: the solved board, from which cells are hidden again.

    >>> from minebender.formats.boardtext import format_board
    >>> print(format_board(layout_position(((True, False, False),)).knowledge), end="")
    3x1x1
    .10
    """
    height = len(layout)
    width = len(layout[0]) if height else 0
    rows: list[list[Seen]] = []
    for y, row in enumerate(layout):
        line: list[Seen] = []
        for x, mine in enumerate(row):
            n = sum(layout[q.y][q.x] for q in neighbours(width, height, Pos(x, y)))
            line.append(Hidden() if mine else Shown(n))
        rows.append(line)
    mines = sum(sum(row) for row in layout)
    return Board(Knowledge(width, height, mines, tuple(tuple(r) for r in rows)))


def _numbers_agree(k: Knowledge, mines: set[Pos]) -> None:
    """MBFError at the first number the layout would change: a file keeps
    the mines only, so a number that disagrees would be lost unseen."""
    for y, row in enumerate(k.rows):
        for x, s in enumerate(row):
            if type(s) is Shown:
                around = sum(q in mines for q in neighbours(k.width, k.height, Pos(x, y)))
                if around != s.n:
                    raise MBFError(
                        f"({x}, {y}) shows {s.n} but the flags put {count(around, 'mine')}"
                        " around it: flag every mine to save the board as a file"
                    )


def position_layout(board: Board) -> Layout:
    """The layout a position names: its flags and its revealed mines are the
    mines. MBFError when they do not number the position's total, or a flag
    stands where a number shows (the position then names no layout)."""
    k = board.knowledge
    mines = {
        Pos(x, y) for y, row in enumerate(k.rows) for x, s in enumerate(row) if type(s) is Boom
    }
    mines |= set(board.flags)
    if k.mines is not None and len(mines) != k.mines:
        raise MBFError(
            f"the flags and revealed mines ({len(mines)}) must number the total of"
            f" {count(k.mines, 'mine')}: flag every mine to save the board as a file"
        )
    for p in mines:
        if type(k.rows[p.y][p.x]) is Shown:
            raise MBFError(f"({p.x}, {p.y}) shows a number and cannot be a mine")
    _numbers_agree(k, mines)
    return tuple(tuple(Pos(x, y) in mines for x in range(k.width)) for y in range(k.height))

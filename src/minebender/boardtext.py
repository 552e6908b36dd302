"""The board text format of FORMATS.md: what a player sees, as text.

```
# lines that start with '#' are comments
4x2x1
1F..
11..
```

The optional header ``WxHxN`` gives the size and the total number of mines,
``WxH`` the size with the total unknown; without one the size comes from the
rows. Cells: ``.`` or ``?`` hidden, ``F`` a flagged hidden cell, ``0``-``8`` a
revealed number, ``*`` a revealed mine. A bad file gets a ``BoardTextError``
that names the line and column; nothing is guessed.

>>> board = parse_board("3x1x1\\n1.F\\n")
>>> board.knowledge.rows
((Shown(n=1), Hidden(), Hidden()),)
>>> sorted(board.flags)
[Pos(x=2, y=0)]
>>> format_board(board.knowledge, board.flags)
'3x1x1\\n1.F\\n'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from minebender.types import BOOM, HIDDEN, SHOWN, Boom, Hidden, Knowledge, Pos, Seen, Shown

__all__ = ["Board", "BoardTextError", "format_board", "parse", "parse_board"]

_HEADER = re.compile(r"(\d+)x(\d+)(?:x(\d+))?")
_CELLS: dict[str, Seen] = {".": HIDDEN, "?": HIDDEN, "F": HIDDEN, "*": BOOM}
_CELLS.update({str(n): SHOWN[n] for n in range(9)})
_LIMIT = 10_000
"""Largest width or height accepted: a typo like 30000x16 gets an error, not a stall."""


class BoardTextError(ValueError):
    """A board text that cannot be read; the message names the line and column."""

    def __init__(self, line: int, column: int | None, message: str) -> None:
        where = f"line {line}" if column is None else f"line {line}, column {column}"
        super().__init__(f"{where}: {message}")
        self.line = line
        self.column = column


@dataclass(frozen=True, slots=True)
class Board:
    """A parsed board text: what the player sees, and where the flags are."""

    knowledge: Knowledge
    flags: frozenset[Pos] = frozenset()


def parse_board(text: str) -> Board:
    """Read a board text (FORMATS.md) into what the player sees and their flags."""
    header: tuple[int, int, int | None] | None = None
    header_line = 0
    rows: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if line.startswith("#"):
            continue
        if not line:
            if rows:
                rows.append((number, line))
            continue
        if header is None and not rows:
            match = _HEADER.fullmatch(line)
            if match:
                w, h = int(match.group(1)), int(match.group(2))
                n = None if match.group(3) is None else int(match.group(3))
                for value, name in ((w, "width"), (h, "height")):
                    if value > _LIMIT:
                        raise BoardTextError(number, 1, f"{name} {value} is larger than {_LIMIT}")
                header, header_line = (w, h, n), number
                continue
            if "x" in line and line[0].isdigit():
                raise BoardTextError(number, 1, f"bad header {line!r}: expected WxH or WxHxN")
        rows.append((number, line))
    while rows and not rows[-1][1]:
        rows.pop()
    if header is not None and header[0] == 0:
        rows = []
    width = header[0] if header else (len(rows[0][1]) if rows else 0)
    height = header[1] if header else len(rows)
    if header is not None and len(rows) != height:
        last = rows[-1][0] if rows else header_line
        raise BoardTextError(
            rows[height][0] if len(rows) > height else last,
            None,
            f"the header on line {header_line} says {height} rows, the board has {len(rows)}",
        )
    grid: list[tuple[Seen, ...]] = []
    flags: set[Pos] = set()
    for y, (number, line) in enumerate(rows):
        if not line:
            raise BoardTextError(number, None, "empty line inside the board")
        if len(line) != width:
            raise BoardTextError(
                number,
                min(len(line), width) + 1,
                f"row has {len(line)} cells, expected {width}",
            )
        cells: list[Seen] = []
        for x, ch in enumerate(line):
            seen = _CELLS.get(ch)
            if seen is None:
                raise BoardTextError(number, x + 1, f"unexpected {ch!r} (cells are . ? F 0-8 *)")
            if ch == "F":
                flags.add(Pos(x, y))
            cells.append(seen)
        grid.append(tuple(cells))
    mines = header[2] if header else None
    return Board(Knowledge(width, height, mines, tuple(grid)), frozenset(flags))


def parse(text: str) -> Knowledge:
    """Read a board text into what the player sees (flags are not knowledge)."""
    return parse_board(text).knowledge


def _cell(seen: Seen, flagged: bool) -> str:
    if type(seen) is Shown:
        return str(seen.n)
    if type(seen) is Boom:
        return "*"
    if type(seen) is Hidden:
        return "F" if flagged else "."
    raise TypeError(f"not a Seen value: {seen!r}")


def format_board(knowledge: Knowledge, flags: Iterable[Pos] = ()) -> str:
    """Write what the player sees as board text, header first; ``parse_board``
    reads it back to the same board."""
    flagged = set(flags)
    header = f"{knowledge.width}x{knowledge.height}"
    if knowledge.mines is not None:
        header += f"x{knowledge.mines}"
    lines = [header]
    for y, row in enumerate(knowledge.rows):
        lines.append("".join(_cell(s, Pos(x, y) in flagged) for x, s in enumerate(row)))
    return "\n".join(lines) + "\n"

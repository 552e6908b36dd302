"""JSMinesweeper's ``.mine`` position, read beside minebender's board text.

Players who study positions keep them in JSMinesweeper's analyser, which
saves a position as text:

```
4x2x1
1FHH
11HH
```

The header ``WxHxM`` gives the width, the height and the total number of
mines (all three are needed); then H rows of W cells: ``H`` hidden, ``F`` a
flagged hidden cell, ``0``-``8`` a revealed number, and ``?`` a mine of a
board under construction, which the player has not seen: read as hidden.
Lines end with LF or CRLF; blank lines after the board are ignored. A bad
file gets a ``BoardTextError`` naming its line and column, as board text does;
the size limits are board text's. Lines that start with ``#`` are not
``.mine`` lines: a text with ``H`` only in such comments is board text.

``parse_position`` reads either format: a board whose rows hold an ``H`` is a
``.mine`` position (board text never uses the letter), any other is board
text. Where both formats could read a text, they read it the same way.

>>> board = parse_mine("3x1x1\\n1HF\\n")
>>> board.knowledge.rows
((Shown(n=1), Hidden(), Hidden()),)
>>> format_mine(board.knowledge, board.flags)
'3x1x1\\n1HF\\n'
"""

from __future__ import annotations

from collections.abc import Iterable

from minebender.formats.boardtext import (
    _HEADER,
    Board,
    BoardTextError,
    _header,
    _lines,
    parse_board,
)
from minebender.values.types import HIDDEN, SHOWN, Boom, Hidden, Knowledge, Pos, Seen, Shown, as_pos
from minebender.values.words import count

__all__ = ["format_mine", "is_mine_text", "parse_mine", "parse_position"]

_CELLS: dict[str, Seen] = {"H": HIDDEN, "F": HIDDEN, "?": HIDDEN}
_CELLS.update({str(n): SHOWN[n] for n in range(9)})


def is_mine_text(text: str) -> bool:
    """Whether text is a ``.mine`` position: a line after its first, not a board
    text comment, holds an ``H``."""
    lines = text.split("\n")[1:]
    return any("H" in line for line in lines if not line.startswith("#"))


def parse_position(text: str) -> Board:
    """Read board text (docs/formats.md) or a ``.mine`` position, whichever it is."""
    return parse_mine(text) if is_mine_text(text) else parse_board(text)


def parse_mine(text: str) -> Board:
    """Read a ``.mine`` position into what the player sees and their flags."""
    if not isinstance(text, str):
        raise TypeError(f"parse_mine: text must be a str, got {type(text).__name__}")
    lines = _lines(text)
    while lines and not lines[-1].rstrip(" \t"):
        lines.pop()
    if not lines:
        raise BoardTextError(1, None, "no board: a .mine position starts with WxHxM")
    first = lines[0].rstrip(" \t")
    match = _HEADER.fullmatch(first)
    if match is None or match[3] is None:
        raise BoardTextError(
            1, 1, f"bad .mine header {first[:40]!r}: expected WxHxM (width, height, mines)"
        )
    width, height, mines = _header(1, match)
    rows = lines[1:]
    if len(rows) != height:
        raise BoardTextError(
            height + 2 if len(rows) > height else len(lines),
            None,
            f"the header says {count(height, 'row')}, the position has {len(rows)}",
        )
    grid: list[tuple[Seen, ...]] = []
    flags: set[Pos] = set()
    for y, raw in enumerate(rows):
        line = raw.rstrip(" \t")
        number = y + 2
        cells: list[Seen] = []
        for x, ch in enumerate(line):
            seen = _CELLS.get(ch)
            if seen is None:
                raise BoardTextError(
                    number, x + 1, f"unexpected {ch!r} (.mine cells are H F ? 0-8)"
                )
            if ch == "F":
                flags.add(Pos(x, y))
            cells.append(seen)
        if len(line) != width:
            raise BoardTextError(
                number,
                min(len(line), width) + 1,
                f"row has {count(len(line), 'cell')}, expected {width}",
            )
        grid.append(tuple(cells))
    return Board(Knowledge(width, height, mines, tuple(grid)), frozenset(flags))


def format_mine(knowledge: Knowledge, flags: Iterable[Pos] = ()) -> str:
    """Write what the player sees as a ``.mine`` position (its total must be known;
    a revealed mine has no ``.mine`` cell)."""
    if knowledge.mines is None:
        raise ValueError("format_mine: a .mine position needs the total number of mines")
    flagged = {as_pos("format_mine", p) for p in flags}
    lines = [f"{knowledge.width}x{knowledge.height}x{knowledge.mines}"]
    for y, row in enumerate(knowledge.rows):
        out = []
        for x, s in enumerate(row):
            if type(s) is Shown:
                out.append(str(s.n))
            elif type(s) is Hidden:
                out.append("F" if Pos(x, y) in flagged else "H")
            elif type(s) is Boom:
                raise ValueError(f"format_mine: ({x}, {y}) is a revealed mine: .mine has none")
        lines.append("".join(out))
    return "\n".join(lines) + "\n"

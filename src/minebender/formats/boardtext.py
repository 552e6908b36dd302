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
revealed number, ``*`` a revealed mine. Numbers are ASCII digits. With or
without a header, a board has at least one cell, at most 10,000 a side and at
most ``CELL_LIMIT`` cells; a header's total is at most the number of cells. One
byte order mark at the start is skipped (Notepad writes it). A bad file gets a
``BoardTextError`` that names the line and column; nothing is guessed.

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

from minebender.values.types import (
    BOOM,
    HIDDEN,
    SHOWN,
    TILE_SYMBOLS,
    Boom,
    Covered,
    Flagged,
    Hidden,
    Knowledge,
    Mine,
    Pos,
    Seen,
    Shown,
    as_pos,
)
from minebender.values.words import count

__all__ = ["CELL_LIMIT", "Board", "BoardTextError", "format_board", "parse", "parse_board"]

_HEADER = re.compile(r"([0-9]+)x([0-9]+)(?:x([0-9]+))?")
"""ASCII digits only (``\\d`` would read ``٣x3`` as 3x3: a file must say what it means)."""
_CELLS: dict[str, Seen] = {
    TILE_SYMBOLS[Covered]: HIDDEN,
    "?": HIDDEN,
    TILE_SYMBOLS[Flagged]: HIDDEN,
    TILE_SYMBOLS[Mine]: BOOM,
}
"""Board text's characters, in the alphabet of ``types.TILE_SYMBOLS``."""
_CELLS.update({str(n): SHOWN[n] for n in range(9)})
_LIMIT = 10_000
"""Largest width or height accepted: a typo like 30000x16 gets an error, not a stall."""
CELL_LIMIT = 100_000
"""Most cells a board may have (316x316, 10000x10). The solver keeps a bit mask of
the board per cell, so its memory grows with the square of the cells: 100,000
hidden cells take about 1 GB and 3 s, 160,000 take 1.8 GB, 250,000 take 4.3 GB
and 20 s. A board that size is a typo or an attack, so it gets an error. Hard
boards under the limit take far more (numbers two apart over 200x200: 5.3 GB),
which ``solve`` bounds by ``options.cap_memory``."""
_BOM = "\ufeff"
_SHOWN_DIGITS = 30
"""Digits of a header number that an error message repeats; a longer number is
far past every limit and is shown cut short."""


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


def _number(digits: str) -> tuple[int, str]:
    """A header number, and how a message shows it: whole when short; when longer
    than any limit, its first digits and its length, and as a value just past
    every limit (not converted: ``int`` refuses strings over 4300 digits)."""
    digits = digits.lstrip("0") or "0"
    if len(digits) <= _SHOWN_DIGITS:
        return int(digits), digits
    return 10**_SHOWN_DIGITS, f"{digits[:_SHOWN_DIGITS]}... ({len(digits)} digits)"


def _header(number: int, match: re.Match[str]) -> tuple[int, int, int | None]:
    """The size and total of a header line, refused (naming the column) when the
    board would have no cell, exceed a limit, or hold more mines than cells."""
    (w, w_text), (h, h_text) = _number(match[1]), _number(match[2])
    for value, text, name, group in ((w, w_text, "width", 1), (h, h_text, "height", 2)):
        column = match.start(group) + 1
        if value == 0:
            raise BoardTextError(number, column, f"{name} 0: a board needs at least one cell")
        if value > _LIMIT:
            raise BoardTextError(number, column, f"{name} {text} is larger than {_LIMIT}")
    if w * h > CELL_LIMIT:
        raise BoardTextError(
            number, 1, f"{w}x{h} is {w * h} cells, more than the {CELL_LIMIT} a board may have"
        )
    if match[3] is None:
        return w, h, None
    n, n_text = _number(match[3])
    if n > w * h:
        where = match.start(3) + 1
        raise BoardTextError(
            number, where, f"{n_text} mines do not fit on a {w}x{h} board ({count(w * h, 'cell')})"
        )
    return w, h, n


def _check_size(rows: list[tuple[int, str]], end: int) -> None:
    """Refuse a board with no row, or one past the limits a header has (a file
    without a header gets no more room than one with)."""
    if not rows:
        raise BoardTextError(end, None, "no board: a board needs at least one row of cells")
    number, first = rows[0]
    if len(first) > _LIMIT:
        raise BoardTextError(
            number, _LIMIT + 1, f"row has {len(first)} cells, more than the limit {_LIMIT}"
        )
    if len(rows) > _LIMIT:
        raise BoardTextError(
            rows[_LIMIT][0], None, f"the board has {len(rows)} rows, more than the limit {_LIMIT}"
        )
    width, height = len(first), len(rows)
    if width * height > CELL_LIMIT:
        raise BoardTextError(
            rows[CELL_LIMIT // width][0],
            None,
            f"the board is {width}x{height}, {width * height} cells,"
            f" more than the {CELL_LIMIT} a board may have",
        )


_TRAILING = " \t"
"""What an editor may leave unseen at the end of a line: dropped. Any other
character there (a no-break space, a form feed) is named as unexpected."""


def _lines(text: str) -> list[str]:
    """The lines of a board text: ended by LF or CRLF only, so that the line
    numbers in errors are those an editor shows (``str.splitlines`` also ends
    a line at a form feed, a vertical tab or U+2028, which would then be read
    as two rows and make every later line number wrong)."""
    lines = text.removeprefix(_BOM).split("\n")  # Notepad starts UTF-8 files with a BOM
    if lines[-1] == "":
        lines.pop()  # the newline that ends the last line starts no line
    elif lines[-1].endswith("\r"):
        # a CR with no LF after it ends no line, at the end of the file too
        raise BoardTextError(
            len(lines),
            lines[-1].index("\r") + 1,
            "a lone CR (\\r) does not end a line: lines end with LF or CRLF",
        )
    return [line.removesuffix("\r") for line in lines]


def _check_rows(rows: list[tuple[int, str]]) -> None:
    """Name the first empty line or stray character inside the board, before
    any count of rows or cells: a stray character (a BOM, a tab, a form feed)
    also makes a row too long, and an empty line makes one row too many, but
    naming the line and the character says what is wrong, a count does not."""
    for number, line in rows:
        if not line:
            raise BoardTextError(number, None, "empty line inside the board")
        for x, ch in enumerate(line):
            if ch not in _CELLS:
                raise BoardTextError(number, x + 1, f"unexpected {ch!r} (cells are . ? F 0-8 *)")


def parse_board(text: str) -> Board:
    """Read a board text (FORMATS.md) into what the player sees and their flags."""
    if not isinstance(text, str):  # bytes failed deep inside, with a backwards message
        raise TypeError(f"parse_board: text must be a str, got {type(text).__name__}")
    header: tuple[int, int, int | None] | None = None
    header_line = 0
    rows: list[tuple[int, str]] = []
    lines = _lines(text)
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip(_TRAILING)
        if line.startswith("#"):
            continue
        if not line:
            if rows:
                rows.append((number, line))
            continue
        if header is None and not rows:
            match = _HEADER.fullmatch(line)
            if match:
                header, header_line = _header(number, match), number
                continue
            if ("x" in line or "X" in line) and line[0].isdigit():  # ٣x3 too
                if "\r" in line:  # a file whose lines end with CR alone is one line
                    raise BoardTextError(
                        number,
                        line.index("\r") + 1,
                        "a lone CR (\\r) does not end a line: lines end with LF or CRLF",
                    )
                raise BoardTextError(
                    number,
                    1,
                    f"bad header {line!r}: expected WxH or WxHxN in digits 0-9, with a lowercase x",
                )
        rows.append((number, line))
    while rows and not rows[-1][1]:
        rows.pop()
    _check_rows(rows)
    if header is None:
        _check_size(rows, max(len(lines), 1))
    width = header[0] if header else len(rows[0][1])
    height = header[1] if header else len(rows)
    if header is not None and len(rows) != height:
        last = rows[-1][0] if rows else header_line
        raise BoardTextError(
            rows[height][0] if len(rows) > height else last,
            None,
            f"the header on line {header_line} says {count(height, 'row')},"
            f" the board has {len(rows)}",
        )
    grid: list[tuple[Seen, ...]] = []
    flags: set[Pos] = set()
    for y, (number, line) in enumerate(rows):
        cells: list[Seen] = []
        for x, ch in enumerate(line):
            if ch == "F":
                flags.add(Pos(x, y))
            cells.append(_CELLS[ch])
        if len(line) != width:
            raise BoardTextError(
                number,
                min(len(line), width) + 1,
                f"row has {count(len(line), 'cell')}, expected {width}",
            )
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
        return TILE_SYMBOLS[Mine]
    if type(seen) is Hidden:
        return TILE_SYMBOLS[Flagged] if flagged else TILE_SYMBOLS[Covered]
    raise TypeError(f"not a Seen value: {seen!r}")


def format_board(knowledge: Knowledge, flags: Iterable[Pos] = ()) -> str:
    """Write what the player sees as board text, header first; ``parse_board``
    reads it back to the same board when the format can hold it (at least one
    cell, within the limits, no more mines than cells)."""
    if not isinstance(knowledge, Knowledge):
        raise TypeError(f"format_board: knowledge must be a Knowledge, got {knowledge!r}")
    if isinstance(flags, (str, bytes)) or not isinstance(flags, Iterable):
        raise TypeError(f"format_board: flags must be an iterable of Pos, got {flags!r}")
    flagged = {as_pos("format_board", p) for p in flags}
    header = f"{knowledge.width}x{knowledge.height}"
    if knowledge.mines is not None:
        header += f"x{knowledge.mines}"
    lines = [header]
    for y, row in enumerate(knowledge.rows):
        lines.append("".join(_cell(s, Pos(x, y) in flagged) for x, s in enumerate(row)))
    return "\n".join(lines) + "\n"

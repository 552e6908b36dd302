"""Puzzle codes: a puzzle as a short text to share (docs/formats.md).

``p2:WxHxN:LETTERS`` holds the clues only, what the player is given: which
cells show a number, those numbers, and the total N. A bit per cell says
whether it shows its number; then the numbers, row by row, as one number in
mixed radix (each cell's radix one more than its neighbours, so 9 inside the
board). The mask comes first in the lowest bits, the numbers above it, and
the bytes (lowest first) are written in URL-safe base64 without padding. The
layout is not in the code: reading solves the clues with the exact solver and
refuses clues that more than one layout fits (or none). So a code shared
before a game gives nothing away, and an edited code cannot pass off a
puzzle with another answer.

``p:WxHxN:LETTERS`` (version 1, still read) holds the layout: every cell one
of three, 0 a hidden safe cell, 1 a mine, 2 a shown number, five cells a
byte in base 3. ``layout_code`` writes it, for tests and old links.
"""

from __future__ import annotations

import base64
import binascii
import re

from minebender.rules.solver.reading import neighbour_masks
from minebender.services.puzzle.unique import the_layout
from minebender.services.puzzle.values import HasPuzzle, Puzzle, puzzle_of
from minebender.values.types import HIDDEN, SHOWN, Hidden, Knowledge, Seen, Shown
from minebender.values.words import count, cut

__all__ = ["CODE_LIMIT", "clues_code", "layout_code", "parse_code", "puzzle_code"]

CODE_LIMIT = 70_000
"""Longest code read: a puzzle of 100,000 cells (the most a code may have),
every number shown, takes 69,387 characters in version 2 (400x250)."""

_HEAD = re.compile(r"(p2?):([0-9]{1,5})x([0-9]{1,5})x([0-9]{1,6}):([A-Za-z0-9_-]*)")
_CELLS = 100_000


def _letters(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _radices(w: int, h: int, mask: int) -> list[int]:
    """Each shown cell's radix, row by row: one more than its neighbours."""
    around = neighbour_masks(w, h)
    return [around[i].bit_count() + 1 for i in range(w * h) if mask >> i & 1]


def _size(w: int, h: int, radices: list[int]) -> int:
    """The bytes of a version 2 code: the mask's bits and the numbers' bits."""
    span = 1
    for r in radices:
        span *= r
    return -(-(w * h + (span - 1).bit_length()) // 8)


def puzzle_code(puzzle: Puzzle | HasPuzzle) -> str:
    """The code of a puzzle: its clues only (version 2).

    >>> puzzle_code(Puzzle(3, 1, frozenset({0}), frozenset({2})))
    'p2:3x1x1:BA'
    """
    puzzle = puzzle_of(puzzle)
    numbers = {i: puzzle.number(i) for i in puzzle.shown}
    return _clue_code(puzzle.width, puzzle.height, puzzle.total, numbers)


def clues_code(knowledge: Knowledge) -> str:
    """The version 2 code of a position's numbers and total, without a layout
    (the code of a board text); ValueError when it has no total or shows a
    mine. Whether one layout fits is for the reader to find."""
    if knowledge.mines is None:
        raise ValueError("a puzzle code needs the total number of mines")
    w = knowledge.width
    numbers: dict[int, int] = {}
    for y, row in enumerate(knowledge.rows):
        for x, seen in enumerate(row):
            if type(seen) is Shown:
                numbers[y * w + x] = seen.n
            elif type(seen) is not Hidden:
                raise ValueError(f"cell ({x}, {y}) shows a mine: a puzzle shows numbers only")
    return _clue_code(w, knowledge.height, knowledge.mines, numbers)


def _clue_code(w: int, h: int, total: int, numbers: dict[int, int]) -> str:
    mask = sum(1 << i for i in numbers)
    radices = _radices(w, h, mask)
    value = 0
    for i, r in zip(reversed(sorted(numbers)), reversed(radices), strict=True):
        if not 0 <= numbers[i] < r:
            raise ValueError(f"cell ({i % w}, {i // w}) cannot show {numbers[i]}")
        value = value * r + numbers[i]
    whole = mask | value << (w * h)
    return f"p2:{w}x{h}x{total}:{_letters(whole.to_bytes(_size(w, h, radices), 'little'))}"


def layout_code(puzzle: Puzzle) -> str:
    """The version 1 code of a puzzle, which holds its layout (and so its answer).

    >>> layout_code(Puzzle(3, 1, frozenset({0}), frozenset({1})))
    'p:3x1x1:Bw'
    """
    w, h = puzzle.width, puzzle.height
    trits = [1 if i in puzzle.mines else 2 if i in puzzle.shown else 0 for i in range(w * h)]
    data = bytearray()
    for start in range(0, len(trits), 5):
        value = 0
        for t in reversed(trits[start : start + 5]):
            value = value * 3 + t
        data.append(value)
    return f"p:{w}x{h}x{puzzle.total}:{_letters(bytes(data))}"


def parse_code(code: str, most_cells: int = _CELLS) -> Puzzle:
    """The puzzle of a code, either version; a ValueError names what is wrong
    with a bad one. Spaces around the code are forgiven (a pasted code often
    has some). A version 2 code's layout is solved from its clues; a server
    passes ``most_cells`` to refuse a big board before any solving.

    >>> parse_code("p2:3x1x1:BA").solution()
    ['*..']
    >>> parse_code("p:3x1x1:Bw").solution()
    ['*..']
    """
    if not isinstance(code, str):
        raise ValueError(f"a puzzle code must be text, got {type(code).__name__}")
    if len(code) > CODE_LIMIT:
        raise ValueError(f"a puzzle code has at most {CODE_LIMIT} characters, got {len(code)}")
    found = _HEAD.fullmatch(code.strip())
    if found is None:
        raise ValueError(
            f"puzzle code {cut(code.strip(), 30)} must look like p2:WIDTHxHEIGHTxMINES:LETTERS,"
            " e.g. p2:3x1x1:BA"
        )
    w, h, n = int(found[2]), int(found[3]), int(found[4])
    if w < 1 or h < 1 or w * h > min(most_cells, _CELLS):
        raise ValueError(f"puzzle code size {w}x{h} must have 1 to {min(most_cells, _CELLS)} cells")
    if found[1] == "p":
        return _read_layout(w, h, n, found[5])
    return _read_clues(w, h, n, found[5])


def _bytes(payload: str) -> bytes:
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise ValueError("puzzle code letters cannot be read: it was mistyped") from None
    if _letters(data) != payload:
        # bits past the last byte: base64 ignores them, so a typo there would pass
        raise ValueError("puzzle code letters do not spell a puzzle: it was mistyped")
    return data


def _read_clues(w: int, h: int, n: int, payload: str) -> Puzzle:
    """A version 2 code: the clues, then the one layout that fits them."""
    if n > w * h:
        raise ValueError(f"puzzle code says {n} mines, more than the {w * h} cells")
    data = _bytes(payload)
    whole = int.from_bytes(data, "little")
    mask = whole & ((1 << (w * h)) - 1)
    radices = _radices(w, h, mask)
    if len(data) != _size(w, h, radices):
        raise ValueError(
            f"puzzle code for {w}x{h} with {count(len(radices), 'number')} needs"
            f" {len(_letters(bytes(_size(w, h, radices))))} letters after the size,"
            f" got {len(payload)}: it was cut short or mistyped"
        )
    value = whole >> (w * h)
    rows: list[Seen] = [HIDDEN] * (w * h)
    for i, r in zip((i for i in range(w * h) if mask >> i & 1), radices, strict=True):
        value, rows[i] = value // r, SHOWN[value % r]
    if value:
        raise ValueError("puzzle code letters do not spell a puzzle: it was mistyped")
    k = Knowledge(w, h, n, tuple(tuple(rows[y * w : y * w + w]) for y in range(h)))
    try:
        return the_layout(k)
    except ValueError as exc:
        raise ValueError(f"puzzle code clues: {exc}") from None


def _read_layout(w: int, h: int, n: int, payload: str) -> Puzzle:
    """A version 1 code: every cell a mine, a shown number or a hidden safe cell."""
    size = -(-w * h // 5)
    if len(payload) != -(-size * 4 // 3):
        raise ValueError(
            f"puzzle code for {w}x{h} needs {-(-size * 4 // 3)} letters after the size,"
            f" got {len(payload)}: it was cut short or mistyped"
        )
    data = _bytes(payload)
    trits: list[int] = []
    for byte in data:
        if byte > 242:
            raise ValueError("puzzle code letters do not spell a puzzle: it was mistyped")
        for _ in range(5):
            trits.append(byte % 3)
            byte //= 3
    if any(trits[w * h :]) or len(trits) < w * h:
        raise ValueError("puzzle code letters do not spell a puzzle: it was mistyped")
    mines = frozenset(i for i, t in enumerate(trits[: w * h]) if t == 1)
    shown = frozenset(i for i, t in enumerate(trits[: w * h]) if t == 2)
    if len(mines) != n:
        raise ValueError(f"puzzle code says {n} mines but its letters hold {len(mines)}: mistyped")
    return Puzzle(w, h, mines, shown)

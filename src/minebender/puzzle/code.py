"""Puzzle codes: a puzzle as a short text to share (docs/formats.md).

``p:WxHxN:PAYLOAD``. Every cell, row by row, is one of three: 0 a hidden safe
cell, 1 a mine, 2 a shown number. Five cells make a byte (the first cell
the lowest digit in base 3, so a byte is at most 242; the last byte is filled
with hidden safe cells), and the bytes are written in URL-safe base64 without
padding. A 10x10 puzzle takes 27 characters of payload, a 16x16 one 70. The
code holds the layout, so a page or a terminal checks a solution without a
solver; the numbers follow from the layout.
"""

from __future__ import annotations

import base64
import binascii
import re

from minebender.puzzle.values import Puzzle
from minebender.words import cut

__all__ = ["CODE_LIMIT", "parse_code", "puzzle_code"]

CODE_LIMIT = 40_000
"""Longest code read: a 316x316 puzzle (the largest board) takes 26,627 characters."""

_HEAD = re.compile(r"p:([0-9]{1,5})x([0-9]{1,5})x([0-9]{1,6}):([A-Za-z0-9_-]*)")
_CELLS = 100_000


def puzzle_code(puzzle: Puzzle) -> str:
    """The code of a puzzle.

    >>> puzzle_code(Puzzle(3, 1, frozenset({0}), frozenset({1})))
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
    payload = base64.urlsafe_b64encode(bytes(data)).decode("ascii").rstrip("=")
    return f"p:{w}x{h}x{puzzle.total}:{payload}"


def parse_code(code: str) -> Puzzle:
    """The puzzle of a code; a ValueError names what is wrong with a bad one.
    Spaces around the code are forgiven (a pasted code often has some).

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
            f"puzzle code {cut(code.strip(), 30)} must look like p:WIDTHxHEIGHTxMINES:LETTERS,"
            " e.g. p:3x1x1:Bw"
        )
    w, h, n = int(found[1]), int(found[2]), int(found[3])
    payload = found[4]
    if w < 1 or h < 1 or w * h > _CELLS:
        raise ValueError(f"puzzle code size {w}x{h} must have 1 to {_CELLS} cells")
    size = -(-w * h // 5)
    if len(payload) != -(-size * 4 // 3):
        raise ValueError(
            f"puzzle code for {w}x{h} needs {-(-size * 4 // 3)} letters after the size,"
            f" got {len(payload)}: it was cut short or mistyped"
        )
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise ValueError("puzzle code letters cannot be read: it was mistyped") from None
    if base64.urlsafe_b64encode(data).decode("ascii").rstrip("=") != payload:
        # bits past the last byte: base64 ignores them, so a typo there would pass
        raise ValueError("puzzle code letters do not spell a puzzle: it was mistyped")
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

"""Perfect play on a small board from its first click: the exact chance to win
with best play, and the first click that reaches it.

Every layout of the board is listed and searched by ``bot.perfect``; a
position is the set of layouts that agree with what was revealed, so two
orders of the same clicks meet in one memo entry. Flags and chords never
change the chance to win, so only reveals are searched.

Two first clicks are measured. ``any``: the mines are placed before it, so
it can hit one (the rule of the published "optimal Minesweeper" challenge).
``opening``: the laws' first click (``game.allowed_cells``): no mine on it,
nor next to it when there is room; each first click then has layouts of its
own. A first click is tried once per orbit of the board's symmetries (4, or
8 on a square); the best is the first in row order among the best.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Literal

from minebender.rules.game import allowed_cells
from minebender.services.bot.perfect import Perfect, Region
from minebender.values.types import Pos

__all__ = ["FIRST_RULES", "MAX_LAYOUTS", "FirstRule", "PerfectPlay", "perfect_play"]

FirstRule = Literal["any", "opening"]
FIRST_RULES: tuple[FirstRule, ...] = ("any", "opening")

MAX_LAYOUTS = 2_000_000
"""The most layouts a board may have: listing them alone takes seconds past
this, and searching them far longer (docs/bot.md has the times)."""


@dataclass(frozen=True, slots=True)
class PerfectPlay:
    """What best play wins on one board, and what it cost to find."""

    chance: Fraction
    best_first: Pos
    positions: int
    seconds: float


def perfect_play(width: int, height: int, mines: int, first: FirstRule) -> PerfectPlay:
    """The exact chance to win a width-by-height board of ``mines`` mines with
    best play, its best first click, the positions searched and the processor
    time taken. ValueError names what is wrong with a board that cannot be
    searched."""
    cells = width * height
    if width < 1 or height < 1:
        raise ValueError(f"a board needs at least one column and one row, got {width}x{height}")
    if not 0 <= mines < cells:
        raise ValueError(f"mines must be from 0 to {cells - 1} on a {width}x{height} board")
    if comb(cells, mines) > MAX_LAYOUTS:
        raise ValueError(
            f"a {width}x{height} board with {mines} mines has {comb(cells, mines):,} layouts:"
            f" more than the {MAX_LAYOUTS:,} that can be searched"
        )
    start = time.process_time()
    near = [_near(width, height, i) for i in range(cells)]
    firsts = _orbit_firsts(width, height)
    if first == "any":
        search = Perfect([Region(_layouts(range(cells), mines), list(range(cells)), near)])
        root = search.root()
        _, c, won = search.best(root, [(0, i) for i in firsts])
        chance = Fraction(won, comb(cells, mines)) if c >= 0 else Fraction(1)
        best = c if c >= 0 else 0
        positions = search.positions
    else:
        chance, best, positions = Fraction(-1), 0, 0
        for i in firsts:
            pool = [p.y * width + p.x for p in allowed_cells(width, height, mines, _pos(width, i))]
            layouts = _layouts(pool, mines)
            search = Perfect([Region(layouts, list(range(cells)), near)])
            got = Fraction(search.won(search.root()), len(layouts))
            positions += search.positions
            if got > chance:
                chance, best = got, i
    return PerfectPlay(chance, _pos(width, best), positions, time.process_time() - start)


def _pos(width: int, i: int) -> Pos:
    return Pos(i % width, i // width)


def _layouts(pool: range | list[int], mines: int) -> list[int]:
    """Every way to put ``mines`` mines on the cells of pool, as bitmasks."""
    return [sum(1 << i for i in chosen) for chosen in combinations(pool, mines)]


def _near(width: int, height: int, i: int) -> int:
    """The mask of the cells next to cell i."""
    x, y = i % width, i // width
    out = 0
    for ny in range(max(0, y - 1), min(height, y + 2)):
        for nx in range(max(0, x - 1), min(width, x + 2)):
            if (nx, ny) != (x, y):
                out |= 1 << (ny * width + nx)
    return out


def _orbit_firsts(width: int, height: int) -> list[int]:
    """One cell of each orbit of the board's symmetries, the first in row order."""
    out = []
    for i in range(width * height):
        x, y = i % width, i // width
        images = [(x, y), (width - 1 - x, y), (x, height - 1 - y), (width - 1 - x, height - 1 - y)]
        if width == height:
            images += [(b, a) for a, b in images]
        if min(b * width + a for a, b in images) == i:
            out.append(i)
    return out

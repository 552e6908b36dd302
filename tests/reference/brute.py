"""ProvablySafe, Stuck and the solver's answers by brute force over every layout.

Only for small boards: a w-by-h board has 2**(w*h) layouts. ``consistent_layouts``
uses each layout's *full view* (what every cell would show if revealed, from
``defs.adj_mines``), which makes ``defs.consistent`` a plain comparison; a test
checks the two agree.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from minebender import Boom, Hidden, Knowledge, Layout, Pos, Seen, Shown
from reference import defs

__all__ = [
    "BruteAnalysis",
    "all_layouts",
    "brute_analysis",
    "consistent_layouts",
    "full_view",
    "provably_safe",
    "provably_safe_cells",
    "stuck",
]


@cache
def all_layouts(w: int, h: int) -> tuple[Layout, ...]:
    """Every w-by-h layout."""
    return tuple(
        tuple(tuple(bits[y * w : (y + 1) * w]) for y in range(h))
        for bits in itertools.product((False, True), repeat=w * h)
    )


def full_view(w: int, h: int, layout: Layout) -> tuple[tuple[Seen, ...], ...]:
    """What every cell would show once revealed: Boom on a mine, else its count."""
    return tuple(
        tuple(
            Boom() if defs.mine(layout, p) else Shown(defs.adj_mines(w, h, layout, p))
            for p in (Pos(x, y) for x in range(w))
        )
        for y in range(h)
    )


@cache
def _views(w: int, h: int) -> tuple[tuple[Layout, int, tuple[tuple[Seen, ...], ...]], ...]:
    return tuple(
        (layout, defs.total_mines(layout), full_view(w, h, layout)) for layout in all_layouts(w, h)
    )


def consistent_layouts(v: Knowledge) -> list[Layout]:
    """Every layout consistent with v (``defs.consistent``), fast enough for 3x3."""
    w, h = v.width, v.height
    shown = [
        (x, y, s)
        for y, row in enumerate(v.rows)
        for x, s in enumerate(row)
        if type(s) is not Hidden
    ]
    return [
        layout
        for layout, total, full in _views(w, h)
        if (v.mines is None or total == v.mines) and all(full[y][x] == s for x, y, s in shown)
    ]


def provably_safe_cells(v: Knowledge) -> frozenset[Pos]:
    """Every p with ProvablySafe(v, p): hidden, and no consistent layout has a mine on it.

    Vacuously every hidden cell when no layout is consistent.
    """
    layouts = consistent_layouts(v)
    return frozenset(
        p
        for p in defs.cells(v.width, v.height)
        if defs.hidden(v, p) and not any(defs.mine(layout, p) for layout in layouts)
    )


def provably_safe(v: Knowledge, p: Pos) -> bool:
    return p in provably_safe_cells(v)


def stuck(v: Knowledge) -> bool:
    """No cell is provably safe."""
    return not provably_safe_cells(v)


@dataclass(frozen=True)
class BruteAnalysis:
    """The fields of ``minebender.Analysis``, counted layout by layout."""

    consistent: bool
    solutions: int
    unique: bool
    safe: frozenset[Pos]
    mines: frozenset[Pos]
    probabilities: dict[Pos, Fraction]


def brute_analysis(v: Knowledge) -> BruteAnalysis:
    """Count the consistent layouts and, per hidden cell, how many have a mine there."""
    layouts = consistent_layouts(v)
    hidden = [p for p in defs.cells(v.width, v.height) if defs.hidden(v, p)]
    with_mine = {p: sum(1 for layout in layouts if defs.mine(layout, p)) for p in hidden}
    n = len(layouts)
    return BruteAnalysis(
        consistent=n > 0,
        solutions=n,
        unique=n == 1,
        safe=frozenset(p for p in hidden if with_mine[p] == 0),
        mines=frozenset(p for p in hidden if with_mine[p] == n),
        probabilities={p: Fraction(with_mine[p], n) for p in hidden} if n else {},
    )

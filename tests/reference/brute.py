"""ProvablySafe, Stuck and the solver's answers by brute force over every layout.

Only for small boards: a w-by-h board has 2**(w*h) layouts. ``consistent_layouts``
uses each layout's *full view* (what every cell would show if revealed, from
``defs.adj_mines``), which makes ``defs.consistent`` a plain comparison; a test
checks the two agree. On a board of more than 9 cells it lists only the
choices of the cells that show no number, when they are fewer
(tests/test_reference_brute.py checks both listings agree).

``consistent_layouts``, ``provably_safe_cells`` and ``stuck`` are LAWS.bend's
definitions, so they need the total: a view with ``mines=None`` has no consistent
layout there, as in ``defs.consistent``. Only ``solver_layouts`` and
``brute_analysis``, which check ``analyse`` on views its API allows without a
total (API.md: every count allowed), read None as "any total"; the law checks
never use them.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

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
    "solver_layouts",
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


Entry = tuple[Layout, int, tuple[tuple[Seen, ...], ...]]
"""A layout, its number of mines and its full view."""


@cache
def _views(w: int, h: int) -> tuple[Entry, ...]:
    return tuple(
        (layout, defs.total_mines(layout), full_view(w, h, layout)) for layout in all_layouts(w, h)
    )


@cache
def _views_of_total(w: int, h: int, total: int) -> tuple[Entry, ...]:
    """The entries of ``_views`` with ``total`` mines, in the same order, made
    without the others: a view with a total costs C(w*h, total) full views,
    not 2**(w*h) (a 4x4 board with 3 mines: 560, not 65,536)."""
    if not 0 <= total <= w * h:
        return ()
    layouts = sorted(
        tuple(tuple(y * w + x in mines for x in range(w)) for y in range(h))
        for mines in map(frozenset, itertools.combinations(range(w * h), total))
    )
    return tuple((layout, total, full_view(w, h, layout)) for layout in layouts)


def _shown(v: Knowledge) -> list[tuple[int, int, Seen]]:
    """What v shows, cell by cell: x, y and what is seen there."""
    return [
        (x, y, s)
        for y, row in enumerate(v.rows)
        for x, s in enumerate(row)
        if type(s) is not Hidden
    ]


def _layouts_showing(v: Knowledge, totals: int | None) -> list[Layout]:
    """The layouts of v's size that show what v shows and hold ``totals`` mines
    (any number when None)."""
    w, h = v.width, v.height
    if not defs.shaped(w, h, v.rows):
        return []
    shown = _shown(v)
    free = [
        Pos(x, y) for y, row in enumerate(v.rows) for x, s in enumerate(row) if type(s) is not Shown
    ]
    if totals is not None and w * h > SMALL and comb(len(free), totals) < comb(w * h, totals):
        return _layouts_on(w, h, free, totals, shown)
    entries = _views(w, h) if totals is None else _views_of_total(w, h, totals)
    return [layout for layout, _, full in entries if all(full[y][x] == s for x, y, s in shown)]


SMALL = 9
"""Cells of the boards the law tests draw: theirs are listed whole (and kept,
``_views_of_total``); a bigger view's layouts are chosen among its free cells
(``_layouts_on``)."""


def _layouts_on(
    w: int, h: int, free: list[Pos], total: int, shown: list[tuple[int, int, Seen]]
) -> list[Layout]:
    """The layouts with ``total`` mines on ``free`` cells that show what
    ``shown`` says, in ``_views_of_total``'s order: a cell that shows a number
    is no mine in any layout showing it, so a 5x4 view with 10 hidden cells
    and 8 mines costs 45 full views, not C(20, 8) = 125,970."""
    out = []
    for mines in itertools.combinations(free, total):
        chosen = set(mines)
        layout = tuple(tuple(Pos(x, y) in chosen for x in range(w)) for y in range(h))
        full = full_view(w, h, layout)
        if all(full[y][x] == s for x, y, s in shown):
            out.append(layout)
    return sorted(out)


def consistent_layouts(v: Knowledge) -> list[Layout]:
    """Every layout consistent with v (``defs.consistent``), fast enough for 3x3.

    No layout for a view without a total: LAWS.bend's knowledge always has one.
    """
    if not defs.is_nat(v.mines):
        return []
    return _layouts_showing(v, v.mines)


def solver_layouts(v: Knowledge) -> list[Layout]:
    """The layouts ``analyse`` counts for v: ``consistent_layouts``, except that a
    view without a total (``mines=None``, which the solver's API allows) admits
    every count. For checking the solver only, never a law."""
    return _layouts_showing(v, None) if v.mines is None else consistent_layouts(v)


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
    """Count the layouts ``analyse`` must count (``solver_layouts``) and, per
    hidden cell, how many have a mine there."""
    layouts = solver_layouts(v)
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

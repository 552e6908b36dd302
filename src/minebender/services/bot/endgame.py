"""Exact search of the endgame, when few layouts remain.

With few consistent layouts left, the best guess can be found exactly: the
chance to win by revealing a cell is the share of layouts where it is safe,
times the best chance after seeing its number, and so on down to a single
layout. Heuristics that look one or two moves ahead lose games here that
this search wins (the classic endgame traps where the mine count decides).

The view's layouts are listed (``bot.layouts``) and cut into regions that no
number ties together. A region whose mine count is the same in every layout
is searched apart by ``bot.perfect`` and its wins multiply; the regions the
mine total ties are searched as one (a search that joined them through the
total, counting their combinations, was tried and ran 2.5 times slower on
real endgames; and the sum over the ways to split the total of the
products of each region's chance at its count is what a player told the
counts would win, more than a real one: docs/bot.md, Twins). Within the
search, groups of cells whose mine counts become fixed are played apart
(``bot.perfect``, with the links of ``links_of``), and what a set can win
is bounded before it is searched: by the guesses its free reveals leave,
and by the layouts that only twin cells tell apart. Nothing cuts the search
short: its answer is exact whenever the layouts could be listed, and how
long it takes by their number is measured by ``minebender bench endgame``
(docs/bot.md); ``--hard`` times the hardest kinds met in real games.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from minebender.rules.solver import Analysis
from minebender.rules.solver.reading import cells_of, neighbour_table
from minebender.services.bot.layouts import enumerate_layouts
from minebender.services.bot.perfect import Perfect, Region, links_of
from minebender.values.types import Boom, Knowledge, Pos, Shown

__all__ = [
    "PERFECT_LAYOUTS",
    "Endgame",
    "best_endgame_move",
    "best_guess",
    "candidate_wins",
    "endgame",
]

PERFECT_LAYOUTS = 20_000
"""The most layouts of an endgame that the analysis board and the ``perfect``
bot search exactly, with no budget: the hardest of real play take seconds
to a minute (docs/bot.md, Free reveals bound a set)."""


class Endgame:
    """The exact search of one view: each region's cells as positions, and the
    search over them."""

    def __init__(self, cells: list[Pos], search: Perfect) -> None:
        self.cells = cells
        self.search = search
        self.size = search.weight(search.root())

    def best(self) -> tuple[Pos, Fraction] | None:
        """The guess with the highest chance to win, and that chance; None when
        nothing is left to guess (one layout, or none)."""
        if self.size < 2:
            return None
        i, c, won = self.search.best(self.search.root())
        if i < 0:
            return None
        return self.cells[c], Fraction(won, self.size)

    def won(self) -> Fraction:
        """The chance to win with best play from here (1 with one layout left)."""
        if self.size < 2:
            return Fraction(1) if self.size else Fraction(0)
        return Fraction(self.search.won(self.search.root()), self.size)

    def reaches(self, cell: Pos, chance: Fraction) -> bool:
        """Whether revealing ``cell`` now and playing perfectly after wins with
        ``chance`` or more (a quick refusal when it does not: ``Perfect.reaches``)."""
        c = self.cells.index(cell)
        r = next(i for i, region in enumerate(self.search.regions) if c in region.cells)
        won = chance * self.size
        need = won.numerator // won.denominator + (won.denominator > 1)
        return self.search.reaches(self.search.root(), r, c, need)

    def chances(self) -> list[tuple[Pos, Fraction]]:
        """Every cell that is safe in some layout and a mine in another, with its
        exact chance to win when revealed now and the rest played perfectly."""
        return list(self.each_chance())

    def each_chance(self) -> Iterator[tuple[Pos, Fraction]]:
        """``chances`` one cell at a time, each as soon as it is searched: the
        safest first (then row by row), as the best guesses are most often
        among them, so that a caller out of time has those."""
        root = self.search.root()
        for _, r, c in self._undecided():
            yield self.cells[c], Fraction(self.search.after(root, r, c), self.size)

    def _undecided(self) -> list[tuple[int, int, int]]:
        """(minus the layouts it is safe in, region, cell) of each undecided
        cell, safest first, ties in row order."""
        if self.size < 2:
            return []
        root = self.search.root()
        out = []
        for r, region in enumerate(self.search.regions):
            s = root[r]
            others = self.size // s.bit_count()
            for c in region.cells:
                if 0 < (safe := (s & region.safe_in[c]).bit_count()) < s.bit_count():
                    out.append((-safe * others, r, c))
        out.sort(key=lambda o: (o[0], self.cells[o[2]].y, self.cells[o[2]].x))
        return out


def endgame(knowledge: Knowledge, analysis: Analysis, limit: int) -> Endgame | None:
    """The exact search of a view, or None when it has more than ``limit`` layouts."""
    found = enumerate_layouts(knowledge, analysis, limit)
    if found is None:
        return None
    cells, layouts = found
    w = knowledge.width
    around = neighbour_table(w, knowledge.height)
    index = {p.y * w + p.x: i for i, p in enumerate(cells)}  # flat index: its cell's number
    near = [sum(1 << index[q] for q in around[p.y * w + p.x] if q in index) for p in cells]
    total = -1
    if knowledge.mines is not None:
        booms = sum(1 for row in knowledge.rows for s in row if type(s) is Boom)
        total = knowledge.mines - booms - len(analysis.mines)
    groups = [[i, *cells_of(near[i])] for i in range(len(cells))]
    flat = [s for row in knowledge.rows for s in row]
    for j, s in enumerate(flat):
        if type(s) is Shown:
            groups.append([index[q] for q in around[j] if q in index])
    parts = _components(len(cells), groups)
    apart: list[list[int]] = []
    tied: list[int] = []
    for members in parts:
        mask = sum(1 << c for c in members)
        counts = {(lay & mask).bit_count() for lay in layouts}
        if total < 0 or len(counts) == 1:
            apart.append(members)
        else:  # the total ties it to the others of its kind
            tied += members
    if tied:
        apart.append(sorted(tied))
    links = links_of([(p.x, p.y) for p in cells])
    regions = []
    for members in apart:
        mask = sum(1 << c for c in members)
        regions.append(Region(sorted({lay & mask for lay in layouts}), members, near, links))
    search = Perfect(regions)
    if search.weight(search.root()) != len(layouts):  # pragma: no cover
        # never seen: the numbers tie only cells of one region; one region is always right
        search = Perfect([Region(layouts, list(range(len(cells))), near)])
    return Endgame(cells, search)


def _components(n: int, groups: list[list[int]]) -> list[list[int]]:
    """The cells 0..n-1 joined whenever they are in one group, each part in
    ascending order, the parts by their first cell."""
    parent = list(range(n))
    for members in groups:
        for j in members[1:]:
            a, b = _root(parent, members[0]), _root(parent, j)
            if a != b:
                parent[max(a, b)] = min(a, b)
    parts: dict[int, list[int]] = {}
    for i in range(n):
        parts.setdefault(_root(parent, i), []).append(i)
    return list(parts.values())


def _root(parent: list[int], i: int) -> int:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def best_endgame_move(
    knowledge: Knowledge, analysis: Analysis, limit: int = 120
) -> tuple[Pos, Fraction] | None:
    """The guess with the highest exact chance to win, and that chance. None
    when there are more than ``limit`` layouts or fewer than two."""
    found = endgame(knowledge, analysis, limit)
    return None if found is None else found.best()


def best_guess(
    knowledge: Knowledge, cells: list[Pos], layouts: list[int]
) -> tuple[Pos, Fraction] | None:
    """Among ``cells``, the guess with the highest exact chance to win when
    ``layouts`` (bit j of a layout: a mine on ``cells[j]``) are the equally
    likely truths and every cell outside ``cells`` is decided; and that
    chance. None with fewer than two layouts (nothing to guess)."""
    index = {p: i for i, p in enumerate(cells)}
    near = [sum(1 << index[q] for q in knowledge.neighbours(p) if q in index) for p in cells]
    region = Region(layouts, list(range(len(cells))), near)
    return Endgame(cells, Perfect([region])).best()


def candidate_wins(
    knowledge: Knowledge, analysis: Analysis, limit: int
) -> list[tuple[Pos, Fraction]] | None:
    """Every undecided cell with its exact chance to win when it is revealed now
    and the rest is played perfectly; None when there are more than ``limit``
    layouts, or fewer than two."""
    found = endgame(knowledge, analysis, limit)
    if found is None or found.size < 2:
        return None
    return found.chances()

"""Layouts drawn uniformly from those consistent with a view.

When a view has far too many consistent layouts to list (the cells away from
every number alone give billions on Expert), questions about "the layout the
player is in" can still be answered by drawing layouts at random, each
consistent one equally likely: exactly the player's own uncertainty, since
boards are placed uniformly and every revealed cell rules out only the
layouts it contradicts.

A draw never searches the whole board. The hidden cells next to numbers split
into components that no number links; each component's few assignments are
listed once, grouped by how many mines they hold. The components are tied
together only by the total mine count, and the cells away from every number
only by what is left of it, so a draw picks the frontier's mine total with
its exact weight (the ways to reach it times the ways to spread the rest
outside), then each component's share from the back (as in sampling from a
product of polynomials), an assignment of that share uniformly, and the
outside mines uniformly.
"""

from __future__ import annotations

from math import comb

from minebender.rules.solver import Analysis
from minebender.rules.solver.reading import neighbour_table
from minebender.services.bot.layouts import constraint_tables, place
from minebender.values.seeded import Stream
from minebender.values.types import Hidden, Knowledge, Shown

__all__ = ["LayoutSampler"]

LIMIT = 200_000
"""Assignments of one component listed at most; a view past it is refused."""


class LayoutSampler:
    """Draws uniformly random layouts consistent with one view.

    A layout is the frozenset of flat cell indexes (``y * width + x``) holding
    a mine, the cells ``analysis`` proves to be mines included. The view must
    know its mine total and agree with some layout.
    """

    def __init__(self, knowledge: Knowledge, analysis: Analysis) -> None:
        if knowledge.mines is None:
            raise ValueError("LayoutSampler: the view must know how many mines there are")
        if not analysis.consistent:
            raise ValueError("LayoutSampler: no layout agrees with this view")
        w, h = knowledge.width, knowledge.height
        around = neighbour_table(w, h)
        flat = [s for row in knowledge.rows for s in row]
        if any(type(s) is not Hidden and type(s) is not Shown for s in flat):
            raise ValueError("LayoutSampler: the view shows a mine; the game is over")
        self.known = frozenset(p.y * w + p.x for p in analysis.mines)
        undecided = [i for i, s in enumerate(flat) if type(s) is Hidden and i not in self.known]
        numbers: list[tuple[list[int], int]] = []
        for i, s in enumerate(flat):
            if type(s) is not Shown:
                continue
            need = s.n
            cells: list[int] = []
            for j in around[i]:
                if j in self.known:
                    need -= 1
                elif type(flat[j]) is Hidden:
                    cells.append(j)
            if cells:
                numbers.append((cells, need))
        frontier = {j for cells, _ in numbers for j in cells}
        self.outside = [i for i in undecided if i not in frontier]
        self.mines_left = knowledge.mines - len(self.known)
        self.components = []
        for cells in _components(frontier, numbers):
            members = set(cells)
            own = [(c, n) for c, n in numbers if c[0] in members]
            self.components.append(_assignments(cells, own))
        # ways[k][t]: assignments of components[:k] holding t mines in all
        ways: list[list[int]] = [[1]]
        for cells, by_count in self.components:
            before = ways[-1]
            now = [0] * (len(before) + len(cells))
            for t, v in enumerate(before):
                if v:
                    for k, found in by_count.items():
                        now[t + k] += v * len(found)
            ways.append(now)
        self.ways = ways
        spare = len(self.outside)
        self.totals = [
            (t, v * comb(spare, self.mines_left - t))
            for t, v in enumerate(ways[-1])
            if v and 0 <= self.mines_left - t <= spare
        ]
        if not self.totals:
            raise ValueError("LayoutSampler: no layout agrees with this view")

    def sample(self, rng: Stream) -> frozenset[int]:
        """One layout, every consistent layout equally likely."""
        total = rng.weighted([t for t, _ in self.totals], [v for _, v in self.totals])
        mines = set(self.known)
        left = total
        for k in range(len(self.components) - 1, -1, -1):
            cells, by_count = self.components[k]
            before = self.ways[k]
            options = [
                (m, before[left - m] * len(found))
                for m, found in by_count.items()
                if 0 <= left - m < len(before) and before[left - m]
            ]
            share = rng.weighted([m for m, _ in options], [v for _, v in options])
            chosen = rng.choice(by_count[share])
            mines.update(c for b, c in enumerate(cells) if chosen >> b & 1)
            left -= share
        mines.update(rng.sample(self.outside, self.mines_left - total))
        return frozenset(mines)


def _components(frontier: set[int], numbers: list[tuple[list[int], int]]) -> list[list[int]]:
    """The frontier cells split into groups no number links, each in index order."""
    parent = {i: i for i in frontier}

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for cells, _ in numbers:
        for j in cells[1:]:
            parent[root(j)] = root(cells[0])
    groups: dict[int, list[int]] = {}
    for i in sorted(frontier):
        groups.setdefault(root(i), []).append(i)
    return list(groups.values())


def _assignments(
    cells: list[int], numbers: list[tuple[list[int], int]]
) -> tuple[list[int], dict[int, list[int]]]:
    """Every mine assignment of one component that its numbers allow, as
    bitmasks over ``cells`` grouped by mine count; each number is checked as
    soon as its last cell is placed, so dead branches die young."""
    index = {c: b for b, c in enumerate(cells)}
    touching, need, room, last = constraint_tables(
        len(cells), [([index[c] for c in members], n) for members, n in numbers]
    )
    found: dict[int, list[int]] = {}
    listed = 0
    # an explicit stack (bit position, mask, mines, next value to try) keeps
    # deep components off the recursion limit
    stack: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]
    while stack:
        b, mask, mines, value = stack.pop()
        if value > 0:  # undo the previous value of this cell before the next
            for k in touching[b]:
                need[k] += value - 1
                room[k] += 1
        if value == 2:
            continue
        if b == len(cells):
            found.setdefault(mines, []).append(mask)
            listed += 1
            if listed > LIMIT:
                raise ValueError(f"LayoutSampler: a component has over {LIMIT:,} assignments")
            continue
        stack.append((b, mask, mines, value + 1))  # undoes this value when popped
        if place(b, value, touching, need, room, last):
            stack.append((b + 1, mask | (value << b), mines + value, 0))
    return cells, found

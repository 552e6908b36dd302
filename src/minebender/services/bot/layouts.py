"""Every layout consistent with a view, as bitmasks, when there are few.

The endgame search (``minebender.services.bot.endgame``) works on the explicit list of
layouts; this module produces it without wasting time on dead branches.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from minebender.rules.solver import Analysis
from minebender.rules.solver.reading import neighbour_table
from minebender.values.types import Boom, Hidden, Knowledge, Pos, Shown

__all__ = ["constraint_tables", "enumerate_layouts", "place"]


class _TooMany(Exception):
    """More layouts than the caller's limit."""


def enumerate_layouts(
    knowledge: Knowledge, analysis: Analysis, limit: int
) -> tuple[list[Pos], list[int]] | None:
    """The uncertain cells and every consistent layout as a bitmask over them.

    Cells the analysis proves to be mines are left out (they are mines in every
    layout). None when there are more than ``limit`` layouts.

    Cells next to a number are searched one by one in an order that keeps the
    numbers they touch close together, so each number is checked as soon as
    its last cell is placed and dead branches die young; cells away from every
    number are only told apart by the mine count, so at each leaf the mines
    left over are spread over them by plain combinations, never searched.
    """
    if analysis.solutions > limit:
        return None
    w = knowledge.width
    flat = [s for row in knowledge.rows for s in row]
    kinds = [type(s) for s in flat]
    mined = [k is Boom for k in kinds]
    for p in analysis.mines:
        mined[p.y * w + p.x] = True
    open_ = [k is Hidden and not m for k, m in zip(kinds, mined, strict=True)]
    cell = [Pos(i % w, i // w) for i in range(len(flat))]
    hidden = [cell[i] for i, o in enumerate(open_) if o]
    numbers: list[tuple[list[Pos], int]] = []
    # flat indexes, not Pos: every shown number is read, and most touch no hidden cell
    for i, around_i in enumerate(neighbour_table(w, knowledge.height)):
        s = flat[i]
        if type(s) is not Shown:
            continue
        around = [cell[j] for j in around_i if open_[j]]
        if around:
            numbers.append((around, s.n - sum(map(mined.__getitem__, around_i))))
    cells = _frontier_order(hidden, [around for around, _ in numbers])
    n_edge = len(cells)
    on_edge = set(cells)
    cells += [p for p in hidden if p not in on_edge]
    index = {p: i for i, p in enumerate(cells)}
    outside = len(cells) - n_edge
    total: int | None = None
    if knowledge.mines is not None:
        booms = sum(1 for row in knowledge.rows for s in row if type(s) is Boom)
        total = knowledge.mines - booms - len(analysis.mines)
    touching, needs, lefts, last = constraint_tables(
        n_edge, [([index[q] for q in around], need) for around, need in numbers]
    )
    out: list[int] = []
    spreads: dict[int, list[int]] = {}

    def leaf(layout: int, mines: int) -> None:
        if total is None:
            wanted = range(outside + 1)
        elif 0 <= total - mines <= outside:
            wanted = range(total - mines, total - mines + 1)
        else:
            return
        for k in wanted:
            if len(out) + comb(outside, k) > limit:
                raise _TooMany
            if k not in spreads:
                spreads[k] = _spreads(n_edge, outside, k)
            out.extend(layout | extra for extra in spreads[k])

    def go(i: int, layout: int, mines: int) -> None:
        if i == n_edge:
            leaf(layout, mines)
            return
        if total is not None and (mines > total or mines + (n_edge - i) + outside < total):
            return
        for bit in (0, 1):
            if place(i, bit, touching, needs, lefts, last):
                go(i + 1, layout | (bit << i), mines + bit)
            for ci in touching[i]:
                needs[ci] += bit
                lefts[ci] += 1

    try:
        go(0, 0, 0)
    except _TooMany:
        return None
    return cells, out


def constraint_tables(
    size: int, numbers: list[tuple[list[int], int]]
) -> tuple[list[list[int]], list[int], list[int], list[int]]:
    """What a cell-by-cell search over ``size`` cells checks its numbers with.

    ``numbers`` are (the positions of a number's undecided cells in the search
    order, the mines they still hold). Returned: the numbers each cell touches,
    the mines each number still needs, its cells not yet placed, and its last
    cell, where its count must come out exact.
    """
    touching: list[list[int]] = [[] for _ in range(size)]
    needs: list[int] = []
    lefts: list[int] = []
    last: list[int] = []
    for k, (members, need) in enumerate(numbers):
        for i in members:
            touching[i].append(k)
        needs.append(need)
        lefts.append(len(members))
        last.append(max(members))
    return touching, needs, lefts, last


def place(
    i: int,
    bit: int,
    touching: list[list[int]],
    needs: list[int],
    lefts: list[int],
    last: list[int],
) -> bool:
    """Put ``bit`` (1: a mine) on cell i of a search over ``constraint_tables``:
    updates the numbers it touches and says whether they can all still come
    out right. The caller undoes it (adds ``bit`` and 1 back) either way."""
    ok = True
    for k in touching[i]:
        needs[k] -= bit
        lefts[k] -= 1
        if needs[k] < 0 or needs[k] > lefts[k] or (last[k] == i and needs[k] != 0):
            ok = False
    return ok


def _frontier_order(hidden: list[Pos], groups: list[list[Pos]]) -> list[Pos]:
    """The hidden cells next to some number, each connected run of them in the
    order a breadth-first walk over shared numbers meets them."""
    links: dict[Pos, set[Pos]] = {}
    for around in groups:
        for p in around:
            links.setdefault(p, set()).update(around)
    order: list[Pos] = []
    seen: set[Pos] = set()
    for start in hidden:
        if start not in links or start in seen:
            continue
        seen.add(start)
        queue = [start]
        for p in queue:
            order.append(p)
            for q in sorted(links[p] - seen, key=lambda c: (c.y, c.x)):
                seen.add(q)
                queue.append(q)
    return order


def _spreads(offset: int, size: int, k: int) -> list[int]:
    """Every way to put k mines on ``size`` cells, as bitmasks shifted by offset."""
    return [sum(1 << (offset + i) for i in chosen) for chosen in combinations(range(size), k)]

"""Exact counting of one component by dynamic programming along a plan.

Forward, each state (what the open constraints still need, see ``plan``)
carries a polynomial: entry m is the number of ways, weighted by binomial
coefficients, to put m mines in the groups taken so far. Equal states are
merged, so the work grows with the number of distinct states, not with the
number of layouts (which can be astronomically large). A polynomial is kept
as ``(offset, coefficients)`` so that only its non-zero stretch is stored and
added, with ``map`` doing the element work in C.

A backward pass over the same states then gives, for every group, the
weighted number of mines it holds summed over all consistent layouts, with
the rest of the board folded in through a weight per total of the component.

Each sweep works out which numbers of mines a group can take from a state
(``lo..hi``) inline rather than in a helper: the call would cost more than
the work in these loops, which are where the lattices spend their time.

``forward_bits``/``backward_bits`` do the same with sets of counts (an int
as a bit set) instead of polynomials: enough to decide which cells can hold
a mine, which is all the assist needs, and much cheaper.
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import add, mul

from minebender.rules.solver.plan import MASK, Plan

__all__ = [
    "Poly",
    "backward",
    "backward_bits",
    "counts",
    "forward",
    "forward_bits",
    "forward_bits_steps",
]

Poly = tuple[int, list[int]]
"""(offset, coefficients): coefficient j counts offset + j mines."""
Table = dict[int, Poly]


def forward(plan: Plan, live: list[set[int]] | None = None) -> list[Table]:
    """tables[i] maps each state before step i to its polynomial; the last table
    has the single state 0 (every constraint closed) unless nothing fits.

    With ``live`` (from ``backward_bits``), states that cannot be completed are
    dropped as soon as they appear: on a big component most states are such
    dead ends, and neither pass needs them.

    Polynomials are never changed in place once stored, so a step that puts no
    weight on a group (one way to take m mines) shares the list it came from.
    """
    table: Table = {0: (0, [1])}
    tables = [table]
    for i, step in enumerate(plan.steps):
        keep = None if live is None else live[i + 1]
        nxt: Table = {}
        get = nxt.get
        open_add, hit, binom = step.open_add, step.hit, step.binom
        lo0, hi0, closing, staying = step.lo, step.hi, step.closing, step.staying
        for state, (off, poly) in table.items():
            lo, hi = lo0, hi0
            for shift in closing:
                v = (state >> shift) & MASK
                if v > lo:
                    lo = v
                if v < hi:
                    hi = v
            for shift, room in staying:
                v = (state >> shift) & MASK
                if v - room > lo:
                    lo = v - room
                if v < hi:
                    hi = v
            key = state + open_add - lo * hit + hit
            for m in range(lo, hi + 1):
                key -= hit
                if keep is not None and key not in keep:
                    continue
                b = binom[m]
                p = poly if b == 1 else [x * b for x in poly]
                o = off + m
                cur = get(key)
                if cur is None:
                    nxt[key] = (o, p)
                elif cur[0] == o and len(cur[1]) == len(p):
                    nxt[key] = (o, list(map(add, cur[1], p)))
                else:
                    nxt[key] = _merge(cur, o, p)
        table = nxt
        tables.append(table)
    return tables


def _merge(cur: Poly, o: int, p: list[int]) -> Poly:
    """The sum of two polynomials with different stretches."""
    co, cl = cur
    lo = min(co, o)
    out = [0] * (max(co + len(cl), o + len(p)) - lo)
    i = co - lo
    out[i : i + len(cl)] = cl
    i = o - lo
    out[i : i + len(p)] = map(add, out[i : i + len(p)], p)
    return lo, out


def counts(tables: list[Table]) -> list[int]:
    """Entry m: the weighted number of ways to put m mines in the component."""
    final = tables[-1].get(0)
    if final is None:
        return []
    off, poly = final
    return [0] * off + poly


def backward(plan: Plan, tables: list[Table], weight: list[int]) -> dict[int, int]:
    """For each group, its mines summed over every consistent layout of the board,
    where ``weight[a]`` counts the ways to complete the rest of the board when
    the component holds a mines."""
    steps = plan.steps
    totals: dict[int, int] = {}
    final = tables[-1].get(0)
    if final is None:
        return {step.group: 0 for step in steps}
    off, poly = final
    padded = weight + [0] * (off + len(poly) - len(weight))
    back: dict[int, list[int]] = {0: padded[off : off + len(poly)]}
    for i in range(len(steps) - 1, -1, -1):
        step = steps[i]
        table = tables[i]
        after = tables[i + 1]
        open_add, hit, binom = step.open_add, step.hit, step.binom
        lo0, hi0, closing, staying = step.lo, step.hi, step.closing, step.staying
        new_back: dict[int, list[int]] = {}
        total = 0
        for state, (off, poly) in table.items():
            n = len(poly)
            row: list[int] | None = None
            base = state + open_add
            lo, hi = lo0, hi0
            for shift in closing:
                v = (state >> shift) & MASK
                if v > lo:
                    lo = v
                if v < hi:
                    hi = v
            for shift, room in staying:
                v = (state >> shift) & MASK
                if v - room > lo:
                    lo = v - room
                if v < hi:
                    hi = v
            for m in range(lo, hi + 1):
                key = base - m * hit
                bk = back.get(key)
                if bk is None:
                    continue
                start = off + m - after[key][0]
                seg = bk[start : start + n]
                b = binom[m]
                if b != 1:
                    seg = [x * b for x in seg]
                if m:
                    total += m * sum(map(mul, poly, seg))
                row = seg if row is None else list(map(add, row, seg))
            if row is not None:
                new_back[state] = row
        totals[step.group] = total
        back = new_back
    return totals


def forward_bits(plan: Plan) -> list[dict[int, int]]:
    """Like ``forward`` with the set of possible counts (bit m: m mines) per state."""
    tables: list[dict[int, int]] = []
    for _ in forward_bits_steps(plan, tables):
        pass
    return tables


def forward_bits_steps(plan: Plan, tables: list[dict[int, int]]) -> Iterator[int]:
    """``forward_bits`` one step at a time, appending to ``tables`` and yielding
    the number of states after each step (for racing plans against each other)."""
    table = {0: 1}
    tables.append(table)
    for step in plan.steps:
        nxt: dict[int, int] = {}
        get = nxt.get
        open_add, hit = step.open_add, step.hit
        lo0, hi0, closing, staying = step.lo, step.hi, step.closing, step.staying
        for state, bits in table.items():
            base = state + open_add
            lo, hi = lo0, hi0
            for shift in closing:
                v = (state >> shift) & MASK
                if v > lo:
                    lo = v
                if v < hi:
                    hi = v
            for shift, room in staying:
                v = (state >> shift) & MASK
                if v - room > lo:
                    lo = v - room
                if v < hi:
                    hi = v
            for m in range(lo, hi + 1):
                key = base - m * hit
                nxt[key] = get(key, 0) | (bits << m)
        table = nxt
        tables.append(table)
        yield len(table)


def backward_bits(
    plan: Plan,
    tables: list[dict[int, int]],
    allowed: int,
    live: list[set[int]] | None = None,
) -> tuple[set[int], set[int]]:
    """The groups that hold a mine in some layout whose component count is in
    ``allowed`` (a bit set), and the groups that have a safe cell in one.

    ``live``, when given, is filled with the states of each step that lead to
    such a layout (for ``forward`` to skip the others)."""
    steps = plan.steps
    if live is not None:
        live[:] = [set() for _ in range(len(steps) + 1)]
        live[-1].add(0)
    can_mine: set[int] = set()
    can_safe: set[int] = set()
    back = {0: allowed}
    for i in range(len(steps) - 1, -1, -1):
        step = steps[i]
        open_add, hit, size = step.open_add, step.hit, step.size
        lo0, hi0, closing, staying = step.lo, step.hi, step.closing, step.staying
        new_back: dict[int, int] = {}
        mine = safe = False
        for state, bits in tables[i].items():
            base = state + open_add
            acc = 0
            lo, hi = lo0, hi0
            for shift in closing:
                v = (state >> shift) & MASK
                if v > lo:
                    lo = v
                if v < hi:
                    hi = v
            for shift, room in staying:
                v = (state >> shift) & MASK
                if v - room > lo:
                    lo = v - room
                if v < hi:
                    hi = v
            for m in range(lo, hi + 1):
                bk = back.get(base - m * hit, 0) >> m
                if bk & bits:
                    acc |= bk
                    if m:
                        mine = True
                    if m < size:
                        safe = True
            if acc:
                new_back[state] = acc
        if mine:
            can_mine.add(step.group)
        if safe:
            can_safe.add(step.group)
        if live is not None:
            live[i] = set(new_back)
        back = new_back
    return can_mine, can_safe

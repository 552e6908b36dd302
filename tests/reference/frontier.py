"""An independent slow enumerator for larger boards, for the golden answers.

As seed 001 describes: enumerate only the *consistent* assignments of the
frontier (hidden cells next to a revealed number), one cell at a time, and
backtrack as soon as some number can no longer be met. Hidden cells away from
every number are never enumerated: given m mines on the frontier, they hold
the rest in C(outside, rest) ways. Exact, with Python ints and Fractions.

It shares nothing with the solver (no groups, no components, no dynamic
programming), so the two can check each other. Its cost grows with the number
of consistent frontier assignments: fine for the golden positions, which are
chosen to stay below a few hundred thousand.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from minebender import Boom, Knowledge, Pos, Shown
from reference import defs


@dataclass(frozen=True)
class Answer:
    """Everything ``analyse`` gives, from the enumeration."""

    consistent: bool
    solutions: int
    safe: frozenset[Pos]
    mines: frozenset[Pos]
    probabilities: dict[Pos, Fraction]
    assignments: int  # consistent frontier assignments enumerated


def enumerate_frontier(v: Knowledge) -> Answer:
    w, h = v.width, v.height
    cells = defs.cells(w, h)
    hidden = [p for p in cells if defs.hidden(v, p)]
    numbers = [p for p in cells if isinstance(defs.seen(v, p), Shown)]
    booms = sum(1 for p in cells if isinstance(defs.seen(v, p), Boom))
    frontier = [p for p in hidden if any(defs.adjacent(p, q) for q in numbers)]
    outside = len(hidden) - len(frontier)
    index = {p: i for i, p in enumerate(frontier)}

    # need[j]: mines number j still needs; left[j]: its unassigned hidden neighbours.
    need: list[int] = []
    left: list[int] = []
    touching: dict[int, list[int]] = defaultdict(list)
    for j, q in enumerate(numbers):
        around = defs.neighbours(w, h, q)
        shown = defs.seen(v, q)
        assert isinstance(shown, Shown)
        need.append(shown.n - sum(1 for r in around if isinstance(defs.seen(v, r), Boom)))
        left.append(sum(1 for r in around if r in index))
        for r in around:
            if r in index:
                touching[index[r]].append(j)
    ok = all(0 <= n <= k for n, k in zip(need, left, strict=True))

    by_count: dict[int, int] = defaultdict(int)  # frontier mines -> assignments
    cell_by_count: list[dict[int, int]] = [defaultdict(int) for _ in frontier]
    assignment = [False] * len(frontier)
    found = 0

    def go(i: int, m: int) -> None:
        nonlocal found
        if i == len(frontier):
            found += 1
            by_count[m] += 1
            for c, is_mine in enumerate(assignment):
                if is_mine:
                    cell_by_count[c][m] += 1
            return
        js = touching[i]
        for is_mine in (False, True):
            for j in js:
                left[j] -= 1
                need[j] -= is_mine
            if all(0 <= need[j] <= left[j] for j in js):
                assignment[i] = is_mine
                go(i + 1, m + is_mine)
            for j in js:
                left[j] += 1
                need[j] += is_mine
        assignment[i] = False

    if ok:
        go(0, 0)

    def ways_outside(m: int, cells_out: int, extra: int = 0) -> int:
        if v.mines is None:
            return 2**cells_out
        rest = v.mines - booms - m - extra
        return comb(cells_out, rest) if 0 <= rest <= cells_out else 0

    solutions = sum(c * ways_outside(m, outside) for m, c in by_count.items())
    if solutions == 0:
        everything = frozenset(hidden)
        return Answer(False, 0, everything, everything, {}, found)
    probs: dict[Pos, Fraction] = {}
    for c, p in enumerate(frontier):
        hits = sum(k * ways_outside(m, outside) for m, k in cell_by_count[c].items())
        probs[p] = Fraction(hits, solutions)
    out_hits = sum(c * ways_outside(m, outside - 1, 1) for m, c in by_count.items())
    for p in hidden:
        if p not in index:
            probs[p] = Fraction(out_hits, solutions)
    return Answer(
        True,
        solutions,
        frozenset(p for p in hidden if probs[p] == 0),
        frozenset(p for p in hidden if probs[p] == 1),
        probs,
        found,
    )

"""``analyse``: everything that follows from what the player sees.

Counts every layout consistent with the view (LAWS.bend ``consistent``),
exactly, with Python ints, and gives exact ``Fraction`` probabilities. The
solver sees only the player's view, never the layout.

Components of the frontier are counted separately (small ones by listing
their solutions, ``small``; the others by a sweep, ``sweep``) and combined
here with the outside cells: ``tail[t]`` is the number of ways to put the rest
of the mines outside when the frontier holds t, and each component's groups
get their mine totals from one backward pass weighted by the other
components and the tail.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from itertools import repeat
from math import comb
from operator import add, mul

from minebender.rules.solver.choose import best_plan, front_cost
from minebender.rules.solver.plan import greedy_order
from minebender.rules.solver.reading import positions
from minebender.rules.solver.small import group_totals, list_solutions, listable, poly_of
from minebender.rules.solver.sweep import backward, backward_bits, counts, forward
from minebender.rules.solver.system import Component, System, build_system
from minebender.values.types import Hidden, Knowledge, Pos, as_pos

__all__ = [
    "Analysis",
    "Weighed",
    "analyse",
    "analyse_within",
    "convolve",
    "counting_work",
    "tail_weights",
    "weigh",
]

ZERO = Fraction(0)
ONE = Fraction(1)
HALF = Fraction(1, 2)


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the solver knows about one view of the board.

    ``safe`` and ``mines`` follow LAWS.bend to the letter: a hidden cell is
    ProvablySafe when no consistent layout has a mine on it, so on a view no
    layout agrees with (``consistent`` False) every hidden cell is in both,
    vacuously. ``probabilities`` has a row per board row: the exact mine
    probability of each hidden cell, None for revealed cells and for every
    cell of an inconsistent view.
    """

    width: int
    height: int
    total: int | None
    consistent: bool
    solutions: int
    safe: frozenset[Pos]
    mines: frozenset[Pos]
    probabilities: tuple[tuple[Fraction | None, ...], ...]

    @property
    def unique(self) -> bool:
        """Exactly one layout agrees with the view."""
        return self.solutions == 1

    def probability(self, pos: Pos) -> Fraction:
        """The exact share of consistent layouts with a mine at the hidden cell pos."""
        pos = as_pos("probability", pos)
        if not (0 <= pos[0] < self.width and 0 <= pos[1] < self.height):
            raise ValueError(f"probability: {pos!r} is off the {self.width}x{self.height} board")
        if not self.consistent:
            raise ValueError("probability: no layout agrees with this view")
        p = self.probabilities[pos[1]][pos[0]]
        if p is None:
            raise ValueError(f"probability: {pos!r} is not hidden")
        return p


def convolve(a: list[int], b: list[int]) -> list[int]:
    """The product of two count polynomials."""
    if not a or not b:
        return []
    if len(a) < len(b):
        a, b = b, a
    out = [0] * (len(a) + len(b) - 1)
    for j, y in enumerate(b):
        if y:
            for i, x in enumerate(a):
                if x:
                    out[i + j] += x * y
    return out


def _shifted_sum(poly: list[int], values: list[int], n: int) -> list[int]:
    """Entry k for k in 0..n-1: the sum over u of poly[u] * values[k + u], an
    entry past the end of values counting 0. Term by term, not entry by entry:
    a component's polynomial has few terms (most of one group, a single one),
    and the entries are many."""
    out = [0] * n
    for u, c in enumerate(poly):
        if c:
            part = values[u : u + n]
            out[: len(part)] = map(add, out[: len(part)], map(mul, part, repeat(c)))
    return out


def tail_weights(free: int | None, outside: int, top: int) -> list[int]:
    """Entry t for t in 0..top: the ways to fill the outside when the frontier holds t.

    Each entry from the one before (comb(n, k - 1) = comb(n, k) * k / (n - k + 1),
    exact): with 100,000 cells outside one ``comb`` takes 40 ms, and a long
    frontier asked for thousands of them (ten revealed rows of a 316x316 board
    ran past two minutes)."""
    if free is None:
        return [1 << outside] * (top + 1)
    out = [0] * (top + 1)
    lo, hi = max(0, free - outside), min(top, free)  # 0 <= free - t <= outside
    if lo > hi:
        return out
    k = free - lo
    ways = out[lo] = comb(outside, k)
    for t in range(lo + 1, hi + 1):
        ways = ways * k // (outside - k + 1)
        k -= 1
        out[t] = ways
    return out


def _one_group(g: int, need: int, ways: int, weight: list[int]) -> dict[int, int]:
    """``Totals`` of a component of one group holding ``need`` mines in ``ways`` ways."""
    return {g: need * ways * weight[need]}


def _inconsistent(knowledge: Knowledge) -> Analysis:
    hidden = frozenset(p for p in knowledge.cells() if type(knowledge.seen(p)) is Hidden)
    return Analysis(
        knowledge.width,
        knowledge.height,
        knowledge.mines,
        False,
        0,
        hidden,
        hidden,
        tuple((None,) * knowledge.width for _ in range(knowledge.height)),
    )


def analyse(knowledge: Knowledge) -> Analysis:
    """Count every layout consistent with the view and give exact probabilities.

    ``knowledge.mines`` may be None: the total is unknown and every count is
    allowed.

    >>> from minebender.values.types import Shown, Hidden
    >>> a = analyse(Knowledge(3, 1, 1, ((Hidden(), Shown(1), Hidden()),)))
    >>> a.solutions, a.probability(Pos(0, 0))
    (2, Fraction(1, 2))
    """
    return _counted(knowledge, build_system(knowledge))


def _counted(knowledge: Knowledge, system: System) -> Analysis:
    """The analysis of knowledge, whose system is ``system``."""
    result = _solve(system)
    return _inconsistent(knowledge) if result is None else result


def counting_work(system: System) -> int:
    """An estimate, made before any counting, of what counting system costs:
    summed over the components of more than one group, the listing's bound
    (``small.listable``: the product of each group's size plus one) where it
    is listed, else the sweep's estimated states in the greedy order
    (``choose.front_cost``). Real play stays under 20,000 (900 views of every
    level, their analyses under a millisecond); lattices of numbers two
    cells apart on 30x24 grow from 807 (k=3) to 21,214 (k=5)."""
    work = 0
    for component in system.components:
        if len(component.groups) == 1:
            continue
        if listable(system, component):
            bound = 1
            for g in component.groups:
                bound *= len(system.groups[g].cells) + 1
            work += bound
        else:
            work += front_cost(system, component, greedy_order(system, component))
    return work


def analyse_within(knowledge: Knowledge, most: int) -> Analysis | None:
    """``analyse``, when ``counting_work`` says its work is at most ``most``; else
    None, nothing counted. A caller that must answer at once (the server's
    first stage, on its event loop) runs a bounded count where it stands and
    hands a bigger one to a process it can kill."""
    system = build_system(knowledge)
    return None if counting_work(system) > most else _counted(knowledge, system)


Totals = Callable[[list[int]], dict[int, int]]
"""Given ``weight[a]``, the ways to complete the rest of the board when a
component holds a mines: each of its groups' mines summed over every layout."""


def _count(system: System, component: Component) -> tuple[list[int], Totals]:
    """The count polynomial of a component, and its ``Totals``: a component of
    one group (one number, or several with the same hidden neighbours) by a
    single binomial, a small one (nearly all of real play) by listing its
    solutions (``small``), a big one by a sweep (``sweep``). The binomial is
    the listing of one group without its walk, and keeps real play 2 to 3%
    faster."""
    if len(component.groups) == 1:
        need = system.constraints[component.constraints[0]].need
        size = len(system.groups[component.groups[0]].cells)
        if not 0 <= need <= size:
            return [], partial(_one_group, component.groups[0], 0, 0)  # never asked
        ways = comb(size, need)
        return [0] * need + [ways], partial(_one_group, component.groups[0], need, ways)
    if listable(system, component):
        found = list_solutions(system, component)
        return poly_of(found), partial(group_totals, component, found)
    plan, bits = best_plan(system, component)
    live: list[set[int]] | None = None
    if bits is not None and bits[-1].get(0):
        # The race left the bit-set sweep: find the live states with it.
        live = []
        backward_bits(plan, bits, bits[-1][0], live)
    table = forward(plan, live)
    return counts(table), partial(backward, plan, table)


@dataclass(frozen=True, slots=True)
class Weighed:
    """The counts of one system, before any probability is made: the layouts
    in all, each group's mines summed over them, and the outside's."""

    solutions: int
    totals: list[tuple[int, int]]
    """(group index, its mines summed over every layout), component by component."""
    outside_hits: int | None
    """The mines on one outside cell summed over every layout; None when the
    total is unknown (each outside cell is then a mine in half of them)."""


def weigh(system: System) -> Weighed | None:
    """Count the layouts of a system and every group's mines over them; None
    when no layout agrees. ``_solve`` makes probabilities of it; a caller that
    needs only a few figures (``solver.reveal``) can skip them."""
    free = system.free_mines
    if system.contradiction is not None or (free is not None and free < 0):
        return None
    counted = [_count(system, c) for c in system.components]
    polys = [poly for poly, _ in counted]
    if not all(polys):
        return None
    outside = len(system.outside)
    prefix: list[list[int]] = [[1]]
    for poly in polys:
        prefix.append(convolve(prefix[-1], poly))
    frontier = prefix[-1]
    tail = tail_weights(free, outside, len(frontier))
    solutions = sum(map(mul, frontier, tail))
    if solutions == 0:
        return None
    # later[k]: the ways for the components after i and the outside together
    # when the components up to i hold k mines, sum over s of suffix[s] *
    # tail[k + s]. Kept from one component to the next by that component's
    # polynomial alone: the product of the others, redone for each component,
    # cost O(components x length^2) (80 s for 300 components of a 80x80 board).
    later = tail
    totals: list[tuple[int, int]] = []
    for i in range(len(counted) - 1, -1, -1):
        before, poly = prefix[i], polys[i]
        n = len(before)
        weight = [sum(map(mul, before, later[a : a + n])) for a in range(len(poly))]
        totals.extend(counted[i][1](weight).items())
        later = _shifted_sum(poly, later, n)
    hits: int | None = None
    if outside and free is not None:
        # comb(outside - 1, free - m - 1) = tail[m] * (free - m) / outside, exact
        hits = sum(c * tail[m] * (free - m) for m, c in enumerate(frontier)) // outside
    return Weighed(solutions, totals, hits)


def _solve(system: System) -> Analysis | None:
    weighed = weigh(system)
    if weighed is None:
        return None
    solutions = weighed.solutions
    w, h = system.width, system.height
    cell_pos = positions(w, h)
    grid: list[Fraction | None] = [None] * (w * h)
    safe: list[int] = list(system.known_safe)
    mines: list[int] = list(system.known_mines)
    for i in system.known_safe:
        grid[i] = ZERO
    for i in system.known_mines:
        grid[i] = ONE
    groups = system.groups
    for g, total in weighed.totals:
        group = groups[g]
        if total == 0:
            p = ZERO
            safe.extend(group.cells)
        elif total == solutions * group.size:
            p = ONE
            mines.extend(group.cells)
        else:
            p = Fraction(total, solutions * group.size)
        for cell in group.cells:
            grid[cell] = p
    if system.outside:
        hits = weighed.outside_hits
        if hits is None:
            p_out = HALF
        else:
            p_out = ZERO if hits == 0 else ONE if hits == solutions else Fraction(hits, solutions)
            if hits == 0:
                safe.extend(system.outside)
            elif hits == solutions:
                mines.extend(system.outside)
        for cell in system.outside:
            grid[cell] = p_out
    return Analysis(
        w,
        h,
        system.total,
        True,
        solutions,
        frozenset(map(cell_pos.__getitem__, safe)),
        frozenset(map(cell_pos.__getitem__, mines)),
        tuple(tuple(grid[y * w : y * w + w]) for y in range(h)),
    )

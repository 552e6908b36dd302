"""Counting a small component by listing its solutions, without a sweep.

Real play is mostly small components: on Intermediate the median view has
one component of five groups. For those, compiling a plan and running the
forward and backward sweeps costs more than listing every way the groups
can take their mines. The listing walks the groups in order, each within
the range its constraints still allow (never more than a constraint needs,
never so few that the groups left could not make up the rest), so every
branch that gets through all the groups is a solution, and a branch stops
as soon as some group has no count left to take.

A solution is kept as (its mines, its weight: the product of binomial
coefficients, the mines of each group). Both directions of the sweep then
become sums over the list: the count polynomial of the component, and each
group's mines summed over every layout of the board once the rest of the
board's weight per component total is known. The assist's questions (which
mine counts are possible, which groups can be mines or safe) are the same
sums over sets of counts.
"""

from __future__ import annotations

from minebender.rules.solver.plan import binomials
from minebender.rules.solver.system import Component, System

__all__ = [
    "LISTABLE",
    "Solutions",
    "counts_set",
    "group_totals",
    "list_solutions",
    "listable",
    "poly_of",
    "possible",
]

LISTABLE = 20_000
"""Components whose groups can take at most this many combinations of mine
counts (the product of size + 1 over the groups) are listed, not swept.

Measured on the components of 800 Intermediate and Expert real-play views
(median time, listing against the forward sweep alone, which is about half
of a sweep): products up to 100, 13 against 23 us; 1,000 to 10,000, 49
against 73 us; 10,000 to 100,000, 86 against 95 us; above that the listing
loses (100,000 to 1,000,000: 168 against 120 us). The bound also caps the
listing's worst case: its nodes are at most about twice the product."""

Solutions = list[tuple[int, int, tuple[int, ...]]]
"""(mines in the component, weighted ways, mines per group in component order)."""


def listable(system: System, component: Component) -> bool:
    """Whether listing the component's solutions is cheap enough: the bound on
    the listing's leaves, not how many there turn out to be."""
    bound = 1
    groups = system.groups
    for g in component.groups:
        bound *= len(groups[g].cells) + 1
        if bound > LISTABLE:
            return False
    return True


def list_solutions(system: System, component: Component) -> Solutions:
    """Every solution of the component (see the module docstring)."""
    groups, constraints = system.groups, system.constraints
    order = component.groups
    sizes = [len(groups[g].cells) for g in order]
    touching = [groups[g].constraints for g in order]
    need = {c: constraints[c].need for c in component.constraints}
    room = {c: sum(len(groups[g].cells) for g in constraints[c].groups) for c in need}
    last = len(order)
    taken = [0] * last
    out: Solutions = []

    def walk(k: int, mines: int, ways: int) -> None:
        if k == last:
            out.append((mines, ways, tuple(taken)))
            return
        size, cs = sizes[k], touching[k]
        lo, hi = 0, size
        for c in cs:
            n = need[c]
            if n - room[c] + size > lo:
                lo = n - room[c] + size
            if n < hi:
                hi = n
        if lo > hi:
            return
        for c in cs:
            room[c] -= size
        binom = binomials(size)
        for m in range(lo, hi + 1):
            for c in cs:
                need[c] -= m
            taken[k] = m
            walk(k + 1, mines + m, ways * binom[m])
            for c in cs:
                need[c] += m
        for c in cs:
            room[c] += size

    walk(0, 0, 1)
    return out


def poly_of(solutions: Solutions) -> list[int]:
    """Entry m: the weighted ways to put m mines in the component (as ``sweep.counts``)."""
    if not solutions:
        return []
    poly = [0] * (max(s[0] for s in solutions) + 1)
    for mines, ways, _ in solutions:
        poly[mines] += ways
    return poly


def group_totals(component: Component, solutions: Solutions, weight: list[int]) -> dict[int, int]:
    """For each group, its mines summed over every consistent layout of the
    board, where ``weight[a]`` counts the ways to complete the rest of the
    board when the component holds a mines (as ``sweep.backward``)."""
    sums = [0] * len(component.groups)
    for mines, ways, taken in solutions:
        w = ways * weight[mines]
        if w:
            for k, m in enumerate(taken):
                if m:
                    sums[k] += m * w
    return dict(zip(component.groups, sums, strict=True))


def counts_set(solutions: Solutions) -> int:
    """The mine counts the component can hold, as a bit set (bit m: m mines)."""
    out = 0
    for mines, _, _ in solutions:
        out |= 1 << mines
    return out


def possible(
    system: System, component: Component, solutions: Solutions, allowed: int
) -> tuple[set[int], set[int]]:
    """The groups that hold a mine in some solution whose mine count is in
    ``allowed`` (a bit set), and the groups that have a safe cell in one (as
    ``sweep.backward_bits``)."""
    sizes = [len(system.groups[g].cells) for g in component.groups]
    can_mine: set[int] = set()
    can_safe: set[int] = set()
    for mines, _, taken in solutions:
        if allowed >> mines & 1:
            for g, m, size in zip(component.groups, taken, sizes, strict=True):
                if m:
                    can_mine.add(g)
                if m < size:
                    can_safe.add(g)
    return can_mine, can_safe

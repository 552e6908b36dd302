"""Pick a good elimination order for a big component.

The work of a sweep grows with the number of distinct states, and on a big
component that number depends on the order far more than on anything else:
on the k=8 lattices the best of a few plain orders has 2 to 20 times fewer
states than the worst. No cheap formula ranks orders exactly, so this module
combines two steps:

1. An estimate (``front_cost``): the sum over steps of the product, over the
   open constraints, of how many values each one's remaining need can take.
   It picks among a few orders (the greedy order of ``plan``, a greedy order
   on the estimate itself, a sweep by rows, a sweep by columns); none of them
   is best on every board, and the estimate tells a good one from a bad one,
   but it cannot tell an order from its reverse.
2. A race: the chosen order and its reverse run ``forward_bits`` in
   lockstep, always advancing the one with fewer states so far, and the first
   to finish wins. The loser never costs more than the winner did.

Small components (all of real play, nearly) keep the greedy order: there,
choosing would cost more than it saves.
"""

from __future__ import annotations

from collections.abc import Iterator

from minebender.rules.solver.plan import Plan, compile_plan, greedy_order
from minebender.rules.solver.sweep import forward_bits_steps
from minebender.rules.solver.system import Component, System

__all__ = ["BIG", "SMALL", "best_plan", "front_cost", "narrow_order"]

Bits = list[dict[int, int]]

BIG = 40
"""Components with at least this many groups get their order chosen."""
SMALL = 4
"""Components with at most this many groups keep the order of their groups."""


class _Front:
    """What a sweep has open after taking some groups: for each constraint, how
    many of its groups are left, how much room they have, and how many cells
    of it are already placed (open constraints only)."""

    def __init__(self, system: System, component: Component) -> None:
        groups, constraints = system.groups, system.constraints
        self.groups, self.constraints = groups, constraints
        self.left = {c: len(constraints[c].groups) for c in component.constraints}
        self.room = {c: sum(len(groups[g].cells) for g in constraints[c].groups) for c in self.left}
        self.placed: dict[int, int] = {}

    def take(self, g: int) -> None:
        """Put group g into the elimination order: each constraint it touches has one
        group fewer left to place and ``size`` fewer cells of room."""
        size = len(self.groups[g].cells)
        for c in self.groups[g].constraints:
            self.left[c] -= 1
            self.room[c] -= size
            if self.left[c]:
                self.placed[c] = self.placed.get(c, 0) + size
            else:
                self.placed.pop(c, None)

    def span(self, c: int, placed: int, room: int) -> int:
        """How many values the need of constraint c can still take."""
        return min(self.constraints[c].need, placed, room) + 1


def front_cost(system: System, component: Component, order: list[int]) -> int:
    """The estimated number of states of a sweep in this order."""
    front = _Front(system, component)
    total = 0
    for g in order:
        front.take(g)
        product = 1
        for c, p in front.placed.items():
            product *= front.span(c, p, front.room[c])
        total += product
    return total


def narrow_order(system: System, component: Component) -> list[int]:
    """Greedy on the estimate itself: take next, next to the front, the group
    that shrinks (or least grows) the product of the open constraints' ranges."""
    groups, constraints = system.groups, system.constraints
    front = _Front(system, component)
    unassigned = set(component.groups)
    near: set[int] = set()
    order: list[int] = []

    def growth(g: int) -> tuple[float, int]:
        size = len(groups[g].cells)
        factor = 1.0
        for c in groups[g].constraints:
            p, r = front.placed.get(c, 0), front.room[c]
            before = front.span(c, p, r) if c in front.placed else 1
            after = 1 if front.left[c] == 1 else front.span(c, p + size, r - size)
            factor *= after / before
        return factor, g

    while unassigned:
        g = min(near or unassigned, key=growth)
        unassigned.discard(g)
        near.discard(g)
        order.append(g)
        front.take(g)
        for c in groups[g].constraints:
            near.update(x for x in constraints[c].groups if x in unassigned)
    return order


def _race(plans: list[Plan]) -> tuple[Plan, Bits]:
    """The plan whose bit-set sweep finishes first when advanced in lockstep,
    with its ``forward_bits`` tables."""
    tables: list[Bits] = [[] for _ in plans]
    runs: list[Iterator[int]] = [
        forward_bits_steps(p, t) for p, t in zip(plans, tables, strict=True)
    ]
    spent = [0] * len(plans)
    while True:
        i = min(range(len(plans)), key=spent.__getitem__)
        grown = next(runs[i], None)
        if grown is None:
            return plans[i], tables[i]
        spent[i] += grown


def best_plan(system: System, component: Component) -> tuple[Plan, Bits | None]:
    """A plan for the component: greedy when small, else the best of the sweeps;
    with the ``forward_bits`` tables of the plan when the race made them."""
    if len(component.groups) <= SMALL:
        return compile_plan(system, component, list(component.groups)), None
    greedy = greedy_order(system, component)
    if len(component.groups) < BIG:
        return compile_plan(system, component, greedy), None
    w = system.width
    first = {g: system.groups[g].cells[0] for g in component.groups}
    orders = [
        greedy,
        narrow_order(system, component),
        sorted(component.groups, key=first.__getitem__),
        sorted(component.groups, key=lambda g: (first[g] % w, first[g] // w)),
    ]
    order = min(orders, key=lambda o: front_cost(system, component, o))
    return _race(
        [
            compile_plan(system, component, order),
            compile_plan(system, component, order[::-1]),
        ]
    )

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

from minebender.solver.plan import Plan, compile_plan, greedy_order
from minebender.solver.sweep import forward_bits_steps
from minebender.solver.system import Component, System

__all__ = ["BIG", "SMALL", "best_plan", "front_cost", "narrow_order"]

Bits = list[dict[int, int]]

BIG = 40
"""Components with at least this many groups get their order chosen."""
SMALL = 4
"""Components with at most this many groups keep the order of their groups."""


def front_cost(system: System, component: Component, order: list[int]) -> int:
    """The estimated number of states of a sweep in this order."""
    groups, constraints = system.groups, system.constraints
    left = {c: len(constraints[c].groups) for c in component.constraints}
    room = {c: sum(len(groups[g].cells) for g in constraints[c].groups) for c in left}
    placed: dict[int, int] = {}
    total = 0
    for g in order:
        size = len(groups[g].cells)
        for c in groups[g].constraints:
            left[c] -= 1
            room[c] -= size
            if left[c]:
                placed[c] = placed.get(c, 0) + size
            else:
                placed.pop(c, None)
        product = 1
        for c, p in placed.items():
            product *= min(constraints[c].need, p, room[c]) + 1
        total += product
    return total


def narrow_order(system: System, component: Component) -> list[int]:
    """Greedy on the estimate itself: take next, next to the front, the group
    that shrinks (or least grows) the product of the open constraints' ranges."""
    groups, constraints = system.groups, system.constraints
    left = {c: len(constraints[c].groups) for c in component.constraints}
    room = {c: sum(len(groups[g].cells) for g in constraints[c].groups) for c in left}
    placed: dict[int, int] = {}
    unassigned = set(component.groups)
    near: set[int] = set()
    order: list[int] = []

    def span(c: int, p: int, r: int) -> int:
        return min(constraints[c].need, p, r) + 1

    def growth(g: int) -> tuple[float, int]:
        size = len(groups[g].cells)
        factor = 1.0
        for c in groups[g].constraints:
            p, r = placed.get(c, 0), room[c]
            before = span(c, p, r) if c in placed else 1
            after = 1 if left[c] == 1 else span(c, p + size, r - size)
            factor *= after / before
        return factor, g

    while unassigned:
        g = min(near or unassigned, key=growth)
        unassigned.discard(g)
        near.discard(g)
        order.append(g)
        size = len(groups[g].cells)
        for c in groups[g].constraints:
            left[c] -= 1
            room[c] -= size
            if left[c]:
                placed[c] = placed.get(c, 0) + size
            else:
                placed.pop(c, None)
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

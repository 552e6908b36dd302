"""An elimination order for one component, compiled into steps for the sweeps.

The groups are taken one at a time. The state of the sweep after a step is
what each open constraint (some of its groups taken, some not) still needs.
The state is one int: each open constraint owns a 4-bit field (a need is at
most 8), so taking ``m`` mines in a group is one subtraction, ``state - m *
hit``, and a constraint that closes is left at 0, where it stops telling
states apart; its field is then free for the next constraint that opens.

The order matters more than anything else for speed: the work grows with the
number of distinct states, which grows with how many constraints are open at
once (the front). The greedy order below keeps the front small by taking next
a group that closes constraints and opens few, among the groups next to the
front, which on a board sweeps across the frontier like a wave.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb

from minebender.rules.solver.system import Component, System

__all__ = ["FIELD", "Plan", "Step", "compile_plan", "greedy_order", "make_plan"]

FIELD = 4
MASK = (1 << FIELD) - 1


@dataclass(frozen=True, slots=True)
class Step:
    """Taking one group, as arithmetic on states.

    From a state, the group may take any m in ``lo..hi`` after these checks;
    the state after is ``state + open_add - m * hit``.
    """

    group: int
    size: int
    binom: tuple[int, ...]
    lo: int
    hi: int
    open_add: int
    hit: int
    closing: tuple[int, ...]
    """Shifts of the open constraints this group closes: m must equal their need."""
    staying: tuple[tuple[int, int], ...]
    """(shift, room left after this group) of the open constraints that stay open."""


@dataclass(frozen=True, slots=True)
class Plan:
    """The steps of one component, in order, and its total number of cells."""

    steps: tuple[Step, ...]
    cells: int


@cache
def binomials(size: int) -> tuple[int, ...]:
    """comb(size, m) for m in 0..size: the ways to put m mines in a group of size cells."""
    return tuple(comb(size, m) for m in range(size + 1))


def make_plan(system: System, component: Component) -> Plan:
    """Order the component's groups greedily and compile each step."""
    return compile_plan(system, component, greedy_order(system, component))


def greedy_order(system: System, component: Component) -> list[int]:
    """Take next, among the groups next to the front, the one that closes the most
    constraints and opens the fewest (ties: the lowest group index)."""
    groups = system.groups
    constraints = system.constraints
    left = {c: len(constraints[c].groups) for c in component.constraints}
    opened: set[int] = set()
    unassigned = set(component.groups)
    near: set[int] = set()
    order: list[int] = []

    def cost(g: int) -> tuple[int, int]:
        opens = closes = 0
        for c in groups[g].constraints:
            if left[c] == 1:
                closes += 1
            elif c not in opened:
                opens += 1
        return opens - 2 * closes, g

    while unassigned:
        best = min(near or unassigned, key=cost)
        unassigned.discard(best)
        near.discard(best)
        order.append(best)
        for c in groups[best].constraints:
            left[c] -= 1
            if c not in opened:
                opened.add(c)
                near.update(g for g in constraints[c].groups if g in unassigned)
    return order


def compile_plan(system: System, component: Component, order: list[int]) -> Plan:
    """The steps that take the component's groups in this order."""
    groups = system.groups
    constraints = system.constraints
    left = {c: len(constraints[c].groups) for c in component.constraints}
    room = {
        c: sum(len(groups[g].cells) for g in constraints[c].groups) for c in component.constraints
    }
    slot: dict[int, int] = {}
    free_slots: list[int] = []
    next_slot = 0
    steps: list[Step] = []
    cells = 0
    for best in order:
        group = groups[best]
        size = len(group.cells)
        cells += size
        lo, hi = 0, size
        open_add = 0
        hit = 0
        closing: list[int] = []
        staying: list[tuple[int, int]] = []
        freed: list[int] = []
        for c in group.constraints:
            left[c] -= 1
            room[c] -= size
            closes = left[c] == 0
            if c in slot:
                shift = slot[c]
                hit |= 1 << shift
                if closes:
                    closing.append(shift)
                    freed.append(shift)
                    del slot[c]
                else:
                    staying.append((shift, room[c]))
                continue
            need = constraints[c].need
            if closes:
                lo = max(lo, need)
                hi = min(hi, need)
                continue
            lo = max(lo, need - room[c])
            hi = min(hi, need)
            if free_slots:
                shift = free_slots.pop()
            else:
                shift = next_slot
                next_slot += FIELD
            slot[c] = shift
            open_add += need << shift
            hit |= 1 << shift
        free_slots.extend(freed)
        steps.append(
            Step(
                best,
                size,
                binomials(size),
                lo,
                hi,
                open_add,
                hit,
                tuple(closing),
                tuple(staying),
            )
        )
    return Plan(tuple(steps), cells)

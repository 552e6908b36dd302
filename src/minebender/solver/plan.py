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
from math import comb

from minebender.solver.system import Component, System

__all__ = ["FIELD", "Plan", "Step", "make_plan"]

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


def make_plan(system: System, component: Component) -> Plan:
    """Order the component's groups greedily and compile each step."""
    groups = system.groups
    constraints = system.constraints
    left = {c: len(constraints[c].groups) for c in component.constraints}
    room = {c: sum(groups[g].size for g in constraints[c].groups) for c in component.constraints}
    slot: dict[int, int] = {}
    free_slots: list[int] = []
    next_slot = 0
    unassigned = set(component.groups)
    near: set[int] = set()
    steps: list[Step] = []
    cells = 0
    while unassigned:
        pool = near or unassigned
        best = min(
            pool,
            key=lambda g: (
                sum(2 if left[c] == 1 else (0 if c in slot else -1) for c in groups[g].constraints)
                * -1,
                g,
            ),
        )
        unassigned.discard(best)
        near.discard(best)
        group = groups[best]
        size = group.size
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
            for g in constraints[c].groups:
                if g in unassigned:
                    near.add(g)
        free_slots.extend(freed)
        steps.append(
            Step(
                best,
                size,
                tuple(comb(size, m) for m in range(size + 1)),
                lo,
                hi,
                open_add,
                hit,
                tuple(closing),
                tuple(staying),
            )
        )
    return Plan(tuple(steps), cells)

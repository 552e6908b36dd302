"""Exact counting of one component of the frontier by dynamic programming.

The groups of a component are taken one at a time in an elimination order.
After each step the state is what every constraint still open (some of its
groups counted, some not) needs; equal states are merged, so the work grows
with the number of distinct states, not with the number of layouts (which
can be astronomically large). Each state carries a polynomial: entry m is the
number of ways, weighted by binomial coefficients, to place m mines in the
groups taken so far.

A backward pass over the same states then gives, for every group, the
weighted number of mines it holds across all consistent layouts, with the
rest of the board (other components and the outside) folded in through a
weight per total of the component.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from minebender.solver.system import Component, System

__all__ = ["Plan", "Sweep", "group_mines", "make_plan", "sweep"]

State = tuple[int, ...]
Poly = list[int]


@dataclass(frozen=True, slots=True)
class Step:
    """Taking one group: how each state before becomes a state after."""

    group: int
    size: int
    carry: tuple[int, ...]
    """Indexes, in the state before, of the open constraints the group is not in."""
    hits: tuple[tuple[int, int, int, bool], ...]
    """For each constraint the group is in: (index in the state before or -1 when it
    opens here, its need when it opens here, room left after the group, closes here)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """An elimination order for one component, as steps."""

    steps: tuple[Step, ...]


def make_plan(system: System, component: Component) -> Plan:
    """Order the groups so that few constraints are open at once.

    Greedy: take next the group that opens the fewest new constraints and
    closes the most, among those touching what is already open. On a board
    this sweeps across the frontier like a front.
    """
    groups = system.groups
    constraints = system.constraints
    left = {c: len(constraints[c].groups) for c in component.constraints}
    room = {c: sum(groups[g].size for g in constraints[c].groups) for c in component.constraints}
    unassigned = set(component.groups)
    opened: set[int] = set()
    active: list[int] = []
    steps: list[Step] = []
    while unassigned:
        frontier = {g for c in active for g in constraints[c].groups if g in unassigned}
        pool = frontier or unassigned
        best = min(
            pool,
            key=lambda g: (
                sum(1 for c in groups[g].constraints if c not in opened)
                - 2 * sum(1 for c in groups[g].constraints if left[c] == 1),
                g,
            ),
        )
        unassigned.discard(best)
        size = groups[best].size
        hit_set = set(groups[best].constraints)
        carry = tuple(i for i, c in enumerate(active) if c not in hit_set)
        hits: list[tuple[int, int, int, bool]] = []
        still_open: list[int] = []
        for c in groups[best].constraints:
            left[c] -= 1
            room[c] -= size
            index = active.index(c) if c in opened else -1
            closes = left[c] == 0
            hits.append((index, constraints[c].need, room[c], closes))
            opened.add(c)
            if not closes:
                still_open.append(c)
        active = [active[i] for i in carry] + still_open
        steps.append(Step(best, size, carry, tuple(hits)))
    return Plan(tuple(steps))


@dataclass(slots=True)
class Sweep:
    """The forward tables of one component: tables[i] maps each state before
    step i to its polynomial; ``counts`` is the component's polynomial."""

    plan: Plan
    tables: list[dict[State, Poly]]
    moves: list[list[tuple[State, int, State]]]

    @property
    def counts(self) -> Poly:
        """Entry m: weighted number of ways to put m mines in the component."""
        return self.tables[-1].get((), [])


def _add_shifted(target: dict[State, Poly], key: State, poly: Poly, shift: int, factor: int) -> None:
    out = target.get(key)
    need = len(poly) + shift
    if out is None:
        out = target[key] = [0] * need
    elif len(out) < need:
        out.extend([0] * (need - len(out)))
    for i, v in enumerate(poly):
        if v:
            out[i + shift] += v * factor


def sweep(plan: Plan) -> Sweep:
    """Count the component forward, step by step, merging equal states."""
    table: dict[State, Poly] = {(): [1]}
    tables = [table]
    all_moves: list[list[tuple[State, int, State]]] = []
    for step in plan.steps:
        nxt: dict[State, Poly] = {}
        moves: list[tuple[State, int, State]] = []
        size = step.size
        binom = [comb(size, m) for m in range(size + 1)]
        for state, poly in table.items():
            lo, hi = 0, size
            values = []
            for index, need, room, closes in step.hits:
                v = state[index] if index >= 0 else need
                values.append(v)
                if closes:
                    lo = max(lo, v)
                    hi = min(hi, v)
                else:
                    lo = max(lo, v - room)
                    hi = min(hi, v)
            if lo > hi:
                continue
            carried = tuple(state[i] for i in step.carry)
            for m in range(lo, hi + 1):
                key = carried + tuple(
                    v - m for v, hit in zip(values, step.hits, strict=True) if not hit[3]
                )
                _add_shifted(nxt, key, poly, m, binom[m])
                moves.append((state, m, key))
        table = nxt
        tables.append(table)
        all_moves.append(moves)
    return Sweep(plan, tables, all_moves)


def group_mines(result: Sweep, weight: list[int]) -> dict[int, int]:
    """For each group, the number of its mines summed over every consistent layout
    of the whole board, where ``weight[a]`` counts the ways to complete the rest
    of the board when the component holds a mines."""
    steps = result.plan.steps
    back: dict[State, list[int]] = {(): list(weight)}
    totals: dict[int, int] = {}
    for i in range(len(steps) - 1, -1, -1):
        step = steps[i]
        before = result.tables[i]
        binom = [comb(step.size, m) for m in range(step.size + 1)]
        new_back: dict[State, list[int]] = {}
        total = 0
        for state, m, key in result.moves[i]:
            after = back.get(key)
            if after is None:
                continue
            poly = before[state]
            row = new_back.get(state)
            if row is None:
                row = new_back[state] = [0] * len(poly)
            factor = binom[m]
            dot = 0
            for a, f in enumerate(poly):
                b = after[a + m] if a + m < len(after) else 0
                if b:
                    row[a] += factor * b
                    if f:
                        dot += f * b
            total += m * factor * dot
        totals[step.group] = total
        back = new_back
    return totals

"""Provably safe cells, without counting layouts: what the assist needs.

A cell is provably safe when no consistent layout puts a mine on it. That
needs no numbers of layouts, only which mine counts are possible, so the
sweeps here carry sets of counts (an int used as a bit set) instead of
polynomials of big ints, and no Fraction is ever made. The total number of
mines enters only at the end, to rule out counts of a component that the
rest of the board cannot complement. Small components are listed instead of
swept, as in ``analyse`` (see ``small``).

On a view no layout agrees with, every hidden cell is provably safe
(vacuously, as LAWS.bend's ``ProvablySafe`` says), so ``find_safe`` lists them
all; ``first_safe`` relies on the same fact to stop at the first safe cell
it finds.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from minebender.rules.solver.choose import best_plan
from minebender.rules.solver.reading import positions
from minebender.rules.solver.small import counts_set, list_solutions, listable, possible
from minebender.rules.solver.sweep import backward_bits, forward_bits
from minebender.rules.solver.system import Component, System, build_system
from minebender.values.types import Knowledge, Pos

__all__ = ["find_safe", "find_settled", "first_safe", "settled", "sumset"]


def sumset(a: int, b: int) -> int:
    """The set of sums x + y with x in a and y in b (sets of counts as bit sets)."""
    if a.bit_count() > b.bit_count():
        a, b = b, a
    out = 0
    x = 0
    while a:
        if a & 1:
            out |= b << x
        a >>= 1
        x += 1
    return out


def _window(lo: int, hi: int) -> int:
    """The bit set of counts lo..hi (empty when hi < lo)."""
    lo = max(lo, 0)
    if hi < lo:
        return 0
    return ((1 << (hi - lo + 1)) - 1) << lo


def _pos(system: System, cells: list[int]) -> list[Pos]:
    return list(map(positions(system.width, system.height).__getitem__, sorted(cells)))


Which = Callable[[int], tuple[set[int], set[int]]]
"""Given a set of mine counts of a component, its groups that hold a mine in
some layout with such a count, and those that have a safe cell in one."""


def _possible_counts(system: System, component: Component) -> tuple[int, Which]:
    """The mine counts a component can hold (a bit set), and its ``Which``: a
    small component by listing its solutions (``small``), a big one by a
    bit-set sweep."""
    if listable(system, component):
        found = list_solutions(system, component)
        return counts_set(found), partial(possible, system, component, found)
    plan, bits = best_plan(system, component)
    table = forward_bits(plan) if bits is None else bits
    return table[-1].get(0, 0), partial(backward_bits, plan, table)


def settled(system: System) -> tuple[list[int], list[int]] | None:
    """The hidden cells (flat indexes) that no consistent layout mines, and those
    that every consistent layout mines; None when no layout agrees."""
    free = system.free_mines
    if system.contradiction is not None or (free is not None and free < 0):
        return None
    counted = [_possible_counts(system, c) for c in system.components]
    finals = [final for final, _ in counted]
    if not all(finals):
        return None
    outside = len(system.outside)
    safe = list(system.known_safe)
    mines = list(system.known_mines)
    if free is None:
        allowed = finals
    else:
        prefix = [1]
        for f in finals:
            prefix.append(sumset(prefix[-1], f))
        window = _window(free - outside, free)
        if not prefix[-1] & window:
            return None
        allowed = [0] * len(finals)
        suffix = 1
        for i in range(len(finals) - 1, -1, -1):
            others = sumset(prefix[i], suffix) & _window(0, free)
            f = finals[i]
            a = 0
            m = 0
            while f >> m:
                if (f >> m) & 1 and (others << m) & window:
                    a |= 1 << m
                m += 1
            allowed[i] = a
            suffix = sumset(suffix, f)
        if outside:
            if not prefix[-1] & _window(free - outside, free - 1):
                safe.extend(system.outside)
            if not prefix[-1] & _window(free - outside + 1, free):
                mines.extend(system.outside)
    groups = system.groups
    for c, (_, which), a in zip(system.components, counted, allowed, strict=True):
        can_mine, can_safe = which(a)
        for g in c.groups:
            if g not in can_mine:
                safe.extend(groups[g].cells)
            if g not in can_safe:
                mines.extend(groups[g].cells)
    return safe, mines


def find_safe(knowledge: Knowledge) -> list[Pos]:
    """The provably safe hidden cells, row by row (empty: the player is stuck).

    >>> from minebender.values.types import Hidden, Shown
    >>> find_safe(Knowledge(3, 1, 1, ((Shown(0), Shown(1), Hidden()),)))
    []
    >>> find_safe(Knowledge(3, 1, None, ((Hidden(), Shown(0), Hidden()),)))
    [Pos(x=0, y=0), Pos(x=2, y=0)]
    """
    system = build_system(knowledge)
    found = settled(system)
    return _pos(system, list(system.hidden) if found is None else found[0])


def find_settled(knowledge: Knowledge) -> tuple[list[Pos], list[Pos]] | None:
    """The provably safe hidden cells and the certain mines, each row by row;
    None when no layout agrees. What auto play needs: no layouts counted.

    >>> from minebender.values.types import Hidden, Shown
    >>> find_settled(Knowledge(3, 1, None, ((Hidden(), Shown(1), Shown(0)),)))
    ([], [Pos(x=0, y=0)])
    """
    system = build_system(knowledge)
    found = settled(system)
    return None if found is None else (_pos(system, found[0]), _pos(system, found[1]))


def first_safe(knowledge: Knowledge) -> Pos | None:
    """A provably safe hidden cell, found with as little work as possible; None
    when the player is stuck.

    Cheap deductions first, then one component at a time without the total
    number of mines; only when all that finds nothing is the full check run.
    Which safe cell comes back is not specified beyond being provably safe: it
    is one of ``find_safe``'s cells, not necessarily the first of them.

    >>> from minebender.values.types import Hidden, Shown
    >>> view = Knowledge(1, 4, 0, ((Hidden(),), (Hidden(),), (Shown(0),), (Shown(0),)))
    >>> find_safe(view)
    [Pos(x=0, y=0), Pos(x=0, y=1)]
    >>> first_safe(view) in find_safe(view)
    True
    >>> first_safe(Knowledge(3, 1, 1, ((Shown(0), Shown(1), Hidden()),))) is None
    True
    """
    system = build_system(knowledge)
    cells = positions(system.width, system.height)
    if system.contradiction is not None and system.hidden:
        return cells[system.hidden[0]]
    if system.known_safe:
        return cells[system.known_safe[0]]
    for component in system.components:
        final, which = _possible_counts(system, component)
        if not final:
            return cells[system.hidden[0]]
        can_mine, _ = which(final)
        for g in component.groups:
            if g not in can_mine:
                return cells[system.groups[g].cells[0]]
    found = settled(system)
    if found is None:
        return cells[system.hidden[0]] if system.hidden else None
    return cells[min(found[0])] if found[0] else None

"""Hiding numbers one group at a time, in order, while a test still holds.

The makers hide numbers in a chosen order and keep each hidden while the
puzzle stays unique (or solvable by a grade's reasoning). Both tests are
monotone: if they hold of a set of numbers, they hold of every larger set.
So when hiding a whole run of groups at once passes, hiding them one by one
would have passed at each step too, and the result is the same. Runs double
while they pass and start again at one group after a group stays, so the
many numbers an early pass hides cost a few tests, not one test each.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

__all__ = ["hide_in_order"]


def hide_in_order(
    shown: frozenset[int],
    groups: Iterable[frozenset[int]],
    keeps: Callable[[frozenset[int]], bool],
) -> frozenset[int]:
    """The numbers left of ``shown`` after hiding each of ``groups`` (disjoint
    sets of cells; those not wholly shown are passed over) in order while
    ``keeps`` holds of the numbers left: what one test a group gives, for a
    ``keeps`` that holds of every superset of a set it holds of."""
    todo: list[frozenset[int]] = []
    seen: set[int] = set()
    for group in groups:
        if group <= shown and not group & seen:
            todo.append(group)
            seen |= group
    run, k = 1, 0
    while k < len(todo):
        run = min(run, len(todo) - k)
        block = frozenset[int]().union(*todo[k : k + run])
        if keeps(shown - block):
            shown -= block
            k += run
            run *= 2
        elif run > 1:
            run //= 2
        else:
            k += 1
    return shown

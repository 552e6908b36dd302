"""``conflict``: why no layout agrees with a view, as a minimal set of numbers.

On a board no layout fits (a typo in a built position, a bad export), a
player wants to see which numbers cannot all be right. The answer is a
*minimal* impossible set: shown numbers, and the total number of mines when
it is needed, that no layout satisfies together, while dropping any one of
them (or the total) leaves a set some layout satisfies. As in ``explain``,
a number left out is forgotten, but its cell is still revealed and so holds
no mine; a revealed mine (``*``) always holds one.

The numbers are narrowed by QuickXplain (Junker, 2004): split the candidates
in two, find what the second half must add to the first, then what the first
must add to that, recursively. It needs about k log(n/k) checks for a set of k
out of n numbers, where removing numbers one by one would need n; each check
is a consistency test of the kept numbers (``safety.settled``), with no
counting. Without the total, numbers that share no hidden cell cannot
conflict together, so the search starts in the smallest impossible part.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from minebender.rules.solver.explain import naming
from minebender.rules.solver.reading import Numbers, cells_of, neighbour_masks, read_numbers
from minebender.rules.solver.safety import settled
from minebender.rules.solver.system import make_system
from minebender.values.types import Boom, Knowledge, Pos, Shown

__all__ = ["Conflict", "conflict"]


@dataclass(frozen=True, slots=True)
class Conflict:
    """Shown numbers (row by row) that no layout satisfies together, with the
    total number of mines when ``uses_total``; dropping any one of them, or the
    total, leaves a set that some layout satisfies."""

    numbers: tuple[Pos, ...]
    uses_total: bool

    def __str__(self) -> str:
        parts = naming(self.numbers, self.uses_total)
        return "no layout agrees with " + " and ".join(parts) + " together"


def _single(knowledge: Knowledge) -> int | None:
    """A number that cannot be right by itself (more mines than hidden cells and
    revealed mines around it, or fewer than its revealed mines), as a flat index."""
    w, h = knowledge.width, knowledge.height
    around = neighbour_masks(w, h)
    flat = [c for row in knowledge.rows for c in row]
    booms = sum(1 << i for i, c in enumerate(flat) if type(c) is Boom)
    hidden = sum(1 << i for i, c in enumerate(flat) if type(c) not in (Shown, Boom))
    for i, c in enumerate(flat):
        if type(c) is Shown:
            fixed = (around[i] & booms).bit_count()
            if not fixed <= c.n <= fixed + (around[i] & hidden).bit_count():
                return i
    return None


def _parts(numbers: Numbers, keep: Sequence[int]) -> list[list[int]]:
    """The numbers of keep split into parts that share no hidden cell, smallest first."""
    scope = {i: mask for i, mask, _ in numbers.scopes}
    by_cell: dict[int, list[int]] = {}
    for i in keep:
        for j in cells_of(scope[i]):
            by_cell.setdefault(j, []).append(i)
    seen: set[int] = set()
    parts: list[list[int]] = []
    for start in keep:
        if start in seen:
            continue
        seen.add(start)
        todo, part = [start], []
        while todo:
            i = todo.pop()
            part.append(i)
            for j in cells_of(scope[i]):
                for n in by_cell[j]:
                    if n not in seen:
                        seen.add(n)
                        todo.append(n)
        parts.append(sorted(part))
    parts.sort(key=len)
    return parts


def _quickxplain(
    impossible: Callable[[frozenset[int]], bool], background: frozenset[int], candidates: list[int]
) -> list[int]:
    """A minimal subset X of candidates with ``impossible(background | X)``, given
    that ``impossible(background | candidates)`` holds."""

    def search(base: frozenset[int], added: bool, items: list[int]) -> list[int]:
        if added and impossible(base):
            return []
        if len(items) == 1:
            return items
        half = len(items) // 2
        first, second = items[:half], items[half:]
        need_second = search(base | frozenset(first), bool(first), second)
        need_first = search(base | frozenset(need_second), bool(need_second), first)
        return need_first + need_second

    if not candidates or impossible(background):
        return []
    return search(background, False, candidates)


def conflict(knowledge: Knowledge) -> Conflict | None:
    """A minimal set of shown numbers (and the total, when needed) that no layout
    satisfies together; None when some layout agrees with the whole view.

    >>> from minebender.values.types import Hidden
    >>> view = Knowledge(3, 2, None, ((Shown(1), Hidden(), Shown(0)),
    ...                               (Shown(1), Shown(1), Shown(1))))
    >>> print(conflict(view))
    no layout agrees with the numbers at (0, 0), (2, 0) together
    """
    numbers = read_numbers(knowledge)
    if settled(make_system(numbers)) is not None:
        return None
    w = knowledge.width
    alone = _single(knowledge)
    if alone is not None:
        return Conflict((Pos(alone % w, alone // w),), False)
    everything = [i for i, _, _ in numbers.scopes]

    def impossible(keep: frozenset[int], with_total: bool) -> bool:
        return settled(make_system(numbers, keep, with_total)) is None

    if impossible(frozenset(everything), False):
        with_total = False
        part = next(p for p in _parts(numbers, everything) if impossible(frozenset(p), False))
        found = _quickxplain(lambda keep: impossible(keep, False), frozenset(), part)
    else:
        with_total = True
        found = _quickxplain(lambda keep: impossible(keep, True), frozenset(), everything)
    cells = tuple(Pos(i % w, i // w) for i in sorted(found))
    return Conflict(cells, with_total)

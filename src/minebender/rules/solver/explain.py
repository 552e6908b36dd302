"""``explain``: the fewest shown numbers that prove a cell safe, or prove it a mine.

A player who is told "(4, 2) is safe" wants to see why. The answer is a set
of revealed numbers that alone settle the cell, and whether the total number
of mines is needed too. "Alone" means: every other number is forgotten, but a
revealed cell is still known not to be a mine (it is there on the screen).

The search tries sets in order of size, so the first that works is a
smallest one. Without the total, a smallest set is connected through shared
hidden cells and touches the cell (numbers apart from it cannot matter), so
only connected sets grown from the cell's neighbours are tried. With the
total, any number can matter, and every set is tried. The search has a
budget of candidate sets and of time; past it, the numbers nearest the
cell, ring by ring, are taken until they prove it, and that answer is trimmed
by dropping numbers one by one while the proof still holds (until no number can
be left out, or until the time is up: each proof is a solve, slow on a huge
component, and the web page waits for the answer). A smaller set may then
exist, and ``smallest`` says which.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from minebender.rules.solver.reading import Numbers, cells_of, read_numbers
from minebender.rules.solver.safety import settled
from minebender.rules.solver.system import make_system
from minebender.values.types import Knowledge, Pos, as_pos

__all__ = ["BUDGET", "SECONDS", "Explanation", "explain", "naming", "proves"]

BUDGET = 4000
"""How many candidate sets the exhaustive search may try before it falls back."""
SECONDS = 2.0
"""Processor time the exhaustive search may take before it falls back; the
trimming that follows may take as long again."""


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why a hidden cell is settled: ``numbers`` (revealed cells, row by row) alone
    prove it a mine (``mine``) or safe, with the total number of mines when
    ``uses_total``. ``smallest``: no smaller set of numbers proves it."""

    pos: Pos
    mine: bool
    numbers: tuple[Pos, ...]
    uses_total: bool
    smallest: bool

    def __str__(self) -> str:
        what = "a mine" if self.mine else "safe"
        parts = naming(self.numbers, self.uses_total)
        verb = "proves" if len(self.numbers) + self.uses_total == 1 else "prove"
        size = "" if self.smallest else " (a smaller set may exist)"
        return f"({self.pos.x}, {self.pos.y}) is {what}: {' and '.join(parts)} {verb} it{size}"


def naming(numbers: tuple[Pos, ...], uses_total: bool) -> list[str]:
    """The words for a set of shown numbers and, when ``uses_total``, the total
    number of mines: what a proof or a conflict is made of."""
    parts = []
    if numbers:
        noun = "number" if len(numbers) == 1 else "numbers"
        parts.append(f"the {noun} at " + ", ".join(f"({p.x}, {p.y})" for p in numbers))
    if uses_total:
        parts.append("the total number of mines")
    return parts


def proves(
    numbers: Numbers, keep: frozenset[int], with_total: bool, cell: int
) -> tuple[bool, bool]:
    """(cell is safe, cell is a mine) in every layout that agrees with the numbers
    at the flat indexes ``keep`` (and the total, when ``with_total``)."""
    found = settled(make_system(numbers, keep, with_total))
    if found is None:
        return True, True
    return cell in found[0], cell in found[1]


def _connected(start: list[int], links: dict[int, set[int]]) -> Iterator[frozenset[int]]:
    """Connected sets of numbers that contain one of ``start``, smallest first,
    until a size has more sets than the budget."""
    level = {frozenset([s]) for s in start}
    while level and len(level) <= BUDGET:
        yield from sorted(level, key=sorted)
        level = {group | {n} for group in level for m in group for n in links[m] if n not in group}


def explain(knowledge: Knowledge, pos: Pos) -> Explanation | None:
    """A smallest set of shown numbers that alone proves pos safe, or proves it a
    mine; None when the view proves neither.

    Raises ValueError when pos is not a hidden cell of the board, or when no
    layout agrees with the view (then every cell is vacuously both).

    >>> from minebender.values.types import Hidden, Shown
    >>> view = Knowledge(3, 2, None, ((Shown(1), Hidden(), Hidden()),
    ...                               (Shown(1), Shown(1), Shown(1))))
    >>> print(explain(view, Pos(2, 0)))
    (2, 0) is safe: the numbers at (0, 0), (1, 1) prove it
    """
    pos = as_pos("explain", pos)
    numbers = read_numbers(knowledge)  # names a knowledge that is no view
    w, h = knowledge.width, knowledge.height
    if not (0 <= pos[0] < w and 0 <= pos[1] < h):
        raise ValueError(f"explain: {tuple(pos)} is off the {w}x{h} board")
    if not knowledge.hidden(pos):
        raise ValueError(f"explain: ({pos.x}, {pos.y}) is not a hidden cell")
    cell = pos.y * w + pos.x
    everything = frozenset(i for i, _, _ in numbers.scopes)
    found = settled(make_system(numbers))
    if found is None:
        raise ValueError("explain: no layout agrees with this view")
    if cell in found[0]:
        mine = False
    elif cell in found[1]:
        mine = True
    else:
        return None
    with_total = proves(numbers, everything, False, cell)[mine] is False
    if with_total and numbers.total is None:  # pragma: no cover - settled says otherwise
        return None

    def holds(keep: frozenset[int]) -> bool:
        return proves(numbers, keep, with_total, cell)[mine]

    scope = {i: set(cells_of(mask)) for i, mask, _ in numbers.scopes}
    if with_total:
        candidates = sorted(everything)
        sets: Iterator[frozenset[int]] = (
            frozenset(c)
            for size in range(len(candidates) + 1)
            for c in combinations(candidates, size)
        )
    else:
        by_cell: dict[int, set[int]] = {}
        for i, hs in scope.items():
            for j in hs:
                by_cell.setdefault(j, set()).add(i)
        links = {i: {n for j in hs for n in by_cell[j]} - {i} for i, hs in scope.items()}
        start = sorted(by_cell.get(cell, ()))
        reach: set[int] = set(start)
        todo = list(start)
        while todo:
            for n in links[todo.pop()]:
                if n not in reach:
                    reach.add(n)
                    todo.append(n)
        candidates = sorted(reach)
        sets = _connected(start, links)
    deadline = time.process_time() + SECONDS
    # Sets come smallest first: every set smaller than ``done_below`` was tried.
    done_below = 0
    for tried, keep in enumerate(sets):
        done_below = len(keep)
        if holds(keep):
            return _answer(pos, mine, keep, with_total, True, w)
        if tried + 1 >= BUDGET or time.process_time() > deadline:
            break
    else:
        done_below += 1  # the sets ran out: those of the last size were all tried
    keep = frozenset(candidates)
    deadline = time.process_time() + SECONDS
    # First the numbers nearest the cell, ring by ring, until they prove it:
    # trimmed from every number, a board whose every proof is a solve of
    # seconds kept 80 of 81 numbers where the 12 nearest proved the cell.
    for radius in sorted({_distance(i, cell, w) for i in candidates}):
        near = frozenset(i for i in candidates if _distance(i, cell, w) <= radius)
        if near == keep or time.process_time() > deadline:
            break
        if holds(near):
            keep = near
            break
    for n in sorted(keep, key=lambda i: -_distance(i, cell, w)):
        if time.process_time() > deadline:
            break
        if holds(keep - {n}):
            keep = keep - {n}
    # No proof is smaller than the sizes tried in full: a trimmed set of the
    # first size not tried in full is a smallest one too.
    return _answer(pos, mine, keep, with_total, len(keep) <= done_below, w)


def _distance(a: int, b: int, width: int) -> int:
    return max(abs(a % width - b % width), abs(a // width - b // width))


def _answer(
    pos: Pos, mine: bool, keep: frozenset[int], with_total: bool, smallest: bool, width: int
) -> Explanation:
    cells = tuple(Pos(i % width, i // width) for i in sorted(keep))
    return Explanation(pos, mine, cells, with_total, smallest)

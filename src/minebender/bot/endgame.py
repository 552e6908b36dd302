"""Exhaustive search of the endgame, when few layouts remain.

With a handful of consistent layouts left, the best guess can be found
exactly: the win probability of revealing a cell is the share of layouts
where it is safe, times the best win probability after seeing its number,
and so on down to a single layout. Heuristics that look one or two moves
ahead lose games here that this search wins (the classic endgame traps where
the mine count decides).

Layouts are bitmasks over the uncertain cells; a node is the set of layouts
still possible, so equal positions reached in different orders share one
memo entry. A node budget keeps the worst case bounded: when it runs out the
caller falls back to its heuristic.
"""

from __future__ import annotations

from minebender.bot.layouts import enumerate_layouts
from minebender.solver import Analysis
from minebender.solver.reading import mask_of
from minebender.types import Knowledge, Pos

__all__ = ["best_endgame_move", "best_guess"]


class _OutOfBudget(Exception):
    """The search took more nodes than it may."""


def best_endgame_move(
    knowledge: Knowledge, analysis: Analysis, limit: int = 120, budget: int = 20_000
) -> tuple[Pos, float] | None:
    """The guess with the highest exact win probability, and that probability.

    None when there are more than ``limit`` layouts or the search needs more
    than ``budget`` nodes.
    """
    found = enumerate_layouts(knowledge, analysis, limit)
    if found is None:
        return None
    return best_guess(knowledge, *found, budget)


def best_guess(
    knowledge: Knowledge, cells: list[Pos], layouts: list[int], budget: int
) -> tuple[Pos, float] | None:
    """Among ``cells``, the guess with the highest exact win probability when
    ``layouts`` (bit j of a layout: a mine on ``cells[j]``) are the equally
    likely truths and every cell outside ``cells`` is decided; and that
    probability. None with fewer than two layouts (nothing to guess) or when
    the search needs more than ``budget`` nodes."""
    if len(layouts) < 2:
        return None
    search = _Search(knowledge, cells, layouts, budget)
    try:
        c, value = search.guess((1 << len(layouts)) - 1, 0)
    except _OutOfBudget:
        return None
    return cells[c], value


class _Search:
    """The exhaustive search over sets of layouts, each set an int whose bit j
    stands for layout j: splitting a set by what a cell would show is a handful
    of ANDs with masks made once, however many layouts the set holds."""

    def __init__(self, knowledge: Knowledge, cells: list[Pos], layouts: list[int], budget: int):
        index = {p: i for i, p in enumerate(cells)}
        self.nb_mask = [
            sum(1 << index[q] for q in knowledge.neighbours(p) if q in index) for p in cells
        ]
        self.layouts = layouts
        self.budget = budget
        self.nodes = 0
        self.memo: dict[int, float] = {}
        self.safe_in = [mask_of([not lay >> c & 1 for lay in layouts]) for c in range(len(cells))]
        self._shows: dict[int, list[int]] = {}

    def shows(self, c: int) -> list[int]:
        """For cell c, the layout sets in which it shows each possible number."""
        got = self._shows.get(c)
        if got is None:
            nb = self.nb_mask[c]
            numbers = [(lay & nb).bit_count() for lay in self.layouts]
            got = [mask_of([n == v for n in numbers]) for v in sorted(set(numbers))]
            self._shows[c] = got
        return got

    def split(self, group: int, c: int) -> list[int]:
        """The group split by the number cell c would show."""
        return [part for part in (group & m for m in self.shows(c)) if part]

    def guess(self, group: int, seen: int) -> tuple[int, float]:
        """The best cell to reveal in group (which has no certainly safe cell) and its
        value; ``seen`` holds the cells whose number is already known (a bitmask)."""
        size = group.bit_count()
        options: list[tuple[int, int, int]] = []
        for c, safe in enumerate(self.safe_in):
            count = (group & safe).bit_count()
            if 0 < count < size:
                options.append((count, c, group & safe))
        options.sort(key=lambda o: (-o[0], o[1]))
        best_c, best_v = options[0][1], -1.0
        for count, c, safe in options:
            if count / size <= best_v + 1e-12:
                break
            self.nodes += 1
            if self.nodes > self.budget:
                raise _OutOfBudget
            after = seen | 1 << c
            parts = self.split(safe, c)
            value = sum(part.bit_count() * self.win(part, after) for part in parts) / size
            if value > best_v + 1e-12:
                best_c, best_v = c, value
        return best_c, best_v

    def win(self, group: int, seen: int) -> float:
        """The win probability from a set of layouts, playing perfectly: every cell
        safe in all of them is revealed (only those not in ``seen`` can tell the
        layouts apart), then the best guess is made."""
        if group & (group - 1) == 0:
            return 1.0
        got = self.memo.get(group)
        if got is not None:
            return got
        parts = [group]
        for c, safe in enumerate(self.safe_in):
            if group & safe == group and not seen >> c & 1:
                seen |= 1 << c
                parts = [piece for part in parts for piece in self.split(part, c)]
        if len(parts) > 1:
            value = sum(p.bit_count() * self.win(p, seen) for p in parts) / group.bit_count()
        else:
            value = self.guess(group, seen)[1]
        self.memo[group] = value
        return value

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

What keeps it fast, without changing a single answer: a candidate is
dropped as soon as the layouts it has won so far plus all those left to look
at cannot beat the best candidate; a set of two layouts is settled by the
cells next to where they differ; and a cell's number splits a set only if a
cell next to it is a mine in some of its layouts and not in others. What
they save is measured in docs/bot.md.
"""

from __future__ import annotations

from fractions import Fraction

from minebender.bot.layouts import enumerate_layouts
from minebender.solver import Analysis
from minebender.solver.reading import cells_of, mask_of
from minebender.types import Knowledge, Pos

__all__ = ["best_endgame_move", "best_guess", "candidate_wins"]


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


def candidate_wins(
    knowledge: Knowledge, analysis: Analysis, limit: int, budget: int
) -> list[tuple[Pos, Fraction]] | None:
    """Every undecided cell with its exact chance to win when it is revealed now
    and the rest is played perfectly; None when there are more than ``limit``
    layouts, or fewer than two, or the search needs more than ``budget`` nodes.

    The chance is the number of layouts won over the number of layouts, and the
    search adds up such shares in floating point: the nearest fraction with
    that denominator is the exact one (two of them differ by far more than the
    rounding errors)."""
    found = enumerate_layouts(knowledge, analysis, limit)
    if found is None or len(found[1]) < 2:
        return None
    cells, layouts = found
    search = _Search(knowledge, cells, layouts, budget)
    size = len(layouts)
    group = (1 << size) - 1
    out: list[tuple[Pos, Fraction]] = []
    try:
        for c in range(len(cells)):
            safe = group & search.safe_in[c]
            if not 0 < safe.bit_count() < size:
                continue
            after = 1 << c
            won = sum(part.bit_count() * search.win(part, after) for part in search.split(safe, c))
            out.append((cells[c], Fraction(round(won), size)))
    except _OutOfBudget:
        return None
    return out


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
        self.all_cells = (1 << len(cells)) - 1
        self.near: list[list[int]] = [[] for _ in cells]
        for c, nb in enumerate(self.nb_mask):
            for j in cells_of(nb):
                self.near[j].append(c)

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
        safe_in = self.safe_in
        for c in cells_of(self.mined(group, size)[0]):
            count = (group & safe_in[c]).bit_count()
            if 0 < count < size:
                options.append((count, c, group & safe_in[c]))
        options.sort(key=lambda o: (-o[0], o[1]))
        best_c, best_v = options[0][1], -1.0
        for count, c, safe in options:
            if count / size <= best_v + 1e-12:
                break
            self.nodes += 1
            if self.nodes > self.budget:
                raise _OutOfBudget
            after = seen | 1 << c
            # Largest parts first: once what is won so far, plus every layout
            # still to be looked at, cannot beat the best cell, c is out.
            bar = (best_v + 1e-12) * size
            won = 0.0
            left = count
            for part, n in sorted(
                ((part, part.bit_count()) for part in self.split(safe, c)), key=lambda t: -t[1]
            ):
                left -= n
                won += n * self.win(part, after)
                if won + left <= bar:
                    break
            else:
                value = won / size
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
        rest = group & (group - 1)
        if rest & (rest - 1) == 0:
            value = self._two(
                self.layouts[rest.bit_length() - 1], self.layouts[(group ^ rest).bit_length() - 1]
            )
            self.memo[group] = value
            return value
        parts = [group]
        some, every = self.mined(group, group.bit_count())
        varies = some & ~every
        nb_mask = self.nb_mask
        fresh = self.all_cells & ~some & ~seen
        seen |= fresh
        for c in cells_of(fresh):
            if nb_mask[c] & varies:  # else it shows the same number in every layout
                parts = [piece for part in parts for piece in self.split(part, c)]
        if len(parts) > 1:
            value = sum(p.bit_count() * self.win(p, seen) for p in parts) / group.bit_count()
        else:
            value = self.guess(group, seen)[1]
        self.memo[group] = value
        return value

    def mined(self, group: int, size: int) -> tuple[int, int]:
        """The cells that are a mine in some layout of the group (``size`` of them
        layouts), and those that are one in every layout, as bitmasks: from the
        layouts themselves when they are fewer than the cells, else from each
        cell's safe set."""
        if size <= len(self.safe_in):
            layouts = self.layouts
            some, every = 0, self.all_cells
            while group:
                low = group & -group
                lay = layouts[low.bit_length() - 1]
                some |= lay
                every &= lay
                group ^= low
            return some, every
        some = every = 0
        for c, safe in enumerate(self.safe_in):
            hit = group & safe
            if hit != group:
                some |= 1 << c
                if not hit:
                    every |= 1 << c
        return some, every

    def _two(self, a: int, b: int) -> float:
        """``win`` of a set of two layouts: sure when a cell safe in both shows
        them apart, else a coin flip (a cell that is a mine in only one of them
        tells them apart if it survives). The commonest set deep in a search,
        settled by looking only at the cells next to where they differ."""
        differ = a ^ b
        mines = a | b
        nb_mask = self.nb_mask
        while differ:
            low = differ & -differ
            differ ^= low
            for c in self.near[low.bit_length() - 1]:
                if (
                    not mines >> c & 1
                    and (a & nb_mask[c]).bit_count() != (b & nb_mask[c]).bit_count()
                ):
                    return 1.0
        return 0.5

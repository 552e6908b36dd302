"""Grading a puzzle by the reasoning it needs, measured by solving it step by step.

A player deduces with constraints: each shown number says how many mines lie
among its hidden neighbours, and the total says how many lie among all the
hidden cells. The grader settles cells with the cheapest reasoning that
still settles one, repeated until the puzzle is solved, and the puzzle's
grade is the hardest kind it needed on the way:

1. ``easy``: one constraint at a time (a number, or the total as a plain
   count: no mines left, or as many as cells left);
2. ``medium``: two constraints together (two numbers, or a number and the total);
3. ``hard``: a larger set of numbers (every number at once, the total aside),
   or the total together with several numbers (the exact solver).

The last two kinds are both ``hard``; ``Grade.reasoning`` tells them apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from minebender.rules.solver.reading import cells_of, neighbour_masks, neighbour_table
from minebender.rules.solver.safety import settled
from minebender.rules.solver.system import make_system
from minebender.services.puzzle.values import HasPuzzle, Puzzle, numbers_of, puzzle_of

__all__ = ["DIFFICULTIES", "REASONING", "Grade", "grade", "solvable_with"]

DIFFICULTIES = ("easy", "medium", "hard")
"""The grades, easiest first."""

REASONING = ("single numbers", "two numbers together", "larger sets", "the total count")
"""The kinds of reasoning the grader tries, cheapest first; the first two are
the grades easy and medium, the last two are both hard."""


@dataclass(frozen=True, slots=True)
class Grade:
    """How hard a puzzle is: ``kind`` indexes ``REASONING``, the hardest kind of
    reasoning that solving it needed; ``steps`` how many times each kind settled cells."""

    kind: int
    steps: tuple[int, int, int, int]

    @property
    def difficulty(self) -> str:
        """easy, medium or hard."""
        return DIFFICULTIES[min(self.kind, 2)]

    @property
    def reasoning(self) -> str:
        """The hardest reasoning needed, in words."""
        return REASONING[self.kind]


class _State:
    """What the grader has settled so far, as bit sets, and the numbers next to
    each cell (so that a settled cell wakes only the numbers around it)."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.unknown = puzzle.hidden_mask
        self.mines = 0
        around = neighbour_masks(puzzle.width, puzzle.height)
        layout = puzzle.mine_mask
        unknown = self.unknown
        shown = [i for i in sorted(puzzle.shown) if around[i] & unknown]
        self.clues = [(around[i] & unknown, (around[i] & layout).bit_count()) for i in shown]
        self.index = {i: k for k, i in enumerate(shown)}
        """Each number's place in ``clues``, by its flat index."""
        self.shown = shown
        self._close: list[list[int]] | None = None
        self.paired: dict[int, tuple[int, int]] = {}
        """Each number's unknown cells and need at the last ``_pairs``."""
        self.table = neighbour_table(puzzle.width, puzzle.height)

    def settle(self, mines: int, safe: int) -> int:
        """Record cells found; the cells that were new, as a bit set. A deduction
        that contradicts the layout means the puzzle is not what it claims, and raises."""
        new_mines, new_safe = mines & self.unknown, safe & self.unknown
        if new_mines & ~self.puzzle.mine_mask or new_safe & self.puzzle.mine_mask:
            raise ValueError("the puzzle's numbers contradict its layout")
        self.mines |= new_mines
        self.unknown &= ~(new_mines | new_safe)
        return new_mines | new_safe

    def live_numbers(self) -> list[tuple[int, int, int]]:
        """Each number with unknown cells: its place in ``clues``, those cells
        and the mines they still need."""
        out = []
        for k, (scope, n) in enumerate(self.clues):
            rest = scope & self.unknown
            if rest:
                out.append((k, rest, n - (scope & self.mines).bit_count()))
        return out

    def close(self) -> list[list[int]]:
        """For each number, the numbers before it in ``clues`` at most two
        cells away (the only ones whose cells can be its own), worked out once."""
        if self._close is None:
            index = self.index
            before = _before(self.puzzle.width, self.puzzle.height)
            self._close = [[index[j] for j in before[i] if j in index] for i in self.shown]
        return self._close


@lru_cache(maxsize=8)
def _before(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the cells before it (row by row) at most two cells away."""
    out = []
    for i in range(width * height):
        x0, y0 = i % width, i // width
        out.append(
            tuple(
                j
                for y in range(max(0, y0 - 2), min(height, y0 + 3))
                for x in range(max(0, x0 - 2), min(width, x0 + 3))
                if (j := y * width + x) < i
            )
        )
    return tuple(out)


def _singles(state: _State) -> bool:
    """Settle what one constraint at a time proves, until nothing more: a queue
    of numbers, each woken again when a cell next to it is settled."""
    clues, index, table = state.clues, state.index, state.table
    queue = list(range(len(clues)))
    waiting = [True] * len(clues)
    found = 0
    while True:
        while queue:
            k = queue.pop()
            waiting[k] = False
            scope, n = clues[k]
            rest = scope & state.unknown
            if not rest:
                continue
            need = n - (scope & state.mines).bit_count()
            if need == 0:
                new = state.settle(0, rest)
            elif need == rest.bit_count():
                new = state.settle(rest, 0)
            else:
                continue
            found |= new
            for j in cells_of(new):
                for i in table[j]:
                    k2 = index.get(i)
                    if k2 is not None and not waiting[k2]:
                        waiting[k2] = True
                        queue.append(k2)
        left = state.puzzle.total - state.mines.bit_count()
        if state.unknown and left == 0:
            found |= state.settle(0, state.unknown)
        elif state.unknown and left == state.unknown.bit_count():
            found |= state.settle(state.unknown, 0)
        return bool(found)


def _pair(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    """The mines and safe cells that two constraints prove together. Cells only in
    a, in both, only in b: the mines in both range over an interval, and each
    part is settled when its count is the same at both ends."""
    (ra, ka), (rb, kb) = a, b
    both, only_a, only_b = ra & rb, ra & ~rb, rb & ~ra
    nb, na, nob = both.bit_count(), only_a.bit_count(), only_b.bit_count()
    lo = max(0, ka - na, kb - nob)
    hi = min(nb, ka, kb)
    mines = safe = 0
    for part, size, need in ((only_a, na, ka), (only_b, nob, kb)):
        if part:
            if need - lo == 0:
                safe |= part
            elif need - hi == size:
                mines |= part
    if both:
        if hi == 0:
            safe |= both
        elif lo == nb:
            mines |= both
    return mines, safe


def _pairs(state: _State) -> bool:
    """What two constraints prove together, every pair that shares a cell.

    Each deduction follows from the constraints as ``live`` gave them, so the
    cells settled are the same in whatever order the pairs come. Two numbers
    share a cell only when at most two cells apart (``_State.close``), and a
    number shares all its cells with the total, whose pair is worked out from
    counts first: it settles cells only when the total is tight."""
    live = state.live_numbers()
    rest_all, left = state.unknown, state.puzzle.total - state.mines.bit_count()
    cells_all = rest_all.bit_count()
    where = {k: n for n, (k, _, _) in enumerate(live)}
    close = state.close()
    paired = state.paired
    found = False
    for k, rb, kb in live:
        new = paired.get(k) != (rb, kb)
        for k2 in close[k]:
            n = where.get(k2)
            # a pair that neither side changed since the last call settles
            # what it settled then: nothing new
            if n is not None and live[n][1] & rb and (new or paired.get(k2) != live[n][1:]):
                mines, safe = _pair((live[n][1], live[n][2]), (rb, kb))
                if mines | safe:
                    found |= bool(state.settle(mines, safe))
    total = (rest_all, left)
    for _, ra, ka in live:
        size = ra.bit_count()
        lo = max(0, ka, left - (cells_all - size))
        hi = min(size, ka, left)
        if (
            (cells_all > size and (left - lo == 0 or left - hi == cells_all - size))
            or hi == 0
            or lo == size
        ):
            mines, safe = _pair((ra, ka), total)
            if mines | safe:
                found |= bool(state.settle(mines, safe))
    state.paired = {k: (r, n) for k, r, n in live}
    return found


def _sets(state: _State, with_total: bool) -> bool:
    p = state.puzzle
    known_mines = state.mines
    numbers = numbers_of(
        p.width,
        p.height,
        p.total - known_mines.bit_count(),
        p.mine_mask,
        sorted(p.shown),
        state.unknown,
        known_mines,
    )
    found = settled(make_system(numbers, with_total=with_total))
    if found is None:
        raise ValueError("no layout fits the puzzle's numbers")
    safe_cells, mine_cells = found
    return bool(state.settle(sum(1 << i for i in mine_cells), sum(1 << i for i in safe_cells)))


def _solve(puzzle: Puzzle, most: int) -> Grade | None:
    state = _State(puzzle)
    steps = [0, 0, 0, 0]
    tries = (
        _singles,
        _pairs,
        lambda s: _sets(s, False),
        lambda s: _sets(s, True),
    )
    while state.unknown:
        for kind, step in enumerate(tries[: most + 1]):
            if step(state):
                steps[kind] += 1
                break
        else:
            return None
    kind = max((k for k in range(4) if steps[k]), default=0)
    return Grade(kind, (steps[0], steps[1], steps[2], steps[3]))


def grade(puzzle: Puzzle | HasPuzzle) -> Grade:
    """The grade of a puzzle with one solution (or of what ``make_puzzle``
    made); ValueError when it has more.

    >>> grade(Puzzle(3, 1, frozenset({0}), frozenset({2}))).difficulty
    'easy'
    """
    found = _solve(puzzle_of(puzzle), 3)
    if found is None:
        raise ValueError("the puzzle has more than one solution")
    return found


def solvable_with(puzzle: Puzzle, kind: int) -> bool:
    """The puzzle is solved by reasoning no harder than ``REASONING[kind]``
    (kind 3, the exact solver: it has one solution)."""
    return _solve(puzzle, kind) is not None

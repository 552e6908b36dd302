"""Checking that a puzzle has one solution, and changing which numbers it shows.

``Checker`` answers "does exactly one layout fit?" for one layout and many
sets of shown numbers, cheapest test first: two hidden cells that touch the
same shown numbers, one a mine and one safe, can swap (more than one layout,
no counting needed); numbers that settle every cell one or two at a time
prove one layout (no counting either); only what is left goes to the exact
solver. ``minimize`` hides numbers while one layout still fits; ``make_unique``
shows extra numbers of a chosen layout until only it fits.
"""

from __future__ import annotations

from collections.abc import Iterable

from minebender.rules.solver.reading import neighbour_masks, read_numbers
from minebender.rules.solver.safety import settled
from minebender.rules.solver.system import make_system
from minebender.services.puzzle.grading import solvable_with
from minebender.services.puzzle.values import HasPuzzle, Puzzle, numbers_of, puzzle_of
from minebender.values.seeded import Stream
from minebender.values.types import Hidden, Knowledge, Shown

__all__ = ["Checker", "a_layout", "is_unique", "make_unique", "minimize", "the_layout"]


class Checker:
    """Uniqueness checks of one layout; ``exact`` counts the calls that reached
    the exact solver (the benchmark prints it)."""

    def __init__(self, width: int, height: int, mines: frozenset[int]) -> None:
        self.width, self.height, self.mines = width, height, mines
        self.mine_mask = sum(1 << i for i in mines)
        self.around = neighbour_masks(width, height)
        self.exact = 0
        self.calls = 0

    def swappable(self, shown: frozenset[int]) -> bool:
        """Two hidden cells, a mine and a safe one, touch the same shown numbers:
        swapping them keeps every number and the total, another layout."""
        shown_mask = sum(1 << i for i in shown)
        kinds: dict[int, int] = {}
        around, layout = self.around, self.mine_mask
        for j in range(self.width * self.height):
            if j in shown:
                continue
            sig = around[j] & shown_mask
            kind = 2 if layout >> j & 1 else 1
            seen = kinds.get(sig, 0) | kind
            if seen == 3:
                return True
            kinds[sig] = seen
        return False

    def unique(self, shown: frozenset[int]) -> bool:
        """Exactly one layout fits these shown numbers and the total."""
        self.calls += 1
        if self.swappable(shown):
            return False
        puzzle = Puzzle(self.width, self.height, self.mines, shown)
        if solvable_with(puzzle, 1):
            return True
        self.exact += 1
        numbers = numbers_of(
            self.width, self.height, len(self.mines), self.mine_mask, sorted(shown)
        )
        found = settled(make_system(numbers))
        if found is None:  # pragma: no cover - the layout itself fits
            raise ValueError("no layout fits the puzzle's numbers")
        return len(found[0]) + len(found[1]) == len(numbers.hidden)


def is_unique(puzzle: Puzzle | HasPuzzle) -> bool:
    """Exactly one layout fits the puzzle's numbers and total."""
    puzzle = puzzle_of(puzzle)
    return Checker(puzzle.width, puzzle.height, puzzle.mines).unique(puzzle.shown)


def minimize(
    puzzle: Puzzle | HasPuzzle,
    order: Iterable[int] | None = None,
    keep: frozenset[int] = frozenset(),
    checker: Checker | None = None,
) -> Puzzle:
    """Hide shown numbers, one at a time in ``order`` (default: row by row),
    while one layout still fits; the numbers in ``keep`` stay. The puzzle must
    have one solution. The result is minimal: hiding any one more of its
    numbers (outside ``keep``) lets more than one layout fit. One pass is
    enough, since hiding numbers only ever lets more layouts fit."""
    puzzle = puzzle_of(puzzle)
    check = checker or Checker(puzzle.width, puzzle.height, puzzle.mines)
    shown = puzzle.shown
    if not check.unique(shown):
        raise ValueError("more than one layout fits: make the puzzle unique first")
    for i in sorted(puzzle.shown) if order is None else order:
        if i in shown and i not in keep:
            fewer = shown - {i}
            if check.unique(fewer):
                shown = fewer
    return puzzle.with_shown(shown)


def make_unique(puzzle: Puzzle | HasPuzzle) -> Puzzle:
    """Show a small set of extra numbers of the puzzle's layout so that only it
    fits: all of them, then hidden again one by one (``minimize``) while only it
    fits, the numbers shown already kept. Every extra number is needed."""
    puzzle = puzzle_of(puzzle)
    safe = frozenset(range(puzzle.width * puzzle.height)) - puzzle.mines
    return minimize(puzzle.with_shown(safe), keep=puzzle.shown)


def the_layout(knowledge: Knowledge) -> Puzzle:
    """The one layout that fits a position's numbers and total, as a Puzzle
    showing those numbers; ValueError when none fits or more than one does.

    One call of the exact solver's ``settled``: when every hidden cell is
    settled, the mines it found are the only layout. Reading a puzzle code
    uses this, so a code need not carry its answer.
    """
    if knowledge.mines is None:
        raise ValueError("the total number of mines is needed")
    numbers = read_numbers(knowledge)
    if numbers.contradiction is not None:
        raise ValueError(f"no layout fits: {numbers.contradiction}")
    found = settled(make_system(numbers))
    if found is None:
        raise ValueError("no layout fits the numbers and the total")
    safe, mines = found
    if len(safe) + len(mines) != len(numbers.hidden):
        raise ValueError("more than one layout fits the numbers and the total")
    w = knowledge.width
    shown = frozenset(i for i in range(w * knowledge.height) if not numbers.hidden_mask >> i & 1)
    return Puzzle(w, knowledge.height, frozenset(mines), shown)


def a_layout(knowledge: Knowledge, rng: Stream) -> Puzzle:
    """A layout that fits a position (its numbers, and its total when it has
    one), as a Puzzle showing the position's numbers; ValueError when none fits
    or the position shows a mine. Cells the numbers leave open are chosen one
    at a time (each choice keeps some layout fitting), the cells away from
    every number last, at random."""
    w, h = knowledge.width, knowledge.height
    shown: list[int] = []
    values: dict[int, int] = {}
    for y, row in enumerate(knowledge.rows):
        for x, seen in enumerate(row):
            if type(seen) is Shown:
                shown.append(y * w + x)
                values[y * w + x] = seen.n
            elif type(seen) is not Hidden:
                raise ValueError(f"cell ({x}, {y}) shows a mine: a puzzle shows numbers only")
    base = read_numbers(knowledge)
    around = neighbour_masks(w, h)
    hidden = base.hidden_mask
    frontier = 0
    for i in shown:
        frontier |= around[i] & hidden
    mines = 0
    unknown = hidden
    total = knowledge.mines
    while True:
        left = None if total is None else total - mines.bit_count()
        scopes = []
        for i in shown:
            scope = around[i] & unknown
            if scope:
                scopes.append((i, scope, values[i] - (around[i] & mines).bit_count()))
            elif values[i] != (around[i] & mines).bit_count():
                raise ValueError("no layout fits the position")
        numbers = type(base)(w, h, left, 0, (), unknown, tuple(scopes), None)
        found = settled(make_system(numbers))
        if found is None:
            raise ValueError("no layout fits the position")
        for i in found[1]:
            mines |= 1 << i
        for i in found[0] + found[1]:
            unknown &= ~(1 << i)
        open_frontier = unknown & frontier
        if not open_frontier:
            break
        cells = [i for i in range(w * h) if open_frontier >> i & 1]
        cell = rng.choice(cells)
        cells_left = unknown.bit_count()
        density = 0.2 if left is None or not cells_left else left / cells_left
        if rng.random() < density:
            mines |= 1 << cell
        unknown &= ~(1 << cell)
    rest = [i for i in range(w * h) if unknown >> i & 1]
    left = None if total is None else total - mines.bit_count()
    count = round(len(rest) * 0.2) if left is None else left
    for i in rng.sample(rest, count):
        mines |= 1 << i
    layout = frozenset(i for i in range(w * h) if mines >> i & 1)
    return Puzzle(w, h, layout, frozenset(shown))

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
from minebender.services.puzzle.hiding import hide_in_order
from minebender.services.puzzle.orbits import draw_mines, hide_orbits, orbits
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
    symmetry: str = "none",
) -> Puzzle:
    """Hide shown numbers, one at a time in ``order`` (default: row by row),
    while one layout still fits; the numbers in ``keep`` stay. The puzzle must
    have one solution. The result is minimal: hiding any one more of its
    numbers (outside ``keep``) lets more than one layout fit. One pass is
    enough, since hiding numbers only ever lets more layouts fit.

    With a ``symmetry`` (``orbits.SYMMETRIES``) the numbers whose images are
    hidden are hidden first, then whole orbits (a number and its images) one
    at a time, row by row: the result keeps the symmetry, and no orbit of it
    can be hidden. ValueError when the symmetric part alone leaves more than
    one layout."""
    puzzle = puzzle_of(puzzle)
    check = checker or Checker(puzzle.width, puzzle.height, puzzle.mines)
    shown = puzzle.shown
    if not check.unique(shown):
        raise ValueError("more than one layout fits: make the puzzle unique first")
    if symmetry != "none":
        return _minimize_orbits(puzzle, keep, check, symmetry)
    cells = sorted(puzzle.shown) if order is None else order
    singles = (frozenset({i}) for i in cells if i not in keep)
    return puzzle.with_shown(hide_in_order(shown, singles, check.unique))


def _minimize_orbits(puzzle: Puzzle, keep: frozenset[int], check: Checker, symmetry: str) -> Puzzle:
    groups = orbits(symmetry, puzzle.width, puzzle.height)
    whole = [o for o in groups if o <= puzzle.shown]
    start = frozenset().union(*whole)
    if start != puzzle.shown and not check.unique(start):
        raise ValueError(
            f"with symmetry {symmetry}, the numbers whose images show too leave more"
            " than one layout fitting: make the position unique with that symmetry first"
        )
    return hide_orbits(puzzle.with_shown(start), [o for o in whole if not o & keep], check.unique)


def make_unique(puzzle: Puzzle | HasPuzzle, symmetry: str = "none") -> Puzzle:
    """Show a small set of extra numbers of the puzzle's layout so that only it
    fits: all of them, then hidden again one by one (``minimize``) while only it
    fits, the numbers shown already kept. Every extra number is needed.

    With a ``symmetry`` the numbers shown keep it: the images of the numbers
    shown already are added, and the rest are whole orbits free of mines, each
    needed. ValueError when an image of a number shown is a mine of the
    layout, or when even every orbit free of mines leaves more than one layout."""
    puzzle = puzzle_of(puzzle)
    w = puzzle.width
    safe = frozenset(range(w * puzzle.height)) - puzzle.mines
    if symmetry == "none":
        return minimize(puzzle.with_shown(safe), keep=puzzle.shown)
    groups = orbits(symmetry, w, puzzle.height)
    closure = frozenset().union(*(o for o in groups if o & puzzle.shown))
    if closure & puzzle.mines:
        i = min(closure & puzzle.mines)
        raise ValueError(
            f"cell ({i % w}, {i // w}) is a mine of the layout chosen and an image of a"
            f" number shown: with symmetry {symmetry}, it would have to show its number"
        )
    full = closure.union(*(o for o in groups if not o & puzzle.mines))
    check = Checker(w, puzzle.height, puzzle.mines)
    if not check.unique(full):
        raise ValueError(
            f"with symmetry {symmetry}, even every number that can show leaves more than"
            " one layout fitting"
        )
    return _minimize_orbits(puzzle.with_shown(full), closure, check, symmetry)


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


def a_layout(
    knowledge: Knowledge,
    rng: Stream,
    flags: frozenset[int] = frozenset(),
    symmetry: str = "none",
) -> Puzzle:
    """A layout that fits a position (its numbers, and its total when it has
    one), as a Puzzle showing the position's numbers; ValueError when none fits
    or the position shows a mine. Cells the numbers leave open are chosen one
    at a time (each choice keeps some layout fitting), the cells away from
    every number last, at random.

    ``flags`` (flat indexes) are made mines first, each while some layout
    still fits with it, so a layout agrees with the player's flags where any
    can. With a ``symmetry``, the images of the numbers shown are kept safe
    where they can be, and the mines away from every number are drawn as
    whole orbits at odds of ``ORBIT_MINES``, so that more orbits can show."""
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
    groups = orbits(symmetry, w, h)
    on = set(shown)
    images = frozenset().union(*(o for o in groups if o & on)) - on
    flag_mask = sum(1 << i for i in flags) & hidden
    keep_safe = sum(1 << i for i in images) & ~flag_mask
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
        wanted = open_frontier & (flag_mask | keep_safe)
        if wanted:  # a flag made a mine, an image kept safe: neither settled, so both fit
            cell = (wanted & -wanted).bit_length() - 1
            if flag_mask >> cell & 1:
                mines |= 1 << cell
        else:
            cells = [i for i in range(w * h) if open_frontier >> i & 1]
            cell = rng.choice(cells)
            cells_left = unknown.bit_count()
            density = 0.2 if left is None or not cells_left else left / cells_left
            if rng.random() < density:
                mines |= 1 << cell
        unknown &= ~(1 << cell)
    rest = [i for i in range(w * h) if unknown >> i & 1]
    left = None if total is None else total - mines.bit_count()
    flagged = [i for i in rest if flag_mask >> i & 1]
    count = round(len(rest) * 0.2) if left is None else left
    take = flagged if left is None else flagged[:count]
    mines |= sum(1 << i for i in take)
    mines |= _draw_rest(rng, rest, max(0, count - len(take)), flag_mask, keep_safe, groups)
    layout = frozenset(i for i in range(w * h) if mines >> i & 1)
    return Puzzle(w, h, layout, frozenset(shown))


def _draw_rest(
    rng: Stream,
    rest: list[int],
    count: int,
    flag_mask: int,
    keep_safe: int,
    groups: list[frozenset[int]],
) -> int:
    """``count`` mines among the cells away from every number that are not
    flagged, the images to keep safe last; drawn as whole orbits at times
    when the symmetry has orbits of more than one cell."""
    free = [i for i in rest if not (flag_mask | keep_safe) >> i & 1]
    if count > len(free):
        spare = [i for i in rest if keep_safe >> i & 1 and not flag_mask >> i & 1]
        return sum(1 << i for i in free + spare[: count - len(free)])
    if all(len(o) == 1 for o in groups):
        return sum(1 << i for i in rng.sample(free, count))
    allowed = set(free)
    of = {i: o & allowed for o in groups for i in o if i in allowed}
    order = list(free)
    rng.shuffle(order)
    return sum(1 << i for i in draw_mines(rng, order, count, of))

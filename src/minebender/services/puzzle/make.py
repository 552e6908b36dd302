"""Making puzzles: a random layout, every number shown, then numbers hidden
while only that layout fits.

Puzzle ``index`` of a ``seed`` is always the same. For easy and medium,
the numbers are first hidden while the puzzle stays solvable by that grade's
reasoning, and a number that one layout could still spare is swapped for
another (``_easy_and_minimal``), so the result is minimal, as every puzzle
is. When a layout gives no puzzle of the grade asked, a fresh one is tried,
up to ``TRIES`` times.
"""

from __future__ import annotations

from dataclasses import dataclass

from minebender.services.puzzle.grading import DIFFICULTIES, Grade, grade, solvable_with
from minebender.services.puzzle.hiding import hide_in_order
from minebender.services.puzzle.symmetry import SYMMETRIES, make_symmetric
from minebender.services.puzzle.unique import Checker, minimize
from minebender.services.puzzle.values import Puzzle
from minebender.values.seeded import Stream
from minebender.values.words import count

__all__ = ["TRIES", "Made", "PuzzleError", "make_puzzle"]

TRIES = 1000
"""Fresh layouts tried for one puzzle of a given difficulty before giving up.
Easy puzzles are the rare ones: on 16x16 with 50 mines about one layout in
9 gives one (21 at the worst of 8)."""


REPAIRS = 20
"""Repairs of one layout towards an easy or medium puzzle (``_easy_and_minimal``)."""


class PuzzleError(ValueError):
    """No puzzle as asked: bad arguments, or no layout of the difficulty found."""


@dataclass(frozen=True, slots=True)
class Made:
    """A puzzle, its grade, and what making it took."""

    puzzle: Puzzle
    grade: Grade
    tries: int
    checks: int
    """Uniqueness checks made."""
    exact: int
    """Checks that needed the exact solver."""


def _rng(
    width: int, height: int, mines: int, seed: int, index: int, attempt: int, symmetry: str
) -> Stream:
    # without a symmetry, the text of the puzzles made before symmetries were
    text = f"minebender puzzle {width}x{height}x{mines} {seed} {index} {attempt}"
    return Stream.from_text(text if symmetry == "none" else f"{text} {symmetry}")


def _check_size(width: int, height: int, mines: int) -> None:
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise PuzzleError(f"{name} must be a whole number of at least 1, got {value!r}")
    if isinstance(mines, bool) or not isinstance(mines, int) or not 0 <= mines <= width * height:
        raise PuzzleError(f"mines must be from 0 to {width * height} on a {width}x{height} board")


def make_puzzle(
    width: int,
    height: int,
    mines: int,
    seed: int,
    index: int = 0,
    difficulty: str | None = None,
    symmetry: str = "none",
    tries: int = TRIES,
) -> Made:
    """Puzzle ``index`` of ``seed``: ``mines`` mines on a width-by-height board,
    with one solution and no number that could be hidden; of the difficulty
    asked for (easy, medium, hard; None: any). With a ``symmetry`` other than
    none (``symmetry.SYMMETRIES``) the numbers shown keep it, and no orbit of
    them could be hidden (``_symmetric``). ``tries``: the layouts tried
    before ``PuzzleError``."""
    _check_size(width, height, mines)
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise PuzzleError(
            f"difficulty must be one of {', '.join(DIFFICULTIES)}, got {difficulty!r}"
        )
    if symmetry not in SYMMETRIES:
        raise PuzzleError(f"symmetry must be one of {', '.join(SYMMETRIES)}, got {symmetry!r}")
    target = None if difficulty is None else DIFFICULTIES.index(difficulty)
    if symmetry != "none":
        return _symmetric(width, height, mines, seed, index, target, symmetry, tries)
    checks = exact = 0
    for attempt in range(tries if target is not None else 1):
        rng = _rng(width, height, mines, seed, index, attempt, symmetry)
        layout = frozenset(rng.sample(range(width * height), mines))
        order = [i for i in range(width * height) if i not in layout]
        rng.shuffle(order)
        checker = Checker(width, height, layout)
        puzzle = Puzzle(width, height, layout, frozenset(order))
        if target is not None and target < 2:
            easier = _easy_and_minimal(puzzle, order, target, checker)
            checks += checker.calls
            exact += checker.exact
            if easier is None:
                continue
            puzzle = easier
        else:
            puzzle = minimize(puzzle, order, checker=checker)
            checks += checker.calls
            exact += checker.exact
        found = grade(puzzle)
        if target is None or min(found.kind, 2) == target:
            return Made(puzzle, found, attempt + 1, checks, exact)
    raise _not_found(width, height, mines, difficulty, "", tries)


def _not_found(
    w: int, h: int, mines: int, difficulty: str | None, how: str, tries: int
) -> PuzzleError:
    what = f"{difficulty} puzzle" if difficulty else "puzzle"
    return PuzzleError(
        f"no {what}{how} with {count(mines, 'mine')} on {w}x{h} found in {tries} layouts"
    )


def _symmetric(
    width: int,
    height: int,
    mines: int,
    seed: int,
    index: int,
    target: int | None,
    symmetry: str,
    tries: int,
) -> Made:
    """A puzzle whose numbers keep the symmetry: a fresh layout is drawn (up to
    ``tries``) while one gives no unique puzzle of the difficulty."""
    checks = exact = 0
    for attempt in range(tries):
        rng = _rng(width, height, mines, seed, index, attempt, symmetry)
        found = make_symmetric(rng, width, height, mines, symmetry, target)
        if found is None:
            continue
        puzzle, checker = found
        checks += checker.calls
        exact += checker.exact
        graded = grade(puzzle)
        if target is None or min(graded.kind, 2) == target:
            return Made(puzzle, graded, attempt + 1, checks, exact)
    raise _not_found(
        width,
        height,
        mines,
        None if target is None else DIFFICULTIES[target],
        f" with {symmetry} symmetry",
        tries,
    )


def _easy_and_minimal(
    puzzle: Puzzle, order: list[int], kind: int, checker: Checker
) -> Puzzle | None:
    """A minimal puzzle of the layout that reasoning no harder than
    ``REASONING[kind]`` solves, or None when ``REPAIRS`` repairs found none.

    Numbers are hidden while that reasoning still solves the puzzle. Hiding
    numbers only makes a puzzle harder, so if one more number could then be
    hidden with one layout still fitting (a spare number), the minimal puzzle
    would be harder than asked. A repair hides the spare number for good and
    shows a number near it that makes the reasoning enough again, then hides
    again. With repairs an easy 16x16 puzzle with 50 mines took 9 layouts
    (the mean of 8 puzzles), against about 60 without."""
    w, h = puzzle.width, puzzle.height
    gone: set[int] = set()
    current = _hide_while(puzzle, order, kind)
    for _ in range(REPAIRS + 1):
        shown = current.shown
        spare = next((i for i in order if i in shown and checker.unique(shown - {i})), None)
        if spare is None:
            return current
        gone.add(spare)
        fewer = shown - {spare}
        x0, y0 = spare % w, spare // w
        near = [
            y * w + x
            for y in range(max(0, y0 - 2), min(h, y0 + 3))
            for x in range(max(0, x0 - 2), min(w, x0 + 3))
            if y * w + x not in shown and y * w + x not in gone and y * w + x not in puzzle.mines
        ]
        fix = next((d for d in near if solvable_with(current.with_shown(fewer | {d}), kind)), None)
        if fix is None:
            return None
        current = _hide_while(
            current.with_shown(fewer | {fix}), [i for i in order if i != fix], kind
        )
    return None


def _hide_while(puzzle: Puzzle, order: list[int], kind: int) -> Puzzle:
    """Hide numbers in order while the puzzle stays solvable by reasoning no
    harder than ``REASONING[kind]``."""
    singles = (frozenset({i}) for i in order)
    return puzzle.with_shown(
        hide_in_order(puzzle.shown, singles, lambda s: solvable_with(puzzle.with_shown(s), kind))
    )

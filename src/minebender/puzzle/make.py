"""Making puzzles: a random layout, every number shown, then numbers hidden
while only that layout fits.

Puzzle ``index`` of a ``seed`` is always the same. For a difficulty, the
numbers are first hidden while the puzzle stays solvable by that grade's
reasoning, then while it stays unique (so the result is minimal, as every
puzzle is); when that made it harder or left it easier than asked, a fresh
layout is tried, up to ``TRIES`` times.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from minebender.puzzle.grading import DIFFICULTIES, Grade, grade, solvable_with
from minebender.puzzle.unique import Checker, minimize
from minebender.puzzle.values import Puzzle

__all__ = ["TRIES", "Made", "PuzzleError", "make_puzzle"]

TRIES = 1000
"""Fresh layouts tried for one puzzle of a given difficulty before giving up.
Easy puzzles are the rare ones: on 16x16 with 50 mines about one layout in
60 gives one (191 at the worst of 6 seeds), each try some 50 ms."""


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


def _rng(width: int, height: int, mines: int, seed: int, index: int, attempt: int) -> random.Random:
    return random.Random(f"minebender puzzle {width}x{height}x{mines} {seed} {index} {attempt}")


def _check_size(width: int, height: int, mines: int) -> None:
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise PuzzleError(f"{name} must be a whole number of at least 1, got {value!r}")
    if isinstance(mines, bool) or not isinstance(mines, int) or not 0 <= mines <= width * height:
        raise PuzzleError(f"mines must be from 0 to {width * height} on a {width}x{height} board")


def make_puzzle(
    width: int, height: int, mines: int, seed: int, index: int = 0, difficulty: str | None = None
) -> Made:
    """Puzzle ``index`` of ``seed``: ``mines`` mines on a width-by-height board,
    with one solution and no number that could be hidden; of the difficulty
    asked for (easy, medium, hard; None: any)."""
    _check_size(width, height, mines)
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise PuzzleError(
            f"difficulty must be one of {', '.join(DIFFICULTIES)}, got {difficulty!r}"
        )
    checks = exact = 0
    target = None if difficulty is None else DIFFICULTIES.index(difficulty)
    for attempt in range(TRIES if target is not None else 1):
        rng = _rng(width, height, mines, seed, index, attempt)
        layout = frozenset(rng.sample(range(width * height), mines))
        order = [i for i in range(width * height) if i not in layout]
        rng.shuffle(order)
        checker = Checker(width, height, layout)
        puzzle = Puzzle(width, height, layout, frozenset(order))
        if target is not None and target < 2:
            # Hiding numbers only makes a puzzle harder: if one more could be
            # hidden now, the minimal puzzle would be harder than asked.
            puzzle = _hide_while(puzzle, order, target)
            minimal = not any(checker.unique(puzzle.shown - {i}) for i in puzzle.shown)
            checks += checker.calls
            exact += checker.exact
            if not minimal:
                continue
        else:
            puzzle = minimize(puzzle, order, checker=checker)
            checks += checker.calls
            exact += checker.exact
        found = grade(puzzle)
        if target is None or min(found.kind, 2) == target:
            return Made(puzzle, found, attempt + 1, checks, exact)
    raise PuzzleError(
        f"no {difficulty} puzzle with {mines} mines on {width}x{height} found in {TRIES} layouts"
    )


def _hide_while(puzzle: Puzzle, order: list[int], kind: int) -> Puzzle:
    """Hide numbers in order while the puzzle stays solvable by reasoning no
    harder than ``REASONING[kind]``."""
    shown = puzzle.shown
    for i in order:
        fewer = shown - {i}
        if solvable_with(puzzle.with_shown(fewer), kind):
            shown = fewer
    return puzzle.with_shown(shown)

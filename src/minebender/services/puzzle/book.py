"""A graded book: N puzzles of one size, easiest first, ready to print.

The book asks ``make_puzzle`` for a third of easy puzzles, a third of
medium and a third of hard (puzzle k of the seed for the book's place k),
then orders them by grade: the kind of reasoning the hardest step needed,
then how many steps needed it. So a book rises from single numbers to the
total count, and two books of one seed are the same book. Where a grade is
rare (easy on a crowded board), a place takes the next grade up after
``BOOK_TRIES`` layouts, and any grade after that; the later places do not
ask for a grade that one place could not find.
"""

from __future__ import annotations

from dataclasses import dataclass

from minebender.services.puzzle.code import puzzle_code
from minebender.services.puzzle.grading import DIFFICULTIES
from minebender.services.puzzle.make import Made, PuzzleError, make_puzzle
from minebender.services.puzzle.sheet import Sheet
from minebender.values.words import count

__all__ = [
    "BOOK_MOST",
    "BOOK_TRIES",
    "Entry",
    "book_sheet",
    "difficulty_at",
    "make_book",
    "numbered_sheet",
]

BOOK_MOST = 200
"""The most puzzles in one book."""
BOOK_TRIES = 20
"""Layouts tried for a place's grade before the next grade up: an easy
Expert puzzle was not found in 20 for one seed (7 s of processor time)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A puzzle of a book and where it came from: puzzle ``index`` of the seed."""

    index: int
    made: Made


def difficulty_at(place: int, size: int) -> str:
    """The difficulty asked for at a place of a book of ``size``: easy for the
    first third, medium for the second, hard for the rest."""
    return DIFFICULTIES[min(2, 3 * place // size)]


def _rising(entry: Entry) -> tuple[int, int, int]:
    g = entry.made.grade
    return g.kind, g.steps[g.kind], entry.index


def make_book(
    width: int, height: int, mines: int, seed: int, size: int, symmetry: str = "none"
) -> list[Entry]:
    """The book's puzzles, easiest first (``PuzzleError`` as ``make_puzzle``
    raises it: an easy puzzle is rare on a crowded board)."""
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= BOOK_MOST:
        raise ValueError(f"a book has from 1 to {BOOK_MOST} puzzles, got {size!r}")
    missing: set[str] = set()
    made = [
        Entry(k, _at(width, height, mines, seed, k, size, symmetry, missing)) for k in range(size)
    ]
    return sorted(made, key=_rising)


def _at(
    width: int,
    height: int,
    mines: int,
    seed: int,
    k: int,
    size: int,
    symmetry: str,
    missing: set[str],
) -> Made:
    """Puzzle k of the seed for place k: of the place's grade, else the next
    grade up, else of any grade. A grade an earlier place did not find in
    ``BOOK_TRIES`` layouts (``missing``, filled in here) is not asked again:
    on Expert an easy puzzle is that rare, and asking cost 20 layouts a place."""
    first = DIFFICULTIES.index(difficulty_at(k, size))
    for difficulty in DIFFICULTIES[first:]:
        if difficulty in missing:
            continue
        try:
            return make_puzzle(width, height, mines, seed, k, difficulty, symmetry, BOOK_TRIES)
        except PuzzleError:
            missing.add(difficulty)
    return make_puzzle(width, height, mines, seed, k, None, symmetry)


def numbered_sheet(made: list[Made], title: str) -> Sheet:
    """A sheet of the puzzles numbered from 0 in the order given, as the
    command numbers them, each captioned with its grade and with its code."""
    return Sheet(
        [m.puzzle for m in made],
        [
            f"Puzzle {i}: {m.grade.difficulty}, {count(m.puzzle.total, 'mine')}"
            for i, m in enumerate(made)
        ],
        title,
        [puzzle_code(m.puzzle) for m in made],
    )


def book_sheet(book: list[Entry], seed: int, symmetry: str = "none") -> Sheet:
    """The book as a sheet: its puzzles numbered from 0 in rising grade, the
    answers at the back."""
    p = book[0].made.puzzle
    shape = "" if symmetry == "none" else f", {symmetry}"
    return numbered_sheet(
        [e.made for e in book],
        f"Puzzle book {p.width}x{p.height}, {count(p.total, 'mine')}, seed {seed}{shape}",
    )

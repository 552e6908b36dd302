"""Puzzles with exactly one solution: make, grade, check and share them.

A puzzle shows some numbers of a layout; the player, told the total number of
mines, finds every mine. ``make_puzzle`` makes one from a seed, ``grade`` says
how hard it is, ``minimize`` and ``make_unique`` change the numbers shown,
``puzzle_code`` shares it as a short text of its clues, and ``parse_code``
reads one back, solving the clues. Each takes a ``Made`` as well as a
``Puzzle``, as docs/puzzles.md shows.
"""

from minebender.services.puzzle.code import clues_code, parse_code, puzzle_code
from minebender.services.puzzle.grading import DIFFICULTIES, REASONING, Grade, grade
from minebender.services.puzzle.make import Made, PuzzleError, make_puzzle
from minebender.services.puzzle.unique import (
    Checker,
    a_layout,
    is_unique,
    make_unique,
    minimize,
    the_layout,
)
from minebender.services.puzzle.values import Puzzle

__all__ = [
    "DIFFICULTIES",
    "REASONING",
    "Checker",
    "Grade",
    "Made",
    "Puzzle",
    "PuzzleError",
    "a_layout",
    "clues_code",
    "grade",
    "is_unique",
    "make_puzzle",
    "make_unique",
    "minimize",
    "parse_code",
    "puzzle_code",
    "the_layout",
]

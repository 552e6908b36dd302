"""Symmetries a puzzle's clues may keep: the cells that must show together.

A symmetry is a set of maps of the board onto itself (a mirror, a half
turn, or both mirrors); the maps group the cells into orbits. A clue set
keeps the symmetry when it is a union of orbits: each shown number's
images show their numbers too. Only the clues are symmetric: the mines lie
where the seed put them, so a symmetric clue set still has one solution to
find, not one to guess from its shape.
"""

from __future__ import annotations

from minebender.services.puzzle.grading import solvable_with
from minebender.services.puzzle.orbits import (
    ORBIT_MINES,
    SYMMETRIES,
    draw_mines,
    hide_orbits,
    is_symmetric,
    orbits,
)
from minebender.services.puzzle.unique import Checker
from minebender.services.puzzle.values import Puzzle
from minebender.values.seeded import Stream

__all__ = [
    "ORBIT_MINES",
    "SYMMETRIES",
    "hide_orbits",
    "is_symmetric",
    "make_symmetric",
    "orbits",
    "symmetric_layout",
]


def symmetric_layout(
    rng: Stream, width: int, height: int, mines: int, symmetry: str
) -> frozenset[int]:
    """``mines`` mines drawn cell by cell from a shuffle of the board; each
    brings the other cells of its orbit with chance ``ORBIT_MINES``, when
    they fit in the total."""
    of = {i: o for o in orbits(symmetry, width, height) for i in o}
    order = list(range(width * height))
    rng.shuffle(order)
    return draw_mines(rng, order, mines, of)


def make_symmetric(
    rng: Stream, width: int, height: int, mines: int, symmetry: str, kind: int | None
) -> tuple[Puzzle, Checker] | None:
    """One layout's try at a puzzle whose clues keep the symmetry, with one
    solution and no orbit of clues to spare; None when this layout gives none
    (showing every orbit free of mines leaves more than one layout, or the
    reasoning of ``kind``, easy or medium, cannot do without a spare orbit).
    The caller grades it."""
    layout = symmetric_layout(rng, width, height, mines, symmetry)
    free = [o for o in orbits(symmetry, width, height) if not o & layout]
    rng.shuffle(free)
    checker = Checker(width, height, layout)
    puzzle = Puzzle(width, height, layout, frozenset().union(*free))
    if not checker.unique(puzzle.shown):
        return None
    if kind is None or kind >= 2:
        return hide_orbits(puzzle, free, checker.unique), checker
    easier = hide_orbits(puzzle, free, lambda s: solvable_with(puzzle.with_shown(s), kind))
    if any(o <= easier.shown and checker.unique(easier.shown - o) for o in free):
        return None
    return easier, checker

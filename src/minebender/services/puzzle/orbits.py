"""The orbits of a symmetry: the cells that must show their numbers together.

A symmetry is a set of maps of the board onto itself (a mirror, a half
turn, or both mirrors); the maps group the cells into orbits. A clue set
keeps the symmetry when it is a union of orbits. This module sits below
both the makers of symmetric puzzles (``symmetry``) and ``make_unique`` and
``minimize`` (``unique``), which take a symmetry too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from minebender.services.puzzle.hiding import hide_in_order
from minebender.services.puzzle.values import Puzzle
from minebender.values.seeded import Stream

__all__ = [
    "ORBIT_MINES",
    "SYMMETRIES",
    "check_symmetry",
    "draw_mines",
    "hide_orbits",
    "is_symmetric",
    "orbits",
]

SYMMETRIES = ("none", "left-right", "up-down", "both", "rotation")
"""The symmetries a clue layout may have: none, a mirror left to right, a
mirror top to bottom, both mirrors (which brings the half turn), and the half
turn (a rotation by 180 degrees)."""

Map = Callable[[int, int], tuple[int, int]]


def check_symmetry(symmetry: str) -> None:
    """ValueError naming the symmetries when ``symmetry`` is none of them."""
    if symmetry not in SYMMETRIES:
        raise ValueError(f"symmetry must be one of {', '.join(SYMMETRIES)}, got {symmetry!r}")


def _maps(symmetry: str, width: int, height: int) -> list[Map]:
    def lr(x: int, y: int) -> tuple[int, int]:
        return width - 1 - x, y

    def ud(x: int, y: int) -> tuple[int, int]:
        return x, height - 1 - y

    def turn(x: int, y: int) -> tuple[int, int]:
        return width - 1 - x, height - 1 - y

    check_symmetry(symmetry)
    chosen: dict[str, list[Map]] = {
        "none": [],
        "left-right": [lr],
        "up-down": [ud],
        "both": [lr, ud, turn],
        "rotation": [turn],
    }
    return chosen[symmetry]


def orbits(symmetry: str, width: int, height: int) -> list[frozenset[int]]:
    """The cells that show together under the symmetry, as flat indexes, each
    orbit once, in the order of its first cell row by row."""
    maps = _maps(symmetry, width, height)
    seen: set[int] = set()
    out: list[frozenset[int]] = []
    for i in range(width * height):
        if i in seen:
            continue
        x, y = i % width, i // width
        orbit = frozenset([i, *(u * width + v for v, u in (m(x, y) for m in maps))])
        seen |= orbit
        out.append(orbit)
    return out


def is_symmetric(cells: frozenset[int], symmetry: str, width: int, height: int) -> bool:
    """Whether the cells are a union of the symmetry's orbits."""
    return all(o <= cells or not o & cells for o in orbits(symmetry, width, height))


def hide_orbits(
    puzzle: Puzzle, order: Sequence[frozenset[int]], keeps: Callable[[frozenset[int]], bool]
) -> Puzzle:
    """Hide the orbits in ``order`` one at a time while ``keeps`` holds of the
    numbers left: one pass, since hiding numbers only ever lets more layouts
    fit (or needs harder reasoning)."""
    return puzzle.with_shown(hide_in_order(puzzle.shown, order, keeps))


ORBIT_MINES = 0.5
"""The chance that a mine drawn brings the rest of its orbit with it (when
the total leaves room). The clues can show only orbits free of mines, and on
a layout drawn cell by cell too many orbits hold one mine: with both mirrors
on Expert none of 50 layouts showed enough to be unique. With half the mines
drawn as whole orbits, 41 of 50 were, and the layout still has mines that
no mirror copies."""


def draw_mines(
    rng: Stream, order: Sequence[int], mines: int, of: Mapping[int, frozenset[int]]
) -> frozenset[int]:
    """``mines`` mines drawn from the cells of ``order`` (shuffled already), in
    that order; each brings the other cells of its orbit (``of``: each cell's,
    cut to the cells that may hold a mine) with chance ``ORBIT_MINES``, when
    they fit in the total."""
    layout: set[int] = set()
    for i in order:
        if len(layout) >= mines:
            break
        if i in layout:
            continue
        rest = of[i] - layout
        if rng.random() < ORBIT_MINES and len(layout) + len(rest) <= mines:
            layout |= rest
        else:
            layout.add(i)
    return frozenset(layout)

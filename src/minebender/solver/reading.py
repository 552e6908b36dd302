"""Reading the player's view: the numbers next to hidden cells, as flat indexes.

Cells are flat indexes ``y * width + x`` throughout the solver: ints are what
Python handles fastest, and the solver turns them back into ``Pos`` only at
the end, through ``positions``. Tables that depend only on the board's size
are made once per size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import compress

from minebender.types import Boom, Hidden, Knowledge, Pos, Shown

__all__ = ["Numbers", "cell_name", "neighbour_table", "positions", "read_numbers"]


@lru_cache(maxsize=64)
def neighbour_table(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For each flat index, the flat indexes of its neighbours, row by row."""
    out = []
    for y in range(height):
        for x in range(width):
            out.append(
                tuple(
                    ny * width + nx
                    for ny in (y - 1, y, y + 1)
                    if 0 <= ny < height
                    for nx in (x - 1, x, x + 1)
                    if 0 <= nx < width and (nx != x or ny != y)
                )
            )
    return tuple(out)


@lru_cache(maxsize=64)
def positions(width: int, height: int) -> tuple[Pos, ...]:
    """``Pos`` of each flat index, made once per board size."""
    return tuple(Pos(x, y) for y in range(height) for x in range(width))


def cell_name(width: int, i: int) -> str:
    return f"({i % width}, {i // width})"


@dataclass(frozen=True, slots=True)
class Numbers:
    """What the view says, before any grouping: every revealed number next to a
    hidden cell, as (its flat index, its hidden neighbours, the mines they need)."""

    width: int
    height: int
    total: int | None
    booms: int
    hidden: tuple[int, ...]
    scopes: tuple[tuple[int, tuple[int, ...], int], ...]
    contradiction: str | None


def read_numbers(knowledge: Knowledge) -> Numbers:
    """Read the numbers next to hidden cells, and any number that cannot be right."""
    w, h = knowledge.width, knowledge.height
    flat = [c for row in knowledge.rows for c in row]
    table = neighbour_table(w, h)
    kinds = list(map(type, flat))
    is_hidden = [t is Hidden for t in kinds]
    booms = kinds.count(Boom)
    contradiction: str | None = None
    scopes: list[tuple[int, tuple[int, ...], int]] = []
    for i in compress(range(len(flat)), [t is Shown for t in kinds]):
        around = table[i]
        hs = tuple([j for j in around if is_hidden[j]])
        n = need = flat[i].n  # type: ignore[union-attr]
        if booms and len(hs) < len(around):
            need -= sum(1 for j in around if kinds[j] is Boom)
        if not 0 <= need <= len(hs):
            if contradiction is None:
                contradiction = f"the {n} at {cell_name(w, i)} cannot be satisfied"
            continue
        if hs:
            scopes.append((i, hs, need))
    return Numbers(
        w,
        h,
        knowledge.mines,
        booms,
        tuple(compress(range(len(flat)), is_hidden)),
        tuple(scopes),
        contradiction,
    )

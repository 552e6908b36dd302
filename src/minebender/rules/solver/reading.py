"""Reading the player's view: the numbers next to hidden cells, as flat indexes.

Cells are flat indexes ``y * width + x`` throughout the solver: ints are what
Python handles fastest, and the solver turns them back into ``Pos`` only at
the end, through ``positions``. Tables that depend only on the board's size
are made once per size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import compress, count

from minebender.values.types import Boom, Hidden, Knowledge, Pos, Shown

__all__ = [
    "Numbers",
    "cell_name",
    "cells_of",
    "mask_of",
    "neighbour_masks",
    "neighbour_table",
    "positions",
    "read_numbers",
]


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
    """A flat index as the (x, y) of messages."""
    return f"({i % width}, {i // width})"


@lru_cache(maxsize=4)
def neighbour_masks(width: int, height: int) -> tuple[int, ...]:
    """For each flat index, its neighbours as a bit set (bit j: cell j).

    Kept for a few sizes only: a 316x316 board's masks take 640 MB, and a
    program that read boards of many sizes kept every one (4.3 GB after six)."""
    return tuple(sum(1 << j for j in around) for around in neighbour_table(width, height))


def cells_of(mask: int) -> list[int]:
    """The flat indexes in a bit set, ascending."""
    if mask.bit_count() <= 12:
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    return list(compress(count(), map("1".__eq__, bin(mask)[:1:-1])))


def mask_of(flags: list[bool]) -> int:
    """The bit set of the indexes whose flag is true (one ``int`` parse, not a
    shift per index)."""
    text = "".join(["1" if f else "0" for f in reversed(flags)])
    return int(text, 2) if text else 0


@dataclass(frozen=True, slots=True)
class Numbers:
    """What the view says, before any grouping: every revealed number next to a
    hidden cell, as (its flat index, its hidden neighbours as a bit set, the
    mines they need); and the hidden cells, as a tuple and as a bit set."""

    width: int
    height: int
    total: int | None
    booms: int
    hidden: tuple[int, ...]
    hidden_mask: int
    scopes: tuple[tuple[int, int, int], ...]
    contradiction: str | None


def read_numbers(knowledge: Knowledge) -> Numbers:
    """Read the numbers next to hidden cells, and any number that cannot be right.

    Bit sets make this one AND per number instead of a loop over its
    neighbours: real play on Expert has some 250 numbers to read. One plain
    loop sorts the cells into hidden and shown (with their numbers), and the
    hidden bit set is parsed from one string: a median 13 us on Beginner real
    play against 19 for a list of flags per kind of cell. A view with a
    revealed mine, or with a number that cannot be right, is read again by
    ``_read_each``, which subtracts the mines and names the first bad number.

    Every entry of the solver reads the view here, so this is where a value
    that is no view is named (``analyse(None)`` would fail on an attribute).
    """
    if not isinstance(knowledge, Knowledge):
        raise TypeError(
            "knowledge must be a Knowledge (what the player sees, which the solver reads),"
            f" got {type(knowledge).__name__}"
        )
    w, h = knowledge.width, knowledge.height
    around = neighbour_masks(w, h)
    shown_type, hidden_type = Shown, Hidden
    hidden_cells: list[int] = []
    shown: list[int] = []
    values: list[int] = []
    i = 0
    for row in knowledge.rows:
        for c in row:
            kind = type(c)
            if kind is shown_type:
                shown.append(i)
                values.append(c.n)  # type: ignore[union-attr]
            elif kind is hidden_type:
                hidden_cells.append(i)
            else:
                return _read_each(knowledge)  # a revealed mine
            i += 1
    flags = ["0"] * i
    for j in hidden_cells:
        flags[j] = "1"
    flags.reverse()
    hidden = int("".join(flags), 2) if flags else 0
    scopes: list[tuple[int, int, int]] = []
    for k in range(len(shown)):
        i = shown[k]
        scope = around[i] & hidden
        need = values[k]
        if scope:
            if need > scope.bit_count():
                return _read_each(knowledge)
            scopes.append((i, scope, need))
        elif need:
            return _read_each(knowledge)
    return Numbers(w, h, knowledge.mines, 0, tuple(hidden_cells), hidden, tuple(scopes), None)


def _read_each(knowledge: Knowledge) -> Numbers:
    """``read_numbers`` for the views it hands over: each number less the
    revealed mines around it, and the first number (row by row) that cannot
    be right named in ``contradiction``."""
    w, h = knowledge.width, knowledge.height
    flat = [c for row in knowledge.rows for c in row]
    kinds = list(map(type, flat))
    around = neighbour_masks(w, h)
    is_hidden = [t is Hidden for t in kinds]
    hidden = mask_of(is_hidden)
    booms = kinds.count(Boom)
    boom_mask = mask_of([t is Boom for t in kinds]) if booms else 0
    contradiction: str | None = None
    scopes: list[tuple[int, int, int]] = []
    for i in compress(range(len(flat)), [t is Shown for t in kinds]):
        scope = around[i] & hidden
        n = need = flat[i].n  # type: ignore[union-attr]
        if boom_mask:
            need -= (around[i] & boom_mask).bit_count()
        if not 0 <= need <= scope.bit_count():
            if contradiction is None:
                contradiction = f"the {n} at {cell_name(w, i)} cannot be satisfied"
            continue
        if scope:
            scopes.append((i, scope, need))
    return Numbers(
        w,
        h,
        knowledge.mines,
        booms,
        tuple(compress(range(len(flat)), is_hidden)),
        hidden,
        tuple(scopes),
        contradiction,
    )

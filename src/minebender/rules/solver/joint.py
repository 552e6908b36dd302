"""``chance_all_safe``: the exact chance that every cell of a set is safe.

A chord opens several cells at once, and it survives only when none of them
holds a mine. The cells' own probabilities do not give that chance (they are
not independent), so the layouts are counted again with one more constraint:
the set holds no mine. The solver still reads only the player's view.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from fractions import Fraction

from minebender.rules.solver.analysis import _solve
from minebender.rules.solver.reading import read_numbers
from minebender.rules.solver.system import make_system
from minebender.values.types import Knowledge, Pos, as_pos

__all__ = ["chance_all_safe"]


def chance_all_safe(knowledge: Knowledge, cells: Iterable[Pos]) -> Fraction:
    """The share of the layouts consistent with the view in which no cell of
    ``cells`` (hidden cells of the board) holds a mine.

    >>> from minebender.values.types import Hidden, Shown
    >>> k = Knowledge(3, 1, 1, ((Hidden(), Shown(1), Hidden()),))
    >>> chance_all_safe(k, [Pos(0, 0)]), chance_all_safe(k, [Pos(0, 0), Pos(2, 0)])
    (Fraction(1, 2), Fraction(0, 1))
    """
    numbers = read_numbers(knowledge)
    w, h = knowledge.width, knowledge.height
    mask = 0
    first = -1
    for cell in cells:
        x, y = as_pos("chance_all_safe", cell)
        if not (0 <= x < w and 0 <= y < h) or not knowledge.hidden(Pos(x, y)):
            raise ValueError(f"chance_all_safe: ({x}, {y}) is not a hidden cell of the board")
        i = y * w + x
        mask |= 1 << i
        first = i if first < 0 else first
    everything = _solve(make_system(numbers))
    if everything is None:
        raise ValueError("chance_all_safe: no layout agrees with this view")
    if not mask:
        return Fraction(1)
    kept = dataclasses.replace(numbers, scopes=(*numbers.scopes, (first, mask, 0)))
    safe = _solve(make_system(kept))
    return Fraction(0 if safe is None else safe.solutions, everything.solutions)

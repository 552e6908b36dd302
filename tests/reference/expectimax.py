"""The exact win probability of perfect play, by plain recursion over layouts.

Written from the rules alone, for small boards: reveal whatever is certainly
safe; otherwise try every cell that is safe in some layout and keep the best.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache

from minebender import Hidden, Knowledge, Pos
from reference import brute, defs

__all__ = ["best_win"]

Group = tuple[int, ...]
"""Layouts by their index in the view's list."""
Win = Callable[[Group, frozenset[Pos]], float]
After = Callable[[Group, frozenset[Pos], Pos], float]


def best_win(view: Knowledge, first: Pos | None = None) -> float:
    """The best win probability from view; with ``first``, of revealing that cell
    now and playing perfectly after."""
    after, win, every, closed = _search(view)
    if first is not None:
        return after(every, closed, first)
    return win(every, closed)


@lru_cache(maxsize=16)
def _search(
    view: Knowledge,
) -> tuple[After, Win, Group, frozenset[Pos]]:
    """The search over view's layouts: ``after`` (reveal a cell), ``win``
    (play on perfectly), every layout and the closed cells. Remembered per
    view, with what ``win`` has worked out: the tests ask for a view's best
    and then for each of its cells.

    A layout goes by its index in ``layouts``, with its mines (a bit per
    cell) and numbers read once: the search looks them up millions of times,
    and remembers groups of layouts, which hash faster as numbers than as
    grids. A cell is safe in every layout of a group when no layout's mines
    have its bit."""
    w, h = view.width, view.height
    layouts = tuple(brute.consistent_layouts(view))
    hidden = frozenset(p for p in view.cells() if type(view.seen(p)) is Hidden)
    cells = defs.cells(w, h)
    bit = {p: 1 << i for i, p in enumerate(cells)}
    mines_in = [sum(bit[p] for p in cells if defs.mine(lay, p)) for lay in layouts]
    numbers = [{p: defs.adj_mines(w, h, lay, p) for p in cells} for lay in layouts]

    def after(group: tuple[int, ...], closed: frozenset[Pos], p: Pos) -> float:
        """Reveal p: the layouts where it is safe, split by the number it shows."""
        by_number: dict[int, list[int]] = {}
        for lay in group:
            if not mines_in[lay] & bit[p]:
                by_number.setdefault(numbers[lay][p], []).append(lay)
        value = sum(len(v) * win(tuple(v), closed - {p}) for v in by_number.values())
        return value / len(group)

    @cache
    def win(group: tuple[int, ...], closed: frozenset[Pos]) -> float:
        if len(group) == 1:
            return 1.0
        somewhere = 0
        for lay in group:
            somewhere |= mines_in[lay]
        sure = [p for p in closed if not somewhere & bit[p]]
        if sure:
            parts: dict[tuple[int, ...], list[int]] = {}
            for lay in group:
                parts.setdefault(tuple(numbers[lay][p] for p in sure), []).append(lay)
            rest = closed - set(sure)
            return sum(len(v) * win(tuple(v), rest) for v in parts.values()) / len(group)
        return max(after(group, closed, p) for p in closed)

    every = tuple(range(len(layouts)))
    mines = frozenset(p for p in hidden if all(mines_in[lay] & bit[p] for lay in every))
    closed = hidden - mines
    return after, win, every, closed

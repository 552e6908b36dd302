"""The exact win probability of perfect play, by plain recursion over layouts.

Written from the rules alone, for small boards: reveal whatever is certainly
safe; otherwise try every cell that is safe in some layout and keep the best.
"""

from __future__ import annotations

from functools import cache

from minebender import Hidden, Knowledge, Layout, Pos
from reference import brute, defs

__all__ = ["best_win"]


def best_win(view: Knowledge, first: Pos | None = None) -> float:
    """The best win probability from view; with ``first``, of revealing that cell
    now and playing perfectly after."""
    w, h = view.width, view.height
    layouts = tuple(brute.consistent_layouts(view))
    hidden = frozenset(p for p in view.cells() if type(view.seen(p)) is Hidden)

    def number(layout: Layout, p: Pos) -> int:
        return defs.adj_mines(w, h, layout, p)

    def after(group: tuple[Layout, ...], closed: frozenset[Pos], p: Pos) -> float:
        """Reveal p: the layouts where it is safe, split by the number it shows."""
        by_number: dict[int, list[Layout]] = {}
        for lay in group:
            if not defs.mine(lay, p):
                by_number.setdefault(number(lay, p), []).append(lay)
        value = sum(len(v) * win(tuple(v), closed - {p}) for v in by_number.values())
        return value / len(group)

    @cache
    def win(group: tuple[Layout, ...], closed: frozenset[Pos]) -> float:
        if len(group) == 1:
            return 1.0
        sure = [p for p in closed if not any(defs.mine(lay, p) for lay in group)]
        if sure:
            parts: dict[tuple[int, ...], list[Layout]] = {}
            for lay in group:
                parts.setdefault(tuple(number(lay, p) for p in sure), []).append(lay)
            rest = closed - set(sure)
            return sum(len(v) * win(tuple(v), rest) for v in parts.values()) / len(group)
        return max(after(group, closed, p) for p in closed)

    mines = frozenset(p for p in hidden if all(defs.mine(lay, p) for lay in layouts))
    closed = hidden - mines
    if first is not None:
        return after(layouts, closed, first)
    return win(layouts, closed)

"""Every law on every game reachable on every small board.

For every layout of every board up to 3x3 (and 4x2, 2x4), a breadth-first
search from the fresh game over every action (Reveal, Flag and Chord at every
cell and at a cell off the board, and the assist with a few k) visits every
reachable game once (games are values: deduplicated by ==), and every state law
of LAWS.bend is checked on it, over the same actions.

Flags multiply the states (any subset of the hidden cells), so only boards of
up to 5 cells are searched with any flags; 3x2 and 2x3 with at most one flag
at a time, and 4x2, 2x4 and 3x3 without flags. The flag laws still see every
Flag action on every state searched, and the Hypothesis tests cover games with
several flags on boards of up to 12 cells.
"""

from __future__ import annotations

from collections import deque

import pytest

from minebender import Game, Layout, Pos
from reference import brute, laws

SMALL = sorted({(w, h) for w in range(6) for h in range(6) if w * h <= 5} - {(0, 1), (1, 0)})
"""Boards of up to 5 cells (and empty ones): searched with any flags."""

LARGE = [
    pytest.param(3, 2, 1, (0, 1), id="3x2"),
    pytest.param(2, 3, 1, (0, 1), id="2x3"),
    pytest.param(4, 2, 0, (0, 1), id="4x2", marks=pytest.mark.heavy),
    pytest.param(2, 4, 0, (0, 1), id="2x4", marks=pytest.mark.heavy),
    pytest.param(3, 3, 0, (0, 1), id="3x3", marks=pytest.mark.heavy),
]
"""(width, height, most flags at a time, assist k) for the larger boards."""


def search(w: int, h: int, layout: Layout, max_flags: int, ks: tuple[int, ...]) -> int:
    """Check every law on every game reachable on this layout; return how many."""
    off = [Pos(w, -1)]
    fresh = Game.fresh(w, h, layout)
    seen = {fresh}
    todo = deque([fresh])
    while todo:
        g = todo.popleft()
        state = laws.State(w, h, layout, g, off_board=off, ks=ks)
        laws.check_all(state)
        for _, nxt in state.results:
            if nxt is g or nxt in seen:
                continue
            if sum(1 for p in state.cells if nxt.flagged(p)) > max_flags:
                continue
            seen.add(nxt)
            todo.append(nxt)
    return len(seen)


@pytest.mark.heavy
def test_exhaustive_small_boards_any_flags() -> None:
    """Boards of up to 5 cells: every layout, every reachable game, all laws."""
    games = [
        search(w, h, layout, w * h, (0, 1, 5))
        for w, h in SMALL
        for layout in brute.all_layouts(w, h)
    ]
    assert sum(games) > 2_000  # the search really walked the games, flags included


@pytest.mark.parametrize(("w", "h", "max_flags", "ks"), LARGE)
def test_exhaustive_larger_boards(w: int, h: int, max_flags: int, ks: tuple[int, ...]) -> None:
    """3x2 and 2x3 with at most one flag; 4x2, 2x4 and 3x3 without flags (every
    Flag action is still taken and checked, its game just not searched on)."""
    games = sum(search(w, h, layout, max_flags, ks) for layout in brute.all_layouts(w, h))
    assert games > 2 ** (w * h) * (1 + max_flags)

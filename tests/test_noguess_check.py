"""Independent checks that a board is cleared by safe moves alone.

Both checkers play the real game (``Game.open``) from the first click and
reveal, at each turn, every cell that is ProvablySafe; the board passes when
the game is won. They differ in how ProvablySafe is decided:

* ``clears_brute`` lists every layout consistent with what the player sees
  (the exact mine total included) and calls a hidden cell safe when none of
  them has a mine there: LAWS.bend's definition, word for word. Practical up
  to about 5x5.
* ``clears_exact`` asks ``minebender.rules.solver.analyse``, for larger boards.

Neither uses the generator's own cheap rules or its play loop.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from minebender import Game, Hidden, Knowledge, Layout, Playing, Pos, Shown, Won, analyse

__all__ = ["BRUTE_LIMIT", "clears_brute", "clears_exact"]

BRUTE_LIMIT = 60_000
"""At most this many candidate layouts are listed by ``clears_brute``."""


def _play(
    width: int,
    height: int,
    layout: Layout,
    first: Pos,
    safe_cells: Callable[[Game], set[Pos]],
) -> bool:
    game = Game.fresh(width, height, layout)
    game = game.open(first)
    while type(game.status) is Playing:
        safe = safe_cells(game)
        if not safe:
            return False
        for p in sorted(safe):
            assert not game.mine(p), f"a provably safe cell {p} holds a mine"
            game = game.open(p)
    return type(game.status) is Won


def clears_exact(width: int, height: int, layout: Layout, first: Pos) -> bool:
    """Safe moves alone, decided by the exact solver, win from first."""
    return _play(width, height, layout, first, lambda g: set(analyse(g.knowledge).safe))


def clears_brute(width: int, height: int, layout: Layout, first: Pos) -> bool:
    """Safe moves alone, decided by listing every consistent layout, win from first."""
    cells = [Pos(x, y) for y in range(height) for x in range(width)]
    index = {p: i for i, p in enumerate(cells)}
    around = [
        sum(
            1 << index[Pos(x, y)]
            for y in range(p.y - 1, p.y + 2)
            for x in range(p.x - 1, p.x + 2)
            if (x, y) != p and Pos(x, y) in index
        )
        for p in cells
    ]
    total = sum(sum(row) for row in layout)
    candidates: list[int] | None = None
    checked: set[int] = set()

    def numbers(k: Knowledge) -> list[tuple[int, int]]:
        """The revealed numbers not yet used to filter the candidates."""
        out = []
        for i, p in enumerate(cells):
            s = k.rows[p.y][p.x]
            if isinstance(s, Shown) and i not in checked:
                checked.add(i)
                out.append((around[i], s.n))
        return out

    def safe_cells(game: Game) -> set[Pos]:
        nonlocal candidates
        k = game.knowledge
        hidden = [i for i, p in enumerate(cells) if type(k.rows[p.y][p.x]) is Hidden]
        new = numbers(k)
        if candidates is None:
            from math import comb

            assert comb(len(hidden), total) <= BRUTE_LIMIT, "board too big to list"
            candidates = [sum(1 << i for i in c) for c in combinations(hidden, total)]
        hidden_mask = sum(1 << i for i in hidden)
        candidates = [
            m
            for m in candidates
            if not m & ~hidden_mask and all((m & a).bit_count() == n for a, n in new)
        ]
        union = 0
        for m in candidates:
            union |= m
        return {cells[i] for i in hidden if not union >> i & 1}

    return _play(width, height, layout, first, safe_cells)


# --------------------------------------------------------------------------
# The checkers themselves
# --------------------------------------------------------------------------


def _grid(rows: list[str]) -> Layout:
    return tuple(tuple(c == "*" for c in row) for row in rows)


def test_checkers_pass_a_board_that_the_numbers_settle() -> None:
    """1x4 with a mine at the end: the first click floods up to a 1, the count ends it."""
    layout = _grid(["...*"])
    assert clears_brute(4, 1, layout, Pos(0, 0))
    assert clears_exact(4, 1, layout, Pos(0, 0))


def test_checkers_fail_a_fifty_fifty() -> None:
    """Two cells behind a 1 with one mine: no cell is provably safe."""
    layout = _grid(["*..", "..."])
    # The first click at (2, 1) shows 0 and opens (1, 0), (1, 1) (each a 1) and (2, 0);
    # (0, 0) and (0, 1) stay hidden with one mine between them.
    assert not clears_brute(3, 2, layout, Pos(2, 1))
    assert not clears_exact(3, 2, layout, Pos(2, 1))


def test_checkers_use_the_mine_total() -> None:
    """Only the total says the far cell of ``.*.`` is safe: no number touches it."""
    layout = _grid([".*."])
    # The first click shows 1, so (1, 0) is a mine; with one mine in all, (2, 0) is safe.
    assert clears_brute(3, 1, layout, Pos(0, 0))
    assert clears_exact(3, 1, layout, Pos(0, 0))


def test_checkers_agree_on_every_small_board() -> None:
    """The brute-force and the solver-based checkers agree on every 3x2 layout."""
    for bits in range(1 << 6):
        layout = tuple(tuple(bool(bits >> (y * 3 + x) & 1) for x in range(3)) for y in range(2))
        for first in (Pos(0, 0), Pos(1, 1)):
            if layout[first.y][first.x]:
                continue
            assert clears_brute(3, 2, layout, first) == clears_exact(3, 2, layout, first), (
                layout,
                first,
            )

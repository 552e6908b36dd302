"""Laws of board generation: gen_shape, gen_count, gen_first_safe, gen_opening.

``place_mines`` is total, so every law is checked on any sizes (zero included),
any mine count (more than fit included), any first click (off the board and
negative included) and any sequence of 32-bit words (empty included).
"""

from __future__ import annotations

from hypothesis import assume, example, given
from hypothesis import strategies as st

from minebender import Pos, place_mines
from reference import defs

sides = st.integers(0, 12) | st.integers(0, 40)
words = st.lists(st.integers(0, 2**32 - 1), max_size=12)


@st.composite
def generations(draw: st.DrawFn) -> tuple[int, int, int, Pos, list[int]]:
    """Arguments of place_mines: any sizes, counts, first clicks and words."""
    w, h = draw(sides), draw(sides)
    n = draw(st.integers(0, w * h + 3) | st.integers(0, 12))
    near = st.builds(Pos, st.integers(-2, w + 1), st.integers(-2, h + 1))
    first = draw(near | st.builds(Pos, st.integers(-(2**40), 2**40), st.integers(-99, 99)))
    return w, h, n, first, draw(words)


@st.composite
def roomy_generations(draw: st.DrawFn) -> tuple[int, int, int, Pos, list[int]]:
    """Arguments of place_mines inside the conditions of gen_count and
    gen_opening: the first click on the board, room for its opening (all n up
    to exactly room), so that few examples fall outside the law."""
    w, h = draw(st.integers(3, 12) | st.integers(3, 40)), draw(st.integers(3, 12))
    n = draw(st.integers(0, w * h - 9) | st.just(w * h - 9))
    first = Pos(draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1)))
    return w, h, n, first, draw(words)


def around(p: Pos) -> list[Pos]:
    """p and the eight cells within one step of it."""
    return [Pos(p.x + dx, p.y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]


@given(generations())
@example((0, 0, 0, Pos(0, 0), []))
@example((0, 5, 3, Pos(0, 0), []))
@example((3, 3, 100, Pos(-1, -1), []))
def test_gen_shape(args: tuple[int, int, int, Pos, list[int]]) -> None:
    """LAW: "Generated boards have the requested shape." """
    w, h, n, first, rs = args
    assert defs.shaped(w, h, place_mines(w, h, n, first, rs))


@given(generations() | roomy_generations())
@example((1, 1, 0, Pos(0, 0), []))
@example((3, 3, 8, Pos(1, 1), []))  # no room for an opening: 8 mines beside the click
@example((4, 3, 3, Pos(0, 0), [0] * 12))  # exactly room for one
def test_gen_count(args: tuple[int, int, int, Pos, list[int]]) -> None:
    """LAW: "Generated boards have exactly n mines" (when they fit beside the
    first click)."""
    w, h, n, first, rs = args
    # assume, not if: an example outside the law's condition is drawn again,
    # not counted as passed (81 of 100 were)
    assume(defs.on_board(w, h, first) and n < w * h)
    assert defs.total_mines(place_mines(w, h, n, first, rs)) == n


@given(generations())
@example((3, 3, 9, Pos(2, 2), []))
@example((5, 1, 99, Pos(4, 0), [2**32 - 1]))
def test_gen_first_safe(args: tuple[int, int, int, Pos, list[int]]) -> None:
    """LAW: "The first click is safe." """
    w, h, n, first, rs = args
    assert not defs.mine(place_mines(w, h, n, first, rs), first)


@given(generations() | roomy_generations())
@example((3, 3, 0, Pos(1, 1), []))
@example((4, 4, 7, Pos(0, 0), [5, 6, 7]))
@example((4, 4, 7, Pos(1, 1), [5, 6, 7]))  # 7 + 9 = 16 with all nine on the board: just room
@example((30, 16, 471, Pos(5, 5), []))  # Expert's size, just room
@example((9, 9, 72, Pos(8, 8), []))
def test_gen_opening(args: tuple[int, int, int, Pos, list[int]]) -> None:
    """LAW: "When there's room, the first click opens an area: no mine on it or
    next to it." (As in Windows Vista and later.)"""
    w, h, n, first, rs = args
    assume(n + 9 <= w * h)
    layout = place_mines(w, h, n, first, rs)
    for q in around(first):
        assert defs.within_one(first, q)
        assert not defs.mine(layout, q), f"a mine at {q!r} next to the first click {first!r}"

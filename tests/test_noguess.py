"""place_mines_no_guess: the generation laws of LAWS.bend, and no guess needed.

The laws are the ones ``place_mines`` obeys (gen_shape, gen_count,
gen_first_safe, gen_opening), read with ``reference.defs``. "No guess needed"
is checked independently of the generator by ``test_noguess_check``: by
listing every consistent layout on small boards, with the exact solver on
larger ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minebender import Layout, Pos, place_mines
from minebender.rules.game import allowed_cells
from minebender.rules.noguess import NoGuessError, generate, place_mines_no_guess
from minebender.rules.noguess.search import EXHAUSTIVE_LIMIT
from reference import defs
from test_noguess_check import BRUTE_LIMIT, clears_brute, clears_exact

U32 = st.integers(0, 2**32 - 1)


def clears(width: int, height: int, layout: Layout, first: Pos) -> bool:
    """Safe moves alone clear the board: by brute force when it is small enough."""
    cells = width * height
    hidden_after = cells - 1  # at most; the first click reveals at least itself
    if comb(hidden_after, defs.total_mines(layout)) <= BRUTE_LIMIT:
        return clears_brute(width, height, layout, first)
    return clears_exact(width, height, layout, first)


def check_laws(w: int, h: int, n: int, first: Pos, layout: Layout) -> None:
    """gen_shape, gen_count, gen_first_safe and gen_opening, as LAWS.bend states them."""
    assert defs.shaped(w, h, layout), "gen_shape"
    if defs.on_board(w, h, first) and n < w * h:
        assert defs.total_mines(layout) == n, "gen_count"
    assert not defs.mine(layout, first), "gen_first_safe"
    if n + 9 <= w * h:
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                q = Pos(first.x + dx, first.y + dy)
                assert not defs.mine(layout, q), f"gen_opening at {q}"


def no_board_exists(w: int, h: int, n: int, first: Pos) -> bool:
    """Every layout the generation laws allow needs a guess (brute force)."""
    pool = allowed_cells(w, h, n, first)
    placed = min(n, len(pool))
    for chosen in combinations(pool, placed):
        layout = tuple(tuple(Pos(x, y) in chosen for x in range(w)) for y in range(h))
        if clears_brute(w, h, layout, first):
            return False
    return True


def check_request(w: int, h: int, n: int, first: Pos, rs: Sequence[int]) -> None:
    """Either a lawful board that safe moves clear, or NoGuessError for a good reason."""
    uniform = place_mines(w, h, n, first, rs)
    placed = defs.total_mines(uniform)
    trivial = placed == 0 or placed == w * h
    try:
        layout = place_mines_no_guess(w, h, n, first, rs)
    except NoGuessError as exc:
        message = str(exc)
        assert not trivial, "a board without mines or without safe cells needs no guess"
        if not defs.on_board(w, h, first):
            assert "off the" in message
        elif "exists" in message:
            assert no_board_exists(w, h, n, first), message
        else:
            assert "no no-guess board found" in message and "%" in message
        return
    check_laws(w, h, n, first, layout)
    assert defs.total_mines(layout) == placed, "as many mines as place_mines puts"
    if trivial:
        assert layout == uniform
    else:
        assert clears(w, h, layout, first)


# --------------------------------------------------------------------------
# The laws, on every kind of input
# --------------------------------------------------------------------------


@st.composite
def requests(draw: st.DrawFn) -> tuple[int, int, int, Pos, list[int]]:
    """Small boards (empty ones too), any mine count, first clicks on and off."""
    w = draw(st.integers(0, 6))
    h = draw(st.integers(0, 6))
    n = draw(st.integers(0, w * h + 3))
    first = draw(
        st.one_of(
            st.builds(Pos, st.integers(0, max(w - 1, 0)), st.integers(0, max(h - 1, 0))),
            st.builds(Pos, st.integers(-2, w + 1), st.integers(-2, h + 1)),
        )
    )
    rs = draw(st.lists(U32, max_size=3))
    return w, h, n, first, rs


@given(requests())
def test_gen_laws_and_no_guess(request: tuple[int, int, int, Pos, list[int]]) -> None:
    """LAW gen_shape, gen_count, gen_first_safe, gen_opening hold, and safe moves
    alone clear the board, or NoGuessError says why there is no such board."""
    check_request(*request)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(
    ("w", "h", "n"),
    [(4, 4, 3), (5, 5, 4), (5, 5, 8), (5, 5, 12), (5, 4, 6), (3, 5, 5), (5, 5, 16), (5, 5, 20)],
)
def test_small_boards_clear_by_brute_force(w: int, h: int, n: int, seed: int) -> None:
    """Up to 5x5, every consistent layout is listed to decide what is safe."""
    for first in (Pos(w // 2, h // 2), Pos(0, 0), Pos(w - 1, 1)):
        check_request(w, h, n, first, [seed, 99])


@pytest.mark.parametrize(
    ("w", "h", "n", "seeds"),
    [
        (9, 9, 10, 25),
        (16, 16, 40, 8),
        (30, 16, 99, 6),
        (9, 9, 30, 6),
        (16, 16, 80, 3),
        (30, 16, 130, 2),
    ],
)
def test_levels_clear_with_the_solver(w: int, h: int, n: int, seeds: int) -> None:
    """Beginner, Intermediate, Expert and denser boards: checked with the exact solver."""
    for seed in range(seeds):
        for first in (Pos(w // 2, h // 2), Pos(0, 0)):
            layout = place_mines_no_guess(w, h, n, first, [seed])
            check_laws(w, h, n, first, layout)
            assert clears_exact(w, h, layout, first), (seed, first)


# --------------------------------------------------------------------------
# Degenerate and impossible boards
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("w", "h", "n", "first"),
    [
        (0, 0, 0, Pos(0, 0)),
        (0, 0, 5, Pos(0, 0)),
        (0, 4, 3, Pos(0, 0)),
        (1, 1, 0, Pos(0, 0)),
        (1, 1, 1, Pos(0, 0)),
        (3, 3, 8, Pos(1, 1)),
        (3, 3, 100, Pos(1, 1)),
        (4, 2, 0, Pos(9, 9)),
        (3, 3, 9, Pos(-1, 0)),
    ],
)
def test_boards_that_need_no_guess_as_they_stand(w: int, h: int, n: int, first: Pos) -> None:
    """No mine, or no safe cell beside the first click: place_mines' board is returned."""
    layout = place_mines_no_guess(w, h, n, first, [5])
    assert layout == place_mines(w, h, n, first, [5])
    check_laws(w, h, n, first, layout)


def test_first_click_off_the_board_is_an_error() -> None:
    """Off the board, the first click reveals nothing, so every cell would be a guess."""
    with pytest.raises(NoGuessError, match=r"first click \(5, 0\) is off the 5x5 board"):
        place_mines_no_guess(5, 5, 3, Pos(5, 0), [1])


@pytest.mark.parametrize(("n", "first"), [(1, Pos(1, 1)), (5, Pos(1, 1)), (7, Pos(1, 1))])
def test_tiny_impossible_boards_are_proved_impossible(n: int, first: Pos) -> None:
    """On 3x3 without room for an opening, every layout needs a guess: the error says
    so, and a brute-force search over every allowed layout agrees."""
    with pytest.raises(NoGuessError, match="no no-guess board exists") as info:
        place_mines_no_guess(3, 3, n, first, [0])
    assert "boards that place_mines can deal there" in str(info.value)
    assert no_board_exists(3, 3, n, first)


def test_the_error_names_the_boards_searched_not_every_board_the_laws_allow() -> None:
    """On 3x2 with one mine the laws let a mine lie next to the first click
    (1 + 9 > 6 cells), and such a board is cleared without a guess; place_mines
    keeps the first click's neighbours free, as it can, so none of its boards
    is: the error said no no-guess board exists at all."""
    with pytest.raises(NoGuessError) as info:
        place_mines_no_guess(3, 2, 1, Pos(0, 0), [])
    assert "all 2 boards that place_mines can deal there" in str(info.value)
    allowed_by_the_laws = ((False, False, False), (True, False, False))
    assert clears_brute(3, 2, allowed_by_the_laws, Pos(0, 0))
    assert Pos(0, 1) not in allowed_cells(3, 2, 1, Pos(0, 0))


def test_narrow_strip_with_an_odd_count_gives_up() -> None:
    """On a 2-wide strip both cells of a column touch the same cells of other columns,
    so a column holding one mine is a guess and an odd count cannot be no-guess. The
    board has too many layouts to try them all, so the bounded search gives up."""
    assert comb(len(allowed_cells(2, 10, 3, Pos(0, 0))), 3) > EXHAUSTIVE_LIMIT
    with pytest.raises(NoGuessError, match=r"no no-guess board found after \d+ plays"):
        place_mines_no_guess(2, 10, 3, Pos(0, 0), [1])


def test_no_guess_error_is_a_value_error() -> None:
    assert issubclass(NoGuessError, ValueError)


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        ((-1, 3, 1, Pos(0, 0), [1]), ValueError, "width must not be negative"),
        ((3, -2, 1, Pos(0, 0), [1]), ValueError, "height must not be negative"),
        ((3, 3, -1, Pos(0, 0), [1]), ValueError, "mines must not be negative"),
        ((True, 3, 1, Pos(0, 0), [1]), TypeError, "width must be an int"),
        ((3, 3, 1.5, Pos(0, 0), [1]), TypeError, "mines must be an int"),
        ((9, 9, 10, Pos(4, 4), [2**32]), ValueError, r"rs\[0\] must be a 32-bit"),
        ((9, 9, 10, Pos(4, 4), [-1]), ValueError, r"rs\[0\] must be a 32-bit"),
        # A Pos cannot hold 4.0 (Pos checks its coordinates), but a plain pair can:
        ((9, 9, 10, (4.0, 4), [1]), TypeError, "first must be a Pos of two ints"),  # type: ignore[arg-type]
        ((9, 9, 10, (4, True), [1]), TypeError, "first must be a Pos of two ints"),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_name_what_is_wrong(
    args: tuple[int, int, int, Pos, list[int]], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        place_mines_no_guess(*args)


# --------------------------------------------------------------------------
# Determinism and the link with place_mines
# --------------------------------------------------------------------------


def test_deterministic_in_its_arguments() -> None:
    """The same arguments always give the same board (lists and tuples alike)."""
    for seed in range(5):
        a = place_mines_no_guess(30, 16, 99, Pos(3, 12), [seed, 7])
        b = place_mines_no_guess(30, 16, 99, (3, 12), (seed, 7))  # type: ignore[arg-type]
        assert a == b


def test_different_seeds_give_different_boards() -> None:
    boards = {place_mines_no_guess(16, 16, 40, Pos(8, 8), [seed]) for seed in range(10)}
    assert len(boards) == 10


def test_keeps_place_mines_board_when_it_needs_no_guess() -> None:
    """When place_mines' board is already no-guess, that very board is returned."""
    kept = 0
    for seed in range(30):
        uniform = place_mines(9, 9, 10, Pos(4, 4), [seed])
        if clears_exact(9, 9, uniform, Pos(4, 4)):
            kept += 1
            assert place_mines_no_guess(9, 9, 10, Pos(4, 4), [seed]) == uniform
    assert kept > 0


def test_report_counts_the_work() -> None:
    """generate reports how the board was found; its layout is the function's."""
    report = generate(30, 16, 99, Pos(15, 8), [4])
    assert report.layout == place_mines_no_guess(30, 16, 99, Pos(15, 8), [4])
    assert report.tries >= 1 and report.plays >= 1 and report.repairs >= 0
    assert report.plays >= report.repairs + 1 - (report.tries - 1)

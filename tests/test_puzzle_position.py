"""Make Unique and Minimize of a position as the player left it: the flags
the layout agrees with stay, the others are taken off and named, and a
symmetry asked for is kept by the numbers shown.

Layouts are counted by brute force (``puzzle_checks.fitting``) on small
boards and by the exact solver (``the_layout``) on a bigger one, and the
images of a cell are worked out from the symmetry's definition, never by
the module under test.
"""

from __future__ import annotations

import pytest

from minebender.formats.boardtext import Board, parse_board
from minebender.services.puzzle import Puzzle, the_layout
from minebender.services.puzzle.position import minimized_position, unique_position
from minebender.values.types import Pos
from puzzle_checks import (
    assert_keeps,
    assert_unique_and_orbit_minimal,
    clues,
    fitting,
    images,
)

SYMMETRIC = ["left-right", "up-down", "both", "rotation"]

START = "5x5x4\n1....\n.....\n..2..\n.....\n....1\n"
"""Three numbers and 4 mines on 5x5: many layouts fit."""


def board(text: str) -> Board:
    return parse_board(text)


def flagged(text: str) -> frozenset[int]:
    b = board(text)
    return frozenset(p.y * b.knowledge.width + p.x for p in b.flags)


def layouts(p: Puzzle, shown: frozenset[int]) -> int:
    return fitting(p.width, p.height, p.total, clues(p, shown))


def test_make_unique_keeps_a_flag_some_layout_agrees_with() -> None:
    text = START.replace("1....\n.....", "1....\n.F...", 1)
    done = unique_position(board(text), "t")
    assert done.flags == flagged(text) == frozenset({6}) and not done.unflagged
    assert 6 in done.puzzle.mines and layouts(done.puzzle, done.puzzle.shown) == 1
    assert board(done.board_text()).flags == frozenset({Pos(1, 1)})


def test_a_flag_every_layout_contradicts_is_taken_off_and_named() -> None:
    """A flag beside a 0 is safe in every layout: it cannot stay."""
    text = "4x3x1\n0F..\n....\n....\n"
    done = unique_position(board(text), "t")
    assert done.unflagged == frozenset({1}) and not done.flags
    assert not board(done.board_text()).flags
    assert layouts(done.puzzle, done.puzzle.shown) == 1


def with_flags(p: Puzzle, *cells: int) -> str:
    """The puzzle's board text with a flag on each of the hidden ``cells``."""
    rows = [list(r) for r in p.board_text().splitlines()[1:]]
    for i in cells:
        assert i not in p.shown
        rows[i // p.width][i % p.width] = "F"
    return f"{p.width}x{p.height}x{p.total}\n" + "".join("".join(r) + "\n" for r in rows)


def test_minimize_keeps_right_flags_and_takes_off_wrong_ones() -> None:
    """Mines at (0, 0) and (3, 2); (0, 2) hidden and safe, flagged wrongly."""
    p = Puzzle(4, 3, frozenset({0, 11}), frozenset(range(1, 11)) - {8})
    assert layouts(p, p.shown) == 1
    done = minimized_position(board(with_flags(p, 0, 8)), "t")
    assert done.flags == frozenset({0}) and done.unflagged == frozenset({8})
    assert board(done.board_text()).flags == frozenset({Pos(0, 0)})
    assert done.puzzle.shown < p.shown and layouts(done.puzzle, done.puzzle.shown) == 1


@pytest.mark.parametrize("symmetry", SYMMETRIC)
def test_make_unique_with_a_symmetry_keeps_it_and_each_added_orbit_is_needed(
    symmetry: str,
) -> None:
    given = board(START)
    before = frozenset(i for i in range(25) if not given.knowledge.hidden((i % 5, i // 5)))
    done = unique_position(given, f"seed {symmetry}", symmetry)
    p = done.puzzle
    assert before <= p.shown and done.before.shown == before
    assert_keeps(p, symmetry)
    assert layouts(p, p.shown) == 1
    for i in p.shown:
        orbit = images(symmetry, 5, 5, i)
        if not orbit & before:  # an orbit added: hidden again, a second layout fits
            assert layouts(p, p.shown - orbit) == 2, f"orbit of {i} is spare"


@pytest.mark.parametrize("symmetry", SYMMETRIC)
def test_minimize_with_a_symmetry_leaves_no_orbit_to_spare(symmetry: str) -> None:
    every = Puzzle(5, 5, frozenset({0, 7, 18, 24}), frozenset())
    every = every.with_shown(frozenset(range(25)) - every.mines)
    done = minimized_position(board(every.board_text()), "t", symmetry)
    p = done.puzzle
    assert p.shown <= every.shown and p.mines == every.mines
    assert_keeps(p, symmetry)
    assert_unique_and_orbit_minimal(p, symmetry)


def test_minimize_with_a_symmetry_its_numbers_cannot_keep_says_so() -> None:
    """One number shown, its mirror image a mine: no symmetric part is unique."""
    p = Puzzle(3, 1, frozenset({0}), frozenset({2}))
    with pytest.raises(ValueError, match="unique with that symmetry first"):
        minimized_position(board(p.board_text()), "t", "left-right")


def test_make_unique_when_an_image_of_a_number_must_be_a_mine_says_so() -> None:
    """A 1 at the left of 2x1: its mirror image, the right cell, is the mine."""
    with pytest.raises(ValueError, match=r"cell \(1, 0\) is a mine.*left-right"):
        unique_position(board("2x1x1\n1.\n"), "t", "left-right")


@pytest.mark.parametrize("symmetry", SYMMETRIC)
def test_a_bigger_board_made_unique_with_a_symmetry_has_one_layout(symmetry: str) -> None:
    """16x16 with 40 mines, too big to count: the exact solver finds one
    layout, and hiding any added orbit leaves more."""
    given = board("16x16x40\n" + ("." * 16 + "\n") * 16)
    done = unique_position(given, "big", symmetry)
    p = done.puzzle
    assert_keeps(p, symmetry)
    assert the_layout(p.knowledge()) == p
    for i in sorted(p.shown)[:12]:
        fewer = p.with_shown(p.shown - images(symmetry, 16, 16, i))
        with pytest.raises(ValueError, match="more than one"):
            the_layout(fewer.knowledge())

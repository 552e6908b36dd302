"""Puzzles whose clues keep a symmetry: the shown numbers are mirror or
half-turn images of each other, one layout fits, and no whole orbit of
numbers could be hidden.

The images of a cell are worked out here from the symmetry's definition,
and layouts are counted by brute force (``test_puzzle.fitting``), never by
the module that made the puzzle.
"""

from __future__ import annotations

import pytest

from minebender.services.puzzle import PuzzleError, grade, make_puzzle
from minebender.services.puzzle.symmetry import SYMMETRIES, is_symmetric, orbits
from puzzle_checks import assert_keeps, assert_unique_and_orbit_minimal, images


@pytest.mark.parametrize("symmetry", SYMMETRIES)
@pytest.mark.parametrize(("w", "h", "n"), [(4, 4, 3), (5, 4, 4), (5, 5, 5)])
def test_made_clues_keep_the_symmetry_and_stay_unique_and_minimal(
    symmetry: str, w: int, h: int, n: int
) -> None:
    for seed in range(3):
        made = make_puzzle(w, h, n, seed, 0, None, symmetry)
        assert (made.puzzle.width, made.puzzle.height, made.puzzle.total) == (w, h, n)
        assert_keeps(made.puzzle, symmetry)
        assert_unique_and_orbit_minimal(made.puzzle, symmetry)
        assert grade(made.puzzle) == made.grade


@pytest.mark.parametrize("symmetry", ["left-right", "both", "rotation"])
@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_a_difficulty_with_a_symmetry_is_the_one_given(symmetry: str, difficulty: str) -> None:
    made = make_puzzle(5, 5, 6, 4, 1, difficulty, symmetry)
    assert made.grade.difficulty == difficulty
    assert_keeps(made.puzzle, symmetry)
    assert_unique_and_orbit_minimal(made.puzzle, symmetry)


def test_a_big_symmetric_puzzle_keeps_its_symmetry() -> None:
    """On Expert's board (too big to count by brute force) the clues keep
    both mirrors, and the solver of the code reader finds one layout."""
    from minebender.services.puzzle.code import parse_code, puzzle_code

    made = make_puzzle(30, 16, 99, 5, 0, None, "both")
    assert_keeps(made.puzzle, "both")
    assert parse_code(puzzle_code(made)) == made.puzzle


def test_the_same_seed_and_symmetry_make_the_same_puzzle() -> None:
    one = make_puzzle(6, 6, 7, 9, 2, None, "rotation")
    assert make_puzzle(6, 6, 7, 9, 2, None, "rotation") == one
    assert make_puzzle(6, 6, 7, 9, 2, None, "up-down").puzzle != one.puzzle
    # no symmetry asked: the puzzles made before symmetries were
    assert make_puzzle(6, 6, 7, 9, 2, None, "none") == make_puzzle(6, 6, 7, 9, 2)


@pytest.mark.parametrize("symmetry", SYMMETRIES)
@pytest.mark.parametrize(("w", "h"), [(1, 1), (3, 3), (4, 3), (7, 2)])
def test_orbits_part_the_board_into_a_cell_and_its_images(symmetry: str, w: int, h: int) -> None:
    found = orbits(symmetry, w, h)
    assert sorted(i for o in found for i in o) == list(range(w * h))
    for o in found:
        for i in o:
            assert images(symmetry, w, h, i) == set(o)
    assert is_symmetric(frozenset(found[-1]), symmetry, w, h)


def test_a_clue_set_without_its_image_is_not_symmetric() -> None:
    assert not is_symmetric(frozenset({0}), "left-right", 3, 1)
    assert is_symmetric(frozenset({0, 2}), "left-right", 3, 1)
    assert is_symmetric(frozenset({0}), "none", 3, 1)


def test_an_unknown_symmetry_is_named() -> None:
    with pytest.raises(PuzzleError, match="symmetry must be one of none, left-right"):
        make_puzzle(5, 5, 5, 0, 0, None, "diagonal")


def test_a_book_place_whose_grade_is_rare_takes_the_next_grade_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With one layout tried a grade, some places find none of theirs: they
    take the next grade up, or any grade when hard too was not found in one
    layout (puzzle k of the seed still), instead of failing the book. A grade
    one place did not find is not asked by the places after it."""
    from minebender.services.puzzle import DIFFICULTIES
    from minebender.services.puzzle import book as book_module

    monkeypatch.setattr(book_module, "BOOK_TRIES", 1)
    made = book_module.make_book(6, 6, 12, 2, 6)
    assert sorted(e.index for e in made) == list(range(6))
    kinds = [(e.made.grade.kind, e.made.grade.steps[e.made.grade.kind]) for e in made]
    assert kinds == sorted(kinds)
    raised = 0
    missing: set[str] = set()
    for e in sorted(made, key=lambda e: e.index):
        asked = book_module.difficulty_at(e.index, 6)
        expected = None
        for grade_asked in DIFFICULTIES[DIFFICULTIES.index(asked) :]:
            if grade_asked in missing:
                continue
            try:
                expected = make_puzzle(6, 6, 12, 2, e.index, grade_asked, "none", 1)
                break
            except PuzzleError:
                missing.add(grade_asked)
        assert e.made == (expected or make_puzzle(6, 6, 12, 2, e.index))
        raised += e.made.grade.difficulty != asked
    assert raised > 0

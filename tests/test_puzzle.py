"""Puzzles: one solution, minimal, graded by the reasoning they need.

Every claim about layouts is checked by brute force written here (every
placement of the mines, numbers counted cell by cell), never by the solver
the puzzle module uses.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minebender.formats.boardtext import parse_board
from minebender.services.puzzle import (
    Puzzle,
    PuzzleError,
    a_layout,
    grade,
    is_unique,
    make_puzzle,
    make_unique,
    minimize,
)
from minebender.services.puzzle.code import clues_code, layout_code, parse_code, puzzle_code
from minebender.values.seeded import Stream
from minebender.values.types import SHOWN, Knowledge
from puzzle_checks import clues as _clues
from puzzle_checks import fitting


def assert_unique_and_minimal(p: Puzzle, keep: frozenset[int] = frozenset()) -> None:
    w, h, n = p.width, p.height, p.total
    assert fitting(w, h, n, _clues(p, p.shown)) == 1
    for i in p.shown - keep:
        assert fitting(w, h, n, _clues(p, p.shown - {i})) == 2, f"cell {i} could be hidden"


def from_text(board: str, solution: list[str]) -> Puzzle:
    """A hand-made puzzle: its board text and its layout."""
    k = parse_board(board).knowledge
    w = k.width
    mines = frozenset(
        y * w + x for y, row in enumerate(solution) for x, c in enumerate(row) if c == "*"
    )
    shown = frozenset(
        y * w + x for y, row in enumerate(k.rows) for x, c in enumerate(row) if not k.hidden((x, y))
    )
    p = Puzzle(w, k.height, mines, shown)
    assert p.board_text() == board, "the numbers of the layout are the board's"
    return p


@pytest.mark.parametrize(("w", "h", "n"), [(3, 3, 2), (4, 4, 3), (4, 4, 5), (5, 4, 4), (5, 5, 6)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_generated_puzzles_are_unique_and_minimal(w: int, h: int, n: int, seed: int) -> None:
    made = make_puzzle(w, h, n, seed)
    assert made.puzzle.total == n and (made.puzzle.width, made.puzzle.height) == (w, h)
    assert_unique_and_minimal(made.puzzle)


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_a_difficulty_asked_for_is_the_one_given(difficulty: str) -> None:
    for index in range(3):
        made = make_puzzle(5, 5, 6, 11, index, difficulty)
        assert made.grade.difficulty == difficulty
        assert grade(made.puzzle) == made.grade
        assert_unique_and_minimal(made.puzzle)


def test_the_same_seed_makes_the_same_puzzle_and_another_seed_another() -> None:
    a = make_puzzle(8, 8, 12, 5, 2)
    assert make_puzzle(8, 8, 12, 5, 2).puzzle == a.puzzle
    assert make_puzzle(8, 8, 12, 6, 2).puzzle != a.puzzle
    assert make_puzzle(8, 8, 12, 5, 3).puzzle != a.puzzle


def test_boards_of_any_shape_and_the_edges_of_the_mine_count() -> None:
    assert make_puzzle(1, 1, 0, 0).puzzle.shown == frozenset()  # the total says it all
    assert make_puzzle(3, 2, 6, 0).puzzle.shown == frozenset()
    long = make_puzzle(30, 2, 12, 4).puzzle
    assert is_unique(long) and long.width == 30
    assert_unique_and_minimal(make_puzzle(7, 1, 2, 3).puzzle)


@pytest.mark.parametrize(
    ("w", "h", "n", "message"),
    [(0, 3, 1, "width"), (3, 0, 1, "height"), (3, 3, 10, "mines"), (3, 3, -1, "mines")],
)
def test_bad_sizes_are_named(w: int, h: int, n: int, message: str) -> None:
    with pytest.raises(PuzzleError, match=message):
        make_puzzle(w, h, n, 0)
    with pytest.raises(PuzzleError, match="difficulty"):
        make_puzzle(3, 3, 1, 0, 0, "fiendish")


EASY = ("3x1x1\n..0\n", ["*.."])
"""The 0 makes its neighbour safe; the one mine left has one cell to go to."""
MEDIUM = ("4x2x2\n12..\n..1.\n", ["..*.", "*..."])
"""No number settles a cell alone; the 1 and the 2 at the top do together."""
HARD_SETS = ("5x3x4\n.2...\n1...2\n.2.1.\n", ["...**", ".**..", "....."])
"""After the easy and the two-number steps, only three numbers together go on."""
HARD_TOTAL = ("4x3x3\n.21.\n....\n2..0\n", ["*...", ".*..", ".*.."])
"""The numbers leave two layouts apart from the total; only the count of 3 picks one."""


@pytest.mark.parametrize(
    ("example", "difficulty", "reasoning"),
    [
        (EASY, "easy", "single numbers"),
        (MEDIUM, "medium", "two numbers together"),
        (HARD_SETS, "hard", "larger sets"),
        (HARD_TOTAL, "hard", "the total count"),
    ],
)
def test_hand_made_puzzles_get_their_grade(
    example: tuple[str, list[str]], difficulty: str, reasoning: str
) -> None:
    p = from_text(*example)
    assert_unique_and_minimal(p)
    g = grade(p)
    assert (g.difficulty, g.reasoning) == (difficulty, reasoning)


def test_the_total_puzzle_needs_the_total() -> None:
    p = from_text(*HARD_TOTAL)
    clues = _clues(p, p.shown)
    # without the total, some other count of mines fits the numbers too
    others = [n for n in range(0, 13) if n != 3 and fitting(4, 3, n, clues, 1)]
    assert others


def test_a_puzzle_with_two_solutions_has_no_grade() -> None:
    p = Puzzle(3, 1, frozenset({0}), frozenset({1}))
    assert fitting(3, 1, 1, _clues(p, p.shown)) == 2
    assert not is_unique(p)
    with pytest.raises(ValueError, match="more than one solution"):
        grade(p)
    with pytest.raises(ValueError, match="make the puzzle unique first"):
        minimize(p)


@pytest.mark.parametrize("seed", range(6))
def test_make_unique_adds_only_needed_numbers_and_minimize_hides_down_to_minimal(seed: int) -> None:
    rng = random.Random(seed)
    w, h, n = 5, 4, 4
    mines = frozenset(rng.sample(range(w * h), n))
    safe = [i for i in range(w * h) if i not in mines]
    given_ = frozenset(rng.sample(safe, 3))
    start = Puzzle(w, h, mines, given_)
    made = make_unique(start)
    assert made.mines == mines and made.shown >= given_
    assert_unique_and_minimal(made, keep=given_)
    full = Puzzle(w, h, mines, frozenset(safe))
    assert_unique_and_minimal(minimize(full))


def test_a_layout_fits_the_position() -> None:
    k = parse_board("5x3x3\n1....\n.....\n...1.\n").knowledge
    for seed in range(10):
        p = a_layout(k, Stream.from_text(f"test {seed}"))
        assert p.total == 3 and p.board_text() == "5x3x3\n1....\n.....\n...1.\n"
    unknown_total = parse_board("4x2\n1...\n....\n").knowledge
    assert a_layout(unknown_total, Stream(b"1")).board_text().endswith("1...\n....\n")
    with pytest.raises(ValueError, match="no layout fits"):
        a_layout(parse_board("3x1x0\n.1.\n").knowledge, Stream(b"1"))
    with pytest.raises(ValueError, match="shows a mine"):
        a_layout(parse_board("3x1x1\n*1.\n").knowledge, Stream(b"1"))


@st.composite
def puzzles(draw: st.DrawFn, most: int = 144) -> Puzzle:
    w = draw(st.integers(1, 12))
    h = draw(st.integers(1, max(1, min(12, most // w))))
    kinds = draw(st.lists(st.integers(0, 2), min_size=w * h, max_size=w * h))
    mines = frozenset(i for i, k in enumerate(kinds) if k == 1)
    shown = frozenset(i for i, k in enumerate(kinds) if k == 2)
    return Puzzle(w, h, mines, shown)


@given(puzzles())
def test_an_old_code_reads_back_as_its_puzzle(p: Puzzle) -> None:
    """Version 1 codes, which hold the layout, still read (old links)."""
    code = layout_code(p)
    assert parse_code(code) == p
    assert parse_code(f"  {code}\n") == p


@given(puzzles(most=12))
def test_a_code_reads_back_when_one_layout_fits_and_is_refused_otherwise(p: Puzzle) -> None:
    """A version 2 code holds the clues only; reading finds the layout, which
    brute force agrees is the only one, or refuses clues that more than one fits."""
    code = puzzle_code(p)
    assert code.startswith(f"p2:{p.width}x{p.height}x{p.total}:")
    if fitting(p.width, p.height, p.total, _clues(p, p.shown)) == 1:
        assert parse_code(code) == p
        assert parse_code(f"  {code}\n") == p
    else:
        with pytest.raises(ValueError, match="more than one layout fits"):
            parse_code(code)


def test_made_puzzles_round_trip_and_their_codes_are_short() -> None:
    for w, h, n, most in ((10, 10, 20, 34), (16, 16, 50, 90)):
        for seed in range(3):
            p = make_puzzle(w, h, n, seed).puzzle
            code = puzzle_code(p)
            assert parse_code(code) == p
            assert len(code) - len(f"p2:{w}x{h}x{n}:") <= most, code


def test_a_code_holds_the_clues_not_the_layout() -> None:
    """Two layouts with the same clues get the same code: it cannot hold the
    answer. Such clues fit more than one layout, and are refused."""
    one = Puzzle(3, 2, frozenset({0}), frozenset({4}))
    other = Puzzle(3, 2, frozenset({1}), frozenset({4}))
    assert one.board_text() == other.board_text() and one != other
    assert puzzle_code(one) == puzzle_code(other)
    assert puzzle_code(one) == clues_code(parse_board(one.board_text()).knowledge)
    with pytest.raises(ValueError, match="more than one layout fits"):
        parse_code(puzzle_code(one))


def test_a_code_with_one_clue_changed_is_refused_or_solves_to_its_own_layout() -> None:
    """Reading solves the clues: change one number of a made puzzle and the
    code is refused, or read as another puzzle whose layout fits the new clues."""
    p = make_puzzle(10, 10, 20, 7).puzzle
    k = parse_board(p.board_text()).knowledge
    refused = 0
    for i in sorted(p.shown):
        x, y = i % 10, i // 10
        for n in range(9):
            if n == p.number(i):
                continue
            rows = [list(r) for r in k.rows]
            rows[y][x] = SHOWN[n]
            edited = Knowledge(10, 10, 20, tuple(tuple(r) for r in rows))
            try:
                code = clues_code(edited)
            except ValueError:
                continue  # more than the cell's neighbours: no code says it
            try:
                q = parse_code(code)
            except ValueError as exc:
                assert "layout fits" in str(exc)
                refused += 1
                continue
            assert q.mines != p.mines and q.shown == p.shown and q.number(i) == n
            assert puzzle_code(q) == code
    assert refused > 100


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("e:k3j9", "must look like p2:WIDTHxHEIGHTxMINES:LETTERS"),
        ("p:3x1x1:B", "needs 2 letters"),
        ("p:3x1x1:Bw!", "must look like"),
        ("p:3x1x2:Bw", "says 2 mines but its letters hold 1"),
        ("p:3x1x1:__", "do not spell a puzzle"),  # 255 > 242
        ("p:3x1x1:Bz", "do not spell a puzzle"),  # bits past the last byte
        ("p:3x1x1:Gw", "do not spell a puzzle"),  # a mine past the last cell
        ("p:0x1x0:", "must have 1 to 100000 cells"),
        ("p:" + "9" * 20, "must look like"),
        ("p2:3x1x1:B", "cannot be read"),
        ("p2:3x1x1:BAA", "needs 2 letters"),  # a byte too many
        ("p2:3x1x1:BB", "do not spell a puzzle"),  # bits past the last byte
        ("p2:3x1x1:FA", "do not spell a puzzle"),  # a 2 where one neighbour is
        ("p2:3x1x4:BA", "says 4 mines, more than the 3 cells"),
        ("p2:3x1x2:BA", "no layout fits"),
        ("p2:3x1x1:AA", "more than one layout fits"),
    ],
)
def test_bad_codes_are_named(code: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_code(code)

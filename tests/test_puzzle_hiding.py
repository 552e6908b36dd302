"""Hiding numbers a doubling run at a time gives what hiding them one at a
time gives, for the monotone tests the makers use (one layout fits; a
grade's reasoning solves the puzzle), and for orbits as for single cells."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from minebender.services.puzzle import Checker, Puzzle
from minebender.services.puzzle.grading import solvable_with
from minebender.services.puzzle.hiding import hide_in_order
from minebender.services.puzzle.orbits import orbits


def one_at_a_time(
    shown: frozenset[int], groups: list[frozenset[int]], keeps: Callable[[frozenset[int]], bool]
) -> frozenset[int]:
    """The definition: each group, in order, stays hidden while ``keeps`` holds."""
    for g in groups:
        if g <= shown and keeps(shown - g):
            shown = shown - g
    return shown


@st.composite
def full_puzzles(draw: st.DrawFn) -> tuple[Puzzle, list[int]]:
    w, h = draw(st.integers(3, 7)), draw(st.integers(2, 6))
    cells = list(range(w * h))
    mines = frozenset(draw(st.lists(st.sampled_from(cells), max_size=w * h // 4, unique=True)))
    order = draw(st.permutations([i for i in cells if i not in mines]))
    return Puzzle(w, h, mines, frozenset(order)), order


@settings(max_examples=60, deadline=None)
@given(full_puzzles(), st.integers(0, 3))
def test_runs_hide_what_single_steps_hide(made: tuple[Puzzle, list[int]], kind: int) -> None:
    p, order = made
    checker = Checker(p.width, p.height, p.mines)
    singles = [frozenset({i}) for i in order]
    for keeps in (checker.unique, lambda s: solvable_with(p.with_shown(s), kind)):
        assert hide_in_order(p.shown, singles, keeps) == one_at_a_time(p.shown, singles, keeps)


@settings(max_examples=30, deadline=None)
@given(full_puzzles(), st.sampled_from(["left-right", "both", "rotation"]))
def test_runs_of_orbits_hide_what_single_orbits_hide(
    made: tuple[Puzzle, list[int]], symmetry: str
) -> None:
    p, _ = made
    free = [o for o in orbits(symmetry, p.width, p.height) if not o & p.mines]
    checker = Checker(p.width, p.height, p.mines)
    assert hide_in_order(p.shown, free, checker.unique) == one_at_a_time(
        p.shown, free, checker.unique
    )


def test_a_test_that_fails_at_once_leaves_every_number() -> None:
    shown = frozenset(range(10))
    calls: list[frozenset[int]] = []

    def never(s: frozenset[int]) -> bool:
        calls.append(s)
        return False

    assert hide_in_order(shown, [frozenset({i}) for i in range(10)], never) == shown
    assert len(calls) == 10  # one test a number: a run starts at one

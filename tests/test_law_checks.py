"""The law checks of ``reference.laws`` catch games that break their laws.

A check that passes a broken game would make its law's test one that cannot
fail, so each test here builds a game that breaks one law in a way an earlier
check let through, and asserts the check names that law.
"""

from __future__ import annotations

import re

import pytest

from minebender import Game, Hidden, Knowledge, Pos, Reveal, Shown
from reference import brute, defs, laws

F, T = False, True
LAYOUT = ((F, T, F),)
"""3x1 with the mine in the middle: revealing (0, 0) shows 1, and only the
total (1) tells that (2, 0) is safe."""


def _without_total(g: Game) -> Game:
    """g, except that its knowledge forgot the total number of mines."""
    v = g.knowledge
    return Game(g.width, g.height, g.layout, Knowledge(v.width, v.height, None, v.rows), g.flags)


def _revealed_left() -> Game:
    g = Game.fresh(3, 1, LAYOUT).step(Reveal(Pos(0, 0)))
    assert g.knowledge.rows == ((Shown(1), Hidden(), Hidden()),)
    return g


def test_the_definition_of_consistent_needs_the_total() -> None:
    """LAWS.bend's ``consistent`` compares the layout's mines with the view's n,
    a Nat: a view without one agrees with no layout, in the definition and in
    the brute force the assist's laws use."""
    rows = ((Hidden(), Hidden()),)
    for layout in brute.all_layouts(2, 1):
        assert not defs.consistent(Knowledge(2, 1, None, rows), layout)
        assert defs.consistent(Knowledge(2, 1, defs.total_mines(layout), rows), layout)
    assert brute.consistent_layouts(Knowledge(2, 1, None, rows)) == []
    assert len(brute.solver_layouts(Knowledge(2, 1, None, rows))) == 4  # the solver's reading


def test_bridge_check_fails_a_game_whose_knowledge_has_no_total() -> None:
    g = _revealed_left()
    laws.check_bridge(laws.State(3, 1, LAYOUT, g))
    with pytest.raises(AssertionError, match=r"law bridge broken: .*no total"):
        laws.check_bridge(laws.State(3, 1, LAYOUT, _without_total(g)))


def test_bridge_check_fails_a_game_whose_knowledge_has_a_wrong_total() -> None:
    g = _revealed_left()
    v = g.knowledge
    wrong = Game(3, 1, LAYOUT, Knowledge(3, 1, 2, v.rows), g.flags)
    with pytest.raises(AssertionError, match="law bridge broken"):
        laws.check_bridge(laws.State(3, 1, LAYOUT, wrong))


def test_assist_checks_fail_a_game_that_forgot_its_total() -> None:
    """Without the total, the game's assist thinks it is stuck and opens (2, 0);
    with it, (2, 0) is provably safe and the assist comes too early. An oracle
    that read the missing total as "any total" agreed with the game."""
    g = _without_total(_revealed_left())
    s = laws.State(3, 1, LAYOUT, g)
    with pytest.raises(AssertionError, match=r"law assist_stuck broken: .*no total"):
        laws.check_assist_stuck(s)
    with pytest.raises(AssertionError, match=r"law assist_too_early broken: .*no total"):
        laws.check_assist_too_early(s)
    # The same position with its total: not stuck, and the game agrees.
    real = laws.State(3, 1, LAYOUT, _revealed_left())
    assert laws.provably_safe_cells(real.v) == {Pos(2, 0)}
    laws.check_assist_stuck(real)
    laws.check_assist_too_early(real)


@pytest.mark.parametrize("far", [Pos(100, 100), Pos(-5, 2), Pos(3, 10**12)])
def test_flags_hidden_check_sees_every_flag_of_the_game(far: Pos) -> None:
    """A flag far off the board, where no fixed sample of positions looks."""
    g = Game.fresh(3, 1, LAYOUT)
    flagged = Game(3, 1, LAYOUT, g.knowledge, frozenset({far}))
    assert flagged.flagged(far)
    broken = re.escape(f"law flags_hidden broken: {far!r} is flagged")
    with pytest.raises(AssertionError, match=broken):
        laws.check_flags_hidden(laws.State(3, 1, LAYOUT, flagged))
    laws.check_flags_hidden(laws.State(3, 1, LAYOUT, g))

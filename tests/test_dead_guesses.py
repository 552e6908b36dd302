"""Dead cells: the strong bot never guesses one while a live cell is open.

A dead cell can show only one number: revealing it tells nothing but that
it was safe. Whatever a player does after guessing it, a player who skips it
can do the same moves (they see the same numbers in every layout where it was
safe) and still win the layouts where it is a mine, by never revealing it.
So a live guess is always at least as good, and the two-move score must not
prefer a dead cell for the "safe" cell its own safety makes certain.
``reference.expectimax`` checks both claims by playing every line.
"""

from __future__ import annotations

import random

import pytest

import minebender as mb
import minebender.services.bot.strategy as strategy
from minebender import Hidden, Knowledge, Pos
from reference import brute, defs
from reference.expectimax import best_win
from reference.views import random_view, view_of_rows

SIZES = [(4, 4), (5, 3), (4, 3), (3, 4)]


def _undecided(view: Knowledge) -> tuple[list[Pos], list[Pos]]:
    """The hidden cells that are a mine in some layout and safe in another,
    split into (dead, live) by the numbers they could show, from the layouts."""
    layouts = brute.consistent_layouts(view)
    dead: list[Pos] = []
    live: list[Pos] = []
    for p in view.cells():
        if type(view.seen(p)) is not Hidden:
            continue
        safe_in = [lay for lay in layouts if not defs.mine(lay, p)]
        if 0 < len(safe_in) < len(layouts):
            numbers = {defs.adj_mines(view.width, view.height, lay, p) for lay in safe_in}
            (dead if len(numbers) == 1 else live).append(p)
    return dead, live


def _stuck_views(seed: int, count: int) -> list[Knowledge]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        view = random_view(rng, SIZES, reveal=0.5)
        analysis = mb.analyse(view)
        if analysis.consistent and not analysis.safe and analysis.solutions > 1:
            out.append(view)
    return out


@pytest.mark.slow
@pytest.mark.heavy
def test_a_dead_cell_is_never_a_better_guess_than_a_live_one() -> None:
    """On stuck random small views with both kinds of cell, the best live
    guess wins at least as often as the best dead one, and mostly more."""
    checked = live_better = 0
    for view in _stuck_views(5, 1_200):
        dead, live = _undecided(view)
        if not dead or not live:
            continue
        checked += 1
        best_dead = max(best_win(view, first=p) for p in dead)
        best_live = max(best_win(view, first=p) for p in live)
        assert best_live >= best_dead - 1e-12, view
        live_better += best_live > best_dead + 1e-12
    assert checked >= 30
    assert live_better >= checked // 2


def test_the_strong_bot_guesses_no_dead_cell_while_a_live_one_is_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the endgame search off, every two-move guess on stuck random small
    views is a live cell whenever one is open; and on some of them the
    safest candidate was dead, so the rule had something to do."""
    monkeypatch.setattr(strategy, "ENDGAME_LAYOUTS", 0)
    guesses = safest_dead = 0
    for view in _stuck_views(1, 3_000):
        decision = strategy.choose(view, "strong")
        if decision.why != "second-order":
            continue
        dead, live = _undecided(view)
        guesses += 1
        if live:
            assert decision.cells[0] in live, view
        probs = strategy._floats(view, mb.analyse(view))
        low = min(probs.values())
        safest_dead += any(probs[p] == low for p in dead)
    assert guesses >= 100
    assert safest_dead >= 5


def test_a_dead_corner_is_passed_over_for_a_live_cell(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """(0, 0) can only show 1: perfect play after guessing it wins 1/4. The
    bot guessed it before dead cells were set aside; now it takes (3, 1),
    which shows 2 or 3 and wins 1/2."""
    monkeypatch.setattr(strategy, "ENDGAME_LAYOUTS", 0)
    view = view_of_rows([".11.", ".23.", "1..."], 4)
    dead, live = _undecided(view)
    assert Pos(0, 0) in dead and Pos(3, 1) in live
    assert best_win(view, first=Pos(0, 0)) == pytest.approx(1 / 4)
    assert best_win(view, first=Pos(3, 1)) == pytest.approx(1 / 2)
    assert strategy.choose(view, "strong").cells == (Pos(3, 1),)

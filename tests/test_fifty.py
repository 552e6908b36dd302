"""Guesses that cost nothing to take now (``bot.fifty``), against brute force.

The claim that makes the bot take an unsplittable pair or a closed group at
once is that revealing it first loses nothing: the best win probability
after revealing the chosen cell equals the best win probability from the
view. ``reference.expectimax`` checks that by playing every line on small
boards.
"""

from __future__ import annotations

import random

import pytest

import minebender as mb
from minebender import Hidden, Knowledge, Pos
from minebender.services.bot import choose
from minebender.services.bot.fifty import forced_group, forced_pick, unsplittable_pair
from reference import brute, defs
from reference.expectimax import best_win
from reference.views import random_view, view_of_rows

SIZES = [(3, 3), (4, 2), (4, 3), (3, 4), (5, 3), (4, 4)]


def _undecided(analysis: mb.Analysis) -> dict[Pos, float]:
    return {
        Pos(x, y): float(p)
        for y, row in enumerate(analysis.probabilities)
        for x, p in enumerate(row)
        if p is not None and 0 < p < 1
    }


def _first_pair_by_definition(view: Knowledge) -> Pos | None:
    """The safest unsplittable pair's first cell in row order, from the layouts:
    two neighbouring hidden cells, each a mine in some layout and safe in
    another, never both mines, every cell next to only one of them a mine in
    every layout."""
    layouts = brute.consistent_layouts(view)
    hidden = [p for p in view.cells() if type(view.seen(p)) is Hidden]
    count = {p: sum(defs.mine(lay, p) for lay in layouts) for p in hidden}
    undecided = [p for p in hidden if 0 < count[p] < len(layouts)]
    found: list[tuple[int, int, int]] = []
    for a in undecided:
        for b in view.neighbours(a):
            if b not in undecided or (b.y, b.x) < (a.y, a.x):
                continue
            split = (set(view.neighbours(a)) ^ set(view.neighbours(b))) - {a, b}
            if all(defs.mine(lay, c) for lay in layouts for c in split) and not any(
                defs.mine(lay, a) and defs.mine(lay, b) for lay in layouts
            ):
                found.append((count[a], a.y, a.x))
    if not found:
        return None
    _, y, x = min(found)
    return Pos(x, y)


@pytest.mark.slow
@pytest.mark.heavy
def test_revealing_an_unsplittable_pair_first_loses_nothing() -> None:
    """On every stuck view among 3,000 random small ones, the pair found is the
    one the definition gives from the layouts (or none when there is none), and
    perfect play after revealing it wins exactly as often as perfect play."""
    rng = random.Random(1)
    checked = beyond_closed_groups = 0
    for _ in range(3_000):
        view = random_view(rng, SIZES, reveal=0.5)
        analysis = mb.analyse(view)
        if not analysis.consistent or analysis.safe or analysis.solutions < 2:
            continue
        cell = unsplittable_pair(view, analysis)
        assert cell == _first_pair_by_definition(view)
        if cell is None:
            continue
        assert best_win(view, first=cell) == pytest.approx(best_win(view))
        checked += 1
        beyond_closed_groups += not forced_group(view, _undecided(analysis))
    assert checked >= 30
    assert beyond_closed_groups >= 20


def test_a_pair_along_the_edge_pinned_by_its_numbers_is_taken_at_once() -> None:
    """Two rows: the top cells of the middle columns can never be told apart
    from the cells below them. The 1s allow one mine in each column pair, never
    two, so the bot takes the pair first even though its neighbours are open."""
    view = view_of_rows(["....", "1..1"], 2)
    analysis = mb.analyse(view)
    assert not analysis.safe
    assert not forced_group(view, _undecided(analysis))
    cell = unsplittable_pair(view, analysis)
    assert cell == Pos(1, 0)  # of two equal pairs, the first in row order
    decision = choose(view, "strong")
    assert decision.guess and decision.why == "pair"
    assert decision.cells == (cell,)


def test_a_pair_that_can_hold_two_mines_is_not_free() -> None:
    """A 2x1 board with an unknown number of mines: the two cells cannot be told
    apart, but both may be mines, so guessing one is not free."""
    view = Knowledge(2, 1, None, ((Hidden(), Hidden()),))
    assert unsplittable_pair(view, mb.analyse(view)) is None
    view = Knowledge(2, 1, 1, ((Hidden(), Hidden()),))
    assert unsplittable_pair(view, mb.analyse(view)) == Pos(0, 0)


def test_a_pair_a_number_can_split_is_not_free() -> None:
    """(0, 0) and (0, 1) have the same odds and never hold two mines, but the 2
    at (0, 2) sees only (0, 1). Revealing (0, 0) first would halve the best
    win probability, and no pair is reported."""
    view = view_of_rows([".2.", "...", "2.2"], 3)
    analysis = mb.analyse(view)
    assert analysis.probability(Pos(0, 0)) == analysis.probability(Pos(0, 1))
    assert best_win(view, first=Pos(0, 0)) == pytest.approx(best_win(view) / 2)
    assert unsplittable_pair(view, analysis) is None


def test_the_cell_taken_from_a_closed_group_loses_nothing() -> None:
    """On every stuck view among 3,000 random small ones with a closed group,
    revealing the cell ``forced_pick`` chooses wins exactly as often as perfect
    play. The safest cell (first in row order), which the bot took before, is
    worse on some of these views: the check can tell the two apart."""
    rng = random.Random(1)
    checked = safest_worse = 0
    for _ in range(3_000):
        view = random_view(rng, [*SIZES, (5, 4), (4, 5)], reveal=0.5)
        analysis = mb.analyse(view)
        if not analysis.consistent or analysis.safe or analysis.solutions < 2:
            continue
        probs = _undecided(analysis)
        group = forced_group(view, probs)
        if not group:
            continue
        best = best_win(view)
        assert best_win(view, first=forced_pick(view, group, probs)) == pytest.approx(best)
        safest = min(group, key=lambda p: (probs[p], p.y, p.x))
        safest_worse += best_win(view, first=safest) < best - 1e-9
        checked += 1
    assert checked >= 15
    assert safest_worse >= 2


def test_a_closed_group_is_opened_where_its_numbers_tell_the_most() -> None:
    """All four hidden cells are the 2's, with two mines among them, and all
    are equally safe. Perfect play after revealing (2, 0) or (2, 1) wins half
    the time, after (0, 0), the first in row order, only a quarter."""
    view = view_of_rows([".2.1", "1..1"], 2)
    analysis = mb.analyse(view)
    probs = _undecided(analysis)
    group = forced_group(view, probs)
    assert sorted(group) == sorted([Pos(0, 0), Pos(2, 0), Pos(1, 1), Pos(2, 1)])
    assert best_win(view, first=Pos(0, 0)) == pytest.approx(0.25)
    pick = forced_pick(view, group, probs)
    assert pick in (Pos(2, 0), Pos(2, 1))
    assert best_win(view, first=pick) == pytest.approx(0.5)
    decision = choose(view, "strong")
    assert decision.why == "forced" and decision.cells == (pick,)

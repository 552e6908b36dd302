"""3BV, the fewest left clicks that clear a board, and how much of it is done.

The usual definition: each opening (a 0-region with the numbers around it) is
one click, and counts as done once its zeros are revealed; each number that
borders no opening is one click, done once it is revealed. Checked against a
player who makes exactly those clicks, and against games played any way.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from minebender import Game, Layout, Playing, Pos, Reveal, Won
from minebender.services.session import bbbv, bbbv_solved
from reference import defs
from strategies import Scenario, boards, reachable_games

F, T = False, True


def clicks(w: int, h: int, layout: Layout) -> list[Pos]:
    """One click per 3BV unit, by the definition: a zero of each 0-region (the
    first in row order), then every safe cell next to no zero."""
    zeros = [p for p in defs.cells(w, h) if defs.zero(w, h, layout, p)]
    chosen: list[Pos] = []
    covered: set[Pos] = set()
    for p in zeros:
        if p not in covered:
            chosen.append(p)
            covered |= set(defs.zero_walk_ends(w, h, layout, p))
    lone = [p for p in defs.cells(w, h) if not defs.mine(layout, p) and p not in covered]
    return chosen + lone


def test_a_number_on_an_openings_border_does_not_open_it() -> None:
    layout = ((F, F, F, F, T),)  # 0 0 0 1 *: one opening, bordered by the 1
    assert bbbv(layout) == 1
    g = Game.fresh(5, 1, layout).step(Reveal(Pos(3, 0)))
    assert g.status == Playing()
    assert bbbv_solved(layout, g.knowledge) == 0  # one more click is needed
    g = g.step(Reveal(Pos(0, 0)))
    assert g.status == Won() and bbbv_solved(layout, g.knowledge) == 1


def test_an_isolated_number_counts_once_revealed() -> None:
    layout = ((F, T, F),)  # 1 * 1: no opening, two isolated numbers
    assert bbbv(layout) == 2
    g = Game.fresh(3, 1, layout)
    assert bbbv_solved(layout, g.knowledge) == 0
    g = g.step(Reveal(Pos(2, 0)))
    assert bbbv_solved(layout, g.knowledge) == 1
    g = g.step(Reveal(Pos(0, 0)))
    assert g.status == Won() and bbbv_solved(layout, g.knowledge) == 2


def test_a_number_two_openings_share_leaves_the_second_to_do() -> None:
    layout = (
        (F, F, F, T),  # 0 0 1 *
        (F, F, F, F),  # 1 1 2 1
        (F, T, F, F),  # 1 * 1 0
    )
    # Openings: the zeros (0, 0), (1, 0) and the zero (3, 2); the 2 at (2, 1)
    # borders both. (0, 2) borders no zero: one click of its own.
    assert bbbv(layout) == 3
    g = Game.fresh(4, 3, layout).step(Reveal(Pos(0, 0)))
    assert g.knowledge.revealed(Pos(2, 1)) and not g.knowledge.revealed(Pos(3, 2))
    assert bbbv_solved(layout, g.knowledge) == 1
    g = g.step(Reveal(Pos(3, 2)))
    assert bbbv_solved(layout, g.knowledge) == 2
    g = g.step(Reveal(Pos(0, 2)))
    assert g.status == Won() and bbbv_solved(layout, g.knowledge) == 3


@given(boards(max_side=5, max_cells=20))
def test_the_3bv_clicks_win_one_unit_each(board: tuple[int, int, Layout]) -> None:
    """Clicking one zero of each opening, then each lone number, wins in exactly
    bbbv clicks, and every click does one more unit."""
    w, h, layout = board
    g = Game.fresh(w, h, layout)
    plan = clicks(w, h, layout)
    assert bbbv(layout) == len(plan)
    for done, p in enumerate(plan):
        assert bbbv_solved(layout, g.knowledge) == done
        g = g.step(Reveal(p))
    assert bbbv_solved(layout, g.knowledge) == bbbv(layout)
    assert g.status == Won()


@given(boards(max_side=5, max_cells=20), st.data())
def test_numbers_alone_open_no_opening(board: tuple[int, int, Layout], data: st.DataObject) -> None:
    """Revealing every number, in any order, and no zero, does the lone numbers'
    share of the 3BV and not one opening: each still takes its click."""
    w, h, layout = board
    numbers = [
        p for p in defs.cells(w, h) if not defs.mine(layout, p) and not defs.zero(w, h, layout, p)
    ]
    g = Game.fresh(w, h, layout)
    for p in data.draw(st.permutations(numbers)):
        g = g.step(Reveal(p))  # a number opens only itself
    plan = clicks(w, h, layout)
    openings = sum(1 for p in plan if defs.zero(w, h, layout, p))
    assert bbbv_solved(layout, g.knowledge) == bbbv(layout) - openings


@given(reachable_games(max_side=5, max_cells=20), st.data())
def test_a_won_game_has_done_its_whole_3bv(sc: Scenario, data: st.DataObject) -> None:
    """However a game is played, what is done only grows and never passes the
    3BV, and a won game has done all of it."""
    g, total = sc.game, bbbv(sc.layout)
    done = bbbv_solved(sc.layout, g.knowledge)
    assert done <= total
    if g.status == Playing():  # finish it: reveal the safe cells in a drawn order
        safe = [p for p in defs.cells(sc.w, sc.h) if not defs.mine(sc.layout, p)]
        for p in data.draw(st.permutations(safe)):
            g = g.open(p)
            now = bbbv_solved(sc.layout, g.knowledge)
            assert done <= now <= total
            done = now
        assert g.status == Won() or not safe
    if g.status == Won():
        assert done == total

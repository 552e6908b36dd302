"""The laws of the no-guess assist and of its hint on the screen
(assist_stuck, assist_too_early, display_hint), on the levels' own boards.

The other tests of these laws draw boards of at most 9 cells, where every
layout can be enumerated; a game whose assist ignored the total number of
mines on boards of over 16 cells passed them all, and every level has 81 or
more. Here the positions are those a careful player meets on Beginner,
Intermediate and Expert boards: the first click, then every cell provable
without the total revealed, again and again, until none is left. There the
assist is pressed, and what is provably safe is decided by
``reference.frontier`` (counting the total), which shares nothing with the
game's solver. Such a stop is stuck, or has cells safe only through the
total, and the test makes sure both kinds are met.
"""

from __future__ import annotations

from functools import cache

import pytest

from minebender import Game, Knowledge, Playing, Pos, Reveal
from minebender.rules.game import setup
from minebender.services.session.board import layout_for
from minebender.values.types import Beginner, Expert, Intermediate, Level, Setup
from reference import frontier, laws

SEEDS = {Beginner(): 60, Intermediate(): 15, Expert(): 6}
"""Games per level: enough stops of both kinds, in seconds."""


def stops(level: Level, seed: str) -> list[laws.State]:
    """Each position of the game of seed where nothing is provable without the
    total: the player's next move is the assist (or a guess)."""
    b: Setup = setup(level)
    first = Pos(b.width // 2, b.height // 2)
    layout = layout_for(b, seed, first)
    g = Game.fresh(b.width, b.height, layout).step(Reveal(first))
    out = []
    while g.status == Playing():
        v = g.knowledge
        without_total = Knowledge(v.width, v.height, None, v.rows)
        safe = frontier.enumerate_frontier(without_total).safe
        if not safe:
            out.append(laws.State(b.width, b.height, layout, g, off_board=[]))
            safe = laws.provably_safe_cells(v)  # go on through the total, if it tells
            if not safe:
                break
        for p in sorted(safe, key=lambda q: (q.y, q.x)):
            g = g.step(Reveal(p))
    return out


LEVELS = list(SEEDS)


@cache
def level_stops(level: Level) -> list[laws.State]:
    """The stops of the level's games, found when a test runs, not while
    pytest collects (every worker collects, and they take seconds)."""
    found = [s for i in range(SEEDS[level]) for s in stops(level, f"law{i}")]
    assert found, f"no stop in {SEEDS[level]} games of {level}"
    return found


def test_the_stops_are_of_both_kinds() -> None:
    """Some stops are stuck, and some have cells safe only through the total:
    the assist is judged both ways (or the laws below would check nothing)."""
    kinds = {bool(laws.provably_safe_cells(s.v)) for lv in LEVELS for s in level_stops(lv)}
    assert kinds == {True, False}


def _id(level: Level) -> str:
    return type(level).__name__.lower()


@pytest.mark.parametrize("level", LEVELS, ids=_id)
def test_assist_too_early_on_the_levels(level: Level) -> None:
    for s in level_stops(level):
        laws.check_assist_too_early(s)


@pytest.mark.parametrize("level", LEVELS, ids=_id)
def test_assist_stuck_on_the_levels(level: Level) -> None:
    for s in level_stops(level):
        laws.check_assist_stuck(s)


@pytest.mark.parametrize("level", LEVELS, ids=_id)
def test_display_hint_on_the_levels(level: Level) -> None:
    """After the assist at each stop: a game lost by it shows the hint."""
    for s in level_stops(level):
        for k in s.ks:
            after = s.step(laws.Assist(k))
            laws.check_display_hint(laws.State(s.w, s.h, s.layout, after, off_board=[]))

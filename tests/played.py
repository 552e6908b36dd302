"""Games played to an end for tests that need a finished one in a store."""

from __future__ import annotations

from minebender.session import Session, SessionSpec
from minebender.types import Beginner, Pos


def won_game(seed: str) -> Session:
    """A Beginner game on seed won by revealing every safe cell, its clock
    standing still (every action at time 0)."""
    s = Session(SessionSpec(Beginner(), seed), clock=lambda: 0.0)
    s.reveal(Pos(4, 4))
    assert s.layout is not None
    for y, row in enumerate(s.layout):
        for x, mine in enumerate(row):
            if not mine:
                s.reveal(Pos(x, y))
    assert s.won
    return s

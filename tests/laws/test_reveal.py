"""Laws of revealing: open_mine, open_safe, flood_complete, flood_exact,
reveal_flagged, reveal_unflagged, chord.

Each check quantifies the law's positions over every cell of the board and
cells off it (negative ones too), on games reached by play; the laws stated for
every game are also checked on games built with the constructor.
"""

from __future__ import annotations

from hypothesis import given

from reference import laws
from strategies import any_states, playing_states


@given(playing_states())
def test_open_mine(s: laws.State) -> None:
    """LAW: "Revealing a mine loses, naming that mine, and shows it as Boom." """
    laws.check_open_mine(s)


@given(playing_states())
def test_open_safe(s: laws.State) -> None:
    """LAW: "Revealing a safe cell never loses." """
    laws.check_open_safe(s)


@given(playing_states())
def test_flood_complete(s: laws.State) -> None:
    """LAW: "Revealing a cell p reveals every cell reached from p by a path
    through zeros" (so a 0 opens its whole 0-region and the numbers around it;
    for a mine, that is p alone)."""
    laws.check_flood_complete(s)


@given(playing_states())
def test_flood_exact(s: laws.State) -> None:
    """LAW: "Revealing p reveals nothing else": every newly revealed cell is
    reached from p by a path through zeros. (For a mine, that is p alone.)"""
    laws.check_flood_exact(s)


@given(any_states())
def test_reveal_flagged(s: laws.State) -> None:
    """LAW: "Clicking a flagged cell does nothing." """
    laws.check_reveal_flagged(s)


@given(any_states())
def test_reveal_unflagged(s: laws.State) -> None:
    """LAW: "Clicking an unflagged cell reveals it." """
    laws.check_reveal_unflagged(s)


@given(any_states())
def test_chord(s: laws.State) -> None:
    """LAW: "Double-clicking a number reveals its hidden unflagged neighbours,
    one by one, row by row" (when exactly that many neighbours are flagged)."""
    laws.check_chord(s)

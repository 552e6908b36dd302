"""Laws of the display: display_play, display_blast, display_hint, display_mines.

Finished games come from ``strategies.finished_games``, which ends reachable
games by an explosion, an assist pressed too early, or a win; the games lost
one way come directly from ``exploded_games`` and ``too_early_games``.
"""

from __future__ import annotations

import pytest
from hypothesis import given

from reference import laws
from strategies import Scenario, exploded_games, finished_games, playing_states, too_early_games


@given(playing_states())
def test_display_play(s: laws.State) -> None:
    """LAW: "During play, the screen shows exactly what the player knows, and
    their flags": nothing about the hidden mines leaks onto the screen."""
    laws.check_display_play(s)


@given(exploded_games())
def test_display_blast(sc: Scenario) -> None:
    """LAW: "After an explosion, the screen shows the mine that exploded." """
    laws.check_display_blast(sc.state())


@pytest.mark.slow
@given(too_early_games(max_cells=9))
def test_display_hint(sc: Scenario) -> None:
    """LAW: "After the assist is pressed too early, the screen shows the safe cell
    the player could have revealed." """
    laws.check_display_hint(sc.state())


@given(finished_games())
def test_display_mines(sc: Scenario) -> None:
    """LAW: "Once the game is over, no mine stays covered." """
    s = sc.state()
    laws.check_display_mines(s)
    laws.check_end_screen(s)

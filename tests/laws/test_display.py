"""Laws of the display: display_play, display_blast, display_hint, display_mines.

Finished games come from ``strategies.finished_games``, which ends reachable
games by an explosion, an assist pressed too early, or a win.
"""

from __future__ import annotations

import pytest
from hypothesis import given

from minebender import AssistTooEarly, Exploded, Lost
from reference import laws
from strategies import Scenario, finished_games, playing_states


def lost_by(kind: type) -> object:
    def pick(sc: Scenario) -> bool:
        status = sc.game.status
        return isinstance(status, Lost) and isinstance(status.reason, kind)

    return pick


@given(playing_states())
def test_display_play(s: laws.State) -> None:
    """LAW: "During play, the screen shows exactly what the player knows, and
    their flags": nothing about the hidden mines leaks onto the screen."""
    laws.check_display_play(s)


@given(finished_games(way="explode").filter(lost_by(Exploded)))
def test_display_blast(sc: Scenario) -> None:
    """LAW: "After an explosion, the screen shows the mine that exploded." """
    laws.check_display_blast(sc.state())


@pytest.mark.slow
@given(finished_games(max_cells=9, way="assist").filter(lost_by(AssistTooEarly)))
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

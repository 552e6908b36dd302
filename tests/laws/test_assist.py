"""Laws of the no-guess assist: assist_stuck, assist_too_early.

Whether the player is stuck is decided by brute force over every layout of the
board (``reference.brute``), never by the solver the game uses; boards of up
to 9 cells keep that quick.
"""

from __future__ import annotations

from hypothesis import given

from reference import laws
from strategies import Scenario, stuck_states, unstuck_games


@given(stuck_states(max_cells=9))
def test_assist_stuck(s: laws.State) -> None:
    """LAW: "Pressing the assist when stuck reveals a safe cell." """
    laws.check_assist_stuck(s)


@given(unstuck_games().map(Scenario.state))
def test_assist_too_early(s: laws.State) -> None:
    """LAW: "Pressing the assist when some cell is provably safe loses, and shows
    a provably safe cell; the knowledge is unchanged." """
    laws.check_assist_too_early(s)

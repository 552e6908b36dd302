"""Laws of the real board: bridge, won_iff, monotone, frozen.

Laws over reachable games are checked on games reached by play; ``frozen``
holds for every game, so it is also checked on games built with the
constructor. The checks live in ``reference.laws``, shared with the
exhaustive test.
"""

from __future__ import annotations

from hypothesis import given

from reference import laws
from strategies import any_states, reachable_states


@given(reachable_states())
def test_bridge(s: laws.State) -> None:
    """LAW: "The real board is always consistent with what the player sees."
    It also covers "every number equals its count of adjacent mines"."""
    laws.check_bridge(s)


@given(reachable_states())
def test_won_iff(s: laws.State) -> None:
    """LAW: "The game is won exactly when every safe cell is revealed." """
    laws.check_won_iff(s)


@given(reachable_states())
def test_monotone(s: laws.State) -> None:
    """LAW: "A revealed cell stays revealed, showing the same thing." """
    laws.check_monotone(s)


@given(any_states())
def test_frozen(s: laws.State) -> None:
    """LAW: "Once the game is won or lost, no action changes anything." """
    laws.check_frozen(s)

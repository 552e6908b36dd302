"""Laws of flags: flag_no_knowledge, flag_toggle, flag_others, flags_hidden,
flag_revealed.

All but flags_hidden hold for every game, so they are checked on games built
with the constructor too (flags off the board, on revealed cells, any status).
"""

from __future__ import annotations

from hypothesis import given

from reference import laws
from strategies import any_states, reachable_states


@given(any_states())
def test_flag_no_knowledge(s: laws.State) -> None:
    """LAW: "Flags are not knowledge": flagging changes neither what the player
    sees nor the game's status."""
    laws.check_flag_no_knowledge(s)


@given(any_states())
def test_flag_toggle(s: laws.State) -> None:
    """LAW: "Flagging a hidden cell during play toggles its flag." """
    laws.check_flag_toggle(s)


@given(any_states())
def test_flag_others(s: laws.State) -> None:
    """LAW: "Flagging p leaves every other cell's flag alone." """
    laws.check_flag_others(s)


@given(reachable_states())
def test_flags_hidden(s: laws.State) -> None:
    """LAW: "Only hidden cells carry flags": revealing a flagged cell clears its
    flag, and no cell off the board is ever flagged."""
    laws.check_flags_hidden(s)


@given(any_states())
def test_flag_revealed(s: laws.State) -> None:
    """LAW: "Flagging a cell that is not hidden does nothing." """
    laws.check_flag_revealed(s)

"""The laws that need no brute force over layouts, checked again on boards of
the levels' sizes (9 to 30 cells a side). The other law tests draw boards of
at most 4 a side, so that ProvablySafe can be decided by enumeration; on such
boards a flood that stopped at column 6 broke no law."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from reference import laws
from strategies import large_states

BRUTE_FORCE = ("assist_stuck", "assist_too_early", "display_hint")
"""The laws about ProvablySafe: decided by enumerating layouts, on small boards only."""

LAWS = [name for name in laws.STATE_LAWS if name not in BRUTE_FORCE]


@pytest.mark.parametrize("law", LAWS)
# A board is drawn whole from one Random: its smallest example is large, as meant.
@settings(max_examples=12, suppress_health_check=[HealthCheck.large_base_example])
@given(s=large_states())
def test_law_on_large_boards(law: str, s: laws.State) -> None:
    laws.STATE_LAWS[law](s)

"""Laws of the levels, as in Windows XP."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from minebender import Beginner, Custom, Expert, Intermediate, Setup, setup
from reference import defs


def test_level_beginner() -> None:
    """LAW: "Beginner is 9 by 9 with 10 mines." """
    assert setup(Beginner()) == Setup(9, 9, 10)


def test_level_intermediate() -> None:
    """LAW: "Intermediate is 16 by 16 with 40 mines." """
    assert setup(Intermediate()) == Setup(16, 16, 40)


def test_level_expert() -> None:
    """LAW: "Expert is 30 wide by 16 high with 99 mines." """
    assert setup(Expert()) == Setup(30, 16, 99)


nats = st.integers(0, 40) | st.integers(0, 1200) | st.integers(0, 2**70)


@given(nats, nats, nats)
@example(0, 0, 0)
@example(9, 9, 71)  # mines capped at 9*9 - 10
@example(9, 9, 72)
@example(30, 25, 999)  # the cap is 740, below 999
@example(31, 26, 1000)
@example(8, 100, 5)
def test_level_custom(w: int, h: int, m: int) -> None:
    """LAW: "A custom level is limited exactly as Windows XP limits it." """
    assert setup(Custom(w, h, m)) == defs.custom(w, h, m)

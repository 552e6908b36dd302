"""The live counters, worked out from the session: what the page and the
terminal paint while a game is played."""

from __future__ import annotations

from minebender.services.session import Session, SessionSpec
from minebender.services.session.counters import live_counters
from minebender.values.types import Beginner, Pos


def test_counters_before_the_first_click_are_empty() -> None:
    c = live_counters(Session(SessionSpec(Beginner(), "c"), clock=lambda: 0.0))
    assert (c.elapsed_ms, c.bbbv_solved, c.bbbv, c.clicks) == (0, 0, None, 0)
    assert c.bbbv_per_s is None and c.estimate_ms is None and c.ioe is None
    dash, dot = "\u2013", " \u00b7 "
    assert c.text() == dot.join(
        ["Time 0.0 s", f"3BV 0/{dash}", f"3BV/s {dash}", f"Est. {dash}", f"IOE {dash}", "Clicks 0"]
    )


def test_the_estimate_is_the_time_at_this_pace_and_ioe_is_3bv_per_click() -> None:
    now = [0.0]
    s = Session(SessionSpec(Beginner(), "c"), clock=lambda: now[0])
    s.reveal(Pos(4, 4))
    now[0] = 4.0
    s.reveal(Pos(4, 4))  # an opened cell: a click that does nothing
    c = live_counters(s)
    assert c.elapsed_ms == 4000 and c.clicks == 2
    assert c.bbbv == s.bbbv and c.bbbv_solved == s.bbbv_solved >= 1
    assert c.bbbv is not None
    assert c.estimate_ms == round(4000 * c.bbbv / c.bbbv_solved)
    assert c.ioe == round(c.bbbv_solved / 2, 3)
    assert c.bbbv_per_s == s.bbbv_per_s
    assert f"3BV {c.bbbv_solved}/{c.bbbv}" in c.text() and "Clicks 2" in c.text()

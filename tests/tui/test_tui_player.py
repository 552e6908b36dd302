"""The terminal game as issue 33 asked: question marks (f and a right click
cycle flag, ?, covered with Marks (?) on; m switches the option; a ? is drawn
on the board and is never a flag) and the timer's 1 at the first click."""

from __future__ import annotations

from pilot_types import PilotT
from tui_support import CENTRE, MINES, app_of, click_cell, goto, make_app, run

from minebender.services.store import Store


def test_f_cycles_flag_question_mark_covered_and_m_turns_marks_off(store: Store) -> None:
    mine = next(p for p in MINES if abs(p.x - CENTRE.x) > 1 or abs(p.y - CENTRE.y) > 1)

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await goto(pilot, CENTRE)
        await pilot.press("space")
        await goto(pilot, mine)
        await pilot.press("f")
        assert app.board.tiles[mine.y][mine.x] == "flagged"
        await pilot.press("f")
        s = app.session
        assert s.marks == {mine} and mine not in s.flags and s.mines_left == len(MINES)
        assert app.board.tiles[mine.y][mine.x] == "covered"
        assert app.board.marks == {mine}
        assert "?" in app.board.render().plain  # drawn on the board itself
        await pilot.press("f")
        assert app.session.marks == frozenset()
        await pilot.press("m")  # Marks (?) off: f flags and unflags
        assert not app.marks
        await pilot.press("f", "f")
        assert app.session.marks == frozenset() and mine not in app.session.flags
        await pilot.press("m")
        await click_cell(pilot, mine, button=3)
        await click_cell(pilot, mine, button=3)
        assert app.session.marks == {mine}
        await pilot.press("q")

    run(make_app(store), scenario)
    stored = store.load_unfinished(limit=1)[0]
    assert stored.session(lambda: 0.0).marks == {mine}  # kept with the saved game


def test_the_timer_shows_1_at_the_first_click() -> None:
    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        assert app.session.timer == 0 and str(app.query_one("#timer").render()) == "000"
        await goto(pilot, CENTRE)
        await pilot.press("space")
        assert app.session.timer == 1 and str(app.query_one("#timer").render()) == "001"

    run(make_app(), scenario)

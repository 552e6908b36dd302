"""The terminal game's end screen: the numbers the web's end screen shows, read
from the same session, under the board when the terminal has rows to spare and
behind ``e`` when it has not; and the middle button, which chords."""

from __future__ import annotations

from typing import Any

import pytest
from pilot_types import PilotT
from tui_support import (
    CENTRE,
    LAYOUT,
    MINES,
    SAFE,
    SEED,
    app_of,
    click_cell,
    goto,
    layout_for_seed,
    make_app,
    run,
    screen_lines,
)

from minebender.faces.tui.board_fit import needed_size
from minebender.faces.tui.endscreen import EndScreen
from minebender.faces.tui.screens import KeysScreen
from minebender.faces.web.views import view
from minebender.services.session import Session, SessionSpec
from minebender.values.types import (
    Beginner,
    Exploded,
    Layout,
    Lost,
    Number,
    Pos,
    Setup,
    Won,
)

BEGINNER_ROWS = needed_size(Setup(9, 9, 10))[1]


def _cells(layout: Layout) -> list[tuple[Pos, bool]]:
    return [(Pos(x, y), m) for y, row in enumerate(layout) for x, m in enumerate(row)]


def expected(v: dict[str, Any]) -> list[str]:
    """The end screen's entries written from the web's view of the game: what
    the terminal shows must be these very numbers."""
    dash = "\u2013"  # the web's mark for a number not defined
    c = v["clicks"]
    eff = v["efficiency"]
    per_s = v["bbbv_per_s"]
    return [
        f"Time {v['elapsed_ms'] / 1000:.3f} s",
        f"3BV {v['bbbv_solved']} / {v['bbbv']}",
        f"3BV/s {dash if per_s is None else format(per_s, '.3f')}",
        f"IOE {dash if eff is None else format(eff / 100, '.3f')}",
        f"Clicks {c['left'] + c['right'] + c['chord']} ({c['left']} left,"
        f" {c['right']} right, {c['chord']} chord)",
        f"Assists {c['assist']}",
        f"Board code {v['code']} (first click ({v['first'][0]}, {v['first'][1]}))",
    ]


def shown_entries(text: str) -> list[str]:
    """The entries of the panel's (or dialog's) text, whatever lines they were packed in."""
    return [item for line in text.splitlines() for item in line.split(" · ")]


@pytest.mark.slow
def test_a_won_game_shows_the_web_end_screen_numbers_under_the_board() -> None:
    """At 80x24 a won Beginner game shows time, 3BV done / total, 3BV/s,
    efficiency, clicks (left, right, chord), assists and the board code under
    the status line: exactly the web view's numbers for this session."""
    seen: dict[str, Any] = {}

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        assert app.end_text == ""
        await click_cell(pilot, CENTRE)
        await click_cell(pilot, MINES[0], button=3)  # a right click, counted
        await click_cell(pilot, MINES[0], button=3)
        for pos in SAFE:
            if app.board.tiles[pos.y][pos.x] == "covered":
                await click_cell(pilot, pos)
        await pilot.pause()
        assert app.session.status == Won()
        assert "You won" in app.status_text and "n: new game" in app.status_text
        seen["view"] = view(app.session)
        seen["text"] = app.end_text
        seen["session"] = app.session

    run(make_app(), scenario, size=(80, 24))
    v, text, session = seen["view"], seen["text"], seen["session"]
    assert shown_entries(text) == expected(v)
    assert f"3BV {session.bbbv_solved} / {session.bbbv}" in text
    assert session.clicks.right == 2 and "2 right" in text
    assert all(len(line) <= 72 for line in text.splitlines())


def test_a_lost_game_at_the_smallest_size_says_e_and_e_shows_every_number() -> None:
    """At 48 columns and just the rows Beginner needs there is no row to spare:
    the status line gives the short form, e opens the whole end screen, and
    the panel appears under the board once the terminal grows."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await click_cell(pilot, CENTRE)
        await goto(pilot, MINES[0])
        await pilot.press("space")
        assert app.session.status == Lost(Exploded(MINES[0]))
        assert app.status_text == "Boom! You revealed a mine. e: end screen"
        assert app.end_text == ""
        await pilot.press("e")
        assert isinstance(app.screen, EndScreen)
        dialog = str(app.screen.query_one("#end-stats").render())
        assert shown_entries(dialog) == expected(view(app.session))
        await pilot.press("escape")
        assert not isinstance(app.screen, EndScreen)
        await pilot.resize_terminal(48, BEGINNER_ROWS + 4)
        await pilot.pause()
        assert "n: new game" in app.status_text
        lines = app.end_text.splitlines()
        assert lines and all(len(line) <= 48 for line in lines)
        assert shown_entries(app.end_text) == expected(view(app.session))

    run(make_app(), scenario, size=(48, BEGINNER_ROWS))


def test_a_game_replaced_is_not_ended_and_a_new_game_hides_the_panel() -> None:
    """A game left for a new one (n) is abandoned, not ended: no end screen for
    it; and the panel of a finished game goes when the next game starts."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await click_cell(pilot, CENTRE)
        await pilot.press("n")
        assert app.end_text == "" and not app.session.over
        await pilot.press("e")
        assert not isinstance(app.screen, EndScreen)
        assert app.session.spec.seed == "next"
        mine = next(p for p, m in _cells(layout_for_seed(Beginner(), "next", CENTRE)) if m)
        await click_cell(pilot, CENTRE)
        await click_cell(pilot, mine)
        assert app.session.over and app.end_text != ""
        await pilot.press("n")
        assert app.end_text == ""

    run(make_app(), scenario)


def test_the_middle_button_chords_and_f1_says_so() -> None:
    """A middle click on a number whose flags add up opens its other
    neighbours, counted as a chord; the keys screen tells it."""
    probe = Session(SessionSpec(Beginner(), SEED), clock=lambda: 0.0)
    probe.reveal(CENTRE)
    assert probe.game is not None
    shown = probe.game.knowledge
    number = next(
        p
        for p in shown.cells()
        if isinstance(probe.display()[p.y][p.x], Number)
        and any(LAYOUT[q.y][q.x] for q in shown.neighbours(p))
        and any(shown.hidden(q) and not LAYOUT[q.y][q.x] for q in shown.neighbours(p))
    )
    around = shown.neighbours(number)
    opened = [q for q in around if shown.hidden(q) and not LAYOUT[q.y][q.x]]

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await click_cell(pilot, CENTRE)
        for m in (q for q in around if LAYOUT[q.y][q.x]):
            await click_cell(pilot, m, button=3)
        await click_cell(pilot, number, button=2)
        assert all(app.board.tiles[q.y][q.x].isdigit() for q in opened)
        assert app.session.clicks.chord == 1 and app.session.moves[-1].type == "chord"
        await pilot.press("f1")
        assert isinstance(app.screen, KeysScreen)
        assert "middle chords" in "\n".join(screen_lines(app))

    run(make_app(), scenario)


def test_a_board_from_a_file_shows_no_board_code() -> None:
    """A game on a board from a file (``play --board FILE.mbf``) has no board
    code: its seed deals another board. The status line says where the board
    is from while it is on, and the end screen says it has no code."""
    from minebender.faces.tui.app import MinebenderApp
    from minebender.formats.mbf import format_mbf
    from minebender.services.session import mbf_spec

    mine = MINES[0]
    session = Session(mbf_spec(format_mbf(LAYOUT)))
    seen: dict[str, Any] = {}

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await click_cell(pilot, CENTRE)
        assert "board from a file" in app.status_text and "mbf" not in app.status_text
        await click_cell(pilot, mine)
        assert app.session.over
        seen["end"] = app.end_text
        seen["screen"] = "\n".join(screen_lines(app))

    run(MinebenderApp(session, make_seed=lambda: "next"), scenario, size=(80, 24))
    entries = shown_entries(seen["end"])
    assert entries[-1] == "A board from a file: no code"
    assert "Board code" not in seen["screen"] and ":mbf" not in seen["screen"]
    assert view(session)["code"] is None


def test_a_board_from_a_named_file_says_its_name() -> None:
    """``play --board race.mbf``: the status line names the file, as the page does."""
    from minebender.faces.tui.app import MinebenderApp
    from minebender.formats.mbf import format_mbf
    from minebender.services.session import mbf_spec

    session = Session(mbf_spec(format_mbf(LAYOUT), name="race.mbf"))

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await click_cell(pilot, CENTRE)
        assert "board of race.mbf" in app.status_text

    run(MinebenderApp(session, make_seed=lambda: "next"), scenario, size=(80, 24))


def test_the_end_screen_writes_3bv_per_s_with_three_decimals_as_the_page() -> None:
    """The page writes 3BV/s with toFixed(3); a trailing zero is kept here too."""
    from minebender.faces.tui.endscreen import _items
    from minebender.services.session.values import Clicks

    items = _items(4626, (21, 21), 4.54, 116.7, Clicks(12, 2, 4, 0), "b:x", None)
    assert "3BV/s 4.540" in items
    assert "3BV/s \u2013" in _items(0, (0, 21), None, None, Clicks(), "b:x", None)

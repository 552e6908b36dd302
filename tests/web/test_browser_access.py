"""The page for a player without a mouse, with a screen reader or with the
system's high-contrast colours, in real headless Chromium."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from minebender.formats.boardtext import parse_board
from minebender.values.types import Expert, Pos, Shown

from .helpers import mines_of
from .server import Server
from .test_browser import FIRST, cell, lose, page, server, settle, start, tile

__all__ = ["page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(60)]


def focused(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement.id || document.activeElement.tagName"))


def tab_to(page: Any, element_id: str) -> None:
    for _ in range(12):
        page.keyboard.press("Tab")
        if focused(page) == element_id:
            return
    raise AssertionError(f"Tab never reached #{element_id}")


def test_keyboard_focus_shows_on_the_face_the_bulb_and_the_board(page: Any, server: Server) -> None:
    """The face's 1 px outline (its look) hid the focus ring; the board's ring
    was cut off by its scrolling frame, then covered by the cells: a keyboard
    player could not see that Space would start a new game. Each control looks
    different focused, pixel for pixel."""
    page.goto(f"{server.url}/?code=b:access")
    page.wait_for_selector(cell(8, 8))
    boxes = {"face": "#face", "assist": "#assist", "board": ".frame > .sunken"}
    for element_id, shown in boxes.items():
        box = page.locator(shown).bounding_box()
        assert box is not None
        clip = {
            "x": box["x"] - 4,
            "y": box["y"] - 4,
            "width": box["width"] + 8,
            "height": box["height"] + 8,
        }
        page.evaluate("() => document.getElementById('menu-help').querySelector('button').focus()")
        plain = page.screenshot(clip=clip)
        tab_to(page, element_id)
        assert page.screenshot(clip=clip) != plain, f"focus on #{element_id} cannot be seen"


def test_after_the_face_space_reveals_on_the_board(page: Any, server: Server) -> None:
    """The face kept the focus: arrows moved the board's cursor, and Space
    pressed the face again, dealing a new board each time, never a cell."""
    page.goto(f"{server.url}/?code=b:access-face")
    page.wait_for_selector(cell(8, 8))
    current = "() => (JSON.parse(localStorage.getItem('minebender.current')) || {}).id"
    before = page.evaluate(current)
    page.click("#face")
    page.wait_for_function(f"() => ({current})() !== {json.dumps(before)}")  # the new game is on
    page.wait_for_function("() => document.activeElement.id === 'board'")
    page.keyboard.press("ArrowLeft")  # the cursor shows at the centre, then moves
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Space")
    settle(page)
    assert page.evaluate("() => document.activeElement.id") == "board"
    assert page.locator("#board .c:not([data-tile='covered'])").count() > 0


def test_new_game_from_the_end_panel_leaves_the_focus_on_the_board(
    page: Any, server: Server
) -> None:
    """The button goes with the panel, which left the focus on the page's
    body: the next Tab started again from the menu bar."""
    lose(page, server, "access-end")
    page.focus("#play-again")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.id === 'board'")
    page.wait_for_selector("#endpanel:not(.shown)", state="attached")
    page.keyboard.press("ArrowLeft")  # the cursor shows at the centre
    page.keyboard.press("Space")
    settle(page)
    assert page.locator("#board .c:not([data-tile='covered'])").count() > 0


def test_a_message_over_a_dialog_takes_the_keys_alone(page: Any, server: Server) -> None:
    """An Export error over Replays: each dialog pulled the focus into itself
    on Tab, so the message's OK was never reached, and one Esc closed both."""
    page.goto(f"{server.url}/")
    page.wait_for_selector(cell(8, 8))
    gone = {"id": "no-such-game", "level": "beginner", "status": "lost", "elapsed_ms": 1}
    gone |= {"width": 9, "height": 9, "mines": 10, "finished_at": 0, "code": "b:x"}
    listed = json.dumps({"total": 1, "offset": 0, "games": [gone]})
    # a list that names a game the store no longer has: its export fails
    page.route("**/api/replays?*", lambda route: route.fulfill(body=listed))
    page.click("#menu-game > button")
    page.click('[data-cmd="replays"]')
    page.click("#replays-dialog [data-export]")
    page.wait_for_selector("#message")
    reached = set()
    for _ in range(4):
        page.keyboard.press("Tab")
        reached.add(page.evaluate("() => document.activeElement.textContent"))
        assert page.evaluate(
            "() => document.getElementById('message').contains(document.activeElement)"
        )
    assert "OK" in reached
    page.keyboard.press("Escape")
    page.wait_for_selector("#message", state="detached")
    assert page.locator("#replays-dialog").count() == 1
    # the focus is back on the Export button, not on the page behind
    assert page.evaluate("() => document.activeElement.matches('#replays-dialog [data-export]')")
    page.keyboard.press("Escape")
    page.wait_for_selector("#replays-dialog", state="detached")


def test_the_menu_bar_is_walked_with_the_arrows(page: Any, server: Server) -> None:
    page.goto(f"{server.url}/")
    page.wait_for_selector(cell(8, 8))
    page.focus("#menu-game > button")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.textContent") == "Help"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.textContent") == "Game"
    page.keyboard.press("ArrowDown")
    assert page.evaluate("() => document.activeElement.dataset.cmd") == "new"
    assert page.get_attribute("#menu-game > button", "role") == "menuitem"
    page.keyboard.press("Escape")
    assert page.locator("#board .c[data-cursor]").count() == 0  # the arrows never reached the board
    assert page.evaluate("() => document.querySelector('#board .c.cursor')") is None


def test_high_contrast_keeps_the_board_s_colours(page: Any, server: Server) -> None:
    """Forced colours painted every cell in the system's colours: a black mine
    on black, no red for the mine that went off, no highlight on the numbers
    that prove a hint, while the end panel pointed at "the highlighted numbers"."""
    page.emulate_media(forced_colors="active", color_scheme="dark")
    boom = lose(page, server, "access-contrast")
    red = page.evaluate(
        "(s) => getComputedStyle(document.querySelector(s)).backgroundColor", cell(boom.x, boom.y)
    )
    assert red == "rgb(255, 0, 0)"


def test_status_messages_are_a_live_region_of_their_own(page: Any, server: Server) -> None:
    """A screen reader hears "This move was not made" and the like; the level
    beside it is not in the live region, or it would be read at every move."""
    page.goto(f"{server.url}/")
    page.wait_for_selector(cell(8, 8))
    page.click("#menu-game > button")
    page.click('[data-cmd="custom"]')
    page.fill("#custom-dialog input[name=height]", "5")
    page.click("#custom-dialog .xpbtn")
    page.wait_for_selector("#status-msg")
    live = page.locator("#statusbar [role=status]")
    assert live.get_attribute("aria-live") == "polite"
    assert "Clamped" in live.inner_text()
    assert "Custom" not in live.inner_text()
    assert "Custom" in page.inner_text("#statusbar")


def test_a_lost_cell_off_the_screen_is_scrolled_into_view(browser: Any, server: Server) -> None:
    """At 400% zoom an Expert board scrolls sideways; the cell that ended the
    game was left out of view, where "the green cell" could not be seen. The
    page shows it whenever it shows a lost game, a resumed one too."""
    context = browser.new_context(viewport={"width": 320, "height": 480})
    pg = context.new_page()
    seed = "access-scroll"
    pg.goto(f"{server.url}/?code=e:{seed}")
    pg.wait_for_selector(cell(29, 15))
    pg.click(cell(0, 0))
    settle(pg)
    far = max(mines_of(seed, Pos(0, 0), Expert()), key=lambda p: p.x)
    assert far.x > 20
    pg.click(cell(far.x, far.y))
    settle(pg)
    assert tile(pg, far) == "blast"
    pg.evaluate("() => { document.querySelector('.frame > .sunken').scrollLeft = 0; }")
    pg.reload()
    pg.wait_for_selector(f"{cell(far.x, far.y)}[data-tile='blast']")
    pg.wait_for_function("() => document.querySelector('.frame > .sunken').scrollLeft > 0")
    box = pg.locator(cell(far.x, far.y)).bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 320
    context.close()


def test_board_text_is_copied_or_saved_from_the_game_menu(
    browser: Any, server: Server, tmp_path: Path
) -> None:
    """Game > Board Text... shows the position as the text ``minebender
    solve`` reads, and saves it as a file."""
    context = browser.new_context(accept_downloads=True)
    pg = context.new_page()
    seed = "access-text"
    start(pg, server, seed)
    pg.click(cell(0, 0), button="right")
    settle(pg)
    pg.click("#menu-game > button")
    pg.click('[data-cmd="text"]')
    pg.wait_for_selector("#text-dialog textarea")
    text = pg.input_value("#text-dialog textarea")
    board = parse_board(text)
    assert board.knowledge.mines == 10 and Pos(0, 0) in board.flags
    assert board.knowledge.rows[FIRST.y][FIRST.x] == Shown(0)
    with pg.expect_download() as info:
        pg.click("#text-dialog .xpbtn:has-text('Save')")
    saved = tmp_path / "board.txt"
    info.value.save_as(saved)
    assert saved.read_text() == text
    pg.keyboard.press("Escape")
    pg.wait_for_selector("#text-dialog", state="detached")
    context.close()

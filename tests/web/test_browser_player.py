"""The player's page in real headless Chromium: practice switched on in a game
in play, replays listed from the store, question marks, the timer, sound and
cell size (issue 33)."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import mines_of
from .server import Server
from .test_browser import (
    DEALT,
    FIRST,
    cell,
    dealt,
    lose,
    page,
    server,
    settle,
    start_dealt,
    tile,
)
from .test_browser_page import started_window

__all__ = ["dealt", "page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(60)]

TILES = "() => [...document.querySelectorAll('#board .c')].map((c) => c.dataset.tile).join()"
STATS = "() => fetch('/api/statistics').then((r) => r.json()).then((s) => s.beginner)"


def test_practice_switched_on_in_play_counts_no_loss(page: Any, dealt: Server) -> None:
    """Game > Practice over a started ranked game asks, then keeps the game:
    the heat map covers the live board and the loss that follows is not counted."""
    start_dealt(page, dealt)
    before = page.evaluate(STATS)
    page.click("#menu-game > button")
    page.click('[data-cmd="practice"]')
    assert "neither best times nor statistics" in page.inner_text("#confirm-dialog")
    page.click("#confirm-dialog button:has-text('Practice')")
    page.wait_for_selector("#practice-badge")
    page.wait_for_selector(".c.heat")
    assert tile(page, FIRST) == "0"  # the same game goes on
    assert page.get_attribute('[data-cmd="practice"]', "aria-checked") == "true"
    boom = mines_of(DEALT, FIRST)[0]
    page.click(cell(boom.x, boom.y))
    settle(page)
    assert page.get_attribute("#face", "data-mood") == "dead"
    after = page.evaluate(STATS)
    assert after["played"] == before["played"], "a practice game is never counted as a loss"
    # off again: the next game is dealt without practice, and ranked
    page.click("#menu-game > button")
    page.click('[data-cmd="practice"]')
    page.wait_for_function("() => !document.getElementById('practice-badge')")
    assert page.get_attribute('[data-cmd="practice"]', "aria-checked") == "false"


def test_a_new_game_over_a_game_in_play_asks_first(page: Any, dealt: Server) -> None:
    """As Windows 7: Keep playing keeps the game; Restart deals its board again."""
    start_dealt(page, dealt)
    opened = page.evaluate(TILES)
    old = page.evaluate("() => JSON.parse(localStorage.getItem('minebender.current')).id")
    page.click("#face")
    page.click("#leave-dialog button:has-text('Keep playing')")
    assert tile(page, FIRST) == "0"
    assert page.evaluate("() => JSON.parse(localStorage.getItem('minebender.current')).id") == old
    page.focus("#board")
    page.keyboard.press("F2")
    page.click("#leave-dialog button:has-text('Restart this game')")
    page.wait_for_function(
        "(id) => JSON.parse(localStorage.getItem('minebender.current')).id !== id", arg=old
    )
    page.wait_for_function(
        "() => document.querySelectorAll('.c[data-tile=\"covered\"]').length === 81"
    )
    # the server's answer says the ranked game given up counts as lost
    page.wait_for_selector("#statusbar:has-text('The game you left counts as lost')")
    page.click(cell(FIRST.x, FIRST.y))
    settle(page)
    assert page.evaluate(TILES) == opened  # the same board for the same first click
    assert page.locator("#practice-badge").count() == 0
    ranked = "(g) => fetch('/api/games/' + g.id, {headers: {Authorization: 'Bearer ' + g.token}})"
    now = page.evaluate("() => JSON.parse(localStorage.getItem('minebender.current'))")
    assert page.evaluate(ranked + ".then((r) => r.json()).then((d) => d.view.ranked)", now) is False


def test_replays_are_listed_from_the_store_in_a_new_profile(browser: Any, server: Server) -> None:
    """A game lost in one browser is listed, filtered and played in another
    (a fresh profile, with nothing in its storage)."""
    seed = "e2e-store-list"
    one = browser.new_context()
    pg = one.new_page()
    lose(pg, server, seed)
    one.close()
    two = browser.new_context()
    pg = two.new_page()
    pg.goto(server.url + "/")
    pg.wait_for_selector(cell(8, 8))
    assert pg.evaluate("() => localStorage.getItem('minebender.history')") is None
    pg.click("#menu-game > button")
    pg.click('[data-cmd="replays"]')
    pg.select_option("#replays-dialog [data-level]", "beginner")
    pg.select_option("#replays-dialog [data-result]", "lost")
    row = f"#replays-dialog .row:has-text('code b:{seed}')"
    pg.wait_for_selector(row)
    assert "lost in" in pg.inner_text(row) and "this browser" not in pg.inner_text(row)
    pg.select_option("#replays-dialog [data-result]", "won")
    pg.wait_for_selector(row, state="detached")
    pg.select_option("#replays-dialog [data-result]", "lost")
    pg.click(f"{row} [data-watch]")
    pg.wait_for_selector("#review-dialog [data-info]")
    pg.click("#review-dialog [data-last]")
    assert "move 2 of 2" in pg.inner_text("#review-dialog [data-info]")
    two.close()


def test_a_right_click_cycles_flag_question_mark_and_the_option_turns_it_off(
    page: Any, server: Server
) -> None:
    """On by default as in XP: flag, ?, covered; the ? is no flag for the
    counter. Off (kept across visits), a right click only flags and unflags."""
    seed = "e2e-marks"
    page.goto(f"{server.url}/?code=b:{seed}")
    page.wait_for_selector(cell(8, 8))
    page.click(cell(FIRST.x, FIRST.y))
    settle(page)
    assert page.get_attribute('[data-cmd="marks"]', "aria-checked") == "true"
    target = next(p for p in mines_of(seed, FIRST) if tile(page, p) == "covered")
    at = cell(target.x, target.y)
    page.click(at, button="right")
    page.click(at, button="right")  # quick: read on the board the flag leaves
    settle(page)
    assert tile(page, target) == "marked" and page.inner_text(at) == "?"
    assert page.get_attribute("#counter", "data-value") == "10"  # a ? is no flag
    page.click(at, button="right")
    settle(page)
    assert tile(page, target) == "covered"
    page.click("#menu-game > button")
    page.click('[data-cmd="marks"]')
    page.reload()
    page.wait_for_selector(cell(8, 8))
    assert page.get_attribute('[data-cmd="marks"]', "aria-checked") == "false"
    page.click(at, button="right")
    settle(page)
    page.click(at, button="right")
    settle(page)
    assert tile(page, target) == "covered"  # flag, unflag: no ?


def test_the_timer_shows_1_at_the_first_click(page: Any, server: Server) -> None:
    """As Windows XP's: 0 before, 1 from the first click (it showed 000), while
    the end screen keeps the milliseconds."""
    seed = "e2e-timer"
    page.goto(f"{server.url}/?code=b:{seed}")
    page.wait_for_selector(cell(8, 8))
    assert page.get_attribute("#timer", "data-value") == "0"
    page.click(cell(FIRST.x, FIRST.y))
    settle(page)
    assert page.get_attribute("#timer", "data-value") == "1"
    boom = mines_of(seed, FIRST)[0]
    page.click(cell(boom.x, boom.y))
    page.wait_for_selector("#end-title")
    ms = page.evaluate(
        "(g) => fetch('/api/games/' + g.id, {headers: {Authorization: 'Bearer ' + g.token}})"
        ".then((r) => r.json()).then((d) => d.view.elapsed_ms)",
        page.evaluate("() => JSON.parse(localStorage.getItem('minebender.current'))"),
    )
    assert page.get_attribute("#timer", "data-value") == str(ms // 1000 + 1)
    assert f"{ms / 1000:.3f} s" in page.inner_text('[data-stat="time"]')


def test_sound_is_off_by_default_and_its_state_is_kept(page: Any, server: Server) -> None:
    """XP's Sound: off at first; switched on it ticks with the timer and sounds
    the blast; the option is kept across visits."""
    seed = "e2e-sound"
    page.goto(f"{server.url}/?code=b:{seed}")
    page.wait_for_selector(cell(8, 8))
    assert page.get_attribute('[data-cmd="sound"]', "aria-checked") == "false"
    page.click("#menu-game > button")
    page.click('[data-cmd="sound"]')
    page.reload()
    page.wait_for_selector(cell(8, 8))
    assert page.get_attribute('[data-cmd="sound"]', "aria-checked") == "true"
    page.click(cell(FIRST.x, FIRST.y))
    settle(page)
    page.wait_for_function("() => document.documentElement.dataset.sound === 'tick'")
    boom = mines_of(seed, FIRST)[0]
    page.click(cell(boom.x, boom.y))
    page.wait_for_function("() => document.documentElement.dataset.sound === 'blast'")


def test_the_cell_size_is_chosen_and_kept(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    auto = page.locator(cell(0, 0)).bounding_box()
    assert auto is not None and 16 <= auto["width"] <= 24
    page.click("#menu-game > button")
    page.click('[data-cmd="size"]')
    page.check("#size-dialog input[value='40']")
    page.click("#size-dialog button:has-text('OK')")
    page.reload()
    page.wait_for_selector(cell(8, 8))
    big = page.locator(cell(0, 0)).bounding_box()
    assert big is not None and big["width"] == 40
    page.click("#menu-game > button")
    page.click('[data-cmd="size"]')
    assert page.is_checked("#size-dialog input[value='40']")
    page.check("#size-dialog input[value='auto']")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('#board .c').getBoundingClientRect().width <= 24"
    )


def test_another_tab_shows_a_question_mark_and_practice_placed_in_the_first(
    browser: Any, server: Server
) -> None:
    """Two tabs on one game: a ? placed in one was not drawn in the other (its
    tiles were the same), nor was practice's heat map once switched on there."""
    seed = "e2e-two-tabs-marks"
    context, one = started_window(browser, server, f"/?code=b:{seed}")
    two = context.new_page()
    two.goto(server.url + "/")  # the same game, resumed
    two.wait_for_selector(f"{cell(FIRST.x, FIRST.y)}[data-tile='0']")
    target = next(p for p in mines_of(seed, FIRST) if tile(two, p) == "covered")
    two.click(cell(target.x, target.y), button="right")
    two.click(cell(target.x, target.y), button="right")
    settle(two)
    two.click("#menu-game > button")
    two.click('[data-cmd="practice"]')  # a code's game: not ranked, not asked
    two.wait_for_selector(".c.heat")
    one.evaluate("() => window.dispatchEvent(new Event('focus'))")
    one.wait_for_selector(f"{cell(target.x, target.y)}[data-tile='marked']")
    one.wait_for_selector(".c.heat")
    assert one.get_attribute('[data-cmd="practice"]', "aria-checked") == "true"
    context.close()

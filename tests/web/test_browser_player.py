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
    browser,
    cell,
    dealt,
    lose,
    page,
    server,
    settle,
    start_dealt,
    tile,
)

__all__ = ["browser", "dealt", "page", "server"]  # fixtures, shared with test_browser

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
    pg.wait_for_selector("#replay-dialog")
    pg.click("#replay-dialog [data-last]")
    assert "step 2 of 2" in pg.inner_text("#replay-dialog [data-info]")
    two.close()

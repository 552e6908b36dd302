"""Live counters in the page: off by default; switched on in the Game menu
they show the server's counters of the game in play, under the board."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .helpers import safe_of
from .server import Server
from .test_browser import DEALT, FIRST, cell, dealt, page, server, settle, start, tile

__all__ = ["dealt", "page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]


def test_live_counters_are_off_until_switched_on_and_show_the_servers(
    page: Any, server: Server
) -> None:
    start(page, server, "counters")
    assert page.locator("#live-counters").is_hidden()
    page.click("#menu-game > button")
    page.click('[data-cmd="counters"]')
    assert page.get_attribute('[data-cmd="counters"]', "aria-checked") == "true"
    page.wait_for_function(
        "() => document.getElementById('live-counters').textContent.includes('Clicks\\u00a01')"
    )
    text = page.inner_text("#live-counters").replace("\u00a0", " ")  # figures kept whole
    game = page.evaluate("() => JSON.parse(localStorage.getItem('minebender.current'))")
    ask = urllib.request.Request(
        f"{server.url}/api/games/{game['id']}/counters",
        headers={"Authorization": f"Bearer {game['token']}"},
    )
    with urllib.request.urlopen(ask) as answer:
        c = json.load(answer)
    # the page paints the server's figures: the 3BV done of the board's, the clicks
    assert f"3BV {c['bbbv_solved']}/{c['bbbv']}" in text and c["clicks"] == 1
    assert "3BV/s" in text and "Est." in text and "IOE" in text
    width = page.evaluate(
        "() => [document.getElementById('live-counters').scrollWidth,"
        " document.getElementById('live-counters').clientWidth]"
    )
    assert width[0] <= width[1] + 1  # nothing runs out of its box
    page.click("#menu-game > button")
    page.click('[data-cmd="counters"]')
    assert page.locator("#live-counters").is_hidden()


def test_the_winning_answer_refreshes_the_counters(page: Any, dealt: Server) -> None:
    """Law: the counters show the end of the game as soon as the winning
    click's answer comes, not at their next second's tick (they said 3BV
    9/10 for a second beside the end screen's 10/10). The page's timer is
    stopped here, so only the answer can repaint them."""
    page.add_init_script("window.setInterval = () => 0;")
    page.goto(dealt.url + "/")
    page.wait_for_selector(cell(8, 8))
    page.click("#menu-game > button")
    page.click('[data-cmd="counters"]')
    page.click(cell(FIRST.x, FIRST.y))
    settle(page)
    for p in safe_of(DEALT, FIRST):
        if tile(page, p) == "covered":
            page.click(cell(p.x, p.y))
            settle(page)
    page.wait_for_selector('#end-title[data-status="won"]')
    bbbv = page.inner_text('[data-stat="bbbv"]').replace(" ", "")
    done, total = bbbv.split("/")
    assert done == total
    page.wait_for_function(
        "want => document.getElementById('live-counters').textContent.includes(want)",
        arg=f"3BV\u00a0{total}/{total}",
        timeout=3000,
    )

"""Live counters in the page: off by default; switched on in the Game menu
they show the server's counters of the game in play, under the board."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .server import Server
from .test_browser import page, server, start

__all__ = ["page", "server"]  # fixtures, shared with test_browser

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

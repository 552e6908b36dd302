"""The game's bar on a narrow board, in real headless Chromium: the timer
never covers the assist's bulb, and the face stays in the middle."""

from __future__ import annotations

from typing import Any

import pytest

from .server import Server
from .test_browser import page, server

__all__ = ["page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(60)]


@pytest.mark.parametrize("width", [393, 900])
def test_the_timer_leaves_the_bulb_alone_at_16_px_cells(
    page: Any, server: Server, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 700})
    page.goto(server.url + "/")
    page.wait_for_selector("#board .c")
    page.click("#menu-game > button")
    page.click('[data-cmd="size"]')
    page.check('#size-dialog input[name=cell-size][value="16"]')
    page.click("#size-dialog .buttons button:has-text('OK')")
    cell = page.locator("#board .c").first.bounding_box()
    assert cell is not None and cell["width"] == 16
    boxes = {s: page.locator(s).bounding_box() for s in ("#counter", "#face", "#assist", "#timer")}
    bulb, timer, face = boxes["#assist"], boxes["#timer"], boxes["#face"]
    assert bulb["x"] + bulb["width"] <= timer["x"]  # side by side, not over each other
    counter = boxes["#counter"]
    left_gap = face["x"] - (counter["x"] + counter["width"])
    bar = page.locator(".top").bounding_box()
    middle = bar["x"] + bar["width"] / 2
    assert abs(face["x"] + face["width"] / 2 - middle) <= 1 and left_gap > 0
    board = page.locator("#board").bounding_box()
    assert abs(board["x"] + board["width"] / 2 - middle) <= 2  # the board is centred too

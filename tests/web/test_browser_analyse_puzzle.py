"""Make Unique and Minimize on the analysis board (/analyse), in real headless
Chromium: the position they leave, checked by brute force over every layout."""

from __future__ import annotations

from typing import Any

import pytest

from .server import Server
from .test_browser import page, server
from .test_browser_analyse import analysed, layouts, open_board, shown

__all__ = ["page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]

START = ["1....", ".....", "...1.", "....."]
"""Two numbers and 3 mines on 5x4: many layouts fit."""


def choose(page: Any, cmd: str) -> None:
    page.click("#menu-puzzle > button")
    page.click(f'[data-cmd="{cmd}"]')
    page.wait_for_function(
        "() => /one layout/.test(document.getElementById('status-live').textContent)"
    )
    analysed(page)


def test_make_unique_then_minimize(page: Any, server: Server) -> None:
    open_board(page, server, "5x4x3\n" + "\n".join(START) + "\n")
    assert len(layouts(START, 3)) > 1
    choose(page, "make-unique")
    rows = shown(page)
    message = page.text_content("#status-live") or ""
    added = sum(a != b for r, s in zip(rows, START, strict=True) for a, b in zip(r, s, strict=True))
    assert f"Make unique showed {added} number" in message and added > 0
    for r, s in zip(rows, START, strict=True):  # the numbers given stay
        assert all(b == "." or a == b for a, b in zip(r, s, strict=True))
    assert len(layouts(rows, 3)) == 1
    assert page.get_attribute("#count", "data-solutions") == "1"
    # every added number is needed: hidden alone, more than one layout fits
    for y, (r, s) in enumerate(zip(rows, START, strict=True)):
        for x, (a, b) in enumerate(zip(r, s, strict=True)):
            if a != b:
                fewer = [
                    row[:x] + "." + row[x + 1 :] if yy == y else row for yy, row in enumerate(rows)
                ]
                assert len(layouts(fewer, 3)) > 1
    choose(page, "minimize")
    least = shown(page)
    assert len(layouts(least, 3)) == 1
    assert "Minimize hid " in (page.text_content("#status-live") or "")


def test_minimize_of_a_board_with_two_layouts_says_why_not(page: Any, server: Server) -> None:
    open_board(page, server, "3x1x1\n.1.\n")
    page.click("#menu-puzzle > button")
    page.click('[data-cmd="minimize"]')
    page.wait_for_selector(".dialog, [role=dialog], [role=alertdialog]")
    assert "make it unique first" in page.inner_text("body")

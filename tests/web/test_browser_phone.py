"""The analysis board on a phone (393 px, touch, no hover) in real headless
Chromium: no note about hovering, coordinates kept whole, and a board wider
than the screen that says it scrolls."""

from __future__ import annotations

import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest

from .server import Server
from .test_browser import server
from .test_browser_analyse import analysed

__all__ = ["server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]

ROWS = [".........", ".........", "..2111...", "..1001...", "..1001...", "..2111..."]
GUESSES = "9x9x10\n" + "\n".join([*ROWS, *["........."] * 3]) + "\n"
EXPERT = "30x16x99\n" + ("." * 30 + "\n") * 16


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(
        viewport={"width": 393, "height": 852}, has_touch=True, is_mobile=True
    )
    yield context.new_page()
    context.close()


def open_board(page: Any, server: Server, text: str) -> None:
    page.goto(f"{server.url}/analyse?board={urllib.parse.quote(text)}")
    analysed(page)


def test_no_hover_note_and_whole_coordinates_on_a_phone(phone: Any, server: Server) -> None:
    """Law: a touch screen, which cannot hover, is not told to hover; and each
    coordinate of the best move's reason sits on one line ("(8, / 0)" did not)."""
    open_board(phone, server, GUESSES)
    phone.wait_for_selector("#guesses .caption")
    assert phone.locator(".hover-note").is_hidden()
    assert "hover" not in phone.inner_text("#guesses .caption")
    lines = phone.evaluate(
        """() => [...document.querySelectorAll('#best-reason .at')]
             .map(s => [s.textContent,
                        new Set([...s.getClientRects()].map(r => Math.round(r.top))).size])"""
    )
    assert lines and all(n == 1 for _, n in lines), lines


def test_a_board_wider_than_the_phone_says_it_scrolls(phone: Any, server: Server) -> None:
    """Law: a 30x16 board on a 393 px screen fades at the side where more of
    it lies, and at the other once scrolled to its end; one that fits does not."""
    open_board(phone, server, EXPERT)
    phone.wait_for_function(
        "() => document.querySelector('.frame > .sunken').dataset.more === 'right'"
    )
    mask = phone.eval_on_selector(".frame > .sunken", "e => getComputedStyle(e).maskImage")
    assert "gradient" in mask
    phone.eval_on_selector(".frame > .sunken", "e => { e.scrollLeft = e.scrollWidth; }")
    phone.wait_for_function(
        "() => document.querySelector('.frame > .sunken').dataset.more === 'left'"
    )
    open_board(phone, server, "5x3x2\n000..\n0012.\n001..\n")
    assert phone.eval_on_selector(".frame > .sunken", "e => e.dataset.more") == ""

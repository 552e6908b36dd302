"""Make Unique and Minimize on the analysis board (/analyse), in real headless
Chromium: the position they leave, checked by brute force over every layout,
with a symmetry chosen and the player's flags."""

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


def ask(page: Any, cmd: str, symmetry: str = "none") -> None:
    """Puzzle > Make Unique... or Minimize..., the symmetry chosen in its dialog."""
    page.click("#menu-puzzle > button")
    page.click(f'[data-cmd="{cmd}"]')
    page.select_option("#step-dialog [name=symmetry]", symmetry)
    page.click("#step-dialog .buttons button >> nth=0")


def choose(page: Any, cmd: str, symmetry: str = "none") -> None:
    ask(page, cmd, symmetry)
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
    ask(page, "minimize")
    page.wait_for_selector("[role=dialog]:not(#step-dialog)")
    assert "make it unique first" in page.inner_text("body")
    # the dialog said why: the status line no longer says "Minimizing..."
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => !/Minimizing/.test(document.getElementById('status-live').textContent)"
    )


@pytest.mark.parametrize(
    ("cmd", "title"), [("make-unique", "Make Unique"), ("minimize", "Minimize")]
)
def test_an_unknown_total_is_asked_for_in_the_pages_words(
    page: Any, server: Server, cmd: str, title: str
) -> None:
    """With no total the dialog said the API's "a header WxHxN, or mines" and
    the status kept "Making the position unique...": it now names the field."""
    open_board(page, server, "5x4\n" + "\n".join(START) + "\n")
    page.click("#menu-puzzle > button")
    page.click(f'[data-cmd="{cmd}"]')
    dialog = page.locator("[role=dialog]")
    dialog.wait_for()
    said = dialog.inner_text()
    assert title in said and "Set the total of mines first (the Mines field)." in said
    assert "header" not in said
    page.keyboard.press("Enter")
    assert "Making" not in (page.text_content("#status-live") or "")
    assert "Minimizing" not in (page.text_content("#status-live") or "")


def test_a_server_sentence_alone_in_a_dialog_starts_with_a_capital(
    page: Any, server: Server
) -> None:
    """Board > Save .mbf with too few flags: the server's sentence ("the flags
    and revealed mines ...") is shown on its own, so it starts "The flags"."""
    open_board(page, server, "3x1x2\nF1.\n")
    page.click("#menu-board > button")
    page.click('[data-cmd="save-mbf"]')
    dialog = page.locator("[role=dialog]")
    dialog.wait_for()
    said = dialog.inner_text()
    assert "The flags and revealed mines (1) must number the total of 2 mines" in said


def mirrored(rows: list[str]) -> bool:
    """Every number's left-right image shows a number too."""
    return all(r[x].isdigit() == r[len(r) - 1 - x].isdigit() for r in rows for x in range(len(r)))


def test_make_unique_and_minimize_with_a_mirror_keep_it_and_the_right_flags(
    page: Any, server: Server
) -> None:
    """A flag beside a 0 is wrong in every layout: it is taken off and the
    status says so; a flag some layout agrees with stays, through Minimize too."""
    start = ["1F...", ".....", "..2..", ".....", "0F..1"]
    open_board(page, server, "5x5x4\n" + "\n".join(start) + "\n")
    choose(page, "make-unique", "left-right")
    rows = shown(page)
    said = page.text_content("#status-live") or ""
    assert "(mirror left-right)" in said and "Took off 1 flag" in said
    assert rows[0][1] == "F" and rows[4][1] != "F" and mirrored(rows)
    assert len(layouts(rows, 4)) == 1
    page.screenshot(path="/tmp/analyse-make-unique-mirror.png")
    choose(page, "minimize", "left-right")
    least = shown(page)
    assert least[0][1] == "F" and mirrored(least) and len(layouts(least, 4)) == 1
    assert "Minimize hid" in (page.text_content("#status-live") or "")
    # no orbit of numbers (a number and its mirror image) can be hidden
    for y, r in enumerate(least):
        for x in range(3):
            if r[x].isdigit():
                fewer = list(least)
                row = list(r)
                row[x] = row[4 - x] = "."
                fewer[y] = "".join(row)
                assert len(layouts(fewer, 4)) > 1

"""The puzzle page (/puzzle) in real headless Chromium: a puzzle from a code
or from the server, flags, Check with its mistakes, the time, the link."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import pytest

from minebender.services.puzzle import make_puzzle
from minebender.services.puzzle.code import puzzle_code

from .server import Server
from .test_browser import cell, page, server, tile

__all__ = ["page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]


def message(page: Any) -> str:
    return str(page.text_content("#puzzle-message"))


def check(page: Any) -> str:
    """Click Check and wait for the server's answer: what the page then says."""
    before = message(page)
    page.click("#puzzle-check")
    page.wait_for_function(
        "(m) => document.getElementById('puzzle-message').textContent !== m", arg=before
    )
    return message(page)


def test_solve_a_puzzle_from_a_link_with_a_mistake_first(page: Any, server: Server) -> None:
    p = make_puzzle(8, 6, 8, 3).puzzle
    code = puzzle_code(p)
    page.goto(f"{server.url}/puzzle?code={quote(code)}")
    page.wait_for_selector(cell(7, 5))
    for i in range(p.width * p.height):
        x, y = i % p.width, i // p.width
        if i in p.shown:
            assert tile(page, _pos(x, y)) == str(p.number(i))
        else:
            assert tile(page, _pos(x, y)) == "covered"
    mines = sorted(p.mines)
    safe_hidden = sorted(set(range(48)) - p.mines - p.shown)
    wrong = safe_hidden[0]
    for i in [*mines[:-1], wrong]:
        page.click(cell(i % 8, i // 8))
    assert check(page) == "Not yet: 1 wrong flag (crossed out), 1 mine not flagged."
    assert tile(page, _pos(wrong % 8, wrong // 8)) == "wrong_flag"
    page.click(cell(wrong % 8, wrong // 8), button="right")  # unflag
    page.click(cell(mines[-1] % 8, mines[-1] // 8))
    assert "0" in page.inner_html("#counter") and page.get_attribute("#counter", "aria-label") == (
        "0 mines left"
    )
    assert check(page).startswith("Solved in ")
    solved = message(page)
    page.click("#puzzle-reveal")  # solved: nothing to give up
    assert message(page) == solved
    assert not page.query_selector_all('#board .c[data-tile="mine"]')
    # the clock stands still once solved
    shown = page.inner_html("#timer")
    page.wait_for_timeout(1200)
    assert page.inner_html("#timer") == shown
    # a number is no cell to flag
    shown_cell = min(p.shown)
    page.click(cell(shown_cell % 8, shown_cell // 8))
    assert tile(page, _pos(shown_cell % 8, shown_cell // 8)) == str(p.number(shown_cell))


def test_a_new_puzzle_from_the_server_and_its_code_round_trip(page: Any, server: Server) -> None:
    page.goto(f"{server.url}/puzzle")
    page.wait_for_selector(cell(9, 9))
    code = page.input_value("#puzzle-code")
    assert code.startswith("p2:10x10x20:")
    grade = page.text_content("#puzzle-grade")
    assert grade in ("easy", "medium", "hard")
    assert parse_qs(urlsplit(page.url).query)["code"] == [code]  # the link to share
    page.goto(page.url)
    page.wait_for_selector(cell(9, 9))
    assert page.input_value("#puzzle-code") == code
    assert page.text_content("#puzzle-grade") == grade  # the link keeps the grade
    page.select_option("#puzzle-size", "9x9x10")
    page.select_option("#puzzle-difficulty", "easy")
    page.click("#puzzle-new")
    page.wait_for_function(
        "() => document.getElementById('puzzle-code').value.startsWith('p2:9x9x10:')"
    )
    assert page.text_content("#puzzle-grade") == "easy"
    page.click("#puzzle-reveal")
    page.wait_for_selector('#board .c[data-tile="mine"]')
    assert len(page.query_selector_all('#board .c[data-tile="mine"]')) == 10


def test_a_bad_code_is_named(page: Any, server: Server) -> None:
    page.goto(f"{server.url}/puzzle?code=p:3x1x1:Bz")
    page.wait_for_function(
        "() => document.getElementById('puzzle-message').textContent.includes('cannot')"
    )
    assert message(page) == (
        "The link's code cannot be read: puzzle code letters do not spell a puzzle:"
        " it was mistyped."
        " Here is a new puzzle."
    )
    # a new puzzle to play, the link's code in the box to mend
    page.wait_for_selector(cell(9, 9))
    assert page.input_value("#puzzle-code") == "p:3x1x1:Bz"
    page.fill("#puzzle-code", "  ")
    page.click("#puzzle-open")
    assert message(page) == "Type or paste a puzzle code first."
    page.fill("#puzzle-code", "p2:3x1x1:AA")
    page.press("#puzzle-code", "Enter")
    page.wait_for_function(
        "() => document.getElementById('puzzle-message').textContent.startsWith('That')"
    )
    assert message(page) == (
        "That code cannot be read: puzzle code clues: more than one layout fits"
        " the numbers and the total."
    )
    assert page.get_attribute("#puzzle-message", "class") == "bad"


def test_the_window_fits_the_board_and_the_link_reads_plainly(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    for w, h, n, seed in [(8, 6, 8, 3), (30, 16, 99, 1)]:
        p = make_puzzle(w, h, n, seed).puzzle
        code = puzzle_code(p)
        pg.goto(f"{server.url}/puzzle?code={code}")
        pg.wait_for_selector(cell(w - 1, h - 1))
        window, board = (
            pg.locator(s).bounding_box()["width"] for s in ("#window", ".frame > .sunken")
        )
        # the game's 24 px cells; the window no wider than its frame's least
        # width (the tool bar's three groups) or the board and the frame around it
        assert board == w * 24 + 6
        assert window <= max(346, board + 24 + 6), (window, board)
        assert pg.input_value("#puzzle-size") == f"{w}x{h}x{n}"
        assert pg.url == f"{server.url}/puzzle?code={code}"  # no %3A for each colon
    pg.click("#puzzle-share")
    assert message(pg).endswith(f": {server.url}/puzzle?code={code}")  # copied, or shown
    context.close()


def test_a_tap_and_a_long_press_flag(browser: Any, server: Server) -> None:
    p = make_puzzle(8, 6, 8, 3).puzzle
    context = browser.new_context(
        has_touch=True, is_mobile=True, viewport={"width": 360, "height": 700}
    )
    pg = context.new_page()
    pg.goto(f"{server.url}/puzzle?code={puzzle_code(p)}")
    pg.wait_for_selector(cell(7, 5))
    first, second = sorted(set(range(48)) - p.shown)[:2]
    pg.tap(cell(first % 8, first // 8))
    assert tile(pg, _pos(first % 8, first // 8)) == "flagged"
    box = pg.locator(cell(second % 8, second // 8)).bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = context.new_cdp_session(pg)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    pg.wait_for_timeout(600)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert tile(pg, _pos(second % 8, second // 8)) == "flagged"
    assert pg.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


def test_the_game_menu_opens_the_puzzle_page(page: Any, server: Server) -> None:
    page.goto(f"{server.url}/?code=b:menu")
    page.wait_for_selector(cell(8, 8))
    page.click("#menu-game > button")
    page.click('[data-cmd="puzzle"]')
    page.wait_for_url("**/puzzle**")
    page.wait_for_selector(cell(9, 9))


def _pos(x: int, y: int) -> Any:
    from minebender.values.types import Pos

    return Pos(x, y)

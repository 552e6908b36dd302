"""MinesweeperX .mbf boards in the player's page: Game > Open Board and a
dropped file play that board (a practice game the server deals), and Game >
Save Board writes a finished game's board."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from minebender.formats.mbf import format_mbf, parse_mbf
from minebender.values.types import Pos

from .server import Server
from .test_browser import cell, page, server, settle, tile

__all__ = ["page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]

# 10x9 (not a level's size, so the board is the file's) with 10 mines, none
# near the top-left corner: a click there opens an opening.
MINES = {(9, 0), (4, 4), (2, 6), (7, 7), (0, 8), (8, 8), (5, 1), (1, 3), (6, 5), (3, 8)}
LAYOUT = tuple(tuple((x, y) in MINES for x in range(10)) for y in range(9))


def cells(page: Any) -> int:
    return int(page.locator("#board .c").count())


def open_from_menu(page: Any, path: Path) -> None:
    page.click("#menu-game > button")
    with page.expect_file_chooser() as chooser:
        page.click('[data-cmd="openboard"]')
    chooser.value.set_files(str(path))


def test_open_play_and_save_an_mbf_board(page: Any, server: Server, tmp_path: Path) -> None:
    path = tmp_path / "board.mbf"
    path.write_bytes(format_mbf(LAYOUT))
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    assert cells(page) == 81
    open_from_menu(page, path)
    page.wait_for_function("() => document.querySelectorAll('#board .c').length === 90")
    assert "board.mbf" in page.inner_text("#status-msg")
    page.click(cell(0, 0))
    settle(page)
    assert tile(page, Pos(0, 0)) == "0", "the file's board: no mine near the corner"
    # the level line replaced the message: the file's name stays in view
    assert "board.mbf" in page.inner_text("#status-info")
    page.click(cell(9, 0))
    settle(page)
    assert tile(page, Pos(9, 0)) == "blast"
    assert "board.mbf" in page.inner_text("#status-info")
    # a board from a file has no code: any would deal another board
    page.click("#show-code")
    page.wait_for_selector("#code-dialog #no-code")
    assert page.locator("#board-code").count() == 0
    said = page.inner_text("#code-dialog")
    assert "board.mbf" in said and ":mbf" not in said
    page.keyboard.press("Escape")
    page.click("#menu-game > button")
    page.click('[data-cmd="replays"]')
    page.wait_for_selector("#replays-dialog [data-watch]")
    listed = page.inner_text("#replays-dialog")
    assert "a board from a file" in listed and ":mbf" not in listed
    page.click("#replays-dialog [data-watch]")
    page.wait_for_selector("#review-dialog [data-info]")
    title = page.inner_text("#review-dialog").splitlines()[0]
    assert "(a board from a file)" in title and "code" not in title, title
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")  # the end screen, if it is shown
    page.click("#menu-game > button")
    with page.expect_download() as download:
        page.click('[data-cmd="saveboard"]')
    saved = tmp_path / "saved.mbf"
    download.value.save_as(saved)
    assert download.value.suggested_filename.endswith(".mbf")
    assert parse_mbf(saved.read_bytes()) == LAYOUT


def test_a_dropped_mbf_is_played_and_a_bad_one_named(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))

    def drop(name: str, data: bytes) -> None:
        handle = page.evaluate_handle(
            """([name, bytes]) => { const data = new DataTransfer();
            data.items.add(new File([new Uint8Array(bytes)], name)); return data; }""",
            [name, list(data)],
        )
        page.dispatch_event("#board", "drop", {"dataTransfer": handle})

    drop("cut.mbf", format_mbf(LAYOUT)[:7])
    page.wait_for_selector("text=cut short")
    assert cells(page) == 81, "a bad file leaves the game as it was"
    page.keyboard.press("Enter")
    drop("dropped.mbf", format_mbf(LAYOUT))
    page.wait_for_function("() => document.querySelectorAll('#board .c').length === 90")
    page.click(cell(0, 0))
    settle(page)
    assert tile(page, Pos(0, 0)) == "0"
    assert "dropped.mbf" in page.inner_text("#status-info")
    page.click(cell(9, 0))  # over, so a new game asks nothing
    settle(page)
    page.keyboard.press("Escape")
    page.click("#menu-game > button")
    page.click('[data-cmd="new"]')
    # a new game is not the file's (the page asks the server for it: wait for it)
    page.wait_for_function(
        "() => !document.getElementById('status-info').innerText.includes('dropped.mbf')"
    )


def test_the_file_name_stays_after_a_reload(page: Any, server: Server, tmp_path: Path) -> None:
    """The status line said "Board of NAME.mbf" until the page was reloaded:
    the resumed game, rightly without a board code, lost its name too. The
    server now keeps the name with the game."""
    path = tmp_path / "reload me.mbf"
    path.write_bytes(format_mbf(LAYOUT))
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    open_from_menu(page, path)
    page.wait_for_function("() => document.querySelectorAll('#board .c').length === 90")
    page.click(cell(0, 0))
    settle(page)
    assert "Board of reload me.mbf" in page.inner_text("#status-info")
    page.reload()
    page.wait_for_function("() => document.querySelectorAll('#board .c').length === 90")
    page.wait_for_selector("text=Your game was resumed")
    assert tile(page, Pos(0, 0)) == "0", "the same game, resumed"
    assert "Board of reload me.mbf" in page.inner_text("#status-info")
    shot = os.environ.get("MINEBENDER_SHOT")
    if shot:  # to look at by hand: MINEBENDER_SHOT=/tmp/after-reload.png
        page.screenshot(path=shot)
    page.click("#menu-game > button")
    page.click('[data-cmd="code"]')  # Board Code...: this board has none, and says why
    assert "(reload me.mbf)" in page.inner_text("#code-dialog #no-code")


def test_an_abf_board_opens_and_an_old_error_leaves(
    page: Any, server: Server, tmp_path: Path
) -> None:
    """Arbiter's .abf holds the .mbf bytes: Game > Open Board takes it (it was
    refused by its name), its menu item names both, and a refused file's
    error does not stay in the status bar beside the next file's line."""
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    assert ".abf" in page.inner_text('[data-cmd="openboard"]')
    bad = tmp_path / "cut.mbf"
    bad.write_bytes(format_mbf(LAYOUT)[:7])
    open_from_menu(page, bad)
    page.wait_for_selector("text=cut short")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('#status-msg')")
    path = tmp_path / "position.abf"
    path.write_bytes(format_mbf(LAYOUT))
    open_from_menu(page, path)
    page.wait_for_function("() => document.querySelectorAll('#board .c').length === 90")
    said = page.inner_text("#status-live")
    assert "position.abf" in said and "cut short" not in said
    page.click(cell(0, 0))
    settle(page)
    assert tile(page, Pos(0, 0)) == "0", "the file's board"

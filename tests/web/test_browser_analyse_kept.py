"""Positions kept by name and board files on the analysis board, in real
headless Chromium: kept, opened again by name, deleted; an .mbf or .abf
opened and saved through the server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from minebender.formats.mbf import format_mbf

from .canvas_board import hover_cell
from .server import Server
from .test_browser import page, server
from .test_browser_analyse import analysed, open_board, shown

__all__ = ["page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]

FIRST = ["1F1..", "111..", "....."]
SECOND = ["2..", "..."]


def board_command(page: Any, cmd: str) -> None:
    page.click("#menu-board > button")
    page.click(f'[data-cmd="{cmd}"]')


def keep(page: Any, name: str) -> str:
    board_command(page, "keep")
    page.fill("#keep-dialog input[name=name]", name)
    page.click("#keep-dialog .buttons button:has-text('Keep')")
    return page.inner_text("#status-live")


def test_positions_kept_by_name_open_again(page: Any, server: Server) -> None:
    open_board(page, server, "5x3x3\n" + "\n".join(FIRST) + "\n")
    assert "alpha" in keep(page, "alpha")
    open_board(page, server, "3x2x2\n" + "\n".join(SECOND) + "\n")
    keep(page, "beta")
    # a name is needed
    board_command(page, "keep")
    page.click("#keep-dialog .buttons button:has-text('Keep')")
    assert "needs a name" in page.inner_text("#keep-dialog [data-error]")
    page.keyboard.press("Escape")
    board_command(page, "kept")
    names = page.eval_on_selector_all("#kept-dialog option", "os => os.map(o => o.value)")
    assert names == ["alpha", "beta"]
    page.select_option("#kept-dialog select", "alpha")
    page.click("#kept-dialog .buttons button:has-text('Open')")
    # the server reads the kept text: until it answers, beta's analysis is on screen
    page.wait_for_function(
        "() => document.getElementById('status-live').textContent.includes('alpha')"
    )
    analysed(page)
    assert shown(page) == FIRST
    assert "alpha" in page.inner_text("#status-live")
    # kept across a reload; deleted from the list
    page.reload()
    analysed(page)
    board_command(page, "kept")
    page.select_option("#kept-dialog select", "alpha")
    page.click("#kept-dialog .buttons button:has-text('Delete')")
    names = page.eval_on_selector_all("#kept-dialog option", "os => os.map(o => o.value)")
    assert names == ["beta"]


@pytest.mark.parametrize("kind", ["mbf", "abf"])
def test_a_board_file_opens_and_a_flagged_one_saves(
    page: Any, server: Server, tmp_path: Path, kind: str
) -> None:
    """The page sends an .mbf (or Arbiter .abf) file to the server and shows
    the position it gets; Save .mbf (.abf) gives back the same file once
    every mine is flagged."""
    layout = (
        (True, False, False, False),
        (False, False, False, True),
        (False, False, False, False),
    )
    file = tmp_path / f"board.{kind}"
    file.write_bytes(format_mbf(layout))
    page.goto(f"{server.url}/analyse")
    analysed(page)
    page.set_input_files("#open-file", str(file))
    page.wait_for_function("() => document.querySelectorAll('#board .c').length === 12")
    analysed(page)
    assert shown(page) == [".111", "111.", "0011"]
    assert f"board.{kind}" in page.inner_text("#status-live")
    hover_cell(page, 0, 0)
    page.keyboard.press("f")
    hover_cell(page, 3, 1)
    page.keyboard.press("f")
    with page.expect_download() as got:
        board_command(page, f"save-{kind}")
    assert got.value.suggested_filename == f"position.{kind}"
    assert Path(got.value.path()).read_bytes() == format_mbf(layout)


def test_the_total_locked_to_the_flags_follows_them(page: Any, server: Server) -> None:
    """With = flags the total is the count of flags after every edit, and the
    analysis counts the layouts of that total."""
    open_board(page, server, "4x1x3\n1...\n")
    page.check("#mines-flags")
    analysed(page)
    assert page.input_value("#mines") == "0" and page.is_disabled("#mines")
    assert page.get_attribute("#count", "data-solutions") == "0"  # the 1 needs a mine
    page.focus("#board")  # keys typed in the checkbox are not the board's
    hover_cell(page, 1, 0)
    page.keyboard.press("f")
    analysed(page)
    assert page.input_value("#mines") == "1"
    assert page.get_attribute("#count", "data-solutions") == "1"
    page.check("#mines-unknown")
    analysed(page)
    assert not page.is_checked("#mines-flags")
    assert "total unknown" in page.inner_text("#status-info")

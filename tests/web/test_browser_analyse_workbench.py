"""The puzzle workbench on the analysis board (/analyse), in real headless
Chromium: the grade shown live as the position is edited, a new puzzle with
a symmetry from the Puzzle menu, and a graded book saved as PDF. Layouts are
counted by brute force (``test_browser_analyse.layouts``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from minebender.services.puzzle import grade, make_puzzle
from minebender.services.puzzle.code import parse_code

from .canvas_board import click_cell
from .server import Server
from .test_browser import page, server
from .test_browser_analyse import layouts, open_board, shown

__all__ = ["page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


def graded(page: Any, state: str) -> str:
    """The panel's Puzzle line once the grade of the position is ``state``."""
    page.wait_for_selector(f"#puzzle-grade[data-state={state}]")
    return page.inner_text("#puzzle-grade")


def until(page: Any, done: Callable[[], bool]) -> None:
    """Wait, letting the page's events in, until done() holds (5 s at most)."""
    for _ in range(250):
        if done():
            return
        page.wait_for_timeout(20)
    assert done()


def test_the_grade_follows_each_edit(page: Any, server: Server) -> None:
    made = make_puzzle(5, 4, 4, 6, 0, "medium")
    p = made.puzzle
    open_board(page, server, p.board_text())
    text = graded(page, "graded")
    assert text.startswith(f"{grade(p).difficulty} ({grade(p).reasoning})")
    assert f"{len(p.shown)} numbers shown" in text
    code = page.get_attribute("#puzzle-grade", "data-code")
    assert code is not None and parse_code(code) == p
    href = page.get_attribute("#grade-play", "href") or ""
    assert href.startswith("/puzzle?code=")
    # hide one number: the puzzle is minimal, so more than one layout fits
    i = min(p.shown)
    x, y = i % 5, i // 5
    click_cell(page, x, y)
    assert graded(page, "none") == "not unique: more than one layout fits"
    assert len(layouts(shown(page), 4)) > 1
    # show it again with its number: graded anew
    page.click(f'.tool[data-tool="{p.number(i)}"]')
    click_cell(page, x, y)
    assert graded(page, "graded").startswith(grade(p).difficulty)
    assert len(layouts(shown(page), 4)) == 1
    # the total unknown: no puzzle
    page.click("#mines-unknown")
    assert graded(page, "none") == "none: a puzzle needs the total of mines"


@pytest.mark.parametrize("symmetry", ["left-right", "rotation"])
def test_a_new_puzzle_from_the_menu_keeps_its_symmetry(
    page: Any, server: Server, symmetry: str
) -> None:
    open_board(page, server, "3x1x1\n.1.\n")  # no puzzle: two layouts fit
    assert graded(page, "none") == "not unique: more than one layout fits"
    page.click("#menu-puzzle > button")
    page.click('[data-cmd="new-puzzle"]')
    for name, value in (("width", "6"), ("height", "4"), ("mines", "5"), ("seed", "2")):
        page.fill(f"#new-puzzle-dialog [name={name}]", value)
    page.select_option("#new-puzzle-dialog [name=symmetry]", symmetry)
    page.click("#new-puzzle-dialog button:has-text('Make')")
    said = "document.getElementById('status-live').textContent"
    page.wait_for_function(f"() => /Made a/.test({said})")
    graded(page, "graded")
    rows = shown(page)
    assert (len(rows[0]), len(rows)) == (6, 4)
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            ix, iy = (5 - x, y) if symmetry == "left-right" else (5 - x, 3 - y)
            assert c.isdigit() == rows[iy][ix].isdigit(), (x, y)
    assert len(layouts(rows, 5)) == 1
    expected = make_puzzle(6, 4, 5, 2, 0, None, symmetry).puzzle
    assert "\n".join(rows) + "\n" == expected.board_text().split("\n", 1)[1]
    assert "seed 2, its numbers shown" in (page.text_content("#status-live") or "")


def test_a_new_easy_puzzle_is_an_easy_one(page: Any, server: Server) -> None:
    """The status names the grade with its article: "Made an easy puzzle"
    (it said "Made a easy puzzle")."""
    open_board(page, server, "3x1x1\n.1.\n")
    page.click("#menu-puzzle > button")
    page.click('[data-cmd="new-puzzle"]')
    for name, value in (("width", "6"), ("height", "4"), ("mines", "3"), ("seed", "2")):
        page.fill(f"#new-puzzle-dialog [name={name}]", value)
    page.select_option("#new-puzzle-dialog [name=difficulty]", "easy")
    page.click("#new-puzzle-dialog button:has-text('Make')")
    said = "document.getElementById('status-live').textContent"
    page.wait_for_function(f"() => /seed 2/.test({said})")
    assert (page.text_content("#status-live") or "").startswith("Made an easy puzzle of seed 2")


def test_a_unique_board_too_big_to_grade_says_it_is_unique(page: Any, server: Server) -> None:
    """A 40x40 board with one layout is past the puzzle routes' 720 cells:
    the Puzzle line says it is unique before why it has no grade (it gave
    the server's "board: at most 720 cells here" alone)."""
    open_board(page, server, "40x40x0\n" + "0" * 39 + ".\n" + ("0" * 40 + "\n") * 39)
    said = graded(page, "error")
    assert said.startswith("unique, but not graded: ")
    assert "at most 720 cells" in said and "1600" in said


def test_a_graded_book_is_saved_as_pdf(page: Any, server: Server, tmp_path: Path) -> None:
    open_board(page, server, "5x5x5\n" + ".....\n" * 5)
    page.click("#menu-puzzle > button")
    page.click('[data-cmd="book"]')
    for name, value in (("count", "3"), ("width", "5"), ("height", "5"), ("seed", "4")):
        page.fill(f"#book-dialog [name={name}]", value)
    with page.expect_download() as got:
        page.click("#book-dialog button:has-text('Make PDF')")
    download = got.value
    assert download.suggested_filename == "puzzle-book-4.pdf"
    saved = tmp_path / "book.pdf"
    download.save_as(saved)
    assert saved.read_bytes().startswith(b"%PDF")
    said = "document.getElementById('status-live').textContent"
    page.wait_for_function(f"() => /Saved the book as puzzle-book-4.pdf/.test({said})")


def test_an_edit_aborts_the_grade_of_the_position_before(page: Any, server: Server) -> None:
    """The grade is a request of its own: held back here, it does not keep the
    count from being drawn, and the next edit aborts it."""
    p = make_puzzle(5, 4, 4, 6, 0, "medium").puzzle
    held: list[Any] = []
    failed: list[str] = []
    page.route("**/api/puzzle/grade", lambda route: held.append(route))
    page.on("requestfailed", lambda r: failed.append(r.url) if "/grade" in r.url else None)
    open_board(page, server, p.board_text())  # the whole analysis drawn, the grade held
    assert page.get_attribute("#count", "data-solutions") == "1"
    assert graded(page, "grading") == "unique; grading\u2026"
    until(page, lambda: len(held) == 1)
    i = min(p.shown)
    click_cell(page, i % 5, i // 5)
    assert graded(page, "none") == "not unique: more than one layout fits"
    until(page, lambda: failed == [held[0].request.url])

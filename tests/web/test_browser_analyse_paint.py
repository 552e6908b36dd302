"""The analysis board's drawing in real headless Chromium: an edit writes only
the cells whose look changed, the page measures key to paint for
``minebender bench paint``, the percentages are legible at 16 px cells, and a
safe cell is never hatched as dead."""

from __future__ import annotations

from typing import Any

import pytest

from minebender.formats.boardtext import format_board
from minebender.services.bench.paint import edit_cell
from minebender.services.bench.positions import real_play

from .server import Server
from .test_browser import page, server
from .test_browser_analyse import analysed, cell, open_board

__all__ = ["page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

LOOK = "cs => cs.map(c => c.className + '|' + c.textContent + '|' + c.style.cssText)"

WATCH = """() => {
  window.written = new Set();
  new MutationObserver((records) => {
    for (const r of records) {
      const c = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      if (c && c.classList.contains('c')) window.written.add(c.id);
    }
  }).observe(document.getElementById('board'), {
    subtree: true, attributes: true, attributeFilter: ['class', 'style'],
    childList: true, characterData: true,
  });
}"""


def test_an_edit_writes_only_the_cells_whose_look_changed(page: Any, server: Server) -> None:
    """Law: after an edit, every cell written (class, style or text) looks
    different from before, or is the edited cell: none is cleared and drawn
    again the same, and the page measured the edit, cell before probabilities
    before the whole answer."""
    position = real_play("expert", 8, 3)[-1].knowledge
    edited = edit_cell(position)
    assert edited is not None
    x, y, n = edited
    open_board(page, server, format_board(position))
    before = page.eval_on_selector_all("#board .c", LOOK)
    page.evaluate(WATCH)
    page.hover(cell(x, y))
    page.keyboard.press(".")
    page.wait_for_function("() => performance.getEntriesByName('edit-answer').length === 1")
    analysed(page)
    after = page.eval_on_selector_all("#board .c", LOOK)
    ids = page.eval_on_selector_all("#board .c", "cs => cs.map(c => c.id)")
    changed = {i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b}
    written = set(page.evaluate("() => [...window.written]"))
    assert f"cell-{x}-{y}" in written
    assert written <= {ids[i] for i in changed} | {f"cell-{x}-{y}"}
    assert len(written) < len(ids) // 4  # an edit of one number is not the whole board
    times = {
        name: page.evaluate(f"() => performance.getEntriesByName('{name}')[0].duration")
        for name in ("edit-cell", "edit-arrived", "edit-probabilities", "edit-answer")
    }
    assert 0 < times["edit-cell"] <= times["edit-probabilities"] <= times["edit-answer"]
    assert times["edit-arrived"] <= times["edit-probabilities"]
    # the number put back: the board looks as it did
    page.keyboard.press(str(n))
    page.wait_for_function("() => performance.getEntriesByName('edit-answer').length === 2")
    analysed(page)
    assert page.eval_on_selector_all("#board .c", LOOK) == before


def test_percentages_are_legible_at_16_px_cells(page: Any, server: Server) -> None:
    """Law: at the smallest cell size every percentage is at least 9 px and
    fits its cell; its title (written on hover) gives the exact fraction."""
    page.set_viewport_size({"width": 393, "height": 800})
    open_board(page, server, "30x16x99\n" + "\n".join(["1" + "." * 29] + ["." * 30] * 15) + "\n")
    size = page.eval_on_selector("#board .c", "c => c.getBoundingClientRect().width")
    assert size == 16
    got = page.eval_on_selector_all(
        "#board .c.heat",
        "cs => cs.map(c => [parseFloat(getComputedStyle(c).fontSize),"
        " c.scrollWidth <= c.clientWidth, c.textContent])",
    )
    assert got and all(px >= 9 and fits and text for px, fits, text in got)
    page.hover(cell(5, 5))
    title = page.get_attribute(cell(5, 5), "title")
    fraction = page.get_attribute(cell(5, 5), "data-fraction")
    assert title and f"mine probability {fraction} " in title


def test_a_safe_cell_is_not_hatched_as_dead(page: Any, server: Server) -> None:
    """Law: with one layout left, the safe cells show their check, not the
    dead hatching (the label still says dead)."""
    open_board(page, server, "4x1x1\n1...\n")
    assert page.inner_text("#unique") == "unique"
    safe = page.eval_on_selector_all("#board .c.safe", "cs => cs.map(c => c.className)")
    assert safe and not any("dead" in c.split() for c in safe)
    label = page.get_attribute(cell(3, 0), "aria-label")
    assert "safe" in label and "dead" in label


def test_a_wrong_flag_shows(page: Any, server: Server) -> None:
    """A flag on a cell the analysis proves safe stays in sight, crossed out
    (the safe sign was drawn over it and the flag vanished); a flag on a
    certain mine shows the flag alone."""
    open_board(page, server, "4x1x1\nF01.\n")  # the 0 proves (0, 0) safe
    assert {"flagged", "safe"} <= set(str(page.get_attribute(cell(0, 0), "class")).split())
    wrong = page.eval_on_selector(cell(0, 0), "c => getComputedStyle(c, '::after').backgroundImage")
    assert wrong.count("url(") == 2 and "stroke='red'" in wrong and "fill='red'" in wrong
    open_board(page, server, "4x1x1\n.01F\n")
    assert {"flagged", "sure"} <= set(str(page.get_attribute(cell(3, 0), "class")).split())
    right = page.eval_on_selector(cell(3, 0), "c => getComputedStyle(c, '::after').backgroundImage")
    assert right.count("url(") == 1 and "fill='red'" in right


def test_the_legend_shows_a_wrong_flag(page: Any, server: Server) -> None:
    """What the Board Shows names the crossed-out flag, drawn as the board
    draws it."""
    open_board(page, server, "4x1x1\nF01.\n")
    page.click("#menu-help > button")
    page.click('[data-cmd="marks"]')
    assert "a wrong flag: the cell is safe in every layout" in page.inner_text(".legend")
    drawn = page.eval_on_selector(
        ".legend .flagged.safe.sample", "c => getComputedStyle(c, '::after').backgroundImage"
    )
    on_board = page.eval_on_selector(
        cell(0, 0), "c => getComputedStyle(c, '::after').backgroundImage"
    )
    assert drawn == on_board and drawn.count("url(") == 2

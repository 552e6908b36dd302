"""The analysis board's drawing on its canvas in real headless Chromium: an
edit draws only the cells whose look changed, the page measures key to paint
for ``minebender bench paint``, the percentages are legible at 16 px cells, a
safe cell is never hatched as dead, and the legend draws as the board does."""

from __future__ import annotations

from typing import Any

import pytest

from minebender.formats.boardtext import format_board
from minebender.services.bench.paint import edit_cell
from minebender.services.bench.positions import real_play

from .canvas_board import cell_box, drawn_by_cell, drawn_in, hover_cell, record_drawing
from .server import Server
from .test_browser import page, server
from .test_browser_analyse import analysed, cell, open_board

__all__ = ["page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

LOOKS = """() => {
  const board = document.getElementById("board");
  const canvas = board.querySelector("canvas");
  const [w, h] = ["--w", "--h"].map((v) => Number(board.style.getPropertyValue(v)));
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  const [sx, sy] = [canvas.width / w, canvas.height / h];
  const out = {};
  for (const c of board.querySelectorAll(".c")) {
    const [x, y] = [Number(c.dataset.x), Number(c.dataset.y)];
    let hash = 2166136261; // FNV-1a over the cell's pixels
    for (let py = Math.round(y * sy); py < Math.round((y + 1) * sy); py++)
      for (let px = Math.round(x * sx); px < Math.round((x + 1) * sx); px++)
        for (let k = 0; k < 4; k++)
          hash = Math.imul(hash ^ data[4 * (py * canvas.width + px) + k], 16777619);
    out[c.id] = [c.className, c.getAttribute("aria-label"), hash >>> 0];
  }
  return out;
}"""
"""Each cell's class, spoken label and pixels, by its element's id."""

WATCH = """() => {
  const board = document.getElementById("board");
  const ctx = board.querySelector("canvas").getContext("2d");
  const w = Number(board.style.getPropertyValue("--w"));
  window.written = new Set();
  const rect = ctx.rect;
  ctx.rect = function (x, y, ...rest) {  // each cell is drawn inside its rect
    const s = this.canvas.width / w;
    window.written.add(`cell-${Math.round(x / s)}-${Math.round(y / s)}`);
    return rect.call(this, x, y, ...rest);
  };
}"""


def test_an_edit_writes_only_the_cells_whose_look_changed(page: Any, server: Server) -> None:
    """Law: after an edit, every cell drawn again looks different from before
    (its pixels, its class or its label), or is the edited cell: none is
    drawn again the same, and the page measured the edit, cell before
    probabilities before the whole answer."""
    position = real_play("expert", 8, 3)[-1].knowledge
    edited = edit_cell(position)
    assert edited is not None
    x, y, n = edited
    open_board(page, server, format_board(position))
    before = page.evaluate(LOOKS)
    page.evaluate(WATCH)
    hover_cell(page, x, y)
    page.keyboard.press(".")
    page.wait_for_function("() => performance.getEntriesByName('edit-answer').length === 1")
    analysed(page)
    after = page.evaluate(LOOKS)
    changed = {i for i in before if before[i] != after[i]}
    written = set(page.evaluate("() => [...window.written]"))
    assert f"cell-{x}-{y}" in written
    assert written <= changed | {f"cell-{x}-{y}"}
    assert len(written) < len(before) // 4  # an edit of one number is not the whole board
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
    assert page.evaluate(LOOKS) == before


def test_percentages_are_legible_at_16_px_cells(page: Any, server: Server) -> None:
    """Law: at the smallest cell size every percentage is drawn at least 9 px
    high and fits its cell inside its 1 px border; its title (written on
    hover) gives the exact fraction."""
    record_drawing(page)
    page.set_viewport_size({"width": 393, "height": 800})
    open_board(page, server, "30x16x99\n" + "\n".join(["1" + "." * 29] + ["." * 30] * 15) + "\n")
    assert cell_box(page, 0, 0)["width"] == 16
    scale = page.evaluate("() => devicePixelRatio")
    heat = page.eval_on_selector_all(
        "#board .c.heat:not(.safe):not(.sure)",
        "cs => cs.map(c => [+c.dataset.x, +c.dataset.y, c.dataset.p])",
    )
    assert len(heat) > 400
    drawn = drawn_by_cell(page, "texts")
    for x, y, p in heat:
        texts = drawn.get((x, y))
        assert texts, (x, y)
        last = texts[-1]
        px = float(last["font"].split("px")[0].split()[-1]) / scale
        assert last["text"] == p and px >= 9, (x, y, last)
        assert last["width"] <= (16 - 2) * scale, (x, y, last)
    hover_cell(page, 5, 5)
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
    record_drawing(page)
    open_board(page, server, "4x1x1\nF01.\n")  # the 0 proves (0, 0) safe
    assert {"flagged", "safe"} <= set(str(page.get_attribute(cell(0, 0), "class")).split())
    wrong = [d["sign"] for d in drawn_in(page, "signs", 0, 0)]
    assert wrong[-2:] == ["flag", "cross"]  # the cross over the flag, on the safe colour
    open_board(page, server, "4x1x1\n.01F\n")
    assert {"flagged", "sure"} <= set(str(page.get_attribute(cell(3, 0), "class")).split())
    right = [d["sign"] for d in drawn_in(page, "signs", 3, 0)]
    assert right and set(right) == {"flag"}


def test_the_legend_shows_a_wrong_flag(page: Any, server: Server) -> None:
    """What the Board Shows names the crossed-out flag, drawn as the board
    draws it: the same pixels."""
    open_board(page, server, "4x1x1\nF01.\n")
    page.click("#menu-help > button")
    page.click('[data-cmd="marks"]')
    assert "a wrong flag: the cell is safe in every layout" in page.inner_text(".legend")
    # inside the 3 px the frame takes (this wrong flag is also the best move)
    inside = "c => Array.from(c.getContext('2d').getImageData(3, 3, 18, 18).data)"
    sample = page.eval_on_selector('.legend canvas[data-look="flagged heat safe"]', inside)
    on_board = page.eval_on_selector("#board canvas", inside)
    assert page.eval_on_selector("#board canvas", "c => c.width") == 4 * 24
    assert sample == on_board
    assert len(set(sample)) > 10  # a drawing, not a blank

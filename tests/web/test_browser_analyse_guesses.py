"""The analysis board's guesses in real headless Chromium: the cells of a
50/50 and of a pseudo-50/50 marked (each its own mark, named in the cell's
title and in words under the board), and the table of the best guesses with
the exact figures the solver gives; the marks follow an edit."""

from __future__ import annotations

import json
from typing import Any

import pytest

from minebender.formats.boardtext import parse_board
from minebender.rules.solver import analyse
from minebender.services.analysis_board import best_move
from minebender.services.guess_figures import candidates
from minebender.values.types import Pos
from reference.endgames import ENDGAME

from .canvas_board import device_box, hover_cell
from .server import Server
from .test_browser import page, server
from .test_browser_analyse import analysed, cell, open_board

__all__ = ["page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]

BOARD = "4x2x2\n1...\n1...\n"
"""One mine beside the 1s, a 50/50 no click can split; one more in the four
cells beyond, two pseudo-50/50 columns (one mine or none each)."""


PIXEL = "(c, [x, y]) => Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data)"
"""A canvas's pixel at (x, y), in device pixels: red, green, blue, alpha."""
PURPLE = [154, 31, 184, 255]
"""The pair's purple (light scheme), at a mark's corners."""


def _classes(page: Any, x: int, y: int) -> list[str]:
    return str(page.get_attribute(cell(x, y), "class")).split()


def test_fifties_are_marked_and_the_guesses_tabled(page: Any, server: Server) -> None:
    open_board(page, server, BOARD)
    for x, y in [(1, 0), (1, 1)]:
        assert "fifty" in _classes(page, x, y) and "pseudo" not in _classes(page, x, y)
        hover_cell(page, x, y)  # the title is written on hover
        assert "half of a 50/50" in str(page.get_attribute(cell(x, y), "title"))
    for x, y in [(2, 0), (2, 1), (3, 0), (3, 1)]:
        assert "pseudo" in _classes(page, x, y) and "fifty" not in _classes(page, x, y)
    note = page.inner_text("#fifties-note").strip()
    assert "50/50: (1, 0)\u2013(1, 1)" in note
    assert "pseudo-50/50: (2, 0)\u2013(2, 1), (3, 0)\u2013(3, 1)" in note
    # the table: the solver's exact figures, the best move first
    k = parse_board(BOARD).knowledge
    analysis = analyse(k)
    best = best_move(k, analysis).cell
    want = [
        [f"{c.cell.x},{c.cell.y}", str(c.safe), str(c.progress), str(c.second)]
        for c in candidates(k, analysis, best) or []
    ]
    got = page.eval_on_selector_all(
        "#guesses tr[data-cell]",
        "rows => rows.map(r => [r.dataset.cell,"
        " ...[...r.querySelectorAll('td.num')].slice(0, 3).map(td => td.title)])",
    )
    # five rows: of the four cells away from every number, three at most
    assert got == want and len(got) == 5
    assert best == Pos(2, 0) and got[0][0] == "2,0"  # the safer pair's cell, taken early
    assert page.get_attribute("#guesses tr[data-cell]", "class") == "best-row"
    # a 2 shown at (2, 0): the 50/50 stays (nothing can split it), (2, 1)
    # is no longer one of a pair, and the column beyond still is
    hover_cell(page, 2, 0)
    page.keyboard.press("2")
    analysed(page)
    assert "fifty" in _classes(page, 1, 1) and "pseudo" in _classes(page, 3, 1)
    assert "pseudo" not in _classes(page, 2, 1)
    assert "pseudo-50/50: (3, 0)\u2013(3, 1)." in page.inner_text("#fifties-note")


def test_the_legend_shows_both_marks(page: Any, server: Server) -> None:
    open_board(page, server, BOARD)
    page.click("#menu-help > button")
    page.click('[data-cmd="marks"]')
    legend = page.inner_text(".legend")
    assert "a 50/50: one mine in a pair" in legend and "a pseudo-50/50" in legend
    # each sample drawn with its corners in the pair's purple: a 50/50 at top
    # left and bottom right, a pseudo-50/50 at top left only
    for look, bottom_right in (("fifty", True), ("pseudo", False)):
        sample = f'.legend canvas[data-look="covered heat {look}"]'
        assert page.locator(sample).count() == 1
        assert page.eval_on_selector(sample, PIXEL, [3, 3]) == PURPLE
        assert (page.eval_on_selector(sample, PIXEL, [20, 20]) == PURPLE) == bottom_right


def test_a_pseudo_pair_is_a_coin_flip_only_with_a_mine(page: Any, server: Server) -> None:
    """A pseudo-50/50 may hold no mine, so the note does not promise a coin
    flip there (it said "a coin flip waits there" of every pair); a true
    50/50 alone keeps the plain words."""
    open_board(page, server, "3x2x1\n.1.\n...\n")  # two pseudo pairs, no 50/50
    note = page.inner_text("#fifties-note").strip()
    assert note.startswith("pseudo-50/50: (0, 0)\u2013(0, 1), (2, 0)\u2013(2, 1).")
    assert "whenever the pair holds a mine, a coin flip waits there" in note
    open_board(page, server, "3x2x1\n1..\n1..\n")  # one 50/50
    note = page.inner_text("#fifties-note").strip()
    assert note.startswith("50/50: (1, 0)\u2013(1, 1).")
    assert "apart: a coin flip waits there" in note


def test_a_set_no_click_can_split_is_marked_and_named(page: Any, server: Server) -> None:
    """The 2x2 box of tests/test_guess_sets.py: its four cells carry the set's
    mark (not a pair's), their titles say what it is, and the note under the
    best move names the set and says a guess waits there."""
    open_board(page, server, "4x4x3\n..10\n..21\n12.1\n0111\n")
    for x, y in [(0, 0), (1, 0), (0, 1), (1, 1)]:
        classes = _classes(page, x, y)
        assert "guessset" in classes and "fifty" not in classes and "pseudoset" not in classes
    hover_cell(page, 1, 1)  # the title is written on hover
    assert "one of a set no click can split" in str(page.get_attribute(cell(1, 1), "title"))
    # drawn on the board with the pair's purple at all four corners
    left, top, right, bottom = (int(v) for v in device_box(page, 1, 1))
    for x, y in [(left + 3, top + 3), (right - 4, top + 3), (left + 3, bottom - 4)]:
        assert page.eval_on_selector("#board canvas", PIXEL, [x, y]) == PURPLE
    assert page.eval_on_selector("#board canvas", PIXEL, [right - 4, bottom - 4]) == PURPLE
    note = page.inner_text("#fifties-note").strip()
    assert note.startswith("set no click can split: (0, 0)\u2013(1, 0)\u2013(0, 1)\u2013(1, 1).")
    assert "tell the cells of a set apart: a guess waits there" in note
    page.click("#menu-help > button")
    page.click('[data-cmd="marks"]')
    assert "a set of 3 or 4 cells no click can split" in page.inner_text(".legend")
    # the legend's samples: a set at every corner, a pseudo set at the top two
    for look, bottom_too in (("guessset", True), ("pseudoset", False)):
        sample = f'.legend canvas[data-look="covered heat {look}"]'
        assert page.locator(sample).count() == 1
        for x, y in [(3, 3), (20, 3)]:
            assert page.eval_on_selector(sample, PIXEL, [x, y]) == PURPLE
        for x, y in [(3, 20), (20, 20)]:
            assert (page.eval_on_selector(sample, PIXEL, [x, y]) == PURPLE) == bottom_too


def test_an_endgame_s_exact_move_leads_the_table_and_the_win_chances(
    page: Any, server: Server
) -> None:
    """In an endgame where the bot's guess wins less than best play, the
    exact search's move replaces it: the blue frame, the reason with its
    chance to win, the first row of the guesses' table, and the top of the
    win chances."""
    open_board(page, server, ENDGAME)
    assert page.get_attribute("#best-cell", "data-cell") == "28,15"
    reason = page.inner_text("#best-reason")
    assert "(28, 15) gives the best exact chance to win" in reason and "307/408 (75.2%)" in reason
    assert page.get_attribute("#guesses tr[data-cell]", "data-cell") == "28,15"
    assert page.get_attribute("#guesses tr[data-cell]", "class") == "best-row"
    top = page.locator("#win-chances tr[data-cell]").first
    assert (
        top.get_attribute("data-cell") == "28,15"
        and top.locator(".frac").text_content() == "307/408"
    )
    assert "best" in _classes(page, 28, 15) and "best" not in _classes(page, 23, 15)


def test_win_chances_cut_short_show_the_guesses_searched(page: Any, server: Server) -> None:
    """An analysis that ran out of time during the win chances shows those it
    found (``win_partial``), says how many of the guesses they are, and says
    it was every guess's chance that did not come. The server's answer is
    cut as a time limit would cut it."""

    every: list[Any] = []

    def cut(route: Any) -> None:
        lines = [json.loads(line) for line in route.fetch().text().splitlines() if line]
        whole = lines[-1]
        found = whole["win_chances"]
        every.extend(found)
        whole.update(win_chances=None, win_partial=found[:5], complete=False, stopped="time")
        stages = [line for line in lines[:-1] if "win_chances" not in line]
        body = "".join(json.dumps(line) + "\n" for line in [*stages, whole])
        route.fulfill(status=200, headers={"content-type": "application/x-ndjson"}, body=body)

    page.route("**/api/analyse", cut)
    open_board(page, server, ENDGAME)
    caption = page.inner_text("#win-chances .caption")
    assert len(every) == 29 and caption.endswith("(5 of 29 guesses searched)")
    assert page.locator("#win-chances tr[data-cell]").count() == 5
    assert page.get_attribute("#best-cell", "data-cell") == "28,15"
    stopped = page.inner_text("#stopped")
    assert stopped.startswith("The analysis ran out of time before every guess's chance to win")

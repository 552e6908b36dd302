"""The review in the page: Replays... opens a Viennasweeper .rmv, the review
stands beside the viewer, stepping moves both, the timeline marks the
guesses, and a move opens its position on the analysis board."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from minebender.services.review import read_record
from minebender.services.review.frames import frames_of

from .server import Server
from .test_browser import lose, page, server, server_view, start
from .test_browser_analyse import analysed, shown

__all__ = ["page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]

RMV = Path(__file__).parents[1] / "data" / "replays" / "test_rmv2_24px.rmv"
SHOTS = Path("/tmp") / "minebender-review-shots"


def open_review(page: Any, server: Server, path: Path) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#board .c")
    page.click("#menu-game > button")
    page.click('[data-cmd="replays"]')
    page.set_input_files("#replays-dialog [data-review]", str(path))
    page.wait_for_selector("#review-dialog [data-moves] li")


def test_an_rmv_is_reviewed_beside_its_viewer(page: Any, server: Server) -> None:
    expected = json.loads(
        subprocess.run(
            [sys.executable, "-m", "minebender", "review", "--json", str(RMV)],
            capture_output=True, text=True, check=True,
        ).stdout
    )  # fmt: skip
    open_review(page, server, RMV)
    dialog = page.locator("#review-dialog")
    items = dialog.locator("[data-moves] li")
    assert items.count() == len(expected["moves"])
    # Each row says the move, its risk and its verdict, as the command does:
    # the risk in percent, the exact fraction on hover.
    for k, m in enumerate(expected["moves"]):
        text = items.nth(k).inner_text()
        assert m["verdict"] in text and m["type"] in text
        if m["risk"] not in (None, "0"):
            p, q = map(int, m["risk"].split("/"))
            assert f"risk {100 * p / q:.1f}%" in text
            hover = items.nth(k).locator(".chance").first.get_attribute("title")
            assert hover == m["risk"]
    summary = dialog.locator("[data-summary]").inner_text()
    assert "1 guess, 1 needless" in summary and "50.0%" in summary
    # The lesson names the needless guess and the numbers that proved a cell safe.
    proof = expected["coaching"]["proofs"][0]
    lesson = dialog.locator("[data-lessons] li").first.inner_text()
    cell = f"({proof['cell'][0]}, {proof['cell'][1]}) was safe"
    assert f"Move {proof['move'] + 1}: a needless guess" in lesson and cell in lesson
    assert all(f"({x}, {y})" in lesson for x, y in proof["numbers"])
    # Every figure has a value inside its own box.
    boxes = page.evaluate(
        "() => [...document.querySelectorAll('#review-dialog [data-figures] > div')]"
        ".map(d => [d.scrollWidth <= d.clientWidth + 1, d.querySelector('dd').textContent])"
    )
    assert boxes and all(fits and value.strip() for fits, value in boxes), boxes
    # The timeline marks the guess, and only it.
    marked = dialog.locator(".timeline .tick.needless")
    assert marked.count() == 1
    # Stepping moves the board and the list together.
    info = dialog.locator("[data-info]")
    assert info.inner_text().startswith("move 0 of 7")
    dialog.locator("[data-last]").click()
    assert info.inner_text().startswith("move 7 of 7")
    dialog.locator("[data-first]").click()
    for k in range(1, 7):
        dialog.locator("[data-next]").click()
        assert info.inner_text().startswith(f"move {k} of 7")
        assert "current" in (items.nth(k - 1).get_attribute("class") or "")
    opened_cells = page.evaluate(
        "() => [...document.querySelectorAll('#review-dialog [data-board] .c')]"
        ".filter(c => c.dataset.tile !== 'covered').length"
    )
    assert opened_cells > 0
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "review.png"))
    # A guess on the timeline goes to the position before it, where the proof
    # is drawn over the board (its numbers framed in blue); that position
    # opens on the analysis board.
    marked.click()
    guess = next(k for k, m in enumerate(expected["moves"]) if m["verdict"] == "needless guess")
    assert info.inner_text().startswith(f"move {guess} of 7")
    x, y = proof["numbers"][0]
    framed = page.evaluate(
        """([x, y]) => {
          const c = document.querySelector('#review-dialog [data-marks]');
          const b = document.querySelector('#review-dialog [data-board]');
          const cw = b.clientWidth / 8, ch = b.clientHeight / 8;
          return [...c.getContext('2d').getImageData(x * cw + 1, y * ch + ch / 2, 1, 1).data];
        }""",
        [x, y],
    )
    assert framed[:3] == [0x1B, 0x5F, 0xD6] and framed[3] == 255, framed
    with page.context.expect_page() as opened:
        dialog.locator("[data-analyse-here]").click()
    analysis = opened.value
    analysis.wait_for_url("**/analyse**")
    analysis.wait_for_selector("#board .c", state="attached")  # in its canvas
    analysed(analysis)
    before = frames_of(read_record(RMV))["positions"][guess]
    assert shown(analysis) == before.splitlines()[1:]  # what the player saw before the guess
    g = expected["moves"][guess]
    assert before.splitlines()[1 + g["y"]][g["x"]] == "."
    analysis.close()


def test_a_game_played_on_the_page_is_reviewed_from_the_list(page: Any, server: Server) -> None:
    boom = lose(page, server, "review-list")
    page.click("#menu-game > button")
    page.click('[data-cmd="replays"]')
    page.wait_for_selector("#replays-dialog [data-watch]")
    page.locator("#replays-dialog .row", has_text="code b:review-list").locator(
        "[data-watch]"
    ).click()
    page.wait_for_selector("#review-dialog [data-moves] li")
    dialog = page.locator("#review-dialog")
    items = dialog.locator("[data-moves] li")
    assert items.count() == 2
    assert items.nth(0).inner_text().startswith("1. reveal (4, 4)")
    last = items.nth(1).inner_text()
    assert last.startswith(f"2. reveal ({boom.x}, {boom.y}) \u00b7 risk ")
    assert "lost at move 2" in dialog.locator("[data-summary]").inner_text()


def test_the_clock_stands_still_behind_replays_and_the_viewer(page: Any, server: Server) -> None:
    """Replays and the viewer take the player away from the game in play: the
    server's clock stops while either is open, and goes on once both close."""
    start(page, server, "review-away")
    game = page.evaluate("() => JSON.parse(localStorage.getItem('minebender.current'))")

    def paused_within(seconds: float, want: bool) -> dict[str, Any]:
        deadline = time.monotonic() + seconds
        view = server_view(server, game)
        while view["paused"] is not want and time.monotonic() < deadline:
            time.sleep(0.05)
            view = server_view(server, game)
        return view

    assert not server_view(server, game)["paused"]
    page.click("#menu-game > button")
    page.click('[data-cmd="replays"]')
    stopped = paused_within(5, True)
    assert stopped["paused"], stopped
    page.set_input_files("#replays-dialog [data-review]", str(RMV))
    page.wait_for_selector("#review-dialog [data-moves] li")
    time.sleep(1.2)  # the viewer open: the clock still stands (one heartbeat and more)
    held = paused_within(5, True)
    assert held["paused"] and held["elapsed_ms"] - stopped["elapsed_ms"] < 1000, held
    page.click("#review-dialog .buttons button")
    assert not paused_within(5, False)["paused"]


def test_the_keys_step_the_viewer_even_on_its_slider(page: Any, server: Server) -> None:
    """Law: as in the terminal's viewer, the right and left arrows step one
    move and Home/End jump to the last and first, wherever the focus is in
    the viewer; on the time slider they moved it a millisecond."""
    open_review(page, server, RMV)
    info = page.locator("#review-dialog [data-info]")
    moves = len(page.locator("#review-dialog [data-moves] li").all())

    def at() -> int:
        return int(info.inner_text().split()[1])

    assert at() == 0
    page.focus("#review-dialog [data-slider]")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert at() == 2
    page.keyboard.press("ArrowLeft")
    assert at() == 1
    page.keyboard.press("End")
    assert at() == moves
    page.focus("#review-dialog [data-first]")
    page.keyboard.press("Home")
    assert at() == 0
    page.keyboard.press("Escape")
    assert page.locator("#review-dialog").count() == 0


def test_a_figure_breaks_at_its_operators_never_inside_a_number(page: Any, server: Server) -> None:
    """Law: in a box too narrow for it a figure (the clicks: left+right+
    double=all) may wrap after + or =, but each number stays on one line
    ("46+46+1 / 63=255" was cut inside 163). At the panel's width every
    figure fits its box (test_an_rmv_is_reviewed_beside_its_viewer)."""
    open_review(page, server, RMV)
    page.add_style_tag(content=".review-figures > div { flex: 0 0 24px !important; }")
    got = page.evaluate(
        """() => [...document.querySelectorAll('#review-dialog [data-figures] dd')].map(dd => {
          const cut = [];
          for (const node of dd.childNodes) {
            if (node.nodeType !== Node.TEXT_NODE) continue;
            for (const m of node.textContent.matchAll(/[0-9.]+/g)) {
              const r = document.createRange();
              r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
              const tops = new Set([...r.getClientRects()].map(q => Math.round(q.top)));
              if (tops.size > 1) cut.push(m[0]);
            }
          }
          return [dd.textContent, cut];
        })"""
    )
    clicks = [g for g in got if "=" in g[0]]
    assert clicks, got
    assert any(len(n) > 2 for text, _ in got for n in text.replace("+", " ").split())
    for text, cut in got:
        assert not cut, (text, cut)


LOST_AVF = (
    Path(__file__).parents[2].parent
    / "shared"
    / "replays"
    / "arbiter_expert_lost_wasted_clicks.avf"
)
"""An Expert game lost on a certain mine: its last move names the safe cell."""


@pytest.mark.skipif(not LOST_AVF.exists(), reason="needs ../shared/replays")
def test_a_guess_names_the_safer_cell_without_doubled_brackets(page: Any, server: Server) -> None:
    """A move's line reads "risk 100.0%, (0, 0) was safe", not "((0, 0) was safe)"."""
    open_review(page, server, LOST_AVF)
    last = page.locator("#review-dialog [data-moves] li").last.locator("span").first.inner_text()
    assert "risk 100.0%, (0, 0) was safe \u00b7 certain mine" in last
    assert "((" not in last


@pytest.mark.skipif(not LOST_AVF.exists(), reason="needs ../shared/replays")
def test_on_a_phone_the_review_opens_at_its_start_under_one_title_line(
    page: Any, server: Server
) -> None:
    """At 393 px an Expert review is wider than the dialog: it opens scrolled
    to its left edge (focusing the slider scrolled it 184 px sideways), and
    its long title ends in an ellipsis on one line inside the title bar."""
    page.set_viewport_size({"width": 393, "height": 852})
    open_review(page, server, LOST_AVF)
    seen = page.evaluate(
        """() => {
          const w = document.getElementById('review-dialog');
          const body = w.querySelector('.body');
          const bar = w.querySelector('.titlebar').getBoundingClientRect();
          const text = w.querySelector('.titlebar .title-text');
          const t = text.getBoundingClientRect();
          return {wider: body.scrollWidth > body.clientWidth, left: body.scrollLeft,
                  inBar: t.top >= bar.top && t.bottom <= bar.bottom && t.right <= bar.right,
                  cut: text.scrollWidth > text.clientWidth, whole: text.title.endsWith('65.620 s')};
        }"""
    )
    assert seen == {"wider": True, "left": 0, "inBar": True, "cut": True, "whole": True}


def test_on_a_phone_the_board_stays_in_view_and_a_guess_names_no_same_cell(
    page: Any, server: Server
) -> None:
    """Watch replay of a game lost on a 50% guess, at 393 px: End scrolls the
    move list alone (the dialog scrolled down to it, the board off the
    screen), and the guess's line does not name itself as the safest cell."""
    from .test_browser import cell, settle

    page.set_viewport_size({"width": 393, "height": 852})
    start(page, server, "auto2")
    page.locator("#board").press("g")
    page.wait_for_function(
        "() => document.getElementById('status-live').textContent.includes('Auto play')"
    )
    settle(page)
    page.click(cell(0, 0))  # a 50% guess of this board, and its mine
    page.click("#endpanel button:has-text('Watch replay')")
    page.wait_for_selector("#review-dialog [data-moves] li")
    page.keyboard.press("End")
    last = page.locator("#review-dialog [data-moves] li").last
    page.wait_for_function(
        "() => document.querySelector('#review-dialog [data-moves] li:last-child.current')"
    )
    line = last.locator("span").first.inner_text()
    assert "reveal (0, 0) \u00b7 risk 50.0%" in line and "safest (0, 0)" not in line
    scrolled = page.evaluate("() => document.querySelector('#review-dialog .body').scrollTop")
    assert scrolled == 0

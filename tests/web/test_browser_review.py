"""The review in the page: Replays... opens a Viennasweeper .rmv, the review
stands beside the viewer, stepping moves both, the timeline marks the
guesses, and a move opens its position on the analysis board."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from minebender.review import read_record
from minebender.review.frames import frames_of

from .server import Server
from .test_browser import browser, lose, page, server
from .test_browser_analyse import analysed, shown

__all__ = ["browser", "page", "server"]  # fixtures, shared with test_browser

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
    # Each row says the move, its risk and its verdict, as the command does.
    for k, m in enumerate(expected["moves"]):
        text = items.nth(k).inner_text()
        assert m["verdict"] in text and m["type"] in text
        if m["risk"] is not None:
            assert f"risk {m['risk']}" in text
    assert "1 guess, 1 needless" in dialog.locator("[data-summary]").inner_text()
    # The timeline marks the guess, and only it.
    marked = dialog.locator(".timeline .tick.needless")
    assert marked.count() == 1
    # Stepping moves the board and the list together.
    info = dialog.locator("[data-info]")
    assert info.inner_text().startswith("move 0 of 7")
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
    # A guess on the timeline opens the position before it on the analysis board.
    with page.context.expect_page() as opened:
        marked.click()
    analysis = opened.value
    analysis.wait_for_url("**/analyse**")
    analysis.wait_for_selector("#board .c")
    analysed(analysis)
    guess = next(k for k, m in enumerate(expected["moves"]) if m["verdict"] == "needless guess")
    before = frames_of(read_record(RMV))["positions"][guess]
    assert shown(analysis) == before.splitlines()[1:]  # what the player saw before the guess
    g = expected["moves"][guess]
    assert before.splitlines()[1 + g["y"]][g["x"]] == "."
    analysis.close()


def test_a_game_played_on_the_page_is_reviewed_from_the_list(page: Any, server: Server) -> None:
    boom = lose(page, server, "review-list")
    page.click("#menu-game > button")
    page.click('[data-cmd="replays"]')
    page.wait_for_selector("#replays-dialog [data-review-game]")
    page.locator("#replays-dialog .row", has_text="code b:review-list").locator(
        "[data-review-game]"
    ).click()
    page.wait_for_selector("#review-dialog [data-moves] li")
    dialog = page.locator("#review-dialog")
    items = dialog.locator("[data-moves] li")
    assert items.count() == 2
    assert items.nth(0).inner_text().startswith("1. reveal (4, 4)")
    last = items.nth(1).inner_text()
    assert last.startswith(f"2. reveal ({boom.x}, {boom.y}) \u00b7 risk ")
    assert "lost at move 2" in dialog.locator("[data-summary]").inner_text()

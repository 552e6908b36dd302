"""Game > Progress in the page: every finished game reviewed by the server,
a row per level and a plot per figure, each inside the dialog."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from minebender.services.progress import METRICS

from .server import Server
from .test_browser import lose, page, server

__all__ = ["page", "server"]  # fixtures, shared with test_browser

REPLAYS = Path(__file__).parents[1] / "data" / "replays"

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]


def test_progress_shows_a_row_per_level_and_a_plot_per_figure(page: Any, server: Server) -> None:
    lose(page, server, "progress-page")
    page.keyboard.press("Escape")  # the end screen
    page.click("#menu-game > button")
    page.click('[data-cmd="progress"]')
    page.wait_for_selector("#progress-dialog [data-progress-table]")
    row = page.locator("#progress-dialog tr[data-level='beginner']")
    cells = row.locator("td").all_inner_texts()
    assert cells[:3] == ["1", "0", "0.0%"] and cells[3] == "-"  # no win: no best time
    plots = page.locator("#progress-dialog svg.progress-plot")
    assert plots.count() == len(METRICS)
    assert [plots.nth(i).get_attribute("data-metric") for i in range(len(METRICS))] == list(METRICS)
    inside = page.evaluate(
        """() => {
          const d = document.querySelector('#progress-dialog').getBoundingClientRect();
          return [...document.querySelectorAll('#progress-dialog svg, #progress-dialog table')]
            .map(e => e.getBoundingClientRect())
            .every(r => r.left >= d.left && r.right <= d.right + 1);
        }"""
    )
    assert inside
    # one lost game: its IOE is plotted, and there is no won game for 3BV/s
    ioe = plots.nth(list(METRICS).index("ioe"))
    assert ioe.locator("circle").count() == 1
    assert plots.nth(0).locator("circle").count() == 0


def test_imported_replays_show_hollow_and_can_be_shown_alone(page: Any, tmp_path: Path) -> None:
    """A folder imported with stats --import: the page counts its games with
    the ones played here, draws them hollow, and shows them alone when asked."""
    db = tmp_path / "games.db"
    done = subprocess.run(
        [sys.executable, "-m", "minebender", "stats", "--import", str(REPLAYS), "--db", str(db)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    files = len(list(REPLAYS.glob("*.rmv")))
    srv = Server(db).start()
    try:
        page.goto(srv.url)
        page.click("#menu-game > button")
        page.click('[data-cmd="progress"]')
        page.wait_for_selector("#progress-dialog [data-progress-table]")
        title = page.locator("#progress-dialog .titlebar")
        assert f"{files} games" in title.inner_text()
        assert f"{files} games imported" in page.locator(".progress-source").inner_text()
        ioe = page.locator("#progress-dialog svg[data-metric='ioe']")
        assert ioe.locator("circle[data-imported]").count() == files
        page.select_option("[data-progress-source]", "minebender")
        page.wait_for_function(
            "() => document.querySelector('#progress-dialog .titlebar')"
            ".innerText.includes('0 games')"
        )
        assert "No finished game yet" in page.locator("#progress-dialog").inner_text()
        page.select_option("[data-progress-source]", "imported")
        page.wait_for_selector("#progress-dialog [data-progress-table]")
        assert page.locator("[data-progress-source]").input_value() == "imported"
    finally:
        srv.kill()


def test_the_page_imports_files_once_each(page: Any, tmp_path: Path) -> None:
    """Import files in Progress: each sent to the server, reviewed and kept;
    sent again, none is added; a file that is no replay is said so."""
    bad = tmp_path / "broken.rmv"
    bad.write_bytes(b"not an rmv")
    files = sorted(REPLAYS.glob("*.rmv"))
    srv = Server(tmp_path / "games.db").start()
    try:
        page.goto(srv.url)
        page.click("#menu-game > button")
        page.click('[data-cmd="progress"]')
        page.wait_for_selector("#progress-dialog [data-import-files]")
        page.set_input_files("[data-import-files]", [str(p) for p in [*files, bad]])
        said = page.locator("[data-import-said]")
        page.wait_for_function(
            "() => document.querySelector('[data-import-said]').innerText.includes('imported')"
        )
        assert said.inner_text() == f"{len(files)} games imported, 1 could not be read"
        page.wait_for_selector("#progress-dialog [data-progress-table]")
        assert f"{len(files)} games" in page.locator("#progress-dialog .titlebar").inner_text()
        page.set_input_files("[data-import-files]", [str(files[0])])
        page.wait_for_function(
            "() => document.querySelector('[data-import-said]').innerText.includes('before')"
        )
        assert said.inner_text() == "0 games imported, 1 there before"
    finally:
        srv.kill()
    log = tmp_path / "games-imported.jsonl"
    assert len(log.read_text().splitlines()) == len(files)


def test_the_table_scrolls_inside_the_dialog_on_a_phone(page: Any, server: Server) -> None:
    """On a 393 px phone the table of levels is wider than the dialog: it
    scrolls sideways in a box of its own rather than being cut at the edge."""
    page.set_viewport_size({"width": 393, "height": 852})
    lose(page, server, "progress-phone")
    page.keyboard.press("Escape")  # the end screen
    page.click("#menu-game > button")
    page.click('[data-cmd="progress"]')
    page.wait_for_selector("#progress-dialog [data-progress-table]")
    box = page.evaluate(
        """() => {
          const d = document.querySelector('#progress-dialog').getBoundingClientRect();
          const t = document.querySelector('[data-progress-table]');
          const b = t.parentElement;
          const r = b.getBoundingClientRect();
          return {inside: r.right <= d.right + 1, wider: t.scrollWidth > b.clientWidth,
                  scrolls: getComputedStyle(b).overflowX};
        }"""
    )
    assert box == {"inside": True, "wider": True, "scrolls": "auto"}

"""Game > Progress in the page: every finished game reviewed by the server,
a row per level and a plot per figure, each inside the dialog."""

from __future__ import annotations

from typing import Any

import pytest

from minebender.services.progress import METRICS

from .server import Server
from .test_browser import lose, page, server

__all__ = ["page", "server"]  # fixtures, shared with test_browser

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

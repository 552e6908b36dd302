"""Dark mode in real headless Chromium: each page follows the system's colour
scheme, with numbers that stay legible on a dark cell."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .server import Server
from .test_browser import server
from .test_browser_analyse import analysed

__all__ = ["server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]


def luminance(css: str) -> float:
    """The relative luminance (WCAG) of an rgb() or rgba() colour."""
    parts = css[css.index("(") + 1 : css.index(")")].split(",")
    r, g, b = (float(p) / 255 for p in parts[:3])

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.fixture(params=["light", "dark"])
def scheme_page(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, Any]]:
    context = browser.new_context(
        viewport={"width": 900, "height": 720}, color_scheme=request.param
    )
    yield request.param, context.new_page()
    context.close()


@pytest.mark.parametrize("path", ["/", "/analyse", "/puzzle"])
def test_every_page_follows_the_system_scheme(
    scheme_page: tuple[str, Any], server: Server, path: str
) -> None:
    """Law: the window's face is dark exactly when the system asks for dark."""
    scheme, page = scheme_page
    page.goto(server.url + path)
    face = page.eval_on_selector(".window", "w => getComputedStyle(w).backgroundColor")
    assert (luminance(face) < 0.1) == (scheme == "dark")


def test_numbers_read_on_dark_cells(browser: Any, server: Server) -> None:
    """Law: in dark mode each number 1 to 8 stands out from its cell (a
    contrast of at least 3, WCAG's for large bold text). The light scheme
    keeps the classic colours (a green 2 on grey is 2.8)."""
    scheme = "dark"
    page = browser.new_context(color_scheme=scheme).new_page()
    page.goto(f"{server.url}/analyse?board=" + "8x3%0A12345678%0A........%0A........%0A")
    analysed(page)
    got = page.eval_on_selector_all(
        "#board .c.open",
        "cs => cs.map(c => [c.textContent, getComputedStyle(c).color,"
        " getComputedStyle(c).backgroundColor])",
    )
    assert len(got) == 8
    for text, colour, background in got:
        assert contrast(colour, background) >= 3, (scheme, text, colour, background)

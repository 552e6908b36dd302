"""Dark mode in real headless Chromium: each page follows the system's colour
scheme, with numbers that stay legible on a dark cell."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .canvas_board import cell_colours, click_cell
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
    # as drawn on the board's canvas: the commonest pixel, and the digit's
    got = [(str(x + 1), *cell_colours(page, x, 0)) for x in range(8)]
    for text, background, colour in got:
        assert contrast(colour, background) >= 3, (scheme, text, colour, background)


# Each kind of box of text in the dialogs, as the page writes it: the review's
# figures and lessons, the progress table, the moves, a list.
BOXES = (
    '<div class="dialog"><dl class="review-figures">'
    '<div><dt>3BV</dt><dd id="t1">135</dd></div></dl>'
    '<ul class="review-lessons"><li class="needless" id="t2">Move 88: a needless guess</li>'
    '<li class="risky" id="t3">Move 9: riskier</li></ul>'
    '<table class="progress-table"><tbody><tr><td id="t4">50.0%</td></tr></tbody></table>'
    '<ol class="review-moves"><li class="guess" id="t5">a guess</li></ol>'
    '<div class="list"><div class="row" id="t6">a replay</div></div></div>'
)


def backdrop(page: Any, selector: str) -> str:
    """The colour an element's text is drawn on: its own background or the
    first ancestor's that is not transparent."""
    return str(
        page.eval_on_selector(
            selector,
            """e => { for (let n = e; n; n = n.parentElement) {
                 const b = getComputedStyle(n).backgroundColor;
                 if (b !== 'rgba(0, 0, 0, 0)' && b !== 'transparent') return b; }
               return getComputedStyle(document.body).backgroundColor; }""",
        )
    )


def test_dialog_text_reads_in_both_schemes(scheme_page: tuple[str, Any], server: Server) -> None:
    """Law: the text of every box of a dialog (figures, lessons, tables,
    lists) has a contrast of at least 4.5 with its box, light or dark."""
    scheme, page = scheme_page
    page.goto(server.url + "/")
    page.eval_on_selector(".window", "(w, html) => w.insertAdjacentHTML('beforeend', html)", BOXES)
    for k in range(1, 7):
        colour = page.eval_on_selector(f"#t{k}", "e => getComputedStyle(e).color")
        back = backdrop(page, f"#t{k}")
        assert contrast(colour, back) >= 4.5, (scheme, k, colour, back)


def test_a_lost_games_mines_are_light_in_dark(browser: Any, server: Server) -> None:
    """Law: in dark mode the mines shown after a loss are drawn light, to
    read on the dark face of a covered cell (a black mine did not)."""
    page = browser.new_context(color_scheme="dark").new_page()
    page.goto(server.url + "/")
    page.eval_on_selector(
        ".window", "w => w.insertAdjacentHTML('beforeend', '<div class=\"c mine\" id=\"m\"></div>')"
    )
    image = page.eval_on_selector("#m", "e => getComputedStyle(e).backgroundImage")
    assert "e6e6e6" in image and "stroke='black'" not in image


def test_a_certain_mine_reads_in_dark(browser: Any, server: Server) -> None:
    """Law: in dark mode the analysis's certain mine (the light mine drawn
    over the cell) stands out from the cell's colour: a contrast of at least
    3 with the mine's #e6e6e6 (the light pink left it at 1.4)."""
    page = browser.new_context(color_scheme="dark").new_page()
    page.goto(f"{server.url}/analyse?board=" + "3x1x1%0A1.1%0A")
    analysed(page)
    assert "sure" in str(page.get_attribute("#cell-1-0", "class")).split()
    back, mine = cell_colours(page, 1, 0)
    assert mine == "rgb(230, 230, 230)", mine  # the light mine, drawn
    assert contrast(mine, back) >= 3, back


def test_a_proofs_numbers_read_in_dark(browser: Any, server: Server) -> None:
    """Law: in dark mode the numbers Why? highlights as a proof stand out
    from the highlight (a contrast of at least 3: a blue 1 on the olive was
    2.3)."""
    page = browser.new_context(color_scheme="dark").new_page()
    page.goto(f"{server.url}/analyse?board=" + "5x1x1%0A.1.10%0A")
    analysed(page)
    page.click("[data-tool=why]")
    click_cell(page, 2, 0)
    page.wait_for_selector("#why-note:not([hidden])")
    proof = page.eval_on_selector_all(
        "#board .c.proof", "cs => cs.map(c => [c.dataset.tile, +c.dataset.x])"
    )
    assert [t for t, _ in proof] == ["1"]
    for _, x in proof:
        background, colour = cell_colours(page, x, 0)
        assert contrast(colour, background) >= 3, (colour, background)


def test_progress_plots_follow_the_scheme(scheme_page: tuple[str, Any], server: Server) -> None:
    """Law: a Progress plot is drawn on the page's paper, dark in dark mode
    (it was white), and its text and hollow points read on it: a contrast of
    at least 4.5, and a hollow point filled with the plot's own background."""
    from minebender.services.progress import GamePoint, progress_svg

    scheme, page = scheme_page
    points = [
        GamePoint("a", "beginner", 1.7e9, True, 9000, 2.5, 0.6, 0),
        GamePoint("b", "beginner", 1.7e9 + 60, False, 4000, 1.0, 0.4, 1, source="rmv"),
    ]
    svg = progress_svg(points, "ioe")
    page.goto(server.url + "/")
    page.eval_on_selector(
        ".window",
        "(w, svg) => w.insertAdjacentHTML('beforeend', `<div class=progress-plots>${svg}</div>`)",
        svg,
    )
    back = page.eval_on_selector("svg.progress-plot", "s => getComputedStyle(s).backgroundColor")
    assert (luminance(back) < 0.1) == (scheme == "dark"), (scheme, back)
    text = page.eval_on_selector("svg.progress-plot text", "t => getComputedStyle(t).fill")
    assert contrast(text, back) >= 4.5, (scheme, text, back)
    hollow = page.eval_on_selector("svg.progress-plot .hollow", "c => getComputedStyle(c).fill")
    assert hollow == back, (scheme, hollow, back)

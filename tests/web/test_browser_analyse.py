"""The analysis board (/analyse) in real headless Chromium against a real server:
a position built by clicks, pasted, dropped as a .mine file or opened from a
link; the count and the probabilities the page shows, checked against a brute
force over every layout; a cell's proof; the conflict of an impossible board;
and the position of the game in the page, taken into it."""

from __future__ import annotations

import itertools
import urllib.parse
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from minebender.formats.boardtext import format_board
from minebender.services.bench.positions import wide_lattice

from .canvas_board import cell_box, click_cell, hover_cell, tap_cell
from .conftest import ARGS, CHROMIUM
from .server import Server
from .test_browser import FIRST, page, server, settle, start

__all__ = ["page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]

Cell = tuple[int, int]


def cell(x: int, y: int) -> str:
    return f'#board .c[data-x="{x}"][data-y="{y}"]'


def around(x: int, y: int, w: int, h: int) -> list[Cell]:
    return [
        (x + dx, y + dy)
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dx or dy) and 0 <= x + dx < w and 0 <= y + dy < h
    ]


def layouts(
    rows: list[str], mines: int | None, numbers: set[Cell] | None = None
) -> list[set[Cell]]:
    """Every set of hidden cells ('.', 'F') holding the mines, such that each
    revealed number (of ``numbers`` only, when given) counts its mines, and the
    total is ``mines`` (any, when None): a brute force, independent of the solver."""
    h, w = len(rows), len(rows[0])
    hidden = [(x, y) for y in range(h) for x in range(w) if rows[y][x] in ".F"]
    shown = {
        (x, y): int(rows[y][x])
        for y in range(h)
        for x in range(w)
        if rows[y][x].isdigit() and (numbers is None or (x, y) in numbers)
    }
    found = []
    for bits in itertools.product((False, True), repeat=len(hidden)):
        put = {c for c, b in zip(hidden, bits, strict=True) if b}
        if mines is not None and len(put) != mines:
            continue
        if all(sum(q in put for q in around(x, y, w, h)) == n for (x, y), n in shown.items()):
            found.append(put)
    return found


def open_board(page: Any, server: Server, text: str) -> None:
    page.goto(f"{server.url}/analyse?board={urllib.parse.quote(text)}")
    analysed(page)


def analysed(page: Any) -> None:
    """Wait for the analysis of the position on screen."""
    page.wait_for_function(
        "() => ['done', 'stopped', 'error']"
        ".includes(document.getElementById('results').dataset.state)"
    )


def shown(page: Any) -> list[str]:
    """The position on screen, as board text rows."""
    tiles: list[list[str]] = page.evaluate(
        """() => { const rows = [];
        for (const c of document.querySelectorAll('#board .c')) {
          const y = Number(c.dataset.y); (rows[y] ??= []).push(c.dataset.tile); }
        return rows; }"""
    )
    char = {"covered": ".", "flagged": "F", "mine": "*"}
    return ["".join(char.get(t, t) for t in row) for row in tiles]


def marked(page: Any, name: str) -> set[Cell]:
    """The cells of the board with class ``name`` (safe, sure, proof, conflict...)."""
    got = page.eval_on_selector_all(
        f"#board .c.{name}", "cs => cs.map(c => [+c.dataset.x, +c.dataset.y])"
    )
    return {(x, y) for x, y in got}


def fractions(page: Any) -> dict[Cell, Fraction]:
    """Each hidden cell's exact probability, as the page gives it (the spoken
    label and data-fraction of the cell; the title, written on hover, says the same)."""
    got: list[list[Any]] = page.eval_on_selector_all(
        "#board .c[data-fraction]",
        "cs => cs.map(c => [+c.dataset.x, +c.dataset.y, c.dataset.fraction,"
        " c.getAttribute('aria-label')])",
    )
    out = {}
    for x, y, f, label in got:
        assert f"mine probability {f} " in label
        out[(x, y)] = Fraction(f)
    return out


def check_against_brute_force(page: Any, rows: list[str], mines: int | None) -> None:
    every = layouts(rows, mines)
    assert page.get_attribute("#count", "data-solutions") == str(len(every))
    got = fractions(page)
    hidden = {(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch in ".F"}
    assert set(got) == hidden
    for c in hidden:
        assert got[c] == Fraction(sum(c in put for put in every), len(every)), c
    safe = {c for c in hidden if got[c] == 0}
    sure = {c for c in hidden if got[c] == 1}
    assert marked(page, "safe") == safe
    assert marked(page, "sure") == sure


BOARD = ["1F1..", "111..", ".....", "....."]
GUESS_TEXT = "4x3x3\n1...\n....\n....\n"  # no safe cell, 84 layouts
BOARD_TEXT = "5x4x3\n" + "\n".join(BOARD) + "\n"


def test_a_link_opens_its_position_with_exact_counts_and_probabilities(
    page: Any, server: Server, tmp_path: Path
) -> None:
    open_board(page, server, BOARD_TEXT)
    assert shown(page) == BOARD
    check_against_brute_force(page, BOARD, 3)
    assert page.inner_text("#unique") == "not unique"
    assert page.locator("#best-cell").count() == 1
    assert page.inner_text("#best-reason")
    # a safe cell: no table of the guesses' chances to win, none is needed
    assert page.locator("#best-cell").get_attribute("data-cell") in ("3,0", "3,1")
    assert page.locator("#win-chances").count() == 0
    hover_cell(page, 4, 3)
    assert "(4, 3): hidden, mine probability" in page.inner_text("#cell-info")
    page.screenshot(path=str(tmp_path / "analyse-link.png"))
    # Copy Link gives a link to the same position
    page.evaluate("() => { navigator.clipboard.writeText = async (t) => { window.copied = t; }; }")
    page.click("#menu-board > button")
    page.click('[data-cmd="link"]')
    page.wait_for_function("() => window.copied")
    link = page.evaluate("() => window.copied")
    assert link.startswith(f"{server.url}/analyse?board=")
    page.goto(f"{server.url}/analyse")  # another position in between
    page.goto(link)
    analysed(page)
    assert shown(page) == BOARD
    # one layout alone: unique
    open_board(page, server, "3x1x1\n1..\n")
    check_against_brute_force(page, ["1.."], 1)
    assert page.inner_text("#unique") == "unique"


def test_build_a_position_by_clicks_drags_wheel_and_keys(page: Any, server: Server) -> None:
    page.goto(f"{server.url}/analyse")
    page.click("#menu-board > button")
    page.click('[data-cmd="new"]')
    page.fill("#new-dialog input[name=width]", "4")
    page.fill("#new-dialog input[name=height]", "3")
    page.fill("#new-dialog input[name=mines]", "2")
    page.click("#new-dialog .xpbtn >> text=New")
    page.wait_for_selector(cell(3, 2), state="attached")
    assert page.locator("#board .c").count() == 12
    analysed(page)
    # a right click flags, a click reveals a cell showing its flagged neighbours
    click_cell(page, 0, 0, button="right")
    click_cell(page, 1, 0)
    analysed(page)
    assert shown(page)[0][:2] == "F1"
    # a drag reveals every cell it passes
    first = cell_box(page, 0, 2)
    page.mouse.move(first["x"] + 5, first["y"] + 5)
    page.mouse.down()
    for x in range(1, 4):
        box = cell_box(page, x, 2)
        page.mouse.move(box["x"] + 5, box["y"] + 5, steps=3)
    page.mouse.up()
    analysed(page)
    assert shown(page)[2] == "0000"
    # the wheel turns a revealed number; keys 0-8 set the one under the mouse
    hover_cell(page, 1, 0)
    page.mouse.wheel(0, -100)
    page.wait_for_function(f"() => document.querySelector('{cell(1, 0)}').dataset.tile === '2'")
    page.mouse.wheel(0, 100)
    page.wait_for_function(f"() => document.querySelector('{cell(1, 0)}').dataset.tile === '1'")
    # a touchpad's small deltas add up to one step
    page.mouse.wheel(0, -30)
    page.wait_for_timeout(100)
    assert page.get_attribute(cell(1, 0), "data-tile") == "1"
    page.mouse.wheel(0, -30)
    page.wait_for_function(f"() => document.querySelector('{cell(1, 0)}').dataset.tile === '2'")
    page.mouse.wheel(0, 100)
    page.wait_for_function(f"() => document.querySelector('{cell(1, 0)}').dataset.tile === '1'")
    hover_cell(page, 2, 0)
    page.keyboard.press("1")
    # the keyboard's cursor: Space toggles, F flags
    page.focus("#board")
    page.keyboard.press("ArrowUp")  # the cursor shows at the centre: (2, 1)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("f")
    analysed(page)
    rows = shown(page)
    assert rows == ["F11.", ".F..", "0000"]
    # the total: a number, then unknown
    check_against_brute_force(page, rows, 2)
    page.check("#mines-unknown")
    analysed(page)
    check_against_brute_force(page, rows, None)
    # three mines cannot be: the zeros leave room for two
    page.uncheck("#mines-unknown")
    page.fill("#mines", "3")
    analysed(page)
    assert not layouts(rows, 3)
    assert page.get_attribute("#count", "data-solutions") == "0"
    page.wait_for_selector("#conflict-note:not([hidden])")
    said = page.inner_text("#conflict-note")
    assert "total of 3 mines" in said and said.endswith(".")


def test_paste_board_text_and_open_it_from_the_dialog(page: Any, server: Server) -> None:
    page.goto(f"{server.url}/analyse")
    analysed(page)
    page.evaluate(
        """text => { const data = new DataTransfer(); data.setData('text/plain', text);
        const paste = new ClipboardEvent('paste', {clipboardData: data, bubbles: true});
        document.dispatchEvent(paste); }""",
        BOARD_TEXT,
    )
    page.wait_for_function("() => document.querySelectorAll('#board .c').length === 20")
    analysed(page)
    assert shown(page) == BOARD
    check_against_brute_force(page, BOARD, 3)
    # a bad text names its line and column, and changes nothing
    page.click("#menu-board > button")
    page.click('[data-cmd="paste"]')
    page.fill("#paste-dialog textarea", "3x2x1\n1.?\n1x.\n")
    page.click("#paste-dialog .xpbtn >> text=Open")
    page.wait_for_function(
        "() => document.querySelector('#paste-dialog [data-error]').textContent"
        ".startsWith('Line 3, column 2: ')"
    )
    page.fill("#paste-dialog textarea", "1FH\n11H\n")
    page.click("#paste-dialog .xpbtn >> text=Open")
    page.wait_for_function(
        "() => document.querySelector('#paste-dialog [data-error]').textContent"
        ".startsWith('Line 1, column 1: bad .mine header')"
    )
    page.fill("#paste-dialog textarea", "3x2x1\n1..\n1..\n")
    page.click("#paste-dialog .xpbtn >> text=Open")
    page.wait_for_function("() => document.querySelectorAll('#board .c').length === 6")
    analysed(page)
    assert shown(page) == ["1..", "1.."]
    check_against_brute_force(page, ["1..", "1.."], 1)


MINE_FILE = "5x4x2\n1F1HH\n111HH\nHHHHH\nHHHHH\n"
MINE_ROWS = ["1F1..", "111..", ".....", "....."]


def test_drop_or_open_a_mine_file_and_save_it_again(
    page: Any, server: Server, tmp_path: Path
) -> None:
    page.goto(f"{server.url}/analyse")
    analysed(page)
    handle = page.evaluate_handle(
        """text => { const data = new DataTransfer();
        data.items.add(new File([text], 'position.mine', {type: 'text/plain'})); return data; }""",
        MINE_FILE,
    )
    page.dispatch_event("#board", "drop", {"dataTransfer": handle})
    page.wait_for_function("() => document.querySelectorAll('#board .c').length === 20")
    analysed(page)
    assert shown(page) == MINE_ROWS
    check_against_brute_force(page, MINE_ROWS, 2)
    # the same file, opened
    open_board(page, server, "3x1\n.1.\n")
    path = tmp_path / "again.mine"
    path.write_text(MINE_FILE)
    page.set_input_files("#open-file", str(path))
    page.wait_for_function("() => document.querySelectorAll('#board .c').length === 20")
    analysed(page)
    assert shown(page) == MINE_ROWS
    # written back as .mine: the same text
    page.click("#menu-board > button")
    page.click('[data-cmd="mine"]')
    assert page.input_value("#text-dialog textarea") == MINE_FILE
    with page.expect_download() as download:
        page.click("#text-dialog .xpbtn >> text=Save")
    saved = tmp_path / "saved.mine"
    download.value.save_as(saved)
    assert saved.read_text() == MINE_FILE


def test_a_click_shows_the_numbers_that_prove_a_cell(page: Any, server: Server) -> None:
    open_board(page, server, BOARD_TEXT)
    every = layouts(BOARD, 3)
    safe = next(
        (x, y)
        for y, row in enumerate(BOARD)
        for x, ch in enumerate(row)
        if ch == "." and all((x, y) not in put for put in every)
    )
    page.click('[data-tool="why"]')
    click_cell(page, *safe)
    page.wait_for_selector("#why-note:not([hidden])")
    assert "safe" in page.inner_text("#why-note")
    proof = marked(page, "proof")
    assert proof and all(BOARD[y][x].isdigit() for x, y in proof)
    # those numbers alone prove it: no layout that fits them puts a mine there
    uses_total = "total" in page.inner_text("#why-note")
    assert all(safe not in put for put in layouts(BOARD, 3 if uses_total else None, proof))
    assert page.locator(".c.asked").count() == 1
    page.keyboard.press("Escape")
    assert page.locator(".c.proof").count() == 0
    # the keys ask too: W at the cursor, which starts at the centre (2, 2)
    page.click('[data-tool="toggle"]')
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    for _ in range(abs(safe[0] - 2)):
        page.keyboard.press("ArrowRight" if safe[0] > 2 else "ArrowLeft")
    for _ in range(abs(safe[1] - 2)):
        page.keyboard.press("ArrowDown" if safe[1] > 2 else "ArrowUp")
    page.mouse.move(0, 0)  # the mouse off the board: keys act at the cursor
    page.keyboard.press("w")
    page.wait_for_selector(f'#why-note[data-cell="{safe[0]},{safe[1]}"]')
    assert marked(page, "proof") == proof
    assert shown(page) == BOARD  # asking changes nothing


def test_touch_taps_the_tool_and_a_long_press_flags(browser: Any, server: Server) -> None:
    context = browser.new_context(has_touch=True, viewport={"width": 500, "height": 800})
    pg = context.new_page()
    open_board(pg, server, "4x3x2\n" + "\n".join(["...."] * 3) + "\n")
    tap_cell(pg, 0, 0)
    analysed(pg)
    assert shown(pg)[0] == "0..."
    pg.tap('[data-tool="3"]')
    tap_cell(pg, 3, 2)
    analysed(pg)
    assert shown(pg)[2] == "...3"
    box = cell_box(pg, 1, 2)
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = context.new_cdp_session(pg)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    pg.wait_for_timeout(600)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    analysed(pg)
    assert shown(pg)[2] == ".F.3"
    context.close()


IMPOSSIBLE = ["1F2..", "111..", "....."]


def test_an_impossible_board_shows_its_conflict(page: Any, server: Server, tmp_path: Path) -> None:
    open_board(page, server, "5x3x3\n" + "\n".join(IMPOSSIBLE) + "\n")
    page.wait_for_selector("#conflict-note:not([hidden])")
    assert page.get_attribute("#results", "data-consistent") == "false"
    assert page.get_attribute("#count", "data-solutions") == "0"
    conflict = marked(page, "conflict")
    assert conflict and all(IMPOSSIBLE[y][x].isdigit() for x, y in conflict)
    # those numbers alone fit no layout (the total only when the page says so)
    total = "total" in page.inner_text("#conflict-note")
    assert not layouts(IMPOSSIBLE, 3 if total else None, conflict)
    page.screenshot(path=str(tmp_path / "analyse-conflict.png"))


def test_a_total_of_one_is_one_mine_not_one_mines(page: Any, server: Server) -> None:
    """The words of the page agree with the number: the status line and a
    conflict that needs the total both say "1 mine"."""
    open_board(page, server, "4x3x1\n2...\n....\n....\n")
    page.wait_for_selector("#conflict-note:not([hidden])")
    said = page.inner_text("#status-info") + " " + page.inner_text("#conflict-note")
    assert "1 mine" in said and "1 mines" not in said


def test_take_the_position_of_the_game_in_play(page: Any, server: Server) -> None:
    start(page, server, "e2e-analyse")
    settle(page)
    page.click("#menu-game > button")
    page.click('[data-cmd="analyse"]')
    page.wait_for_selector("#confirm-dialog")
    assert "practice" in page.inner_text("#confirm-dialog")
    page.click("#confirm-dialog .xpbtn >> text=Make it practice")
    page.wait_for_url("**/analyse")
    analysed(page)
    rows = shown(page)
    assert len(rows) == 9 and rows[FIRST.y][FIRST.x] == "0"
    revealed = sum(ch.isdigit() for row in rows for ch in row)
    assert revealed > 1
    page.goto(server.url + "/")
    page.wait_for_selector("#practice-badge")
    # from the analysis board: a practice game is taken without a question
    open_board(page, server, "2x1\n..\n")
    page.click("#menu-board > button")
    page.click('[data-cmd="game"]')
    page.wait_for_function("() => document.querySelectorAll('#board .c').length === 81")
    analysed(page)
    assert page.locator("#confirm-dialog").count() == 0
    assert shown(page) == rows


def test_a_phone_and_a_zoomed_desktop_keep_the_page_on_screen(
    browser: Any, server: Server, tmp_path: Path
) -> None:
    text = "30x16x99\n" + "\n".join(["." * 30] * 16) + "\n"
    for name, viewport, mobile in (("phone", (390, 844), True), ("zoom200", (640, 400), False)):
        context = browser.new_context(
            viewport={"width": viewport[0], "height": viewport[1]},
            has_touch=mobile,
            is_mobile=mobile,
        )
        pg = context.new_page()
        open_board(pg, server, text)
        assert pg.evaluate("() => document.documentElement.scrollWidth") <= viewport[0]
        for part in ("#menu-board > button", ".tools", "#mines", "#results", "cell"):
            box = cell_box(pg, 0, 0) if part == "cell" else pg.locator(part).bounding_box()
            assert box is not None, part
            assert box["x"] >= 0 and box["x"] + box["width"] <= viewport[0], part
        pg.screenshot(path=str(tmp_path / f"analyse-{name}.png"), full_page=True)
        context.close()


@pytest.mark.parametrize(("width", "height"), [(640, 360), (450, 400)])
def test_a_desktop_with_scrollbars_shows_expert_whole(
    browser: Any, server: Server, width: int, height: int
) -> None:
    """With a real vertical scrollbar (a zoomed desktop: 640 CSS px at 300%),
    cells sized from 100vw made the board wider than its frame, which then
    scrolled, the last column half hidden; nor is the page wider than the window."""
    b = browser.browser_type.launch(
        executable_path=CHROMIUM, args=ARGS, ignore_default_args=["--hide-scrollbars"]
    )
    try:
        pg = b.new_context(viewport={"width": width, "height": height}).new_page()
        open_board(pg, server, "30x16x99\n" + "\n".join(["." * 30] * 16) + "\n")
        wide, room, px, page_wide, seen = pg.evaluate(
            """() => { const box = document.querySelector('.frame > .sunken');
            return [box.scrollWidth, box.clientWidth,
                    document.getElementById('board').getBoundingClientRect().width / 30,
                    document.documentElement.scrollWidth,
                    document.documentElement.clientWidth]; }"""
        )
        assert seen < width  # the page's own vertical scrollbar is there
        assert page_wide <= seen
        if width >= 640:  # room for 30 cells of 16 px: it fits, so it does not scroll
            assert px >= 16 and wide <= room
    finally:
        b.close()


def lattice(n: int) -> str:
    """An n x n board of 2s three cells apart, every other cell hidden and the
    total unknown: slow to study whole (24: about 3 s; 45: past the time limit)."""
    rows = ["".join("2" if x % 3 == 1 and y % 3 == 1 else "." for x in range(n)) for y in range(n)]
    return f"{n}x{n}\n" + "\n".join(rows) + "\n"


def paste(page: Any, text: str) -> None:
    page.evaluate(
        """text => { const data = new DataTransfer(); data.setData('text/plain', text);
        const paste = new ClipboardEvent('paste', {clipboardData: data, bubbles: true});
        document.dispatchEvent(paste); }""",
        text,
    )


def test_an_edit_aborts_the_analysis_it_replaces(page: Any, server: Server) -> None:
    """The request of a position replaced by an edit is given up (the server
    then kills its analysis), and the page shows the new position's."""
    page.goto(f"{server.url}/analyse")
    analysed(page)
    failed: list[str] = []
    page.on(
        "requestfailed",
        lambda r: failed.append(str(r.failure)) if r.url.endswith("/api/analyse") else None,
    )
    with page.expect_request("**/api/analyse"):
        paste(page, lattice(24))
    page.wait_for_function("() => document.querySelectorAll('#board .c').length === 576")
    click_cell(page, 0, 0)  # while the lattice is being studied
    analysed(page)
    assert any("ABORTED" in f for f in failed), failed
    assert shown(page)[0][0] == "0"
    assert page.get_attribute("#results", "data-state") == "done"


def test_the_probabilities_show_before_the_dead_cells_are_found(page: Any, server: Server) -> None:
    """A 16x16 lattice is counted in milliseconds, but its dead cells take a
    second or more: the page draws the count and every probability first, says it
    still looks for dead cells, and marks them when they come."""
    text = format_board(wide_lattice(16, 1).knowledge)
    whole = page.request.post(f"{server.url}/api/analyse", data={"board": text}).json()
    assert whole["complete"] is True
    page.goto(f"{server.url}/analyse?board={urllib.parse.quote(text)}")
    # the page as it is at the moment the probabilities are drawn
    seen = page.wait_for_function(
        """() => { const r = document.getElementById('results');
        const cells = document.querySelectorAll('#board .c[data-fraction]');
        if (r.dataset.state !== 'partial' || !cells.length) return null;
        return {fractions: cells.length, dead: document.querySelectorAll('#board .c.dead').length,
                state: document.getElementById('state').textContent,
                count: document.getElementById('count').dataset.solutions}; }""",
        timeout=20_000,
    ).json_value()
    hidden = sum(row.count(".") for row in text.splitlines()[1:])
    assert seen["fractions"] == hidden and seen["count"] == whole["solutions"]
    assert seen["dead"] == 0 and "dead cells" in seen["state"]
    page.wait_for_function(
        "() => document.getElementById('results').dataset.state === 'done'", timeout=30_000
    )
    # a safe cell shows its check, not the hatching
    dead = {(x, y) for x, y in whole["dead"]} - {(x, y) for x, y in whole["safe"]}
    assert dead and marked(page, "dead") == dead
    assert "Analysed in" in page.inner_text("#state")


def test_a_board_that_runs_out_of_time_says_so(page: Any, tmp_path: Path) -> None:
    """On a server that gives an analysis 2 s (``serve --analysis-seconds``)."""
    server = Server(tmp_path / "games.db", options=("--analysis-seconds", "2")).start()
    try:
        page.goto(f"{server.url}/analyse")
        analysed(page)
        paste(page, lattice(45))
        page.wait_for_function(
            "() => document.getElementById('results').dataset.state === 'stopped'"
        )
        assert "ran out of time" in page.inner_text("#stopped")
    finally:
        server.kill()


def test_the_win_chances_of_an_endgame_with_no_safe_cell(page: Any, server: Server) -> None:
    """Law: with no safe cell, a small endgame lists each guess's exact
    chance to win, best first; the tester's board, whose best move (3, 0) is
    safe, lists none (its three guesses at 66.7% read as if one were needed)."""
    open_board(page, server, GUESS_TEXT)
    wins = [
        Fraction(f)
        for f in page.eval_on_selector_all("#win-chances .frac", "fs => fs.map(f => f.textContent)")
    ]
    assert len(wins) == 11 and wins == sorted(wins, reverse=True)
    assert all(0 < w < 1 for w in wins) and len(set(wins)) > 1
    # the best move is one that wins most, and its reason says how often
    best = page.locator("#best-cell").get_attribute("data-cell")
    top = page.locator("#win-chances tr[data-cell] .frac").first.text_content()
    assert page.locator(f'#win-chances tr[data-cell="{best}"] .frac').text_content() == top
    assert f", {top} (" in page.inner_text("#best-reason")
    open_board(page, server, "5x3x2\n000..\n0012.\n001..\n")
    assert page.locator("#best-cell").get_attribute("data-cell") == "3,0"
    assert page.locator("#win-chances").count() == 0
    assert page.inner_text("#best-reason").endswith("; best play from here wins without a guess")


def test_a_total_that_no_layout_has_is_said_in_a_whole_sentence(page: Any, server: Server) -> None:
    """Law: when the total alone rules every layout out, the note finishes its
    sentence ("the total of 7 mines cannot be." read as cut off)."""
    open_board(page, server, "5x2x7\n.1000\n.1000\n")
    page.wait_for_selector("#conflict-note:not([hidden])")
    said = page.inner_text("#conflict-note")
    assert said == (
        "No layout fits this board: none that its numbers allow has a total of 7 mines."
        " Change the Mines field."
    )

"""The page in real headless Chromium: small screens, touch, shared links,
several windows on one game, and what the heat map writes."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from minebender.values.types import Pos

from .conftest import ARGS, CHROMIUM
from .helpers import mines_of, safe_of
from .server import Server
from .test_browser import (
    DEALT,
    FIRST,
    cell,
    dealt,
    lose,
    page,
    quit_game,
    server,
    settle,
    start_dealt,
    tile,
    win,
)

__all__ = ["dealt", "page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(60)]


@pytest.mark.parametrize(("viewport", "mobile"), [((390, 844), True), ((600, 700), False)])
def test_a_board_wider_than_the_screen_scrolls_inside_its_frame(
    browser: Any, server: Server, viewport: tuple[int, int], mobile: bool
) -> None:
    """Centring a window wider than the screen put its left part (the Game
    menu, the counter, the first columns) out of reach; letting the page grow
    to the board's width put the timer off screen, and on a phone the dialogs
    too, centred in the widened page. The board scrolls inside its frame."""
    width, height = viewport
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=True, is_mobile=mobile
    )
    pg = context.new_page()
    pg.goto(f"{server.url}/?code=e:narrow")
    pg.wait_for_selector(cell(29, 15))
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= width
    for part in ("#menu-game > button", "#counter", "#timer", cell(0, 0)):
        box = pg.locator(part).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, part
    # the far corner is reached by scrolling the board, and plays
    pg.click(cell(29, 15))
    pg.wait_for_selector(f"{cell(29, 15)}:not([data-tile='covered'])")
    pg.click("#menu-game > button")
    pg.click('[data-cmd="best"]')
    box = pg.locator("#best-dialog").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    pg.keyboard.press("Escape")
    pg.click("#menu-game > button")  # reachable, so the level can be changed back
    pg.click('[data-cmd="level:beginner"]')
    quit_game(pg)
    pg.wait_for_function("() => document.querySelectorAll('#board .c').length === 81")
    if not mobile:  # on a wide screen the window is still centred
        pg.set_viewport_size({"width": 1400, "height": 800})
        box = pg.locator(".window").bounding_box()
        assert box is not None
        assert abs((box["x"] + box["width"] / 2) - 700) < 20
    context.close()


def test_a_window_with_scrollbars_is_not_widened_by_the_board(browser: Any, server: Server) -> None:
    """Headless Chromium hides scrollbars unless told: with a vertical one
    shown, a board sized from 100vw made the page a few pixels wider than the
    window, which then scrolled whole, under the board's own scrollbar."""
    b = browser.browser_type.launch(
        executable_path=CHROMIUM, args=ARGS, ignore_default_args=["--hide-scrollbars"]
    )
    try:
        pg = b.new_context(viewport={"width": 450, "height": 400}).new_page()
        pg.goto(f"{server.url}/?code=e:scrollbars")
        pg.wait_for_selector(cell(29, 15))
        wide, seen = pg.evaluate(
            "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert seen < 450  # the page's own vertical scrollbar is there
        assert wide <= seen
    finally:
        b.close()


@pytest.mark.parametrize(("width", "height"), [(640, 360), (768, 432)])
def test_a_zoomed_desktop_with_scrollbars_shows_expert_whole(
    browser: Any, server: Server, width: int, height: int
) -> None:
    """A desktop at 300% (640 CSS px wide) with a real scrollbar: the cells
    were sized from 100vw, which counts the scrollbar as room, so the board
    was 11 px wider than its frame and its last column half hidden."""
    b = browser.browser_type.launch(
        executable_path=CHROMIUM, args=ARGS, ignore_default_args=["--hide-scrollbars"]
    )
    try:
        pg = b.new_context(viewport={"width": width, "height": height}).new_page()
        pg.goto(f"{server.url}/?code=e:zoomed")
        pg.wait_for_selector(cell(29, 15))
        wide, room, px = pg.evaluate(
            """() => { const box = document.querySelector('.frame > .sunken');
            return [box.scrollWidth, box.clientWidth,
                    document.getElementById('cell-0-0').getBoundingClientRect().width]; }"""
        )
        assert px >= 16 and wide <= room  # it fits, so it does not scroll
    finally:
        b.close()


def test_a_no_guess_link_keeps_its_plus(page: Any, server: Server) -> None:
    """Form encoding reads "+" as a space; a code is read as written."""
    page.goto(f"{server.url}/?code=b+ng:plus-link")
    page.wait_for_selector(cell(8, 8))
    page.wait_for_selector(".badge:has-text('No-guess')")
    assert page.locator("#message").count() == 0
    page.goto(f"{server.url}/?code=b%2Bng:plus-link2")
    page.wait_for_selector(".badge:has-text('No-guess')")


def test_a_link_asks_before_it_gives_up_a_game_in_play(page: Any, dealt: Server) -> None:
    """Any web page can open a ``?code=`` link, and one alone ended the ranked
    game in play as lost (the streak broken) without a click on this page. The
    page now resumes that game and asks: Cancel keeps it, Play it plays the code."""
    start_dealt(page, dealt)
    current = "JSON.parse(localStorage.getItem('minebender.current')).id"
    kept = page.evaluate(f"() => {current}")
    page.goto(f"{dealt.url}/?code=b:link-ask")
    page.wait_for_selector("#confirm-dialog")
    assert "b:link-ask" in page.inner_text("#confirm-dialog")
    assert "would count as lost" in page.inner_text("#confirm-dialog")  # it is ranked
    assert tile(page, FIRST) == "0"  # the game in play, resumed behind the question
    page.click("#confirm-dialog button:has-text('Cancel')")
    page.wait_for_selector("#confirm-dialog", state="detached")
    settle(page)
    assert page.evaluate(f"() => {current}") == kept and tile(page, FIRST) == "0"
    assert "counts as lost" not in page.inner_text("#statusbar")
    page.goto(f"{dealt.url}/?code=b:link-ask")
    page.click("#confirm-dialog button:has-text('Play it')")
    page.wait_for_function(f"() => {current} !== {kept!r}")
    settle(page)
    assert tile(page, FIRST) == "covered"
    assert "counts as lost" in page.inner_text("#statusbar")
    page.click(cell(FIRST.x, FIRST.y))  # the code's game, in play: not ranked
    settle(page)
    page.goto(f"{dealt.url}/?code=b:link-ask-2")
    page.wait_for_selector("#confirm-dialog")
    assert "would be given up" in page.inner_text("#confirm-dialog")


def test_a_code_game_given_up_after_a_reload_is_not_said_to_count(
    page: Any, server: Server
) -> None:
    """The page knew a code game from how it had started it, which a reload
    forgets: it said the game left "counts as lost". The view says it."""
    page.goto(f"{server.url}/?code=i:reloaded")
    page.wait_for_selector(cell(15, 15))
    page.click(cell(FIRST.x, FIRST.y))
    settle(page)
    page.reload()
    page.wait_for_selector(f"{cell(FIRST.x, FIRST.y)}:not([data-tile='covered'])")
    old = page.evaluate("() => JSON.parse(localStorage.getItem('minebender.current')).id")
    page.focus("#board")
    page.keyboard.press("F2")
    assert "counts as a loss" not in page.inner_text("#leave-dialog")
    quit_game(page)
    page.wait_for_function(
        "(id) => JSON.parse(localStorage.getItem('minebender.current')).id !== id", arg=old
    )
    settle(page)
    assert "counts as lost" not in page.inner_text("#statusbar")


def test_a_shared_code_leaves_the_no_guess_option_as_it_was(page: Any, server: Server) -> None:
    """Taken from a code, the option stayed ticked for good and made every
    later game unranked; the code's level is followed, in plain sight."""
    page.goto(f"{server.url}/?code=i+ng:option")
    page.wait_for_selector(".badge:has-text('No-guess')")
    prefs = page.evaluate("() => JSON.parse(localStorage.getItem('minebender.prefs'))")
    assert prefs["noGuess"] is False and prefs["level"] == "intermediate"
    page.click("#face")
    page.wait_for_selector(cell(15, 15))
    page.wait_for_function("() => !document.querySelector('.badge')")
    checked = page.get_attribute('[data-cmd="noguess"]', "aria-checked")
    assert checked == "false"


def test_the_heat_map_writes_0_and_100_only_for_certain_cells(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    got = page.evaluate(
        """async () => {
          const { percent } = await import('/static/js/board.js');
          return [0, 0.004, 0.0449, 0.5, 0.9949, 0.9986, 1].map(
            (p) => [percent(p, 1), percent(p, 10)]);
        }"""
    )
    # one decimal in steps of 10, the trailing zero kept ("50.0" beside "67.2")
    assert got == [
        ["0", "0.0"],
        ["1", "0.4"],
        ["4", "4.5"],
        ["50", "50.0"],
        ["99", "99.5"],
        ["99", "99.9"],
        ["100", "100.0"],
    ]


def test_the_proposed_best_time_name_is_selected(page: Any, server: Server) -> None:
    """As in Windows XP: typing a name replaces "Anonymous"."""
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    page.evaluate(
        "async () => { const d = await import('/static/js/dialogs.js'); d.nameDialog('beginner'); }"
    )
    page.wait_for_selector("#name-dialog input")
    page.keyboard.type("Zed")
    assert page.input_value("#name-dialog input") == "Zed"


def test_the_name_dialog_counts_characters_as_the_server_does(page: Any, server: Server) -> None:
    """An input's maxlength counts UTF-16 units: a name of 20 emoji (20 of the
    32 characters allowed) was cut to 16 without a word. 33 are refused."""
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    ask = "async (name) => { const d = await import('/static/js/dialogs.js');"
    ask += " window.named = await d.nameDialog('beginner', { name }); }"
    page.evaluate(f"name => {{ ({ask})(name); }}", "\U0001f600" * 20)
    page.wait_for_selector("#name-dialog input")
    page.click("#name-dialog .buttons button >> nth=0")
    page.wait_for_function("() => window.named !== undefined")
    assert page.evaluate("() => window.named") == "\U0001f600" * 20
    page.evaluate(f"name => {{ ({ask})(name); }}", "x" * 33)
    page.wait_for_selector("#name-dialog input")
    page.click("#name-dialog .buttons button >> nth=0")
    assert "1 to 32 characters" in page.inner_text("#name-dialog [data-error]")


def test_a_second_finger_cancels_the_long_press(browser: Any, server: Server) -> None:
    """A pinch that starts on a covered cell must not flag it."""
    seed = "e2e-pinch"
    context = browser.new_context(has_touch=True, viewport={"width": 500, "height": 700})
    pg = context.new_page()
    pg.goto(f"{server.url}/?code=b:{seed}")
    pg.wait_for_selector(cell(8, 8))
    pg.tap(cell(FIRST.x, FIRST.y))
    settle(pg)
    mine = next(m for m in mines_of(seed, FIRST) if tile(pg, m) == "covered")
    box = pg.locator(cell(mine.x, mine.y)).bounding_box()
    assert box is not None
    one = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2, "id": 1}
    two = {"x": one["x"] + 80, "y": one["y"] + 80, "id": 2}
    cdp = context.new_cdp_session(pg)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [one]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [one, two]})
    pg.wait_for_timeout(700)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    settle(pg)
    assert tile(pg, mine) == "covered"
    context.close()


TOUCH = """([x, y, cancelable]) => {
  const c = document.getElementById(`cell-${x}-${y}`);
  const r = c.getBoundingClientRect();
  const at = { clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 };
  const t = new Touch({ identifier: 7, target: c, ...at });
  const send = (type, touches, cancelable) => c.dispatchEvent(
    new TouchEvent(type, { touches, changedTouches: [t], cancelable, bubbles: true }));
  send("touchstart", [t], cancelable);
  send("touchend", [], true);
}"""


def test_a_touch_that_stops_a_flick_reveals_nothing(browser: Any, server: Server) -> None:
    """A tap on a board still scrolling from a flick stops the scroll, as on any
    link; it also revealed the cell under it, which could be a mine the player
    never meant to touch. The browser says which touch that is: its
    touchstart cannot be cancelled."""
    context = browser.new_context(has_touch=True, viewport={"width": 500, "height": 700})
    pg = context.new_page()
    pg.goto(f"{server.url}/?code=b:e2e-flick")
    pg.wait_for_selector(cell(8, 8))
    pg.evaluate(TOUCH, [FIRST.x, FIRST.y, False])
    settle(pg)
    assert tile(pg, FIRST) == "covered"
    pg.evaluate(TOUCH, [FIRST.x, FIRST.y, True])  # a tap
    settle(pg)
    assert tile(pg, FIRST) != "covered"
    context.close()


def test_one_tap_on_the_other_menu_opens_it(browser: Any, server: Server) -> None:
    """With Game open, a tap on Help closed both: the mouse enter the browser
    sends after a tap opened Help, as hovering does, and the click that
    followed closed it again."""
    context = browser.new_context(has_touch=True, viewport={"width": 390, "height": 844})
    pg = context.new_page()
    pg.goto(server.url)
    pg.wait_for_selector(cell(8, 8))
    pg.tap("#menu-game > button")
    assert pg.evaluate("() => [...document.querySelectorAll('.menu.open')].map(m => m.id)") == [
        "menu-game"
    ]
    pg.tap("#menu-help > button")
    assert pg.evaluate("() => [...document.querySelectorAll('.menu.open')].map(m => m.id)") == [
        "menu-help"
    ]
    context.close()


@pytest.mark.parametrize(
    ("viewport", "code", "first"),
    [((390, 844), "e:mobile3", (27, 8)), ((844, 390), "30x25x150:rt1", (15, 24))],
)
def test_on_a_phone_the_numbers_that_prove_a_hint_are_in_view(
    browser: Any, server: Server, viewport: tuple[int, int], code: str, first: tuple[int, int]
) -> None:
    """Expert on a 390 px phone, its board scrolled back to the left before the
    assist was pressed too early: the hint was brought to the box's edge and
    the four numbers proving it, which the panel points at, stayed out of view.
    On a landscape phone a tall board left one of them below the screen."""
    width, height = viewport
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=True, is_mobile=True
    )
    pg = context.new_page()
    pg.goto(f"{server.url}/?code={code}")
    pg.wait_for_selector(".c")
    pg.tap(cell(*first))
    settle(pg)
    pg.evaluate(
        "() => { document.querySelector('.frame > .sunken').scrollLeft = 0; scrollTo(0, 0); }"
    )
    pg.tap("#assist")
    pg.wait_for_selector(".c.proof")
    settle(pg)
    seen = pg.evaluate(
        """() => { const box = document.querySelector('.frame > .sunken').getBoundingClientRect();
        return [...document.querySelectorAll('.c.proof, .c.hint')].map((c) => {
          const r = c.getBoundingClientRect();
          return r.left >= box.left - 0.5 && r.right <= box.right + 0.5
            && r.top >= -0.5 && r.bottom <= innerHeight + 0.5; }); }"""
    )
    assert len(seen) >= 2 and all(seen)
    context.close()


def test_a_window_shows_the_moves_another_window_made(browser: Any, server: Server) -> None:
    """Two tabs on one saved game: the one that comes back (focused or shown)
    shows the game as stored, and a game ended in both is listed once."""
    seed = "e2e-two-tabs"
    context, one = started_window(browser, server, f"/?code=b:{seed}")
    two = context.new_page()
    two.goto(server.url + "/")  # resumes the game saved in this browser
    two.wait_for_selector(cell(8, 8))
    assert tile(two, FIRST) == "0"
    hidden = [p for p in safe_of(seed, FIRST) if tile(two, p) == "covered"]
    target: Pos = hidden[0]
    two.click(cell(target.x, target.y))
    settle(two)
    assert tile(two, target) != "covered"
    assert tile(one, target) == "covered"  # not told yet
    one.evaluate("() => window.dispatchEvent(new Event('focus'))")
    one.wait_for_function(
        f"() => document.querySelector('{cell(target.x, target.y)}').dataset.tile !== 'covered'"
    )
    # lose in both windows: the game is listed once among the replays
    mine = mines_of(seed, FIRST)[0]
    two.click(cell(mine.x, mine.y))
    settle(two)
    one.click(cell(mine.x, mine.y))
    settle(one)
    one.wait_for_selector("#end-title")
    history = one.evaluate("() => JSON.parse(localStorage.getItem('minebender.history') ?? '[]')")
    ids = [h["id"] for h in history]
    assert len(ids) == len(set(ids)) == 1
    context.close()


def open_code_dialog(page: Any, server: Server) -> None:
    """A fresh page, then Game -> Board Code."""
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    page.click("#menu-game > button")
    page.click('[data-cmd="code"]')


def test_the_code_dialog_names_the_first_click_of_the_board(page: Any, server: Server) -> None:
    """The dialog said the code gives the board only to the same first click,
    and not which cell that was."""
    lose(page, server, "e2e-first")
    page.click("#menu-game > button")
    page.click('[data-cmd="code"]')
    assert page.inner_text("#code-dialog #board-code") == "b:e2e-first"
    assert page.inner_text("#code-dialog #first-click") == f"({FIRST.x}, {FIRST.y})"


def test_the_code_dialog_says_why_an_empty_code_does_not_play(page: Any, server: Server) -> None:
    open_code_dialog(page, server)
    page.click("#code-dialog .xpbtn:has-text('Play')")
    assert "Type a board code" in page.inner_text("#code-dialog [data-error]")
    page.fill("#code-dialog input", "i:typed")
    page.click("#code-dialog .xpbtn:has-text('Play')")
    page.wait_for_selector(cell(15, 15))


def test_best_times_show_their_date_and_the_dialogs_say_what_counts(
    page: Any, server: Server
) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    page.evaluate(
        """async () => {
          const d = await import('/static/js/dialogs.js');
          d.bestTimesDialog({beginner: [{name: 'Ada', elapsed_ms: 7250,
                                          recorded_at: Date.UTC(2026, 0, 2, 12) / 1000}]});
        }"""
    )
    page.wait_for_selector("#best-dialog")
    row = page.inner_text("#best-times tr[data-level='beginner']")
    assert "Ada" in row and "7.250 s" in row
    expected = page.evaluate("() => new Date(Date.UTC(2026, 0, 2, 12)).toLocaleDateString()")
    assert page.inner_text("#best-times [data-date]") == expected
    assert "not practice, no-guess or assisted" in page.inner_text("#best-dialog")
    page.keyboard.press("Escape")
    page.click("#menu-game > button")
    page.click('[data-cmd="stats"]')
    page.wait_for_selector("#stats-dialog")
    assert "counts as lost" in page.inner_text("#stats-dialog")


def test_practice_shows_no_heat_before_the_first_click(page: Any, server: Server) -> None:
    """The first click is always safe: a heat map of 12% everywhere would lie."""
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    page.click("#menu-game > button")
    page.click('[data-cmd="practice"]')
    page.wait_for_selector("#practice-badge")
    page.wait_for_timeout(300)
    assert page.locator(".c.heat").count() == 0
    page.click(cell(FIRST.x, FIRST.y))
    settle(page)
    page.wait_for_selector(".c.heat")


def test_the_face_is_in_the_middle_of_the_bar(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    face = page.locator("#face").bounding_box()
    bar = page.locator(".top").bounding_box()
    assert face is not None and bar is not None
    assert abs((face["x"] + face["width"] / 2) - (bar["x"] + bar["width"] / 2)) <= 1.5


def test_replays_play_at_the_chosen_speed_and_the_list_tells_games_apart(
    page: Any, server: Server
) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    # the viewer shows, at any time, the last frame at or before it
    found = page.evaluate(
        """async () => {
          const { frameAt } = await import('/static/js/viewer.js');
          const frames = [{ t: 0 }, { t: 100 }, { t: 100 }, { t: 900 }];
          return [-5, 0, 99, 100, 500, 900, 5000].map((t) => frameAt(frames, t));
        }"""
    )
    assert found == [0, 0, 0, 2, 2, 3, 3]
    seed = "e2e-replay-list"
    page.goto(f"{server.url}/?code=b+ng:{seed}")
    page.wait_for_selector(".badge:has-text('No-guess')")
    page.click(cell(FIRST.x, FIRST.y))
    settle(page)
    page.evaluate("() => document.getElementById('board').focus()")
    page.keyboard.press("a")  # too early on a no-guess board: the game is lost, and over
    settle(page)
    page.wait_for_selector("#end-title")
    page.click("#menu-game > button")
    page.click('[data-cmd="replays"]')
    page.select_option("#replays-dialog [data-order]", "date")  # newest first
    row = f"#replays-dialog .row:has-text('code b+ng:{seed}')"
    page.wait_for_selector(row)
    assert "no-guess" in page.inner_text(row)
    page.click(f"{row} [data-watch]")
    page.wait_for_selector("#review-dialog [data-speed]")
    assert page.input_value("#review-dialog [data-speed]") == "1"
    # played at 8x, the game runs to its end by itself
    page.select_option("#review-dialog [data-speed]", "8")
    page.click("#review-dialog [data-play]")
    page.wait_for_function(
        "() => document.querySelector('#review-dialog [data-play]').textContent === 'Play'"
    )
    info = page.inner_text("#review-dialog [data-info]")
    total = len(page.locator("#review-dialog [data-moves] li").all())
    assert info.startswith(f"move {total} of {total}"), info


@pytest.mark.slow
def test_the_board_is_dimmed_while_the_server_is_away(page: Any, tmp_path: Path) -> None:
    """A click while the server is down is not a move: the board says so, its
    timer stands still (it ran on, then jumped back), and it all comes back
    with the server."""
    seed = "e2e-away"
    srv = Server(tmp_path / "away.db", dealt=seed).start()
    try:
        page.goto(srv.url + "/")
        page.wait_for_selector(cell(8, 8))
        page.click(cell(FIRST.x, FIRST.y))
        settle(page)
        target = next(p for p in safe_of(seed, FIRST) if tile(page, p) == "covered")
        srv.kill()
        page.click(cell(target.x, target.y))
        settle(page)
        assert page.get_attribute("#board", "data-offline") == "1"
        assert "This move was not made" in page.inner_text("#statusbar")
        assert tile(page, target) == "covered"
        frozen = page.get_attribute("#timer", "data-value")  # no clock is running: it stands
        page.wait_for_timeout(1500)
        assert page.get_attribute("#timer", "data-value") == frozen
        srv = Server(srv.db, srv.port, dealt=seed).start()
        page.click(cell(target.x, target.y))
        settle(page)
        assert tile(page, target) != "covered"
        assert page.get_attribute("#board", "data-offline") == "0"
    finally:
        srv.kill()


OWNER_VIEW = (
    "(g) => fetch('/api/games/' + g.id, {headers: {Authorization: 'Bearer ' + g.token}})"
    ".then((r) => r.json()).then((d) => d.view)"
)
"""A function for the page: a game's stored view, asked as its owner."""


def owner_view(page: Any, game: dict[str, str]) -> dict[str, Any]:
    """A game's view, asked as its owner."""
    return dict(page.evaluate(OWNER_VIEW, game))


def game_status(page: Any, game: dict[str, str]) -> str:
    """The stored status of a game, asked as its owner."""
    return str(owner_view(page, game)["status"])


def current(page: Any) -> dict[str, str]:
    return dict(page.evaluate("() => JSON.parse(localStorage.getItem('minebender.current'))"))


def test_a_link_to_a_code_gives_up_the_game_in_progress(page: Any, server: Server) -> None:
    """Opening a shared link replaces the saved game once the player agrees
    (see ``test_a_link_asks_before_it_gives_up_a_game_in_play``): it is
    abandoned (played, lost), not left unfinished where nothing resumes or
    counts it."""
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    page.click(cell(FIRST.x, FIRST.y))
    settle(page)
    old = current(page)
    page.goto(f"{server.url}/?code=b:link-replaces")
    page.wait_for_selector("#confirm-dialog")
    assert "would count as lost" in page.inner_text("#confirm-dialog")
    page.click("#confirm-dialog button:has-text('Play it')")
    page.wait_for_function(
        "(id) => JSON.parse(localStorage.getItem('minebender.current')).id !== id", arg=old["id"]
    )
    assert game_status(page, old) == "abandoned"


def test_the_clock_stands_still_while_a_link_asks(page: Any, dealt: Server) -> None:
    """No move can be made while the link's question is open, but the page's
    heartbeat ran the clock on: a declined link cost a ranked game 15 s."""
    start_dealt(page, dealt)
    game = current(page)
    page.goto(f"{dealt.url}/?code=b:link-clock")
    page.wait_for_selector("#confirm-dialog")
    page.wait_for_timeout(6500)  # past the page's 5 s heartbeat
    asked = owner_view(page, game)
    assert asked["paused"] and asked["elapsed_ms"] < 3000
    page.click("#confirm-dialog button:has-text('Cancel')")
    page.wait_for_function(  # declined: it runs again from where it stood
        f"(g) => ({OWNER_VIEW})(g).then((v) => !v.paused)", arg=game
    )
    assert owner_view(page, game)["elapsed_ms"] < asked["elapsed_ms"] + 2000


def test_a_link_asks_for_a_best_time_not_yet_named_first(page: Any, dealt: Server) -> None:
    """A won game whose best time was not named yet is named as the game is
    resumed: a link that went straight to its board lost the time for good."""
    start_dealt(page, dealt)
    won = current(page)
    win(page, DEALT)
    page.wait_for_selector("#name-dialog")
    page.goto(f"{dealt.url}/?code=b:link-after-best")  # the dialog never answered
    page.wait_for_selector("#name-dialog")
    assert current(page)["id"] == won["id"]
    page.fill("#name-dialog input", "Linked")
    page.click("#name-dialog .xpbtn")
    page.wait_for_selector("#best-dialog")
    assert "Linked" in page.inner_text("#best-times")
    page.keyboard.press("Escape")
    page.wait_for_function(
        "(id) => JSON.parse(localStorage.getItem('minebender.current')).id !== id", arg=won["id"]
    )
    assert tile(page, FIRST) == "covered"  # the link's board, after the name


def test_a_link_game_left_unanswered_is_not_kept(page: Any, dealt: Server) -> None:
    """The link's game is made before the question (so a bad code is refused
    at once); a page closed or reloaded over the question left it "playing"
    in the database for good."""
    start_dealt(page, dealt)
    page.goto(f"{dealt.url}/?code=b:link-unanswered")
    page.wait_for_selector("#confirm-dialog")
    with sqlite3.connect(dealt.db) as db:
        made = "SELECT COUNT(*) FROM games WHERE seed LIKE '%link-unanswered%'"
        assert db.execute(made).fetchone()[0] == 1
    page.reload()
    page.wait_for_selector(f"{cell(FIRST.x, FIRST.y)}:not([data-tile='covered'])")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with sqlite3.connect(dealt.db) as db:
            if db.execute(made).fetchone()[0] == 0:
                break
        time.sleep(0.1)
    with sqlite3.connect(dealt.db) as db:
        assert db.execute(made).fetchone()[0] == 0
    assert page.locator("#confirm-dialog").count() == 0  # the link went with the reload


def started_window(browser: Any, server: Server, path: str = "/") -> tuple[Any, Any]:
    """A browser context (its windows share one localStorage) and a window of
    it on path with a game started at FIRST."""
    context = browser.new_context(viewport={"width": 900, "height": 720})
    one = context.new_page()
    one.goto(server.url + path)
    one.wait_for_selector(cell(8, 8))
    one.click(cell(FIRST.x, FIRST.y))
    settle(one)
    return context, one


def test_a_new_game_in_one_window_gives_up_the_game_another_window_plays(
    browser: Any, server: Server
) -> None:
    context, one = started_window(browser, server)
    first = current(one)
    two = context.new_page()
    two.goto(server.url + "/")  # resumes the first game
    two.wait_for_selector(cell(8, 8))
    two.click("#face")  # gives it up, and deals a second game
    quit_game(two)
    two.wait_for_function(
        "(id) => JSON.parse(localStorage.getItem('minebender.current')).id !== id", arg=first["id"]
    )
    two.click(cell(FIRST.x, FIRST.y))
    settle(two)
    second = current(two)
    assert game_status(two, first) == "abandoned"
    one.click("#face")  # this window still shows the first game
    quit_game(one)
    one.wait_for_function(
        "(id) => JSON.parse(localStorage.getItem('minebender.current')).id !== id", arg=second["id"]
    )
    assert game_status(one, second) == "abandoned"
    context.close()


def test_a_new_game_before_the_first_click_drops_the_one_not_started(
    browser: Any, server: Server
) -> None:
    """The face before a first click left the game dealt "playing" in the
    database for good, one a click. The server drops it now (404), and a
    second window that showed it goes on with the new game."""
    context = browser.new_context()
    one = context.new_page()
    one.goto(server.url + "/")
    one.wait_for_selector(cell(8, 8))
    dealt = current(one)
    two = context.new_page()
    two.goto(server.url + "/")  # the same game, not started
    two.wait_for_selector(cell(8, 8))
    one.click("#face")
    one.wait_for_function(
        "(id) => JSON.parse(localStorage.getItem('minebender.current')).id !== id", arg=dealt["id"]
    )
    gone = "(g) => fetch('/api/games/' + g.id, {headers: {Authorization: 'Bearer ' + g.token}})"
    assert one.evaluate(gone + ".then((r) => r.status)", dealt) == 404
    two.click(cell(FIRST.x, FIRST.y))  # its game is gone: it takes the new one, as a reload would
    two.wait_for_function(
        "(id) => document.getElementById('status-live').textContent.includes('Another window')"
    )
    assert current(two)["id"] == current(one)["id"] != dealt["id"]
    context.close()


def test_a_link_opened_before_the_first_click_drops_the_saved_game(
    page: Any, server: Server
) -> None:
    """The saved game, not started, was left "playing" for good when a shared
    link replaced it in a new page."""
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    dealt = current(page)
    page.goto(f"{server.url}/?code=i:linked")
    page.wait_for_selector(cell(15, 15))
    gone = "(g) => fetch('/api/games/' + g.id, {headers: {Authorization: 'Bearer ' + g.token}})"
    assert page.evaluate(gone + ".then((r) => r.status)", dealt) == 404


@pytest.mark.slow
def test_reset_scores_and_statistics_ask_first_and_empty_them(page: Any, tmp_path: Path) -> None:
    """Best Times has Reset Scores and Statistics has Reset, as in Windows: each
    asks first (Cancel, the default button, keeps everything) and then shows
    what is left; the best time just named is gone, the replays stay."""
    srv = Server(tmp_path / "games.db", dealt=DEALT).start()
    try:
        start_dealt(page, srv)
        win(page, DEALT)
        page.wait_for_selector("#name-dialog")
        page.fill("#name-dialog input", "Resetter")
        page.click("#name-dialog .xpbtn:has-text('OK')")
        page.wait_for_selector("#best-dialog")
        assert "Resetter" in page.inner_text("#best-times")
        page.click("#best-dialog .xpbtn:has-text('Reset Scores')")
        page.wait_for_selector("#confirm-dialog")
        assert "cannot be brought back" in page.inner_text("#confirm-dialog")
        page.keyboard.press("Enter")  # Cancel has the focus: nothing is reset
        page.wait_for_selector("#best-dialog")
        assert "Resetter" in page.inner_text("#best-times")
        page.click("#best-dialog .xpbtn:has-text('Reset Scores')")
        page.click("#confirm-dialog .xpbtn:has-text('Reset')")
        page.wait_for_function(
            "() => document.querySelector('#best-dialog')"
            " && !document.querySelector('#confirm-dialog')"
        )
        assert "Resetter" not in page.inner_text("#best-times")
        assert page.inner_text("#best-times").count("999 s") == 3
        page.click("#best-dialog .xpbtn:has-text('OK')")
        page.click("#menu-game > button")
        page.click('[data-cmd="stats"]')
        page.wait_for_selector("#stats-dialog")
        row = "#statistics tr[data-level='beginner'] td.num"
        assert page.locator(row).first.inner_text() == "1"
        page.click("#stats-dialog .xpbtn:has-text('Reset')")
        page.click("#confirm-dialog .xpbtn:has-text('Reset')")
        page.wait_for_function("() => !document.querySelector('#confirm-dialog')")
        page.wait_for_selector("#stats-dialog")
        assert page.locator(row).first.inner_text() == "0"
        page.keyboard.press("Escape")
        page.click("#menu-game > button")
        page.click('[data-cmd="replays"]')
        assert "Beginner" in page.inner_text(".dialog")  # the game's replay is kept
    finally:
        srv.kill()


def test_a_window_whose_game_was_given_up_elsewhere_goes_on_with_the_new_one(
    browser: Any, server: Server
) -> None:
    """A click in a window whose game another window gave up for a new one was
    refused with a bare message; the window now shows the new game."""
    context, one = started_window(browser, server)
    two = context.new_page()
    two.goto(server.url + "/")
    two.wait_for_selector(cell(8, 8))
    two.keyboard.press("F2")  # gives the first game up for a second one
    quit_game(two)
    two.wait_for_function(
        "() => document.querySelectorAll('.c[data-tile=\"covered\"]').length === 81"
    )
    two.click(cell(FIRST.x, FIRST.y))
    settle(two)
    second = current(two)
    target = next(
        Pos(x, y) for y in range(9) for x in range(9) if tile(one, Pos(x, y)) == "covered"
    )
    one.click(cell(target.x, target.y))
    one.wait_for_selector("#statusbar:has-text('Another window started a new game')")
    settle(one)
    assert one.evaluate("() => document.querySelectorAll('.c[data-tile=\"covered\"]').length") == (
        two.evaluate("() => document.querySelectorAll('.c[data-tile=\"covered\"]').length")
    )
    assert current(one) == second and game_status(one, second) == "playing"
    context.close()


def test_a_button_held_while_the_window_takes_the_new_game_is_not_sent_to_it(
    browser: Any, server: Server
) -> None:
    """A press on a game given up elsewhere shows the new game; its release,
    now over the new board, is no move there and leaves the message standing
    (the release alone was sent to the new game, whose answer cleared it)."""
    context, one = started_window(browser, server)
    two = context.new_page()
    two.goto(server.url + "/")
    two.wait_for_selector(cell(8, 8))
    two.keyboard.press("F2")
    quit_game(two)
    two.wait_for_function(
        "() => document.querySelectorAll('.c[data-tile=\"covered\"]').length === 81"
    )
    two.click(cell(FIRST.x, FIRST.y))
    settle(two)
    target = next(
        Pos(x, y) for y in range(9) for x in range(9) if tile(one, Pos(x, y)) == "covered"
    )
    box = one.locator(cell(target.x, target.y)).bounding_box()
    one.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    one.mouse.down()
    one.wait_for_selector("#statusbar:has-text('Another window started a new game')")
    one.mouse.up()
    settle(one)
    one.wait_for_timeout(200)  # an answer to a release sent would have come by now
    assert "Another window started a new game" in one.inner_text("#statusbar")
    assert one.evaluate("() => document.querySelectorAll('.c[data-tile=\"covered\"]').length") == (
        two.evaluate("() => document.querySelectorAll('.c[data-tile=\"covered\"]').length")
    )
    context.close()


def test_a_press_outside_an_open_menu_only_closes_it(page: Any, server: Server) -> None:
    """As in Windows: the press that closes the Game menu reveals nothing (a
    misplaced game was lost that way), and the menu is walked with the keys."""
    page.goto(f"{server.url}/?code=b:menu-press")
    page.wait_for_selector(cell(8, 8))
    page.click("#menu-game > button")
    page.click(cell(8, 8))  # beside the open menu
    assert page.locator(".menu.open").count() == 0
    assert tile(page, Pos(8, 8)) == "covered"
    page.click(cell(8, 8), button="right")  # the menu is closed: the board hears again
    settle(page)
    assert tile(page, Pos(8, 8)) == "flagged"
    page.click("#menu-game > button")
    items = page.locator("#menu-game .dropdown [data-cmd]")
    first_cmd = items.first.get_attribute("data-cmd")
    last_cmd = items.last.get_attribute("data-cmd")
    target = next(
        i
        for i in range(items.count())
        if items.nth(i).get_attribute("data-cmd") == "level:intermediate"
    )
    for _ in range(target + 1):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_selector(cell(15, 15))
    assert page.locator(".menu.open").count() == 0
    page.focus("#board")
    page.keyboard.press("ArrowDown")  # the board's cursor, on a covered cell
    covered = page.locator('.c[data-tile="covered"]').count()
    page.click("#menu-game > button")
    page.keyboard.press("Enter")  # no item chosen yet: it goes to the first, not to the board
    assert page.locator('.c[data-tile="covered"]').count() == covered
    assert page.evaluate("() => document.activeElement.dataset.cmd") == first_cmd
    page.keyboard.press("Escape")
    page.click("#menu-game > button")
    page.keyboard.press("ArrowUp")  # from no item, up is the last one
    assert page.evaluate("() => document.activeElement.dataset.cmd") == last_cmd
    page.keyboard.press("F2")  # a key the menu does not take closes it and does its work
    assert page.locator(".menu.open").count() == 0


@pytest.mark.parametrize("width", [320, 360, 390])
def test_on_a_phone_intermediate_fits_and_dialogs_stay_on_screen(
    browser: Any, server: Server, width: int
) -> None:
    """At 360 px the Statistics table was 363 px in a 338 px dialog: its last
    column, the best streak, could not be seen."""
    context = browser.new_context(viewport={"width": width, "height": 740}, has_touch=True)
    pg = context.new_page()
    pg.goto(f"{server.url}/?code=i:phone")
    pg.wait_for_selector(cell(15, 15))
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= width
    pg.click("#menu-game > button")
    pg.click('[data-cmd="stats"]')
    box = pg.locator("#stats-dialog").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    # and the whole table shows, not cut at the dialog's right edge
    fits = "() => { const b = document.querySelector('#stats-dialog .body');"
    fits += " return b.scrollWidth <= b.clientWidth; }"
    assert pg.evaluate(fits)
    context.close()


def test_a_refused_code_keeps_the_code_dialog_open_with_the_code(page: Any, server: Server) -> None:
    open_code_dialog(page, server)
    page.fill("#code-dialog input", "b+ng+ng:x")
    page.click("#code-dialog .xpbtn:has-text('Play')")
    page.wait_for_selector("#code-dialog [data-error]:has-text(\"'b+ng+ng'\")")
    assert page.input_value("#code-dialog input") == "b+ng+ng:x"
    assert page.locator("#message").count() == 0


def test_enter_on_a_button_presses_it_even_with_the_board_cursor_shown(
    page: Any, server: Server
) -> None:
    """With the keyboard cursor on the board, Enter on the face revealed the
    cell under the cursor (and Enter on Game opened nothing): on a button it
    presses the button."""
    page.goto(f"{server.url}/?code=b:enter-face")
    page.wait_for_selector(cell(8, 8))
    page.focus("#board")
    page.keyboard.press("ArrowDown")  # the cursor shows, on a covered cell
    page.focus("#face")
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert page.locator('.c[data-tile="covered"]').count() == 81  # nothing revealed
    page.focus("#menu-game > button")
    page.keyboard.press("Enter")
    assert page.locator("#menu-game.open").count() == 1
    assert page.get_attribute("#menu-game > button", "aria-expanded") == "true"


def test_a_dialog_keeps_the_focus_and_gives_it_back(page: Any, server: Server) -> None:
    """Tab never leaves an open dialog (it reached the face behind it, and Enter
    there started a new game); closed, the dialog gives the focus back."""
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    page.focus("#board")
    page.keyboard.press("n")
    page.evaluate("() => { import('/static/js/dialogs.js').then((d) => { d.codeDialog(null); }); }")
    page.wait_for_selector("#code-dialog")
    assert page.get_attribute("#code-dialog", "aria-modal") == "true"
    inside = "() => document.querySelector('#code-dialog').contains(document.activeElement)"
    for key in ["Tab"] * 7 + ["Shift+Tab"] * 7:
        page.keyboard.press(key)
        assert page.evaluate(inside), key
    page.keyboard.press("Escape")
    assert page.evaluate("() => document.activeElement.id") == "board"


def test_a_screen_reader_can_read_the_board_and_the_counters(page: Any, server: Server) -> None:
    page.goto(f"{server.url}/?code=b:spoken")
    page.wait_for_selector(cell(8, 8))
    assert page.get_attribute("#board", "role") == "grid"
    assert page.locator('#board [role="row"]').count() == 9
    corner = page.locator(cell(0, 0))
    assert corner.get_attribute("role") == "gridcell"
    assert corner.get_attribute("aria-label") == "covered, column 1, row 1"
    assert page.get_attribute("#counter", "aria-label") == "10 mines left"
    page.click(cell(FIRST.x, FIRST.y))
    settle(page)
    assert page.locator(cell(FIRST.x, FIRST.y)).get_attribute("aria-label") == (
        f"empty, column {FIRST.x + 1}, row {FIRST.y + 1}"
    )
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    active = page.get_attribute("#board", "aria-activedescendant")
    assert active is not None and page.locator(f"#{active}").get_attribute("role") == "gridcell"
    assert page.get_attribute("#timer", "aria-label").endswith(" seconds")

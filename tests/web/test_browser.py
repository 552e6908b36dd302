"""End-to-end: the page in real headless Chromium against a real server.

The tests know where the mines are only by computing the layout from the seed
with the session's own code (tests/web/helpers.py), never through the API.
Most pick their board with a board code (``?code=b:SEED``); such a game is
chosen and never ranked, so the tests of best times play on a server that
deals a known seed instead (``dealt``, ``dealt_serve.py``).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from minebender.values.types import Pos

from .helpers import mines_of, safe_of
from .server import Server

pytestmark = [pytest.mark.browser, pytest.mark.timeout(60)]

FIRST = Pos(4, 4)
DEALT = "e2e-dealt"
"""The board every game of the ``dealt`` server gets."""


ANALYSIS_SECONDS = "30"
"""The time an analysis of the tests' server has, not the default 10 s: the
other tests load the machine, and a test that waits for a whole analysis
(a lattice's dead cells, an endgame's win chances) saw it cut short."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("srv") / "games.db"
    s = Server(db, options=("--analysis-seconds", ANALYSIS_SECONDS)).start()
    yield s
    s.kill()


@pytest.fixture(scope="module")
def dealt(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose every new game is ranked, on DEALT's board."""
    s = Server(tmp_path_factory.mktemp("dealt") / "games.db", dealt=DEALT).start()
    yield s
    s.kill()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 900, "height": 720})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, errors


def cell(x: int, y: int) -> str:
    return f'#board .c[data-x="{x}"][data-y="{y}"]'


def tile(page: Any, p: Pos) -> str:
    return str(page.get_attribute(cell(p.x, p.y), "data-tile"))


def settle(page: Any) -> None:
    """Wait until every action sent has been answered."""
    page.wait_for_function(
        "() => (document.getElementById('board').dataset.pending ?? '0') === '0'"
    )


def start(page: Any, server: Server, seed: str) -> None:
    page.goto(f"{server.url}/?code=b:{seed}")
    page.wait_for_selector(cell(8, 8))
    page.click(cell(FIRST.x, FIRST.y))
    settle(page)
    assert tile(page, FIRST) == "0"


def lose(page: Any, server: Server, seed: str) -> Pos:
    """Start seed's board, click FIRST, then its first mine; the mine."""
    start(page, server, seed)
    boom = mines_of(seed, FIRST)[0]
    page.click(cell(boom.x, boom.y))
    settle(page)
    assert tile(page, boom) == "blast"
    return boom


def quit_game(page: Any) -> None:
    """Answer Windows 7's question over a started game: Quit and start a new game."""
    page.click("#leave-dialog button:has-text('Quit and start a new game')")


def start_dealt(page: Any, server: Server) -> None:
    """Open the page on a fresh game (DEALT's board, ranked) and click FIRST."""
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    page.click(cell(FIRST.x, FIRST.y))
    settle(page)
    assert tile(page, FIRST) == "0"


def test_win_beginner_with_the_mouse(page: Any, dealt: Server, tmp_path: Path) -> None:
    start_dealt(page, dealt)
    for p in safe_of(DEALT, FIRST):
        if tile(page, p) == "covered":
            page.click(cell(p.x, p.y))
            settle(page)
    page.wait_for_selector("#name-dialog")
    page.fill("#name-dialog input", "Tester")
    page.click("#name-dialog .xpbtn")
    page.wait_for_selector("#best-dialog")
    assert "Tester" in page.inner_text("#best-times")
    page.keyboard.press("Escape")
    assert page.get_attribute("#end-title", "data-status") == "won"
    assert page.get_attribute("#face", "data-mood") == "cool"
    assert page.get_attribute("#counter", "data-value") == "0"
    stats = page.inner_text("#end-stats")
    assert "3BV" in stats and "IOE" in stats and "left" in stats
    # 3BV/s with three decimals, a trailing zero kept (one game said 0.89)
    rate = page.inner_text('[data-stat="bbbv_per_s"]')
    assert re.fullmatch(r"\d+\.\d{3}", rate), rate
    page.screenshot(path=str(tmp_path / "won.png"))


def test_lose_with_the_mouse_and_watch_export_import_the_replay(
    page: Any, server: Server, tmp_path: Path
) -> None:
    boom = lose(page, server, "e2e-lose")
    assert page.get_attribute("#end-title", "data-reason") == "blast"
    assert page.get_attribute("#face", "data-mood") == "dead"
    page.click("#watch-replay")
    page.wait_for_selector("#review-dialog [data-info]")
    assert "move 0 of 2" in page.inner_text("#review-dialog [data-info]")
    page.click("#review-dialog [data-last]")
    assert "move 2 of 2" in page.inner_text("#review-dialog [data-info]")
    blast = f"#review-dialog .c[data-x='{boom.x}'][data-y='{boom.y}']"
    assert page.get_attribute(blast, "data-tile") == "blast"
    page.keyboard.press("Escape")
    with page.expect_download() as download:
        page.click("#export-replay")
    saved = tmp_path / "replay.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text())["format"] == "minebender-replay"
    page.click("#menu-game > button")
    page.click('[data-cmd="replays"]')
    page.wait_for_selector("#replays-dialog [data-watch]")  # listed from the store
    page.set_input_files("#replays-dialog [data-import]", str(saved))
    page.wait_for_selector("#review-dialog [data-info]")
    page.click("#review-dialog [data-last]")
    assert page.get_attribute(blast, "data-tile") == "blast"


def test_flag_and_chord(page: Any, server: Server) -> None:
    seed = "e2e-chord"
    start(page, server, seed)
    mines = set(mines_of(seed, FIRST))
    board = {Pos(x, y): tile(page, Pos(x, y)) for x in range(9) for y in range(9)}

    def around(p: Pos) -> list[Pos]:
        return [
            Pos(p.x + dx, p.y + dy)
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            if (dx or dy) and 0 <= p.x + dx < 9 and 0 <= p.y + dy < 9
        ]

    numbers = [
        p
        for p, t in board.items()
        if t not in ("covered", "0")
        and any(board[q] == "covered" and q not in mines for q in around(p))
    ]
    assert numbers, "the seed must leave a number to chord on"
    ways = ["both", "middle", "click"]
    for way, n in zip(ways, numbers, strict=False):
        for q in around(n):
            if q in mines and tile(page, q) == "covered":
                page.click(cell(q.x, q.y), button="right")
                settle(page)
                assert tile(page, q) == "flagged"
        box = page.locator(cell(n.x, n.y)).bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        if way == "both":
            page.mouse.down(button="left")
            page.mouse.down(button="right")
            assert page.locator(".c.pressed").count() >= 1  # cells look held
            page.mouse.up(button="right")
            page.mouse.up(button="left")
        elif way == "middle":
            page.mouse.down(button="middle")
            page.mouse.up(button="middle")
        else:
            page.mouse.down()
            page.mouse.up()
        settle(page)
        for q in around(n):
            if q not in mines and page.locator("#end-title").count() == 0:
                assert tile(page, q) not in ("covered", "flagged"), (way, n, q)
    flags = page.locator('.c[data-tile="flagged"]').count()
    if page.locator("#end-title").count() == 0:
        assert page.get_attribute("#counter", "data-value") == str(10 - flags)


def test_assist_too_early_shows_the_hint(page: Any, server: Server) -> None:
    start(page, server, "e2e-hint")
    page.click("#assist")
    settle(page)
    page.wait_for_selector('.c[data-tile="hint"]')
    assert page.get_attribute("#end-title", "data-reason") == "hint"
    hint = page.locator('.c[data-tile="hint"]')
    x, y = int(hint.get_attribute("data-x")), int(hint.get_attribute("data-y"))
    assert Pos(x, y) in safe_of("e2e-hint", FIRST)
    page.wait_for_selector("#proof-note:not([hidden])")
    assert page.locator(".c.proof").count() >= 1
    assert "prove it safe" in page.inner_text("#proof-note")


def test_keyboard_play(page: Any, server: Server) -> None:
    seed = "e2e-keys"
    page.goto(f"{server.url}/?code=b:{seed}")
    page.wait_for_selector(cell(8, 8))
    page.focus("#board")
    page.keyboard.press("ArrowDown")  # the first arrow shows the cursor at the centre
    assert page.locator(".c.cursor").count() == 1
    page.keyboard.press("Space")
    settle(page)
    assert tile(page, FIRST) == "0"
    mine = min(mines_of(seed, FIRST), key=lambda m: abs(m.x - 4) + abs(m.y - 4))
    for _ in range(abs(mine.x - 4)):
        page.keyboard.press("ArrowRight" if mine.x > 4 else "ArrowLeft")
    for _ in range(abs(mine.y - 4)):
        page.keyboard.press("ArrowDown" if mine.y > 4 else "ArrowUp")
    page.keyboard.press("f")
    settle(page)
    assert tile(page, mine) == "flagged"
    assert page.get_attribute("#counter", "data-value") == "9"
    page.keyboard.press("a")
    settle(page)
    page.wait_for_selector('.c[data-tile="hint"]')
    old = page.get_attribute("#end-title", "data-reason")
    assert old == "hint"
    page.keyboard.press("n")
    page.wait_for_function("() => !document.getElementById('end-title')")
    assert page.locator('.c[data-tile="covered"]').count() == 81


def test_touch_tap_reveals_and_long_press_flags(browser: Any, server: Server) -> None:
    seed = "e2e-touch"
    context = browser.new_context(has_touch=True, viewport={"width": 500, "height": 700})
    page = context.new_page()
    page.goto(f"{server.url}/?code=b:{seed}")
    page.wait_for_selector(cell(8, 8))
    page.tap(cell(4, 4))
    settle(page)
    assert tile(page, FIRST) == "0"
    mine = next(m for m in mines_of(seed, FIRST) if tile(page, m) == "covered")
    box = page.locator(cell(mine.x, mine.y)).bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_timeout(600)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    settle(page)
    assert tile(page, mine) == "flagged"
    context.close()


def test_practice_shows_the_heat_map(page: Any, server: Server, tmp_path: Path) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    page.click("#menu-game > button")
    page.click('[data-cmd="level:expert"]')
    page.wait_for_selector(cell(29, 15))
    page.click("#menu-game > button")
    page.click('[data-cmd="practice"]')
    page.wait_for_selector("#practice-badge")
    page.click(cell(15, 8))
    settle(page)
    page.wait_for_selector(".c.heat")
    assert page.locator(".c.heat").count() > 50
    page.screenshot(path=str(tmp_path / "practice.png"))


@pytest.mark.slow
def test_resume_after_the_server_is_killed(page: Any, tmp_path: Path) -> None:
    seed = "e2e-resume"
    srv = Server(tmp_path / "resume.db", dealt=seed).start()
    try:
        start_dealt(page, srv)
        mine = mines_of(seed, FIRST)[0]
        page.click(cell(mine.x, mine.y), button="right")
        settle(page)
        before = page.eval_on_selector_all("#board .c", "cs => cs.map(c => c.dataset.tile)")
        srv.kill()
        srv = Server(srv.db, srv.port, dealt="not-this-one").start()
        page.reload()
        page.wait_for_selector("#status-msg")
        after = page.eval_on_selector_all("#board .c", "cs => cs.map(c => c.dataset.tile)")
        assert after == before
        assert "resumed" in page.inner_text("#status-msg")
        for p in safe_of(seed, FIRST):
            if tile(page, p) == "covered":
                page.click(cell(p.x, p.y))
                settle(page)
        page.wait_for_selector("#name-dialog")
        page.keyboard.press("Escape")
        assert page.get_attribute("#end-title", "data-status") == "won"
    finally:
        srv.kill()


def win(page: Any, seed: str) -> None:
    """Reveal every safe cell of a started Beginner game (its first click at FIRST)."""
    for p in safe_of(seed, FIRST):
        if tile(page, p) == "covered":
            page.click(cell(p.x, p.y))
            settle(page)


@pytest.mark.slow
def test_a_best_time_is_asked_again_after_a_reload(page: Any, dealt: Server) -> None:
    start_dealt(page, dealt)
    win(page, DEALT)
    page.wait_for_selector("#name-dialog")
    page.reload()  # before the dialog is answered: the time must not be lost
    page.wait_for_selector("#end-title")
    page.wait_for_selector("#name-dialog", timeout=5000)
    assert page.get_attribute("#end-title", "data-status") == "won"
    page.fill("#name-dialog input", "   ")
    page.click("#name-dialog .xpbtn")  # OK with a blank name: not sent, asked again
    assert page.locator("#name-dialog").count() == 1
    assert "1 to 32 characters" in page.inner_text("#name-dialog [data-error]")
    page.fill("#name-dialog input", "Reloader")
    page.click("#name-dialog .xpbtn")
    page.wait_for_selector("#best-dialog")
    assert "Reloader" in page.inner_text("#best-times")
    page.keyboard.press("Escape")
    page.reload()  # named now: not asked again
    page.wait_for_selector("#end-title")
    page.wait_for_timeout(500)
    assert page.locator("#name-dialog").count() == 0


def test_the_best_time_name_dialog_cancels_only_explicitly(page: Any, dealt: Server) -> None:
    start_dealt(page, dealt)
    win(page, DEALT)
    page.wait_for_selector("#name-dialog")
    page.fill("#name-dialog input", "")
    page.keyboard.press("Enter")
    assert page.locator("#name-dialog").count() == 1
    assert "1 to 32 characters" in page.inner_text("#name-dialog [data-error]")
    page.click("#name-dialog .xpbtn:has-text('Cancel')")
    assert page.locator("#name-dialog").count() == 0
    assert page.locator("#best-dialog").count() == 0
    page.reload()  # cancelled on purpose: the server keeps it, no page asks again
    page.wait_for_selector("#end-title")
    page.wait_for_timeout(500)
    assert page.locator("#name-dialog").count() == 0


def test_a_refusal_this_browser_kept_itself_is_handed_to_the_server(
    page: Any, dealt: Server
) -> None:
    """Pages before the server kept refusals wrote them in localStorage: such a
    refusal of the saved game is sent to the server once, and not asked again."""
    start_dealt(page, dealt)
    win(page, DEALT)
    page.wait_for_selector("#name-dialog")
    game = page.evaluate("JSON.parse(localStorage.getItem('minebender.current'))")
    page.evaluate(f"localStorage.setItem('minebender.declined', JSON.stringify([{game['id']!r}]))")
    page.reload()
    page.wait_for_selector("#end-title")
    page.wait_for_timeout(500)
    assert page.locator("#name-dialog").count() == 0
    assert page.evaluate("localStorage.getItem('minebender.declined')") == "[]"
    view = page.evaluate(
        """async (g) => (await (await fetch(`/api/games/${g.id}`,
             {headers: {Authorization: `Bearer ${g.token}`}})).json()).view""",
        game,
    )
    assert view["status"] == "won" and view["best_time"] is False


@pytest.mark.parametrize("way", ["code", "assist"])
def test_a_board_from_a_code_or_won_with_the_assist_asks_no_name(
    page: Any, dealt: Server, way: str
) -> None:
    """The board the dealt games get, played from its code (the player may know
    it), or dealt but opened by the assist: won either way, never a best time,
    so the page asks for no name, not even after a reload."""
    if way == "code":
        start(page, dealt, DEALT)
    else:
        page.goto(dealt.url + "/")
        page.wait_for_selector(cell(8, 8))
        page.click("#assist")  # before the first click: opens the centre (FIRST)
        settle(page)
        assert tile(page, FIRST) == "0"
    win(page, DEALT)
    page.wait_for_selector('#end-title[data-status="won"]')
    for _ in range(2):
        page.wait_for_timeout(500)
        assert page.locator("#name-dialog").count() == 0
        page.reload()
        page.wait_for_selector('#end-title[data-status="won"]')


def test_a_bad_code_resumes_the_saved_game(page: Any, server: Server) -> None:
    seed = "e2e-bad-code"
    start(page, server, seed)
    mine = mines_of(seed, FIRST)[0]
    page.click(cell(mine.x, mine.y), button="right")
    settle(page)
    before = page.eval_on_selector_all("#board .c", "cs => cs.map(c => c.dataset.tile)")
    page.goto(f"{server.url}/?code=bogus")
    page.wait_for_selector("#message")
    assert "Board Code" in page.inner_text("#message .titlebar")
    page.click("#message .xpbtn")
    page.wait_for_selector(cell(8, 8))
    after = page.eval_on_selector_all("#board .c", "cs => cs.map(c => c.dataset.tile)")
    assert after == before
    assert page.get_attribute("#counter", "data-value") == "9"
    assert "resumed" in page.inner_text("#status-msg")


def test_a_bad_code_without_a_saved_game_starts_one_at_the_last_level(
    page: Any, server: Server
) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    page.click("#menu-game > button")
    page.click('[data-cmd="level:intermediate"]')
    page.wait_for_selector(cell(15, 15))
    page.evaluate("() => localStorage.removeItem('minebender.current')")
    page.goto(f"{server.url}/?code=bogus")
    page.wait_for_selector("#message")
    page.click("#message .xpbtn")
    page.wait_for_selector(cell(15, 15))
    assert page.locator('#board .c[data-tile="covered"]').count() == 256
    assert page.get_attribute("#counter", "data-value") == "40"
    assert "Intermediate" in page.inner_text("#statusbar")


def test_the_custom_field_dialog_takes_what_the_api_takes(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(cell(8, 8))
    page.click("#menu-game > button")
    page.click('[data-cmd="custom"]')
    page.wait_for_selector("#custom-dialog")
    page.fill("#custom-dialog input[name=height]", "25")
    page.fill("#custom-dialog input[name=width]", "30")
    page.fill("#custom-dialog input[name=mines]", "10000")
    page.click("#custom-dialog .xpbtn")
    page.wait_for_selector(cell(29, 24))
    assert page.locator("#board .c").count() == 30 * 25
    assert page.get_attribute("#counter", "data-value") == "740"  # width*height - 10
    assert "Clamped" in page.inner_text("#status-msg")
    page.click("#menu-game > button")
    page.click('[data-cmd="custom"]')
    page.wait_for_selector("#custom-dialog")
    assert page.input_value("#custom-dialog input[name=mines]") == "740"  # the clamped field
    # typing at once replaces the first field, as Tab to the next does ("1025")
    page.keyboard.type("12")
    assert page.input_value("#custom-dialog input[name=height]") == "12"
    for bad in ("99999", "-3"):
        page.fill("#custom-dialog input[name=mines]", bad)
        page.click("#custom-dialog .xpbtn")
        assert page.locator("#custom-dialog").count() == 1
        error = page.inner_text("#custom-dialog [data-error]")
        assert error == "mines must be a whole number from 0 to 10000", bad
    page.click("#custom-dialog .xpbtn:has-text('Cancel')")
    assert page.locator("#custom-dialog").count() == 0
    assert page.locator("#board .c").count() == 30 * 25


def server_view(server: Server, game: dict[str, str]) -> dict[str, Any]:
    """The game's view as the server has it, asked with the page's own token."""
    import urllib.request

    req = urllib.request.Request(
        f"{server.url}/api/games/{game['id']}",
        headers={"Authorization": f"Bearer {game['token']}"},
    )
    with urllib.request.urlopen(req, timeout=5) as r:
        view: dict[str, Any] = json.loads(r.read())["view"]
    return view


def set_hidden(page: Any, hidden: bool) -> None:
    """Hide or show the page as switching tabs or minimising does."""
    page.evaluate(
        """(hidden) => {
            if (hidden) {
                Object.defineProperty(document, "hidden", { value: true, configurable: true });
            } else {
                delete document.hidden;  // the browser's own answer again
            }
            document.dispatchEvent(new Event("visibilitychange"));
        }""",
        hidden,
    )


def test_the_timer_stands_still_while_the_page_is_hidden_or_closed(
    page: Any, server: Server
) -> None:
    """Time away is not counted: hidden, the page tells the server, whose clock
    (and the page's timer) stands still; shown again, both go on; a page that is
    left (closed, or another address) stops the clock too."""
    start(page, server, "e2e-away")
    game = page.evaluate("() => JSON.parse(localStorage.getItem('minebender.current'))")
    set_hidden(page, True)
    deadline = time.monotonic() + 5
    while not server_view(server, game)["paused"] and time.monotonic() < deadline:
        time.sleep(0.05)
    stopped = server_view(server, game)
    assert stopped["paused"], stopped
    shown = page.get_attribute("#timer", "data-value")
    time.sleep(1.5)
    assert server_view(server, game)["elapsed_ms"] == stopped["elapsed_ms"]
    assert page.get_attribute("#timer", "data-value") == shown
    set_hidden(page, False)
    page.wait_for_function(
        "(before) => document.getElementById('timer').dataset.value !== before", arg=shown
    )
    assert not server_view(server, game)["paused"]
    page.goto("about:blank")
    deadline = time.monotonic() + 5
    while not server_view(server, game)["paused"] and time.monotonic() < deadline:
        time.sleep(0.05)
    left = server_view(server, game)
    assert left["paused"] and left["elapsed_ms"] > stopped["elapsed_ms"]


def test_a_new_game_mid_game_abandons_the_old_one(page: Any, dealt: Server) -> None:
    """F2 (or the face, N, the menu) during a started game tells the server,
    which counts the game left as played and not won; the new one is fresh."""
    page.goto(dealt.url + "/")
    page.wait_for_selector(cell(8, 8))
    before = page.evaluate("() => fetch('/api/statistics').then((r) => r.json())")["beginner"]
    page.click(cell(FIRST.x, FIRST.y))
    settle(page)
    old = page.evaluate("() => JSON.parse(localStorage.getItem('minebender.current'))")
    page.focus("#board")
    page.keyboard.press("F2")
    assert "counts as a loss" in page.inner_text("#leave-dialog")  # asked first
    quit_game(page)
    page.wait_for_function(
        "(id) => JSON.parse(localStorage.getItem('minebender.current')).id !== id", arg=old["id"]
    )
    page.wait_for_function(
        "() => document.querySelectorAll('.c[data-tile=\"covered\"]').length === 81"
    )
    page.wait_for_selector("#statusbar:has-text('The game you left counts as lost')")
    after = page.evaluate("() => fetch('/api/statistics').then((r) => r.json())")["beginner"]
    assert (after["played"], after["won"]) == (before["played"] + 1, before["won"])
    assert after["current_streak"] == 0
    status = page.evaluate(
        "(g) => fetch('/api/games/' + g.id, {headers: {Authorization: 'Bearer ' + g.token}})"
        ".then((r) => r.json()).then((d) => d.view.status)",
        old,
    )
    assert status == "abandoned"
    page.keyboard.press("n")  # the new game was never started: nothing is counted
    page.wait_for_timeout(300)
    settle(page)
    again = page.evaluate("() => fetch('/api/statistics').then((r) => r.json())")["beginner"]
    assert again["played"] == after["played"]


def latency(page: Any, ms: int) -> None:
    """Every request of the page takes ms more, as over a network."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": ms, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def playing_games(server: Server) -> list[tuple[str, int]]:
    """The games the server's database holds as being played, with their events."""
    import sqlite3

    db = sqlite3.connect(server.db)
    try:
        return db.execute(
            "SELECT id, (SELECT COUNT(*) FROM events e WHERE e.game_id = g.id)"
            " FROM games g WHERE status = 'playing'"
        ).fetchall()
    finally:
        db.close()


def test_a_stray_click_after_the_win_leaves_the_name_field_focused(
    page: Any, dealt: Server
) -> None:
    """One more click where the board was (the dialog's overlay now) took the
    focus from the name field: the name typed went nowhere, and Enter saved
    "Anonymous", for good."""
    start_dealt(page, dealt)
    win(page, DEALT)
    page.wait_for_selector("#name-dialog")
    box = page.locator(cell(0, 8)).bounding_box()
    page.mouse.click(box["x"] + 4, box["y"] + 4)
    assert page.evaluate("() => document.activeElement.tagName") == "INPUT"
    page.keyboard.type("Speedy")
    page.keyboard.press("Enter")
    page.wait_for_selector("#best-dialog")
    assert "Speedy" in page.inner_text("#best-times")


def test_two_new_games_at_once_leave_no_game_behind(page: Any, dealt: Server) -> None:
    """F2 twice in a row (or F2 held): the two new games each gave up the same
    old one, and the first new one stayed "playing" for good, never counted,
    even once clicked."""
    before = {gid for gid, _ in playing_games(dealt)}  # other tests' games
    start_dealt(page, dealt)
    old = page.evaluate("() => JSON.parse(localStorage.getItem('minebender.current'))")
    latency(page, 100)
    page.focus("#board")
    page.keyboard.press("F2")
    quit_game(page)
    page.keyboard.press("F2")  # the new game, not started: asked nothing
    page.wait_for_function(
        "(id) => JSON.parse(localStorage.getItem('minebender.current')).id !== id", arg=old["id"]
    )
    page.click(cell(FIRST.x, FIRST.y))  # the first new game, while the second is dealt
    page.wait_for_timeout(2500)
    settle(page)
    current = page.evaluate("() => JSON.parse(localStorage.getItem('minebender.current'))")
    left = [gid for gid, _ in playing_games(dealt) if gid not in before | {current["id"]}]
    assert left == []


def test_a_held_key_acts_once(page: Any, server: Server) -> None:
    """Held F flagged and unflagged at each repeat of the key."""
    start(page, server, "held")
    target = mines_of("held", FIRST)[0]
    page.focus("#board")
    page.keyboard.press("ArrowUp")  # the cursor appears at the centre, FIRST
    dx, dy = target.x - FIRST.x, target.y - FIRST.y
    for key, n in (("ArrowRight", dx), ("ArrowLeft", -dx), ("ArrowDown", dy), ("ArrowUp", -dy)):
        for _ in range(max(0, n)):
            page.keyboard.press(key)
    for _ in range(4):
        page.keyboard.down("f")  # again while down: the browser's repeat
    page.keyboard.up("f")
    settle(page)
    assert tile(page, target) == "flagged"


def test_a_click_is_decided_on_the_board_the_moves_before_it_leave(
    page: Any, server: Server
) -> None:
    """Over a network, an unflag and then a click on that cell sent no reveal:
    the click was read on the board on screen, still flagged."""
    seed = "stale"
    start(page, server, seed)
    safe = next(p for p in safe_of(seed, FIRST) if tile(page, p) == "covered")
    page.click(cell(safe.x, safe.y), button="right")
    settle(page)
    assert tile(page, safe) == "flagged"
    latency(page, 150)
    page.click(cell(safe.x, safe.y), button="right")  # unflag: still on its way
    page.click(cell(safe.x, safe.y))
    settle(page)
    assert tile(page, safe) not in ("covered", "flagged")


def _around(p: Pos) -> list[Pos]:
    return [
        Pos(x, y)
        for y in range(max(0, p.y - 1), min(9, p.y + 2))
        for x in range(max(0, p.x - 1), min(9, p.x + 2))
        if (x, y) != (p.x, p.y)
    ]


def _flood(start: Pos, mines: set[Pos], count: dict[Pos, int]) -> set[Pos]:
    """The cells a reveal of start opens (LAWS.bend's flood fill)."""
    seen, todo = {start}, [start]
    while todo:
        p = todo.pop()
        if count[p] == 0:
            for q in _around(p):
                if q not in seen and q not in mines:
                    seen.add(q)
                    todo.append(q)
    return seen


def _a_click_a_flood_makes_a_number() -> tuple[str, Pos, Pos, list[Pos]]:
    """A Beginner board (of the seeds tried in turn) where, after FIRST, a
    covered zero x opens a cell y as a number, next to which as many safe
    covered cells as y's number lie outside that flood: flagged, they are
    wrong flags that add up."""
    for i in range(200):
        seed = f"aimed{i}"
        mines = set(mines_of(seed, FIRST))
        count = {
            Pos(x, y): sum(q in mines for q in _around(Pos(x, y)))
            for y in range(9)
            for x in range(9)
        }

        shown = _flood(FIRST, mines, count)
        for x in sorted(count, key=lambda p: (p.y, p.x)):
            if x in shown or x in mines or count[x]:
                continue
            opened = _flood(x, mines, count)
            for y in sorted(opened - {x}, key=lambda p: (p.y, p.x)):
                if count[y] == 0 or y in shown:
                    continue
                wrong = [q for q in _around(y) if q not in opened | shown | mines]
                if len(wrong) >= count[y]:
                    return seed, x, y, wrong[: count[y]]
    raise AssertionError("no such board among the seeds tried")


def test_a_click_on_a_covered_cell_is_a_reveal_whatever_opens_it_first(
    page: Any, server: Server
) -> None:
    """A click aimed at a covered cell that a click still on its way opened as
    a number whose (wrong) flags added up was sent as a chord: the game was lost."""
    seed, x, y, wrong = _a_click_a_flood_makes_a_number()
    start(page, server, seed)
    for q in wrong:
        page.click(cell(q.x, q.y), button="right")
    settle(page)
    latency(page, 150)
    page.click(cell(x.x, x.y))
    page.click(cell(y.x, y.y))  # covered on screen: aimed at as a covered cell
    settle(page)
    assert tile(page, y) not in ("covered", "flagged") and tile(page, y) != "blast"
    assert page.get_attribute("#face", "data-mood") != "dead"
    assert page.locator("#end-title").count() == 0 or (
        page.get_attribute("#end-title", "data-status") != "lost"
    )

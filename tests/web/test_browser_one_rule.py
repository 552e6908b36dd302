"""One scripted input through the page (Chromium), the terminal (Textual's
pilot) and the API gives the same record, the same cell actions and the same
counts: the faces only pass presses on, and the rule of presses decides.

The script: a first click; a left click on a number with too few flags; a
right click on that number; a ? cycle (flag, ?, covered); flags around the
number, then both buttons on it (a chord); a press dragged to another cell;
a press released off the board.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from textual.events import MouseDown, MouseUp

from minebender.faces.tui.app import MinebenderApp
from minebender.services import store as store_mod
from minebender.services.session import Event, Session, SessionSpec
from minebender.values.types import Beginner, Number, Pos

from .server import Server
from .test_browser import cell, page, settle  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]

FIRST = Pos(4, 4)
Step = tuple[str, str, Pos | None]  # down or up, the button, the cell (None: off the board)


@dataclass(frozen=True)
class Script:
    seed: str
    steps: tuple[Step, ...]


def _click(button: str, p: Pos) -> list[Step]:
    return [("down", button, p), ("up", button, p)]


def make_script() -> Script:
    """The script on the first seed whose board has every cell it needs."""
    for i in range(200):
        seed = f"one-rule-{i}"
        s = Session(SessionSpec(Beginner(), seed), clock=lambda: 0.0)
        s.reveal(FIRST)
        lay, k = s.layout, s.knowledge
        assert lay is not None
        tiles = s.display()
        hidden = [p for p in k.cells() if k.hidden(p)]
        safe = [p for p in hidden if not lay[p.y][p.x]]
        for p in k.cells():
            t = tiles[p.y][p.x]
            if not (isinstance(t, Number) and t.n > 0):
                continue
            around = k.neighbours(p)
            mines = [q for q in around if lay[q.y][q.x]]
            opened = {q for q in around if k.hidden(q) and not lay[q.y][q.x]}
            far = [q for q in safe if q not in opened and max(abs(q.x - p.x), abs(q.y - p.y)) > 2]
            other = [q for q in hidden if lay[q.y][q.x] and q not in mines]
            if not opened or len(far) < 3 or not other:
                continue
            steps = _click("left", FIRST) + _click("left", p) + _click("right", p)
            steps += _click("right", other[0]) * 3  # flag, ?, covered
            for m in mines:
                steps += _click("right", m)
            steps += [("down", "left", p), ("down", "right", p), ("up", "left", p)]
            steps += [("up", "right", p)]
            steps += [("down", "left", far[0]), ("up", "left", far[1])]  # dragged
            steps += [("down", "left", far[2]), ("up", "left", None)]  # off the board
            return Script(seed, tuple(steps))
    raise AssertionError("no seed fits the script")


SCRIPT = make_script()


def what(events: tuple[Event, ...] | list[Event]) -> list[tuple[str, int, Pos | None]]:
    """A record without its times and the page's pointer path."""
    return [(e.type, e.k, e.pos) for e in events if e.type != "path"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("srv") / "games.db").start()
    yield s
    s.kill()


def by_page(page: Any, server: Server) -> tuple[list[Event], Session]:  # noqa: F811
    page.goto(f"{server.url}/?code=b:{SCRIPT.seed}")
    page.wait_for_selector(cell(8, 8))
    settle(page)
    buttons = {"left": "left", "right": "right", "middle": "middle"}
    box = page.locator("#board").bounding_box()
    for kind, button, p in SCRIPT.steps:
        if p is None:
            page.mouse.move(box["x"] - 40, box["y"] - 40)
        else:
            c = page.locator(cell(p.x, p.y)).bounding_box()
            page.mouse.move(c["x"] + c["width"] / 2, c["y"] + c["height"] / 2)
        act = page.mouse.down if kind == "down" else page.mouse.up
        act(button=buttons[button])
        settle(page)
    game = page.evaluate("() => JSON.parse(localStorage.getItem('minebender.current'))")
    db = store_mod.open(server.db)
    try:
        stored = db.load(game["id"])
        assert stored is not None
        return list(stored.events), stored.session(clock=lambda: 0.0)
    finally:
        db.close()


def by_terminal() -> Session:
    app = MinebenderApp(Session(SessionSpec(Beginner(), SCRIPT.seed, chosen=True)))
    numbers = {"left": 1, "middle": 2, "right": 3}

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for kind, button, p in SCRIPT.steps:
                event = MouseDown if kind == "down" else MouseUp
                if p is None:
                    at: dict[str, Any] = {"widget": None, "offset": (0, 0)}
                else:
                    at = {"widget": "#board", "offset": (2 * p.x + 2, p.y + 1)}
                await pilot._post_mouse_events([event], button=numbers[button], **at)
                await pilot.pause()

    # Playwright's own loop runs in this thread: the terminal gets one of its own.
    worker = threading.Thread(target=asyncio.run, args=(main(),))
    worker.start()
    worker.join(60)
    assert not worker.is_alive()
    return app.session


def by_api(server: Server) -> Session:
    import httpx

    with httpx.Client(base_url=server.url) as client:
        r = client.post("/api/games", json={"code": f"b:{SCRIPT.seed}"})
        assert r.status_code == 201, r.text
        gid, token = r.json()["id"], r.json()["token"]
        inputs = []
        for kind, button, p in SCRIPT.steps:
            item: dict[str, Any] = {"type": kind, "button": button}
            if p is not None:
                item |= {"x": p.x, "y": p.y}
            inputs.append(item)
        headers = {"Authorization": f"Bearer {token}"}
        body = {"inputs": inputs, "marks": True}
        r = client.post(f"/api/games/{gid}/inputs", json=body, headers=headers)
        assert r.status_code == 200, r.text
    db = store_mod.open(server.db)
    try:
        stored = db.load(gid)
        assert stored is not None
        return stored.session(clock=lambda: 0.0)
    finally:
        db.close()


def test_one_script_gives_one_record_on_every_face(page: Any, server: Server) -> None:  # noqa: F811
    page_events, on_page = by_page(page, server)
    on_terminal = by_terminal()
    on_api = by_api(server)
    assert any(e.type == "path" for e in page_events)  # the page keeps the pointer's path
    record = what(on_api.events)
    assert what(on_page.events) == record == what(on_terminal.events)
    moves = [(m.type, m.pos) for m in on_api.moves]
    assert [(m.type, m.pos) for m in on_page.moves] == moves
    assert [(m.type, m.pos) for m in on_terminal.moves] == moves
    assert on_page.clicks == on_api.clicks == on_terminal.clicks
    # what the rule made of the script: a chord, the drag's reveal, and the counts
    assert [t for t, _ in moves].count("chord") == 1 and not on_api.over
    c = on_api.clicks
    steps = SCRIPT.steps
    rights = sum(1 for k, b, _ in steps if k == "down" and b == "right") - 1  # one is the chord's
    assert (c.left, c.right, c.chord) == (4, rights, 1)

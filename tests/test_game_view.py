"""The typed view every face paints (``game_view``): the clock's rule, the
face, the counter and the cells a move changed, decided once below the faces."""

from __future__ import annotations

from minebender.services.game_view import changed_cells, clock_view, game_view
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner, Pos


class Clock:
    def __init__(self) -> None:
        self.t = 50.0

    def __call__(self) -> float:
        return self.t


def started(clock: Clock) -> Session:
    s = Session(SessionSpec(Beginner(), "view-1"), clock)
    s.click("left", Pos(4, 4))
    return s


def test_the_clock_shows_0_before_the_first_click_and_does_not_run() -> None:
    v = game_view(Session(SessionSpec(Beginner(), "view-1"), Clock()))
    assert (v.clock.shown, v.clock.running, v.clock.next_tick_ms) == (0, False, 0)
    assert v.face == "smile" and v.status == "playing" and v.counter == 10


def test_the_clock_shows_1_from_the_first_click_and_says_when_it_ticks() -> None:
    clock = Clock()
    s = started(clock)
    clock.t += 0.3
    c = clock_view(s)
    assert (c.shown, c.running, c.next_tick_ms, c.elapsed_ms) == (1, True, 700, 300)
    clock.t += 1.7
    c = clock_view(s)
    assert (c.shown, c.next_tick_ms) == (3, 1000)


def test_the_clock_stops_at_its_limit_and_while_paused() -> None:
    clock = Clock()
    s = started(clock)
    s.pause()
    assert not clock_view(s).running
    s.resume()
    clock.t += 5000
    c = clock_view(s)
    assert (c.shown, c.running) == (c.limit, False)


def test_the_face_and_the_end_follow_the_outcome() -> None:
    clock = Clock()
    s = started(clock)
    game = s.game
    assert game is not None
    b = s.setup
    mine = next(Pos(x, y) for y in range(b.height) for x in range(b.width) if game.mine(Pos(x, y)))
    s.click("left", mine)
    v = game_view(s)
    assert v.status == "lost" and v.face == "dead" and not v.clock.running
    assert v.end is not None and v.end.at == mine and v.end.code is not None


def test_changed_cells_are_the_cells_that_look_different() -> None:
    clock = Clock()
    s = Session(SessionSpec(Beginner(), "view-1"), clock)
    before = game_view(s)
    s.click("left", Pos(4, 4))
    after = game_view(s)
    changed = changed_cells(before, after)
    assert changed is not None and Pos(4, 4) in changed
    expected = {
        Pos(x, y)
        for y in range(after.height)
        for x in range(after.width)
        if before.tiles[y][x] != after.tiles[y][x]
    }
    assert set(changed) == expected
    covered = next(
        Pos(x, y) for y, row in enumerate(after.tiles) for x, t in enumerate(row) if t == "covered"
    )
    s.click("right", covered, marks=True)
    flagged = game_view(s)
    s.click("right", covered, marks=True)  # the flag becomes a ?: the tile is covered again
    marked = game_view(s)
    assert changed_cells(flagged, marked) == (covered,)
    assert marked.marks == (covered,) and marked.counter == 10

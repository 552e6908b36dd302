"""The replay viewer: steps through a replay by keys and on its own, and ends on
the board the game ended on."""

from __future__ import annotations

from pilot_types import PilotT
from tui_support import CENTRE, SEED, run

from minebender.replay import Replay, dumps, from_session, loads
from minebender.session import Session, SessionSpec
from minebender.tui.viewer import ReplayApp, steps
from minebender.types import Beginner, Covered, Flagged, Number, Pos


def won_replay() -> tuple[Replay, Session]:
    """A won Beginner game: reveal the centre, flag each mine, reveal each safe cell."""
    clock = [0.0]
    s = Session(SessionSpec(Beginner(), SEED), clock=lambda: clock[0])
    s.reveal(CENTRE)
    assert s.layout is not None
    for y, row in enumerate(s.layout):
        for x, mine in enumerate(row):
            clock[0] += 0.25
            if mine:
                s.flag(Pos(x, y))
            elif s.knowledge.hidden(Pos(x, y)):
                s.reveal(Pos(x, y))
    assert s.won
    return loads(dumps(from_session(s))), s


def test_steps_follow_the_events() -> None:
    """One step per event after the blank board; the last shows the game's end."""
    replay, played = won_replay()
    all_steps = steps(replay)
    assert len(all_steps) == len(replay.events) + 1
    assert all(isinstance(t, Covered) for row in all_steps[0].tiles for t in row)
    assert all_steps[-1].tiles == played.display()
    assert all_steps[-1].elapsed_ms == played.elapsed_ms


def test_keys_step_back_and_forth() -> None:
    """Paused, right steps on, left steps back, end jumps to the won board."""
    replay, played = won_replay()

    async def scenario(pilot: PilotT) -> None:
        app = pilot.app
        assert isinstance(app, ReplayApp)
        assert app.index == 0 and "paused" in app.status_text
        await pilot.press("right")
        assert app.index == 1
        assert isinstance(app.board.tiles[CENTRE.y][CENTRE.x], Number)
        assert app.board.cursor == CENTRE
        await pilot.press("right", "right", "left")
        assert app.index == 2
        await pilot.press("end")
        assert app.at_end and app.board.tiles == played.display()
        assert "won in" in app.status_text
        assert str(app.query_one("#face").render()) == "B)"
        assert any(isinstance(t, Flagged) for row in app.board.tiles for t in row)

    run(ReplayApp(replay, paused=True), scenario)


def test_plays_on_its_own_to_the_end() -> None:
    """Unpaused at top speed, the viewer reaches the last step by itself."""
    replay, _ = won_replay()

    async def scenario(pilot: PilotT) -> None:
        app = pilot.app
        assert isinstance(app, ReplayApp)
        for _ in range(100):
            if app.at_end:
                break
            await pilot.pause(0.05)
        assert app.at_end

    run(ReplayApp(replay, speed=64), scenario)

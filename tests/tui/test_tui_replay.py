"""The replay viewer: steps through a replay by keys and on its own, and ends on
the board the game ended on."""

from __future__ import annotations

from pathlib import Path

import pytest
from pilot_types import PilotT
from tui_support import CENTRE, SEED, run, screen_lines

from minebender.faces.tui.board_fit import needed_size
from minebender.faces.tui.viewer import ReplayApp, steps
from minebender.formats.replay import (
    MAX_SPEED,
    MIN_SPEED,
    Replay,
    dumps,
    from_session,
    loads,
    tile_name,
)
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner, Covered, Pos, Setup

SMALLEST = needed_size(Setup(9, 9, 10))


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


def test_steps_follow_the_moves() -> None:
    """One step per move after the blank board (a press and its release are
    one click); the last shows the game's end."""
    replay, played = won_replay()
    all_steps = steps(replay)
    assert len(all_steps) == len(replay.moves) + 1 == len(replay.events) // 2 + 1
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
        assert app.board.tiles[CENTRE.y][CENTRE.x].isdigit()
        assert app.board.cursor == CENTRE
        await pilot.press("right", "right", "left")
        assert app.index == 2
        await pilot.press("end")
        names = tuple(tuple(map(tile_name, row)) for row in played.display())
        assert app.at_end and app.board.tiles == names
        assert "won in" in app.status_text
        assert str(app.query_one("#face").render()) == "B)"
        assert any(t == "flagged" for row in app.board.tiles for t in row)

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


def test_at_the_smallest_size_the_status_keeps_the_outcome_and_time() -> None:
    """At the 48x14 the viewer asks for, a won game's status line still ends
    with its time (the level and the event give way first), and the footer
    still has q."""
    replay, played = won_replay()
    time = f"won in {played.elapsed_ms / 1000:.3f} s"

    async def scenario(pilot: PilotT) -> None:
        app = pilot.app
        assert isinstance(app, ReplayApp)
        await pilot.press("end")
        await pilot.pause()
        assert app.status_text.endswith(time)
        assert f"step {len(replay.moves)}/{len(replay.moves)}" in app.status_text
        rows = screen_lines(app)
        assert any(row.strip().endswith(time) for row in rows)
        assert "q quit" in rows[-1] and "F1 keys" in rows[-1]
        await pilot.resize_terminal(100, 24)
        await pilot.pause()
        assert app.status_text.startswith("beginner · step")  # room for it all again
        assert app.status_text.endswith(time)

    run(ReplayApp(replay, paused=True), scenario, size=SMALLEST)


def test_the_replay_waits_while_the_board_is_hidden() -> None:
    """Too small a terminal hides the board: the replay does not play on
    unseen, and goes on once the board is shown again."""
    replay, _ = won_replay()

    async def scenario(pilot: PilotT) -> None:
        app = pilot.app
        assert isinstance(app, ReplayApp)
        assert app.too_small
        await pilot.pause(0.6)
        assert app.index == 0
        await pilot.resize_terminal(*SMALLEST)
        for _ in range(40):
            if app.index:
                break
            await pilot.pause(0.05)
        assert 0 < app.index < 4
        await pilot.resize_terminal(30, 10)
        await pilot.pause()
        held = app.index
        await pilot.pause(0.6)  # more than two steps' time (0.25 s each)
        assert app.index == held

    # At speed 1 the first step comes after 0.5 s, then one every 0.25 s.
    run(ReplayApp(replay, speed=1), scenario, size=(30, 10))


@pytest.mark.parametrize("start", [MIN_SPEED, 0.1, 1.0, 48.0, MAX_SPEED])
def test_minus_never_plays_faster_and_plus_never_slower(start: float) -> None:
    """From any speed --speed accepts, - halves down to its least and + doubles
    up to its most: neither key ever jumps the other way."""
    replay, _ = won_replay()

    async def scenario(pilot: PilotT) -> None:
        app = pilot.app
        assert isinstance(app, ReplayApp)
        seen = [app.speed]
        for _ in range(12):
            await pilot.press("minus")
            seen.append(app.speed)
        assert seen == sorted(seen, reverse=True) and seen[-1] == MIN_SPEED
        for _ in range(12):
            await pilot.press("plus")
            seen.append(app.speed)
        assert seen[12:] == sorted(seen[12:]) and seen[-1] == MAX_SPEED

    run(ReplayApp(replay, speed=start, paused=True), scenario)


def test_a_speed_out_of_the_keys_range_is_refused() -> None:
    replay, _ = won_replay()
    for speed in (MIN_SPEED / 2, 0.0, MAX_SPEED * 2):
        with pytest.raises(ValueError, match=r"speed must be from 0\.0625 to 64"):
            ReplayApp(replay, speed=speed)


def test_paused_shows_the_speed_and_an_unflag_is_called_so() -> None:
    """The status line names the speed while paused too, and a flag event on a
    flagged cell reads "unflag"."""
    s = Session(SessionSpec(Beginner(), SEED), clock=lambda: 0.0)
    s.reveal(CENTRE)
    assert s.layout is not None
    cells = [Pos(x, y) for y, row in enumerate(s.layout) for x, _ in enumerate(row)]
    hidden = next(p for p in cells if s.knowledge.hidden(p))
    mine = next(p for p in cells if s.layout[p.y][p.x])
    s.flag(hidden)
    s.flag(hidden)
    s.reveal(mine)
    assert s.over
    replay = loads(dumps(from_session(s)))
    labels = [step.what for step in steps(replay)]
    at = f"({hidden.x}, {hidden.y})"
    assert labels == [
        "start",
        "reveal (4, 4)",
        f"flag {at}",
        f"unflag {at}",
        f"reveal ({mine.x}, {mine.y})",
    ]

    async def scenario(pilot: PilotT) -> None:
        app = pilot.app
        assert isinstance(app, ReplayApp)
        assert app.status_text.endswith("paused · speed 2")
        await pilot.press("right", "right", "right")
        assert f"unflag {at}" in app.status_text
        await pilot.press("minus")
        assert app.status_text.endswith("paused · speed 1")

    run(ReplayApp(replay, speed=2, paused=True), scenario)


def test_the_status_line_names_the_player_of_a_named_best_time() -> None:
    """The replay file carries the name of its best time; nothing showed it."""
    import dataclasses

    replay, _ = won_replay()
    named = dataclasses.replace(replay, player="Ada")

    async def scenario(pilot: PilotT) -> None:
        app = pilot.app
        assert isinstance(app, ReplayApp)
        assert "beginner by Ada" in app.status_text

    run(ReplayApp(named, paused=True), scenario, size=(80, 24))
    assert "by" not in ReplayApp(replay)._status_line(steps(replay)[0])


def test_the_status_line_shows_each_moves_review() -> None:
    """The viewer shows the review (docs/review.md): a reveal's risk and verdict."""
    s = Session(SessionSpec(Beginner(), SEED), clock=lambda: 0.0)
    s.reveal(CENTRE)
    assert s.layout is not None
    cells = [Pos(x, y) for y, row in enumerate(s.layout) for x, _ in enumerate(row)]
    mine = next(p for p in cells if s.layout[p.y][p.x])
    s.reveal(mine)
    replay = loads(dumps(from_session(s)))
    app = ReplayApp(replay, paused=True)
    last = app.judged[-1]
    assert last.risk is not None and 0 < last.risk < 1
    said = f"risk {100 * last.risk.numerator / last.risk.denominator:.1f}% {last.verdict}"

    async def scenario(pilot: PilotT) -> None:
        assert isinstance(pilot.app, ReplayApp)
        await pilot.press("right")
        assert "risk" not in pilot.app.status_text  # the first click is no guess
        await pilot.press("right")
        assert said in pilot.app.status_text

    run(app, scenario, size=(100, 24))


def test_a_board_from_a_file_is_called_so_not_a_codes_board() -> None:
    """A replay of a game on an .mbf board has a seed that deals another board:
    the viewer says where its board came from, never that it has a code."""
    from minebender.formats.mbf import format_mbf
    from minebender.services.session import mbf_spec

    played = Session(SessionSpec(Beginner(), SEED), clock=lambda: 0.0)
    played.reveal(CENTRE)
    assert played.layout is not None
    s = Session(mbf_spec(format_mbf(played.layout)), clock=lambda: 0.0)
    s.reveal(CENTRE)
    mine = next(Pos(x, y) for y, row in enumerate(played.layout) for x, m in enumerate(row) if m)
    s.reveal(mine)
    replay = loads(dumps(from_session(s)))
    seen: list[str] = []

    async def scenario(pilot: PilotT) -> None:
        app = pilot.app
        assert isinstance(app, ReplayApp)
        seen.append(app.status_text)

    run(ReplayApp(replay, paused=True), scenario, size=(100, 24))
    assert "a board from a file" in seen[0] and "code" not in seen[0]


def test_another_clients_file_is_watched_as_review_plays_it() -> None:
    """replay x.rmv failed with a JSON error: the viewer takes the record
    review reads, one step a move, each with review's verdict, and ends on
    the board and time review gives."""
    from minebender.faces.tui.viewer import record_steps
    from minebender.services.review import read_record, review_file
    from review_files import DATA

    path = DATA / "test_rmv2_24px.rmv"
    record = read_record(path)
    review = review_file(path)
    app = ReplayApp(record, paused=True)
    assert len(app.steps) == len(record.moves) + 1 == len(app.judged) + 1
    assert [j.verdict for j in app.judged] == [j.verdict for j in review.moves]
    end = record_steps(record)[-1]
    assert end.elapsed_ms == review.figures.time_ms
    assert end.status == review.moves[-1].played.after.status
    assert end.tiles == review.moves[-1].played.after.display()

    async def scenario(pilot: PilotT) -> None:
        app = pilot.app
        assert isinstance(app, ReplayApp)
        assert "Viennasweeper" in app.status_text
        await pilot.press("end")
        assert app.at_end and f"won in {review.figures.seconds:.3f} s" in app.status_text

    run(app, scenario, size=(100, 24))


def test_n_goes_to_the_board_before_a_needless_guess_and_shows_its_proof() -> None:
    """As the page's timeline: n jumps to the position before the next guess;
    before a needless one the status line names the safe cell and its proof."""
    from minebender.services.review import read_record

    record = read_record(Path(__file__).parents[1] / "data" / "replays" / "test_rmv2_24px.rmv")
    app = ReplayApp(record, paused=True)
    (needless,) = [j for j in app.judged if j.verdict == "needless guess"]
    proof = app.proofs[needless.played.index]

    async def scenario(pilot: PilotT) -> None:
        assert isinstance(pilot.app, ReplayApp)
        await pilot.press("n")
        assert pilot.app.index == needless.played.index
        text = pilot.app.status_text
        assert f"({proof.cell.x}, {proof.cell.y}) safe by" in text
        assert all(f"({p.x}, {p.y})" in text for p in proof.numbers)
        await pilot.press("right")
        assert "50.0% needless guess" in pilot.app.status_text
        await pilot.press("p")
        assert pilot.app.index == needless.played.index

    run(app, scenario, size=(160, 24))


def test_f1_shows_every_key_of_the_viewer_and_n_says_when_no_guess_is_left() -> None:
    """F1 lists the keys the footer has no room for (n and p, home and end),
    as play's F1 does; n past the last guess says so rather than nothing."""
    from minebender.faces.tui.screens import KeysScreen
    from minebender.services.keys import VIEWER_KEYS

    replay, _ = won_replay()

    async def scenario(pilot: PilotT) -> None:
        app = pilot.app
        assert isinstance(app, ReplayApp)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        shown = "\n".join(screen_lines(app))
        for key in VIEWER_KEYS:
            assert key.does.split()[0] in shown
        assert "next guess" in shown and "home" in shown
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("end", "n")
        await pilot.pause()
        assert app.at_end
        said = [str(n.message) for n in app._notifications]
        assert "no guess after this move" in said

    run(ReplayApp(replay, paused=True), scenario, size=(90, 30))


def test_the_replay_waits_while_f1_covers_the_board() -> None:
    """A replay playing when F1 is pressed stays at its move under the keys
    screen (it played on unseen behind it), and plays on once it is closed."""
    from minebender.faces.tui.screens import KeysScreen

    replay, _ = won_replay()

    async def scenario(pilot: PilotT) -> None:
        app = pilot.app
        assert isinstance(app, ReplayApp)
        await pilot.press("right", "space")  # one step, then play
        assert not app.paused
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen) and app.paused
        moment = app.now_ms
        await pilot.pause(0.6)
        assert app.now_ms == moment, "nothing plays under the keys"
        await pilot.press("escape")
        await pilot.pause(0.6)
        assert not app.paused and app.now_ms > moment

    run(ReplayApp(replay, paused=True), scenario, size=(90, 30))

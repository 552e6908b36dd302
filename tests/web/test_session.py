"""The session service: first click, timer, clicks, event log, rebuild, board codes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from minebender.rules.game import Game, setup
from minebender.services.session import (
    Event,
    Press,
    Release,
    Session,
    SessionSpec,
    bbbv,
    board_code,
    layout_for,
    parse_board_code,
)
from minebender.values.types import (
    Assist,
    AssistTooEarly,
    Beginner,
    Custom,
    Expert,
    Flag,
    Flagged,
    Hint,
    Lost,
    Pos,
    Setup,
    Won,
)

from .conftest import FakeClock


def new(clock: FakeClock, seed: str = "s1", no_guess: bool = False) -> Session:
    return Session(SessionSpec(Beginner(), seed, no_guess=no_guess), clock)


def safe_cells(s: Session) -> list[Pos]:
    assert s.layout is not None
    return [Pos(x, y) for y, row in enumerate(s.layout) for x, m in enumerate(row) if not m]


def win(s: Session) -> None:
    for p in safe_cells(s):
        s.reveal(p)


def test_first_click_is_safe_and_opens_an_area(clock: FakeClock) -> None:
    """law gen_opening: the first click has no mine on or next to it."""
    for seed in ("a", "b", "c", "d"):
        s = new(clock, seed)
        s.reveal(Pos(0, 8))
        assert s.layout is not None
        assert not any(s.layout[y][x] for y in (7, 8) for x in (0, 1))
        assert sum(map(sum, s.layout)) == 10


def test_same_seed_same_board_and_layout_for_matches(clock: FakeClock) -> None:
    a, b = new(clock, "same"), new(clock, "same")
    a.reveal(Pos(3, 3))
    b.reveal(Pos(3, 3))
    assert a.layout == b.layout == layout_for(Setup(9, 9, 10), "same", Pos(3, 3))
    c = new(clock, "other")
    c.reveal(Pos(3, 3))
    assert c.layout != a.layout


def test_timer_starts_at_first_click_and_display_stops_at_999(clock: FakeClock) -> None:
    s = new(clock)
    clock.t += 5
    s.flag(Pos(0, 0))
    assert s.elapsed_ms == 0 and not s.started and s.timer == 0
    s.reveal(Pos(4, 4))
    assert s.elapsed_ms == 0 and s.timer == 1  # as Windows XP: 1 at the first click
    clock.t += 2.5
    assert s.elapsed_ms == 2500 and s.timer == 3
    clock.t += 5000
    assert s.timer == 999 and s.elapsed_ms == 5_002_500


def test_flags_before_the_first_click_are_kept(clock: FakeClock) -> None:
    s = new(clock)
    s.flag(Pos(8, 8))
    assert s.display()[8][8] == Flagged() and s.mines_left == 9
    s.reveal(Pos(8, 8))  # a flagged cell does not start the game
    assert not s.started
    s.reveal(Pos(0, 0))
    assert s.started and (Pos(8, 8) in s.flags or s.knowledge.revealed(Pos(8, 8)))


def test_clicks_counted_and_frozen_after_the_end(clock: FakeClock) -> None:
    s = new(clock)
    s.reveal(Pos(4, 4))
    s.flag(Pos(0, 0))
    s.flag(Pos(0, 0))
    s.chord(Pos(4, 4))
    win(s)
    assert s.status == Won() and s.mines_left == 0
    assert s.clicks.right == 2 and s.clicks.chord == 1
    before = (len(s.events), s.clicks.left)
    assert s.reveal(Pos(0, 0)) is None
    assert (len(s.events), s.clicks.left) == before
    assert s.bbbv == bbbv(s.layout or ())
    assert s.efficiency is not None and s.efficiency > 0


def test_assist_before_the_first_click_opens_the_centre(clock: FakeClock) -> None:
    s = new(clock)
    s.assist()
    assert s.started and s.knowledge.revealed(Pos(4, 4))
    assert s.clicks.assist == 1 and s.clicks.left == 0


def test_assist_too_early_loses_with_a_hint(clock: FakeClock) -> None:
    s = new(clock)
    s.reveal(Pos(4, 4))
    s.assist()
    assert isinstance(s.status, Lost) and isinstance(s.status.reason, AssistTooEarly)
    p = s.status.reason.pos
    assert s.display()[p.y][p.x] == Hint() and s.lost_reason == "hint"


def test_rebuild_from_the_log_is_exact(clock: FakeClock) -> None:
    s = new(clock, "rb")
    s.flag(Pos(0, 0))
    clock.t += 1
    s.reveal(Pos(4, 4))
    clock.t += 3
    s.flag(Pos(8, 0))
    s.chord(Pos(4, 4))
    clock.t += 0.25
    r = Session.rebuild(s.spec, s.events, clock)
    assert r.game == s.game and r.display() == s.display()
    assert r.clicks == s.clicks and r.events == s.events
    assert s.elapsed_ms == 3250
    assert r.elapsed_ms == 3000  # a rebuilt game goes on from its last action
    clock.t += 1
    assert r.elapsed_ms == 4000


def test_custom_levels_are_clamped() -> None:
    assert SessionSpec(Custom(100, 2, 5000), "x").setup == Setup(30, 9, 260)


def test_bad_spec_and_events_are_refused() -> None:
    with pytest.raises(ValueError, match="seed"):
        SessionSpec(Beginner(), "")
    with pytest.raises(ValueError, match="event type"):
        Event.of("jump", Pos(0, 0), 0)
    with pytest.raises(ValueError, match="time"):
        Event.of("reveal", Pos(0, 0), -1)
    with pytest.raises(ValueError, match="needs a cell"):
        Event.of("reveal", None, 0)
    with pytest.raises(ValueError, match="has no cell"):
        Event.of("practice", Pos(0, 0), 0)
    with pytest.raises(TypeError, match="move must be"):
        Event("reveal", 0)  # type: ignore[arg-type]  # a type name is no move


@pytest.mark.parametrize(
    ("kind", "pos", "k"),
    [
        ("reveal", Pos(1, 2), 0),
        ("flag", Pos(0, 0), 0),
        ("chord", Pos(3, 1), 0),
        ("mark", Pos(2, 2), 0),
        ("assist", None, 4),
        ("practice", None, 0),
    ],
)
def test_an_event_reads_and_gives_back_its_flat_form(kind: str, pos: Pos | None, k: int) -> None:
    """The store's rows and replay files hold (type, cell, time, k): what
    ``Event.of`` reads, ``type``, ``pos`` and ``k`` give back unchanged."""
    event = Event.of(kind, pos, 7, k)
    assert (event.type, event.pos, event.t_ms, event.k) == (kind, pos, 7, k)
    assert Event.of(event.type, event.pos, event.t_ms, event.k) == event


def test_a_session_logs_each_move_as_the_action_it_took() -> None:
    """An event holds what the player did (a press, a release), and ``moves``
    the Action the game took, not a tag to be read again."""
    s = Session(SessionSpec(Beginner(), "moves"), FakeClock())
    flagged = s.flag(Pos(0, 0))
    assert flagged is not None and flagged.move == Release("right", Pos(0, 0))
    assert [e.move for e in s.events] == [Press("right", Pos(0, 0)), Release("right", Pos(0, 0))]
    assert [m.move for m in s.moves] == [Flag(Pos(0, 0))]
    assist = s.assist()
    assert assist is not None and isinstance(assist.move, Assist)
    assert s.moves[-1] == assist


def test_board_codes_round_trip() -> None:
    for spec in (
        SessionSpec(Beginner(), "k3j9"),
        SessionSpec(Expert(), "a:b:c", no_guess=True),
        SessionSpec(Custom(20, 12, 40), "seed"),
    ):
        back = parse_board_code(board_code(spec))
        assert (back.setup, back.seed, back.no_guess) == (spec.setup, spec.seed, spec.no_guess)
    upper = parse_board_code("E+NG:Seed")
    assert (upper.setup, upper.seed, upper.no_guess) == (setup(Expert()), "Seed", True)
    for bad in ("", "e", "q:seed", "1x2:seed", "e:" + "x" * 65):
        with pytest.raises(ValueError, match="board code"):
            parse_board_code(bad)


def test_a_board_code_gives_a_chosen_board_that_is_not_ranked() -> None:
    """Whoever has a code may have played its board already: the spec says so,
    and only a board dealt as a classic game is ranked."""
    for code in ("b:k3j9", "E+NG:Seed", "20x12x40:s"):
        spec = parse_board_code(code)
        assert spec.chosen and not spec.ranked
        assert parse_board_code(board_code(spec)) == spec
    assert SessionSpec(Beginner(), "dealt").ranked
    assert not SessionSpec(Beginner(), "s", practice=True).ranked
    assert not SessionSpec(Beginner(), "s", no_guess=True).ranked
    assert not SessionSpec(Beginner(), "s", chosen=True).ranked


def test_a_board_given_with_its_layout_is_chosen(clock: FakeClock) -> None:
    """A layout (a replay's board) is known by definition, whatever the caller said."""
    s = new(clock, "lay")
    s.reveal(Pos(4, 4))
    assert s.layout is not None
    spec = SessionSpec(Beginner(), "lay", layout=s.layout)
    assert spec.chosen and not spec.ranked
    assert SessionSpec(Beginner(), "lay", layout=s.layout, chosen=False) == spec


@pytest.mark.parametrize(
    "code",
    [
        "\u0663x3x3:s",  # Arabic-Indic three: str.isdigit says yes
        "\u00b2x9x10:s",  # superscript two: int() could not read it
        "2\uff10x9x10:s",  # a fullwidth zero
        "9x9x10 :s",
        "9x9x10 +ng:s",
        "9 x9x10:s",
        "-9x9x10:s",
        "9x9x1e3:s",
        "1234567890x9x10:s",
    ],
)
def test_a_custom_code_takes_ascii_digits_only(code: str) -> None:
    """A bad size is told as a bad board code, in one sentence, never as int()'s error."""
    with pytest.raises(ValueError, match=r"board code level .* in ASCII digits") as caught:
        parse_board_code(code)
    assert "invalid literal" not in str(caught.value)


def test_a_custom_code_takes_every_size_the_api_takes() -> None:
    """The API takes custom numbers from 0 to 10000 (clamped by the laws); so does a code."""
    for code, expected in [
        ("10000x9x10:s", Setup(30, 9, 10)),
        ("9x10000x10000+ng:s", Setup(9, 25, 215)),
        ("0x0x0:s", Setup(9, 9, 10)),
        ("00030x016x99:s", Setup(30, 16, 99)),
    ]:
        spec = parse_board_code(code)
        assert spec.setup == expected, code
        assert parse_board_code(board_code(spec)).setup == expected


def test_no_guess_sessions_use_the_no_guess_generator(clock: FakeClock) -> None:
    s = new(clock, "ng", no_guess=True)
    s.reveal(Pos(4, 4))
    assert s.layout is not None and s.game == Game.fresh(9, 9, s.layout).open(Pos(4, 4))


def test_a_failed_first_click_changes_nothing(
    clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    from minebender.services.session import play

    def no_room(*args: object) -> object:
        raise ValueError("no room")

    s = new(clock)
    s.flag(Pos(0, 0))
    monkeypatch.setattr(play, "layout_for", no_room)
    with pytest.raises(ValueError, match="no room"):
        s.reveal(Pos(4, 4))
    # the click is taken back whole: its press too
    assert not s.started and s.clicks.left == 0 and [m.type for m in s.moves] == ["flag"]
    assert [e.type for e in s.events] == ["down", "up"] and not s._hands.held
    monkeypatch.undo()
    assert s.reveal(Pos(4, 4)) is not None and s.started and s.clicks.left == 1


def test_the_clock_stands_still_while_the_player_is_away(clock: FakeClock) -> None:
    """Paused, the timer keeps its time; an action or resume starts it again
    from there, and time away is never counted."""
    s = new(clock, "pause")
    s.reveal(Pos(4, 4))
    clock.t += 3
    s.pause()
    assert s.paused and s.elapsed_ms == 3000
    clock.t += 100
    assert s.elapsed_ms == 3000
    s.resume()
    clock.t += 2
    assert not s.paused and s.elapsed_ms == 5000
    s.pause()
    clock.t += 50
    s.flag(Pos(0, 0))  # acting means being there
    assert not s.paused and s.events[-1].t_ms == 5000
    clock.t += 1
    assert s.elapsed_ms == 6000


def test_a_rebuilt_session_goes_on_from_the_saved_clock(clock: FakeClock) -> None:
    s = new(clock, "rebuild")
    s.reveal(Pos(4, 4))
    clock.t += 2
    r = Session.rebuild(s.spec, s.events, clock, clock_ms=7000)
    assert r.elapsed_ms == 7000
    assert Session.rebuild(s.spec, s.events, clock, clock_ms=None).elapsed_ms == 0
    # a saved clock behind the last action (saved before it) never moves time back
    s.flag(Pos(0, 0))
    assert Session.rebuild(s.spec, s.events, clock, clock_ms=1000).elapsed_ms == 2000


def test_a_watched_clock_stops_by_itself_when_the_watcher_is_gone(clock: FakeClock) -> None:
    """With a watch window the clock runs only that long after the last sign of
    the player, so a page that died without a word does not count the time
    after it; the next sign, or action, starts it again from there."""
    s = new(clock, "watched")
    s.reveal(Pos(4, 4))
    s.watch_window = 10.0
    s.resume()
    clock.t += 4
    s.resume()  # a heartbeat
    clock.t += 6
    assert s.elapsed_ms == 10_000 and not s.paused
    clock.t += 100  # the browser crashed
    assert s.paused and s.elapsed_ms == 14_000
    s.flag(Pos(0, 0))
    assert s.events[-1].t_ms == 14_000 and not s.paused
    clock.t += 2
    assert s.elapsed_ms == 16_000


def test_pause_is_only_for_a_clock_that_runs(clock: FakeClock) -> None:
    s = new(clock, "no clock")
    s.pause()
    assert not s.paused  # before the first click there is no clock
    s.reveal(Pos(4, 4))
    assert not s.paused


def test_a_stopped_clock_never_runs_again(clock: FakeClock) -> None:
    """``stop`` (a game abandoned) freezes the time where it stands: unlike a
    pause, neither ``resume``, a watch window nor an action starts it again."""
    s = new(clock, "stopped")
    s.reveal(Pos(4, 4))
    clock.t += 4
    s.stop()
    assert s.paused and s.elapsed_ms == 4000
    s.watch_window = 10.0
    s.resume()
    clock.t += 20
    assert s.paused and s.elapsed_ms == 4000
    s.flag(Pos(0, 0))
    assert s.events[-1].t_ms == 4000 and s.elapsed_ms == 4000 and s.paused


def test_an_assist_counts_as_a_click_for_efficiency(clock: FakeClock) -> None:
    """A game opened by the assist alone did 3BV with no click and showed 200%:
    the press of the assist is a click, so efficiency never credits its cells free."""
    s = Session(SessionSpec(Custom(30, 25, 999), "dense"), clock)  # clamped to 740 mines
    s.assist()  # before the first click: it opens the centre
    while not s.over:
        assert s.assist() is not None
    assert s.clicks.total == 0 and s.clicks.assist >= 1
    expected = round(100.0 * s.bbbv_solved / s.clicks.assist, 1)
    assert s.efficiency == expected and s.efficiency <= 100.0


def test_a_shared_link_pasted_as_a_code_plays_its_code() -> None:
    """A link was read as a code of level 'http'. Its ?code= is taken as the
    page takes it: percent-decoded, a plus kept as written."""
    code = "http://127.0.0.1:8000/?code=b+ng:lose1"
    assert parse_board_code(code) == parse_board_code("b+ng:lose1")
    assert parse_board_code("http://h/?x=1&code=e%2Bng:k3j9") == parse_board_code("e+ng:k3j9")
    with pytest.raises(ValueError, match="a link with no board code in it"):
        parse_board_code("http://127.0.0.1:8000/")


def test_a_move_played_from_its_flat_form_is_the_named_move(clock: FakeClock) -> None:
    """``Session.play`` (the server's way in) logs what the named methods log:
    their presses and releases (a button as its number), and the Marks option."""
    named, flat = new(clock), new(clock)

    def same(step: Callable[[Pos], object], pos: Pos) -> None:
        done = len(named.events)
        step(pos)
        for e in named.events[done:]:
            assert flat.play(e.type, e.pos, e.k) == e

    same(named.reveal, Pos(4, 4))
    covered = next(p for p in safe_cells(named) if named.knowledge.hidden(p))
    for step in (named.flag, named.mark, named.chord):  # a flag, made a ?, chorded on
        same(step, covered)
    assert {e.type for e in flat.events} == {"down", "up", "marks"}
    assert flat.moves == named.moves and flat.marks == {covered}
    named.make_practice()
    assert flat.play("practice", None) == named.events[-1] and flat.spec.practice
    named.assist()
    assert flat.play("assist", None) == named.events[-1]
    assert flat.events == named.events and flat.clicks == named.clicks
    assert flat.marks == named.marks and flat.display() == named.display()


def test_a_flat_move_in_the_wrong_form_is_refused_and_changes_nothing(clock: FakeClock) -> None:
    s = new(clock)
    with pytest.raises(ValueError, match="needs a cell"):
        s.play("reveal", None)
    with pytest.raises(ValueError, match="has no cell"):
        s.play("assist", Pos(1, 1))
    with pytest.raises(ValueError, match="has no cell"):
        s.play("practice", Pos(1, 1))
    assert s.events == [] and not s.started and not s.spec.practice

"""The one rule of presses (session/presses.py): what each press and release
does to the game, and how it counts, played through a Session on a known
layout."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minebender.formats import replay
from minebender.services import store as store_mod
from minebender.services.session import Button, Hands, Meaning, Session, SessionSpec
from minebender.values.types import Beginner, Chord, Flag, Pos, Reveal

ROWS = ["*..*....."] + ["...*....."] * 8
"""Ten mines: the top left corner, and a wall down column 3. Left of the
wall, (1, 1) is a 1 (its mine is the corner); right of it, (6, 4) is a 0."""
LAYOUT = tuple(tuple(c == "*" for c in row) for row in ROWS)
CORNER = Pos(0, 0)
ONE = Pos(1, 1)
ZERO = Pos(6, 4)
AROUND_ONE = [Pos(1, 0), Pos(2, 0), Pos(0, 1), Pos(2, 1), Pos(0, 2), Pos(1, 2), Pos(2, 2)]


def session() -> Session:
    return Session(SessionSpec(Beginner(), "presses", layout=LAYOUT), clock=lambda: 0.0)


def one_flagged() -> Session:
    """(1, 1) opened and its mine flagged: a number whose flags add up."""
    s = session()
    s.reveal(ONE)
    s.flag(CORNER)
    assert s.knowledge.revealed(ONE) and s.flags == {CORNER}
    assert all(s.knowledge.hidden(p) for p in AROUND_ONE)
    return s


def test_a_left_click_reveals_at_the_release() -> None:
    s = session()
    s.press("left", ZERO)
    assert not s.started and s.moves == [] and s.clicks.left == 0
    s.release("left", ZERO)
    assert [m.move for m in s.moves] == [Reveal(ZERO)] and s.knowledge.revealed(ZERO)
    assert s.clicks.left == 1 and [e.type for e in s.events] == ["down", "up"]


def test_a_press_dragged_to_another_cell_opens_that_one() -> None:
    s = session()
    s.press("left", ONE)
    s.release("left", ZERO)
    assert [m.move for m in s.moves] == [Reveal(ZERO)]
    assert s.knowledge.revealed(ZERO) and s.knowledge.hidden(ONE) and s.clicks.left == 1


@pytest.mark.parametrize("off", [None, Pos(9, 4), Pos(4, 9)])
def test_a_left_click_released_off_the_board_does_nothing_but_counts(off: Pos | None) -> None:
    s = session()
    s.press("left", ZERO)
    s.release("left", off)
    assert not s.started and s.moves == [] and s.clicks.left == 1
    assert s.events[-1].pos == off


def test_a_left_click_on_a_number_does_nothing_but_counts() -> None:
    """The classic rule: a left click on a number never chords, even when
    its flags add up; it still counts as a left click."""
    s = session()
    s.reveal(ONE)
    s.flag(CORNER)
    before, moves = s.knowledge, list(s.moves)
    s.reveal(ONE)
    assert s.knowledge == before and s.moves == moves
    assert (s.clicks.left, s.clicks.right, s.clicks.chord) == (2, 1, 0)
    s.chord(ONE)  # the middle button does chord
    assert s.moves[-1].move == Chord(ONE)
    assert all(s.knowledge.revealed(p) for p in AROUND_ONE) and not s.over
    assert (s.clicks.left, s.clicks.right, s.clicks.chord) == (2, 1, 1)


def test_a_right_press_flags_at_once() -> None:
    s = session()
    s.press("right", ZERO)
    assert s.flags == {ZERO} and s.clicks.right == 1 and s.moves[-1].move == Flag(ZERO)
    s.release("right", ZERO)
    assert s.flags == {ZERO} and s.clicks.right == 1 and len(s.moves) == 1
    s.flag(ZERO)  # Marks off: the flag goes
    assert s.flags == frozenset() and s.marks == frozenset() and s.clicks.right == 2


def test_with_marks_on_a_right_press_cycles_flag_question_mark_covered() -> None:
    s = session()
    seen = []
    for _ in range(4):
        s.press("right", ZERO, marks=True)
        seen.append((s.flags, s.marks))
        s.release("right", ZERO)
    one = frozenset({ZERO})
    none: frozenset[Pos] = frozenset()
    assert seen == [(one, none), (none, one), (none, none), (one, none)]
    assert s.clicks.right == 4 and s.marks_on
    assert [e.type for e in s.events[:3]] == ["marks", "down", "up"]


@pytest.mark.parametrize("first", ["left", "right"])
@pytest.mark.parametrize("released", ["left", "right"])
def test_both_buttons_chord_at_the_first_release_as_one_double_click(
    first: Button, released: Button
) -> None:
    s = one_flagged()
    clicks, moves = (s.clicks.left, s.clicks.right), len(s.moves)
    second: Button = "right" if first == "left" else "left"
    s.press(first, ONE)
    s.press(second, ONE)
    assert len(s.moves) == moves and all(s.knowledge.hidden(p) for p in AROUND_ONE)
    s.release(released, ONE)
    assert [m.move for m in s.moves[moves:]] == [Chord(ONE)]
    assert all(s.knowledge.revealed(p) for p in AROUND_ONE)
    other: Button = "right" if released == "left" else "left"
    s.release(other, ONE)  # the other release does nothing
    assert len(s.moves) == moves + 1 and s.clicks.chord == 1
    assert (s.clicks.left, s.clicks.right) == clicks


def test_both_buttons_chord_on_the_cell_under_the_pointer_at_the_release() -> None:
    s = one_flagged()
    s.press("left", ZERO)
    s.press("right", ZERO)
    s.release("right", ONE)
    assert s.moves[-1].move == Chord(ONE) and s.knowledge.hidden(ZERO)
    s.release("left", ZERO)
    assert s.knowledge.hidden(ZERO) and s.clicks.chord == 1


def test_the_middle_button_chords() -> None:
    s = one_flagged()
    s.press("middle", ONE)
    assert all(s.knowledge.hidden(p) for p in AROUND_ONE)
    s.release("middle", ONE)
    assert s.moves[-1].move == Chord(ONE) and all(s.knowledge.revealed(p) for p in AROUND_ONE)
    assert (s.clicks.left, s.clicks.right, s.clicks.chord) == (1, 1, 1)


def test_a_right_press_on_an_opened_cell_that_the_left_joins_is_one_double_click() -> None:
    s = one_flagged()
    s.press("right", ONE)
    assert s.clicks.right == 1 and s.flags == {CORNER}  # an opened cell: no flag, no count yet
    s.press("left", ONE)
    s.release("left", ONE)
    s.release("right", ONE)
    assert s.moves[-1].move == Chord(ONE) and all(s.knowledge.revealed(p) for p in AROUND_ONE)
    assert (s.clicks.left, s.clicks.right, s.clicks.chord) == (1, 1, 1)


def test_a_right_click_on_an_opened_cell_alone_counts_at_its_release() -> None:
    s = one_flagged()
    moves = len(s.moves)
    s.press("right", ONE)
    assert s.clicks.right == 1
    s.release("right", ONE)
    assert s.clicks.right == 2 and len(s.moves) == moves and s.flags == {CORNER}


@pytest.mark.parametrize("off", [None, Pos(9, 4)])
def test_a_right_press_off_the_board_that_the_left_joins_is_one_double_click(
    off: Pos | None,
) -> None:
    """As on an opened cell, and as ms_toollib counts it: the right press
    off the board is part of the chord, not a right click of its own."""
    s = one_flagged()
    s.press("right", off)
    s.press("left", ONE)
    s.release("left", ONE)
    s.release("right", ONE)
    assert s.moves[-1].move == Chord(ONE)
    assert (s.clicks.left, s.clicks.right, s.clicks.chord) == (1, 1, 1)
    s.click("right", off)  # alone, it is a right click, counted at its release
    assert s.clicks.right == 2


def test_by_ms_toollib_a_left_release_on_an_early_flag_keeps_the_left_button_down() -> None:
    """``Hands(toollib=True)``, how review reads other clients' files: before
    the first click, a left release on a flag counts, but the left button
    stays down, so the right press after it chords (no flag goes) and the next
    left press is no press. After the first click, and without the option,
    the same release lets the button go."""
    hands = Hands(toollib=True)
    assert hands.press("left", CORNER, "flagged", False) == Meaning(None, None)
    assert hands.release("left", CORNER, "flagged", early=True) == Meaning(None, "left")
    assert hands.held == {"left"}
    assert hands.press("right", CORNER, "flagged", False) == Meaning(None, None)
    assert hands.release("right", CORNER, "flagged", early=True) == Meaning(Chord(CORNER), "double")
    assert hands.press("left", ZERO, "covered", False) == Meaning(None, None)
    assert hands.release("left", ZERO, "covered", early=True) == Meaning(None, None)
    assert hands.held == set()
    for toollib, early in ((True, False), (False, True)):
        plain = Hands(toollib=toollib)
        plain.press("left", CORNER, "flagged", False)
        assert plain.release("left", CORNER, "flagged", early=early) == Meaning(None, "left")
        assert plain.held == set()
        assert plain.press("right", CORNER, "flagged", False) == Meaning(Flag(CORNER), "right")


@pytest.mark.parametrize("button", ["left", "right", "middle"])
def test_a_release_without_its_press_does_nothing(button: Button) -> None:
    s = session()
    assert s.release(button, ZERO) is not None  # logged, as the player did it
    assert not s.started and s.moves == [] and s.clicks.total == 0 and s.flags == frozenset()
    assert s.events[-1].type == "up"


# --------------------------------------------------------------------------
# What a record of presses comes to, kept and read back
# --------------------------------------------------------------------------

CELLS = st.one_of(
    st.builds(Pos, st.integers(0, 8), st.integers(0, 8)),
    st.none(),
    st.just(Pos(9, 4)),
)
STEPS = st.lists(
    st.tuples(
        st.sampled_from(["press", "release", "path"]),
        st.sampled_from(["left", "right", "middle"]),
        CELLS,
        st.booleans(),
        st.integers(0, 400),
    ),
    max_size=40,
)


def played(steps: list[tuple[str, Button, Pos | None, bool, int]]) -> Session:
    """A session opened at (6, 4), as the laws deal this layout (no mine
    next to the first click), given ``steps`` (press, release or a short
    path, some ms apart), then, if not over yet, lost on the corner's mine."""
    now = [0.0]
    s = Session(SessionSpec(Beginner(), "presses", layout=LAYOUT), clock=lambda: now[0])
    s.reveal(ZERO)
    for kind, button, pos, marks, ms in steps:
        if s.over:
            break
        now[0] += ms / 1000
        if kind == "press":
            s.press(button, pos, marks)
        elif kind == "release":
            s.release(button, pos)
        else:
            x, y = (pos.x, pos.y) if pos is not None else (-1, -1)
            s.path(((0, x * 16 + 8, y * 16 + 8), (ms, x * 16, y * 16)), ago_ms=ms)
    for button in ("left", "right", "middle"):
        s.release(button, None)  # no button is left held
    while s.cell(CORNER) != "covered" and not s.over:
        s.click("right", CORNER, marks=False)  # the flag, or the ?, goes
    if not s.over:
        s.reveal(CORNER)
    assert s.over
    return s


@given(STEPS)
def test_a_replay_of_presses_reads_back_the_same_moves_clicks_and_result(
    steps: list[tuple[str, Button, Pos | None, bool, int]],
) -> None:
    s = played(steps)
    text = replay.dumps(replay.from_session(s))
    back = replay.loads(text)
    assert back.events == tuple(s.events) and back.moves == tuple(s.moves)
    assert back.result.clicks == {
        "left": s.clicks.left,
        "right": s.clicks.right,
        "chord": s.clicks.chord,
        "assist": s.clicks.assist,
    }
    assert back.result.status == ("won" if s.won else "lost")
    assert back.result.elapsed_ms == s.elapsed_ms
    again = back.session()
    assert again.game == s.game and again.marks == s.marks and again.clicks == s.clicks
    assert len(replay.frames(back)) == len(s.moves) + 1


def test_a_game_with_a_path_is_stored_and_loaded_the_same(tmp_path: Path) -> None:
    now = [0.0]
    s = Session(SessionSpec(Beginner(), "presses", layout=LAYOUT), clock=lambda: now[0])
    store = store_mod.open(tmp_path / "games.db")
    gid = store.create_game(s, token="t")
    now[0] += 0.5
    points = ((0, 8, 8), (40, 60, 30), (90, ZERO.x * 16 + 3, ZERO.y * 16 + 12))
    assert s.path(points, ago_ms=100) is not None
    s.reveal(ZERO)
    s.press("left", None, marks=True)
    store.sync(gid, s)
    loaded = store.load(gid)
    assert loaded is not None and loaded.events == tuple(s.events)
    assert [e.type for e in loaded.events] == ["path", "down", "up", "marks", "down"]
    assert loaded.events[0].path == [v for p in points for v in p]
    again = loaded.session(lambda: now[0])
    assert again.moves == s.moves and again.marks_on and again.clicks == s.clicks
    store.close()

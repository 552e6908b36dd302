"""MinesweeperX .mbf boards (and Arbiter's .abf, the same bytes): the published
layout both ways, bad files named, ``play --board`` reading one and ``replay
--mbf`` writing a finished game's."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minebender.faces.commands.options import UsageError
from minebender.faces.commands.play import board_spec
from minebender.formats.boardtext import format_board, parse_board
from minebender.formats.mbf import (
    MBFError,
    board_suffix,
    format_mbf,
    layout_position,
    parse_mbf,
    position_layout,
)
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner, Custom, Hidden, Intermediate, Lost, Pos
from played import replay_written_as


@st.composite
def layouts(draw: st.DrawFn) -> tuple[tuple[bool, ...], ...]:
    """A layout of 1 to 40 cells a side, any cell a mine. A row is drawn as
    one number, its bits the cells: 40 draws, where a draw per cell made 1,600."""
    w = draw(st.integers(1, 40))
    h = draw(st.integers(1, 40))
    row = st.integers(0, 2**w - 1)
    bits = [draw(row) for _ in range(h)]
    return tuple(tuple(bool(b >> x & 1) for x in range(w)) for b in bits)


@given(layouts())
def test_a_board_round_trips(layout: tuple[tuple[bool, ...], ...]) -> None:
    assert parse_mbf(format_mbf(layout)) == layout


def test_the_bytes_are_the_published_layout() -> None:
    """Width, height, the mines in two bytes (high first), then x, y of each mine."""
    layout = tuple(tuple((x, y) in {(2, 0), (1, 0)} for x in range(3)) for y in range(2))
    assert format_mbf(layout) == bytes([3, 2, 0, 2, 1, 0, 2, 0])


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\x03", "cut short: 1 bytes, and the header alone has 4"),
        (b"\x00\x03\x00\x00", "its size says 0x3"),
        (b"\x02\x02\x00\x05", "5 mines do not fit on 2x2 cells"),
        (b"\x02\x02\x00\x01\x00", "cut short: 5 bytes, and 1 mine takes 6"),
        (b"\x02\x02\x00\x01\x00\x00\x00", "too long: 7 bytes, and 1 mine takes 6"),
        (b"\x02\x02\x00\x01\x02\x00", "mine 1 at (2, 0) is off the 2x2 board"),
        (b"\x02\x02\x00\x02\x01\x01\x01\x01", "mine 2 at (1, 1) is there twice"),
    ],
)
def test_a_bad_file_is_named(data: bytes, said: str) -> None:
    with pytest.raises(MBFError) as info:
        parse_mbf(data)
    assert str(info.value) == said


def test_play_board_reads_the_level_and_keeps_the_layout(tmp_path: Path) -> None:
    layout = tuple(tuple(x == y or x == 15 - y for x in range(16)) for y in range(16))
    layout = tuple(row if y < 10 else (False,) * 16 for y, row in enumerate(layout))
    mines = sum(map(sum, layout))
    path = tmp_path / "board.mbf"
    path.write_bytes(format_mbf(layout))
    spec = board_spec(str(path))
    assert spec.layout == layout and not spec.ranked
    assert spec.level == Custom(16, 16, mines)
    intermediate = tmp_path / "i.mbf"
    intermediate.write_bytes(format_mbf(tuple(tuple(i < 40 for i in range(y * 16, y * 16 + 16))
                                              for y in range(16))))  # fmt: skip
    assert board_spec(str(intermediate)).level == Intermediate()


def test_play_board_keeps_the_file_name_when_it_can_be_shown(tmp_path: Path) -> None:
    """As the page keeps it: the status line says "board of NAME"."""
    data = format_mbf(tuple(tuple(x == y or (x, y) == (8, 0) for x in range(9)) for y in range(9)))
    named = tmp_path / "Ma grille.MBF"
    named.write_bytes(data)
    assert board_spec(str(named)).board_file == "Ma grille.MBF"
    odd = tmp_path / "board\u202e.mbf"  # a bidirectional override would garble the line
    odd.write_bytes(data)
    other = tmp_path / "board.bin"
    other.write_bytes(data)
    for path in (odd, other):
        spec = board_spec(str(path))
        assert spec.board_file is None and spec.layout is not None


def test_play_board_reads_an_arbiter_abf_board_and_keeps_its_name(tmp_path: Path) -> None:
    """An .abf file holds the .mbf bytes: the same board, under its own name;
    a bad one is named as .abf with what is wrong."""
    layout = tuple(tuple(x == y or (x, y) == (8, 0) for x in range(9)) for y in range(9))
    path = tmp_path / "Arbiter board.ABF"
    path.write_bytes(format_mbf(layout))
    spec = board_spec(str(path))
    assert spec.layout == layout and spec.board_file == "Arbiter board.ABF"
    assert board_suffix(path.name) == ".abf" and board_suffix("b.mbf") == ".mbf"
    assert board_suffix("b.abf.txt") is None
    path.write_bytes(format_mbf(layout)[:-3])
    with pytest.raises(UsageError, match=r"not an \.abf board: cut short: 21 bytes, and 10"):
        board_spec(str(path))


def test_the_first_click_plays_the_board_as_it_is(tmp_path: Path) -> None:
    """No mine moves on a board from a file: a first click on a mine loses."""
    layout = tuple(tuple(x == 0 or (y == 0 and x == 1) for x in range(9)) for y in range(9))
    path = tmp_path / "b.mbf"
    path.write_bytes(format_mbf(layout))
    s = Session(board_spec(str(path)), clock=lambda: 0.0)
    s.reveal(Pos(0, 0))
    assert isinstance(s.status, Lost)


def test_a_board_minebender_does_not_play_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "small.mbf"
    path.write_bytes(format_mbf(tuple(tuple(x < 2 and y < 5 for x in range(8)) for y in range(8))))
    with pytest.raises(UsageError, match="an 8x8 board with 10 mines, and minebender plays"):
        board_spec(str(path))


def test_replay_writes_a_finished_games_board(tmp_path: Path) -> None:
    s = Session(SessionSpec(Beginner(), "mbf-test"), clock=lambda: 0.0)
    s.reveal(Pos(4, 4))
    assert s.layout is not None
    s.reveal(next(Pos(x, y) for y in range(9) for x in range(9) if s.layout[y][x]))
    out = replay_written_as(tmp_path, s, "--mbf", "board.mbf")
    assert parse_mbf(out.read_bytes()) == s.layout
    spec = board_spec(str(out))
    assert (spec.level, spec.layout) == (Beginner(), s.layout)


@given(layouts())
def test_a_layout_opened_then_flagged_is_the_same_layout(
    layout: tuple[tuple[bool, ...], ...],
) -> None:
    """Law: the position of a layout, with its hidden cells flagged, names that layout."""
    k = layout_position(layout).knowledge
    hidden = [Pos(x, y) for y, row in enumerate(k.rows) for x, s in enumerate(row) if s == Hidden()]
    assert position_layout(parse_board(format_board(k, hidden))) == layout


def test_a_number_the_flags_contradict_is_refused() -> None:
    """A file keeps the mines only: a position whose flags put another count
    around a number than it shows names no layout (it was saved, and the 3
    came back as a 0)."""
    with pytest.raises(MBFError, match=r"\(2, 0\) shows 3 but the flags put 1 mine around it"):
        position_layout(parse_board("4x1x2\nF.3F\n"))
    with pytest.raises(MBFError, match=r"\(1, 0\) shows 1 but the flags put 0 mines around it"):
        position_layout(parse_board("3x1x0\n.1.\n"))

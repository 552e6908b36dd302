"""The board text format (FORMATS.md): round trip, and clear errors for bad files."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minebender.boardtext import Board, BoardTextError, format_board, parse, parse_board
from minebender.types import Boom, Hidden, Knowledge, Pos, Seen, Shown


@st.composite
def boards(draw: st.DrawFn) -> Board:
    width = draw(st.integers(0, 7))
    height = draw(st.integers(0, 6)) if width else 0
    cell = st.one_of(st.just(Hidden()), st.just(Boom()), st.integers(0, 8).map(Shown))
    rows: list[tuple[Seen, ...]] = [tuple(draw(cell) for _ in range(width)) for _ in range(height)]
    mines = draw(st.none() | st.integers(0, width * height + 3))
    knowledge = Knowledge(width, height, mines, tuple(rows))
    hidden = [p for p in knowledge.cells() if knowledge.hidden(p)]
    flags = draw(st.sets(st.sampled_from(hidden))) if hidden else set()
    return Board(knowledge, frozenset(flags))


@given(boards())
def test_round_trip_board_text_then_board(board: Board) -> None:
    """Writing then reading a board gives the same board."""
    assert parse_board(format_board(board.knowledge, board.flags)) == board


@given(boards())
def test_round_trip_text_then_board_text(board: Board) -> None:
    """Reading then writing a canonical text gives the same text."""
    text = format_board(board.knowledge, board.flags)
    again = parse_board(text)
    assert format_board(again.knowledge, again.flags) == text


def test_header_comments_and_question_marks() -> None:
    knowledge = parse("# a comment\n\n3x2x1\n1?.\n#inner comment\n*2F\n\n")
    assert knowledge == Knowledge(
        3, 2, 1, ((Shown(1), Hidden(), Hidden()), (Boom(), Shown(2), Hidden()))
    )


def test_header_without_mines_means_unknown_total() -> None:
    assert parse("2x1\n..\n").mines is None


def test_no_header_takes_size_from_rows() -> None:
    knowledge = parse("1..\n...\n")
    assert (knowledge.width, knowledge.height, knowledge.mines) == (3, 2, None)


def test_flags_are_hidden_cells() -> None:
    board = parse_board("2x1x1\nF1\n")
    assert board.knowledge.rows[0][0] == Hidden()
    assert board.flags == frozenset({Pos(0, 0)})


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ("3x1\n1x.\n", "line 2, column 2", "unexpected 'x'"),
        ("3x2\n...\n..\n", "line 3, column 3", "row has 2 cells, expected 3"),
        ("...\n....\n", "line 2, column 4", "row has 4 cells, expected 3"),
        ("2x3x1\n..\n..\n", "line 3", "says 3 rows, the board has 2"),
        ("2x1x1\n..\n..\n", "line 3", "says 1 rows, the board has 2"),
        ("3x\n...\n", "line 1, column 1", "bad header"),
        ("...\n\n...\n", "line 2", "empty line inside the board"),
        ("1.9\n", "line 1, column 3", "unexpected '9'"),
        ("99999x2\n", "line 1, column 1", "width 99999 is larger"),
    ],
)
def test_bad_files_name_line_and_column(text: str, where: str, what: str) -> None:
    with pytest.raises(BoardTextError) as info:
        parse(text)
    message = str(info.value)
    assert message.startswith(where + ":"), message
    assert what in message


def test_empty_text_is_an_empty_board() -> None:
    assert parse("") == Knowledge(0, 0, None, ())

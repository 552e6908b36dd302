"""The board text format (FORMATS.md): round trip, and clear errors for bad files."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minebender.formats.boardtext import (
    CELL_LIMIT,
    Board,
    BoardTextError,
    format_board,
    parse,
    parse_board,
)
from minebender.values.types import Boom, Hidden, Knowledge, Pos, Seen, Shown


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """Every board the format holds: at least one cell, no more mines than cells."""
    width = draw(st.integers(1, 7))
    height = draw(st.integers(1, 6))
    cell = st.one_of(st.just(Hidden()), st.just(Boom()), st.integers(0, 8).map(Shown))
    rows: list[tuple[Seen, ...]] = [tuple(draw(cell) for _ in range(width)) for _ in range(height)]
    mines = draw(st.none() | st.integers(0, width * height))
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
        ("2x1x1\n..\n..\n", "line 3", "says 1 row, the board has 2"),
        ("3x2\n...\n.\n", "line 3, column 2", "row has 1 cell, expected 3"),
        ("1x1x2\n.\n", "line 1, column 5", "2 mines do not fit on a 1x1 board (1 cell)"),
        ("3x\n...\n", "line 1, column 1", "bad header"),
        ("...\n\n...\n", "line 2", "empty line inside the board"),
        ("1.9\n", "line 1, column 3", "unexpected '9'"),
        ("99999x2\n", "line 1, column 1", "width 99999 is larger"),
        ("2x99999\n", "line 1, column 3", "height 99999 is larger"),
        ("3x3x10\n...\n...\n...\n", "line 1, column 5", "10 mines do not fit on a 3x3 board"),
        (
            "3x3x99999999999999999999999\n...\n...\n...\n",
            "line 1, column 5",
            "99999999999999999999999 mines do not fit on a 3x3 board (9 cells)",
        ),
        ("3x3x" + "9" * 5000 + "\n", "line 1, column 5", "(5000 digits) mines do not fit"),
        ("3x" + "9" * 5000 + "\n", "line 1, column 3", "(5000 digits) is larger than 10000"),
        ("400x400\n", "line 1, column 1", f"400x400 is 160000 cells, more than the {CELL_LIMIT}"),
        ("\u0663x3x1\n...\n...\n...\n", "line 1, column 1", "digits 0-9"),
        ("3x\u0663\n...\n", "line 1, column 1", "digits 0-9"),
        ("2x1\n1\u0661\n", "line 2, column 2", "unexpected '\u0661'"),
        ("1\ufeff.\n", "line 1, column 2", "unexpected '\\ufeff'"),
        ("3x3x1\n\ufeff1..\n...\n...\n", "line 2, column 1", "unexpected '\\ufeff'"),
        ("3x2\n..\t.\n...\n", "line 2, column 3", "unexpected '\\t'"),
        ("\ufeff\ufeff1.\n", "line 1, column 1", "unexpected '\\ufeff'"),
        ("." * 10_001 + "\n", "line 1, column 10001", "row has 10001 cells, more than the limit"),
        (".\n" * 10_001, "line 10001", "the board has 10001 rows, more than the limit 10000"),
        (("." * 400 + "\n") * 400, "line 251", "400x400, 160000 cells, more than the 100000"),
    ],
)
def test_bad_files_name_line_and_column(text: str, where: str, what: str) -> None:
    with pytest.raises(BoardTextError) as info:
        parse(text)
    message = str(info.value)
    assert message.startswith(where + ":"), message
    assert what in message


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ("", "line 1", "no board: a board needs at least one row"),
        ("# only a comment\n# and another\n", "line 2", "no board"),
        ("\n\n\n", "line 3", "no board"),
        ("0x0x0\n", "line 1, column 1", "width 0: a board needs at least one cell"),
        ("0x3\n\n\n\n", "line 1, column 1", "width 0"),
        ("3x0\n", "line 1, column 3", "height 0: a board needs at least one cell"),
        ("\ufeff", "line 1", "no board"),
    ],
)
def test_a_board_needs_at_least_one_cell(text: str, where: str, what: str) -> None:
    """Nothing on the page is not a 0x0 board: the file is wrong or empty."""
    with pytest.raises(BoardTextError) as info:
        parse(text)
    message = str(info.value)
    assert message.startswith(where + ":"), message
    assert what in message


def test_the_most_cells_are_accepted_without_a_header() -> None:
    """The limits are the same with or without a header, and they are limits: the
    largest board they allow is read."""
    width = 10_000
    height = CELL_LIMIT // width
    knowledge = parse(("." * width + "\n") * height)
    assert (knowledge.width, knowledge.height) == (width, height)
    assert width * height == CELL_LIMIT
    assert parse(f"{width}x{height}x{CELL_LIMIT}\n" + ("." * width + "\n") * height).mines == (
        CELL_LIMIT
    )


def test_a_header_may_count_every_cell_a_mine() -> None:
    assert parse("2x1x2\n..\n").mines == 2
    assert parse("2x1x002\n..\n").mines == 2


def test_one_byte_order_mark_at_the_start_is_skipped() -> None:
    """Notepad starts a UTF-8 file with U+FEFF; it is not part of the board."""
    text = "3x1x1\n1.F\n"
    assert parse_board("\ufeff" + text) == parse_board(text)
    assert parse_board("\ufeff# comment\n1.\n").knowledge.width == 2


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("...\x0b...\n", "line 1, column 4: unexpected '\\x0b'"),
        ("3x2\n...\n..\u2028.\n", "line 3, column 3: unexpected '\\u2028'"),
        ("..\x0c\n..\n", "line 1, column 3: unexpected '\\x0c'"),
        ("...\u00a0\n", "line 1, column 4: unexpected '\\xa0'"),
        ("..\r.\n", "line 1, column 3: unexpected '\\r'"),
    ],
)
def test_only_lf_or_crlf_ends_a_line(text: str, where: str) -> None:
    """A form feed or U+2028 is a character of the row, not a line break: the
    error names the line an editor shows, and no row is made up."""
    with pytest.raises(BoardTextError) as caught:
        parse(text)
    assert str(caught.value).startswith(where)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("3x2\n...\n\n...\n", "line 3: empty line inside the board"),
        ("3x3\n...\n.\x0c.\n...\n", "line 3, column 2: unexpected '\\x0c'"),
        ("3x2\n...\n..\u2028.\n...\n", "line 3, column 3: unexpected '\\u2028'"),
        ("5x4x3\r1F...\r11...\r", "line 1, column 6: a lone CR"),
        ("...\r", "line 1, column 4: a lone CR"),  # at the end of the file too
        ("...\n...\r", "line 2, column 4: a lone CR"),
    ],
)
def test_a_header_board_names_the_bad_line_not_a_row_count(text: str, where: str) -> None:
    """With a header, an empty line or a stray character inside the board
    also makes the row count wrong; the error names the line and character."""
    with pytest.raises(BoardTextError) as caught:
        parse(text)
    assert str(caught.value).startswith(where)


def test_crlf_and_trailing_spaces_and_tabs_are_read_as_plain_lines() -> None:
    plain = parse_board("2x2x1\n1?\n??\n")
    assert parse_board("2x2x1\r\n1? \r\n??\t\r\n") == plain
    assert parse_board("2x2x1  \n1?\n??\n  \n") == plain


def test_a_board_outside_the_format_is_written_but_not_read_back() -> None:
    """format_board writes any Knowledge; only boards the format holds come back."""
    too_many = Knowledge(1, 1, 2, ((Hidden(),),))
    with pytest.raises(BoardTextError, match="2 mines do not fit on a 1x1 board"):
        parse(format_board(too_many))


def test_blank_lines_around_the_header_are_ignored() -> None:
    """Before the board, as after it, a blank line separates nothing (formats.md)."""
    assert parse_board("\n\n3x1x1\n\n\n1..\n\n") == parse_board("3x1x1\n1..\n")


def test_a_header_with_a_capital_x_is_named_as_a_header() -> None:
    """``30X16X99`` was read as a row, and named as an unexpected 'X'."""
    with pytest.raises(BoardTextError, match=r"line 1, column 1: bad header .*lowercase x"):
        parse("3X1X1\n...\n")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: parse_board(b"3x1\n...\n"), "parse_board: text must be a str, got bytes"),
        (lambda: parse_board(None), "parse_board: text must be a str, got NoneType"),
        (lambda: format_board(None), "format_board: knowledge must be a Knowledge"),
        (
            lambda: format_board(Knowledge(1, 1, None, ((Hidden(),),)), 5),
            "format_board: flags must be an iterable of Pos",
        ),
        (
            lambda: format_board(Knowledge(1, 1, None, ((Hidden(),),)), [None]),
            "format_board: pos must be a Pos",
        ),
    ],
)
def test_the_format_s_functions_name_an_argument_of_the_wrong_type(
    call: Callable[[], object], message: str
) -> None:
    """bytes gave "a bytes-like object is required, not 'str'", backwards;
    None an AttributeError from deep inside."""
    with pytest.raises(TypeError, match=message):
        call()

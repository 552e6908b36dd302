"""JSMinesweeper ``.mine`` positions: read, written back, told apart from board
text, and refused with the line and column of what is wrong."""

from __future__ import annotations

import pytest
from hypothesis import given

from minebender.formats.boardtext import BoardTextError, parse_board
from minebender.formats.minetext import format_mine, is_mine_text, parse_mine, parse_position
from minebender.values.types import Boom, Hidden, Knowledge, Pos, Shown
from strategies import knowledges


def test_cells_flags_and_the_mines_of_a_board_under_construction() -> None:
    board = parse_mine("4x2x2\r\n1F?H\r\n11HH\r\n\r\n")
    k = board.knowledge
    assert (k.width, k.height, k.mines) == (4, 2, 2)
    assert k.rows[0] == (Shown(1), Hidden(), Hidden(), Hidden())
    assert k.rows[1] == (Shown(1), Shown(1), Hidden(), Hidden())
    assert board.flags == frozenset({Pos(1, 0)})


@given(knowledges(max_side=4, max_cells=12))
def test_writing_then_reading_gives_the_same_position(view: Knowledge) -> None:
    if view.mines is None or any(type(s) is Boom for row in view.rows for s in row):
        with pytest.raises(ValueError):
            format_mine(view)
        return
    if view.width * view.height == 0 or view.mines > view.width * view.height:
        return
    flags = frozenset(p for p in view.cells() if type(view.seen(p)) is Hidden and p.x == 0)
    board = parse_mine(format_mine(view, flags))
    assert board.knowledge == view and board.flags == flags


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("", "line 1", "no board"),
        ("4x2\n1FHH\n11HH\n", "line 1, column 1", "expected WxHxM"),
        ("4x2x9\n1FHH\n11HH\n", "line 1, column 5", "9 mines do not fit"),
        ("4x2x1\n1FHH\n11H.\n", "line 3, column 4", "unexpected '.'"),
        ("4x2x1\n1FHH\n11H\n", "line 3, column 4", "row has 3 cells, expected 4"),
        ("4x2x1\n1FHH\n", "line 2", "the header says 2 rows, the position has 1"),
        ("4x2x1\n1FHH\n11HH\nHHHH\n", "line 4", "the header says 2 rows, the position has 3"),
        ("4x2x1\n1F9H\n11HH\n", "line 2, column 3", "unexpected '9'"),
    ],
)
def test_a_bad_position_names_its_line_and_column(text: str, where: str, words: str) -> None:
    with pytest.raises(BoardTextError) as caught:
        parse_mine(text)
    assert str(caught.value).startswith(where + ":")
    assert words in str(caught.value)


def test_a_position_is_told_apart_from_board_text() -> None:
    assert is_mine_text("2x1x1\nH1\n")
    assert not is_mine_text("# Here is a board\n2x1x1\n.1\n")
    assert parse_position("2x1x1\nH1\n") == parse_board("2x1x1\n.1\n")
    assert parse_position("# Hi\n2x1x1\n.1\n") == parse_board("2x1x1\n.1\n")
    assert parse_position("2x1x1\nF1\n") == parse_board("2x1x1\nF1\n")

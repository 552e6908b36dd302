"""The parts of the terminal board: XP's number colours, the three-digit
displays, the face, the cursor brackets, mouse columns, and the size a board needs."""

from __future__ import annotations

import pytest
from rich.color import Color

from minebender.faces.tui.board import BoardWidget, board_size
from minebender.faces.tui.board_fit import fits, needed_size
from minebender.faces.tui.tiles import NUMBER_COLOURS, glyph
from minebender.faces.tui.widgets import face_text, led_text
from minebender.formats.replay import tile_name
from minebender.services.game_view import face_of
from minebender.values.types import (
    AssistTooEarly,
    Blast,
    Covered,
    Exploded,
    Flagged,
    Hint,
    Lost,
    Mine,
    Number,
    Playing,
    Pos,
    Setup,
    Tile,
    Won,
    WrongFlag,
)

XP = {
    1: "#0000ff",  # blue
    2: "#008000",  # green
    3: "#ff0000",  # red
    4: "#000080",  # navy
    5: "#800000",  # maroon
    6: "#008080",  # teal
    7: "#000000",  # black
    8: "#808080",  # grey
}


@pytest.mark.parametrize("n", range(1, 9))
def test_numbers_wear_windows_xp_colours(n: int) -> None:
    char, style = glyph(str(n))
    assert char == str(n)
    assert style.color == Color.parse(XP[n]) == Color.parse(NUMBER_COLOURS[n])


def test_every_tile_has_its_own_glyph() -> None:
    """Every tile the view names (``replay.tile_name``) has a glyph, no two alike."""
    tiles: list[Tile] = [Covered(), Flagged(), Number(0), Blast(), Hint(), Mine(), WrongFlag()]
    looks = {(glyph(tile_name(t))[0], glyph(tile_name(t))[1].bgcolor) for t in tiles}
    assert len(looks) == len(tiles)
    assert glyph("0")[0] == " "
    with pytest.raises(ValueError, match="not a tile name"):
        glyph("covred")


def test_led_keeps_three_digits_and_the_sign() -> None:
    assert [led_text(v) for v in (0, 10, 999, 1000, -1, -99, -150)] == [
        "000",
        "010",
        "999",
        "999",
        "-01",
        "-99",
        "-99",
    ]


def test_face_follows_the_status() -> None:
    """The view's mood of each status, and the face the terminal paints for it."""
    assert face_text(face_of(Playing())) == ":)"
    assert face_text(face_of(Won())) == "B)"
    assert face_text(face_of(Lost(Exploded(Pos(0, 0))))) == "X("
    assert face_text(face_of(Lost(AssistTooEarly(Pos(0, 0))))) == "X("


def test_cursor_draws_brackets_around_its_cell() -> None:
    board = BoardWidget((("covered", "1", "flagged"),))
    board.cursor = Pos(1, 0)
    assert board.render().plain == " ■[1]⚑ "
    board.cursor = Pos(2, 0)
    assert board.render().plain == " ■ 1[⚑]"
    board.show_cursor = False
    assert board.render().plain == " ■ 1 ⚑ "


def test_mouse_columns_map_to_cells() -> None:
    board = BoardWidget((("covered",) * 3,) * 2)
    assert [board.cell_at(c, 1) for c in range(7)] == [
        Pos(0, 1),
        Pos(0, 1),
        Pos(1, 1),
        Pos(1, 1),
        Pos(2, 1),
        Pos(2, 1),
        Pos(2, 1),
    ]
    assert board.cell_at(0, 2) is None and board.cell_at(7, 0) is None


def test_sizes_needed() -> None:
    assert board_size(9, 9) == (19, 9)
    assert needed_size(Setup(9, 9, 10)) == (48, 14)
    assert needed_size(Setup(16, 16, 40)) == (48, 21)
    assert needed_size(Setup(30, 16, 99)) == (63, 21)
    for board in (Setup(9, 9, 10), Setup(16, 16, 40), Setup(30, 16, 99)):
        assert fits(board, 80, 24)
    assert not fits(Setup(30, 25, 99), 80, 24)

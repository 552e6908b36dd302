"""The board widget: the tiles of the game's view, by name, and the cursor.

Each cell is one glyph with a one-column gap on each side, shared with the
neighbouring cell: a board W cells wide is 2W+1 columns, so Expert (30 wide)
fits in 80 columns. The cursor draws brackets in the two gaps around its cell,
which reads well in any terminal, with or without colour.

The widget only draws and reports clicks; what a click does is the app's
business, so the same widget also serves the replay viewer.
"""

from __future__ import annotations

from typing import TypeAlias

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from minebender.faces.tui.tiles import BOARD_BACKGROUND, MARK, glyph
from minebender.values.types import Pos

__all__ = ["BoardWidget", "Tiles", "board_size"]

Tiles: TypeAlias = tuple[tuple[str, ...], ...]
"""Tile names row by row, as ``GameView.tiles`` gives them."""

_GAP = Style(bgcolor=BOARD_BACKGROUND)
_BRACKET = Style(color="#000000", bgcolor="#ffff80", bold=True)
_CURSOR_GLYPH = Style(bgcolor="#ffff80")
_HINT_SAFE = Style(color="#20a020")
_HINT_GUESS = Style(color="#e08c00")
_PRESSED = Style(color="#ffff80", bgcolor="#000000", bold=True)


def board_size(width: int, height: int) -> tuple[int, int]:
    """The columns and rows the board's cells take (without border)."""
    return 2 * width + 1, height


class BoardWidget(Widget):
    """Draws the tiles with the cursor and hands on the mouse's presses and
    releases with their cells: the rule of presses decides what they do."""

    class CellPressed(Message):
        """A mouse button went down (``down``) or up on ``pos`` (None: off the
        board); button 1 left, 2 middle, 3 right."""

        def __init__(self, pos: Pos | None, button: int, down: bool) -> None:
            super().__init__()
            self.pos = pos
            self.button = button
            self.down = down

    tiles: reactive[Tiles] = reactive((), layout=True)
    cursor: reactive[Pos] = reactive(Pos(0, 0))
    show_cursor: reactive[bool] = reactive(True)
    marks: reactive[frozenset[Pos]] = reactive(frozenset())
    """The covered cells with the player's ?, drawn over their tiles."""
    hints: reactive[tuple[frozenset[Pos], Pos | None]] = reactive((frozenset(), None))
    """The hints shown (i): the safe covered cells, and the best guess when
    none is safe; drawn as a covered cell in green, the guess in amber."""
    painted: reactive[dict[Pos, str]] = reactive(dict)
    """Cells drawn on a colour of their own (the replay viewer's verdicts)."""
    painted_wide: reactive[dict[Pos, str]] = reactive(dict)
    """Cells drawn on a colour with the gaps beside them (a proof's cell)."""
    pressed: reactive[bool] = reactive(False)
    """A button is held on the cursor's cell: its brackets are drawn dark."""

    def __init__(self, tiles: Tiles, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._held: set[int] = set()
        self.set_reactive(BoardWidget.tiles, tiles)

    @property
    def columns(self) -> int:
        """The board's width in cells."""
        return len(self.tiles[0]) if self.tiles else 0

    @property
    def rows(self) -> int:
        """The board's height in cells."""
        return len(self.tiles)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return board_size(self.columns, self.rows)[0]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.rows

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        cx, cy = self.cursor
        bracket = _PRESSED if self.pressed else _BRACKET
        wide = self.painted_wide
        for y, row in enumerate(self.tiles):
            if y:
                text.append("\n")
            on_row = self.show_cursor and y == cy
            for x, tile in enumerate(row):
                left = on_row and x in (cx, cx + 1)
                gap = wide.get(Pos(x, y)) or (x and wide.get(Pos(x - 1, y)))
                text.append(
                    "]" if left and x == cx + 1 else "[" if left else " ",
                    bracket if left else Style(bgcolor=gap) if gap else _GAP,
                )
                covered = tile == "covered"
                char, style = MARK if covered and Pos(x, y) in self.marks else glyph(tile)
                if covered and (Pos(x, y) in self.hints[0] or Pos(x, y) == self.hints[1]):
                    style = style + (_HINT_SAFE if Pos(x, y) in self.hints[0] else _HINT_GUESS)
                colour = wide.get(Pos(x, y)) or self.painted.get(Pos(x, y))
                if colour:
                    style = style + Style(bgcolor=colour)
                if on_row and x == cx:
                    style = style + _CURSOR_GLYPH if covered and not colour else style
                    style = style + Style(underline=True)
                text.append(char, style)
            end = on_row and cx == len(row) - 1
            last = wide.get(Pos(len(row) - 1, y))
            text.append(
                "]" if end else " ", bracket if end else Style(bgcolor=last) if last else _GAP
            )
        return text

    def cell_at(self, column: int, row: int) -> Pos | None:
        """The cell under a column and row of the widget's content, if any."""
        if not 0 <= row < self.rows or not 0 <= column <= 2 * self.columns:
            return None
        return Pos(min(column // 2, self.columns - 1), row)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        pos = self._under(event)
        if pos is None:
            return
        event.stop()
        self._held.add(event.button)
        self.capture_mouse()  # its release comes here, off the board too
        self.post_message(self.CellPressed(pos, event.button, True))

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if event.button not in self._held:
            return
        event.stop()
        self._held.discard(event.button)
        if not self._held:
            self.release_mouse()
        self.post_message(self.CellPressed(self._under(event), event.button, False))

    def _under(self, event: events.MouseEvent) -> Pos | None:
        offset = event.get_content_offset(self)
        return None if offset is None else self.cell_at(offset.x, offset.y)

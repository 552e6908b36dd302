"""Does a board fit the terminal? The one place that knows the app's size
(``line_fit`` fits a line of text to a width instead).

The app checks this on every resize and shows a clear message with the size it
needs instead of a broken layout; ``minebender play`` uses the same numbers.
"""

from __future__ import annotations

from minebender.faces.tui.board import board_size
from minebender.values.types import Setup

__all__ = ["CHROME_ROWS", "MIN_COLUMNS", "fits", "needed_size"]

CHROME_ROWS = 5
"""Rows around the board: the bar (counter, face, timer), the board's top and
bottom border, the status line and the key footer."""

MIN_COLUMNS = 48
"""The status line and the footer (its keys: open, flag, assist, new, keys,
quit) need this much even for the narrowest board."""


def needed_size(board: Setup) -> tuple[int, int]:
    """The smallest terminal (columns, rows) that shows this board whole.

    >>> needed_size(Setup(9, 9, 10)), needed_size(Setup(30, 16, 99))
    ((48, 14), (63, 21))
    """
    columns, rows = board_size(board.width, board.height)
    return max(columns + 2, MIN_COLUMNS), rows + CHROME_ROWS


def fits(board: Setup, columns: int, rows: int) -> bool:
    """A terminal of columns by rows shows this board whole."""
    need_columns, need_rows = needed_size(board)
    return columns >= need_columns and rows >= need_rows

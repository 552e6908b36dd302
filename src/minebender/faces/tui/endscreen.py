"""The end screen of a terminal game: what the web page's end screen shows
(time, 3BV, 3BV/s, clicks, IOE, assists) and the board code.

Every number is read from the ``Session``, the same properties the web view
reads (``elapsed_ms``, ``bbbv``, ``bbbv_solved``, ``bbbv_per_s``,
``efficiency``, ``clicks``) and ``board_code``: the two interfaces can never
disagree about a game, because neither computes anything of its own.

Where it goes is a question of rows. The numbers are shown under the status
line only when the terminal has rows to spare beyond ``needed_size``; the
size the game *needs* stays what playing needs. A player would rather play
Expert in an 80x24 terminal and read the numbers behind a key than be told
to enlarge the window for a panel that appears only once the game is over.
So with no room the status line gives a short form (how the game ended, and
``e``), and ``e`` opens the whole end screen as a dialog over the board.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from minebender.faces.tui.screens import TextScreen
from minebender.services.session import Clicks, Session, board_code
from minebender.values.types import Pos, cell_name

__all__ = [
    "PANEL_WIDTH",
    "EndScreen",
    "end_items",
    "pack",
    "panel_rows",
]

PANEL_WIDTH = 72
"""The widest the panel's lines get, however wide the terminal: a line much
wider than the board reads as something apart from it."""

SEPARATOR = " · "
_NONE = "\u2013"  # the web's en dash for a number not defined (no click yet)


def end_items(session: Session) -> list[str]:
    """The end screen's entries for a finished game, in the web's order, then
    the board code (the web shows it behind a button; here it is text to copy),
    or, for a board from a file, which has no code, a word saying so."""
    return _items(
        session.elapsed_ms,
        (session.bbbv_solved, session.bbbv),
        session.bbbv_per_s,
        session.efficiency,
        session.clicks,
        board_code(session.spec),
        session.first_pos,
    )


def _items(
    elapsed_ms: int,
    bbbv: tuple[int, int | None],
    per_s: float | None,
    efficiency: float | None,
    c: Clicks,
    code: str | None,
    first: Pos | None,
) -> list[str]:
    # a code gives the same board only to the same first click: it goes with it
    where = "" if first is None else f" (first click {cell_name(first)})"
    board = "A board from a file: no code" if code is None else f"Board code {code}{where}"
    return [
        f"Time {elapsed_ms / 1000:.3f} s",
        f"3BV {bbbv[0]} / {bbbv[1]}",
        f"3BV/s {_NONE if per_s is None else f'{per_s:.3f}'}",
        f"IOE {_NONE if efficiency is None else f'{efficiency / 100:.3f}'}",
        f"Clicks {c.total} ({c.left} left, {c.right} right, {c.chord} chord)",
        f"Assists {c.assist}",
        board,
    ]


def panel_rows(session: Session, width: int) -> int:
    """The rows the end panel of a typical game on this board takes in a
    terminal width columns wide, known before the game ends: the app keeps
    them under the status line from the start (``BoardApp.reserved_rows``), so
    the board stays put when the panel appears. A real panel longer than
    this still shows if the rows under the board hold it; nothing moves
    either way."""
    b = session.setup
    bbbv = b.width * b.height - b.mines  # as many digits as a 3BV can have
    code = board_code(session.spec)
    far = Pos(b.width - 1, b.height - 1)  # as many digits as a first click can have
    typical = _items(100_000, (bbbv, bbbv), 1.234, 100.0, Clicks(100, 10, 10), code, far)
    return len(pack(typical, min(width, PANEL_WIDTH)))


def pack(items: list[str], width: int) -> list[str]:
    """The items in as few lines of at most width columns as they go, in order,
    joined by `` · ``; an item wider than a line (a long seed's board code) is
    cut into whole lines, never cropped, so it can still be copied.

    >>> pack(["Time 1.000 s", "3BV 2 / 2", "Assists 0"], 26)
    ['Time 1.000 s · 3BV 2 / 2', 'Assists 0']
    >>> pack(["Board code b:" + "x" * 10], 12)
    ['Board code b', ':xxxxxxxxxx']
    """
    width = max(1, width)
    lines: list[str] = []
    line = ""
    for item in items:
        if line and len(line) + len(SEPARATOR) + len(item) <= width:
            line += SEPARATOR + item
            continue
        if line:
            lines.append(line)
        while len(item) > width:
            lines.append(item[:width])
            item = item[width:]
        line = item
    if line:
        lines.append(line)
    return lines


class EndScreen(TextScreen):
    """The whole end screen as a dialog: for a terminal with no rows to spare
    under the board, and for anyone who wants it again."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,e,q", "close", "close", key_display="esc/e/q")
    ]
    WIDTH: ClassVar[int] = 48

    def __init__(self, headline: str, items: list[str]) -> None:
        super().__init__((headline, "end-head"), ("\n".join(items), "end-stats"))

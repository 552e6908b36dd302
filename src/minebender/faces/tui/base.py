"""What the game and the replay viewer share: the XP bar over the board, the
status line, the end panel, the key footer, and the check that the board fits the terminal.

A terminal too small for the board hides the board behind a message naming the
size it needs (a broken layout would mislead), and blocks the board's keys
until the terminal grows.

The board is placed from the terminal's size alone, never from what is shown
under it: the rows an app shows there later (the game's end panel,
``reserved_rows``) are counted in from the start, so nothing moves when they
appear and a click right after a game ends lands on the cell it aimed at.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from typing import ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.geometry import Size
from textual.widgets import Footer, Static

from minebender.faces.tui.board import BoardWidget, Tiles, board_size
from minebender.faces.tui.board_fit import fits, needed_size
from minebender.faces.tui.css import APP_CSS
from minebender.faces.tui.widgets import AssistButton, Face, Led, face_text
from minebender.services.game_view import Face as Mood
from minebender.values.types import Pos, Setup

__all__ = ["STOPS", "BoardApp"]

STOPS = (signal.SIGTERM, signal.SIGHUP)
"""The signals that quit the app as q does, with 128 + the signal as its
return code (143, 129: what a shell reports of a program a signal ended),
reached once the app has saved and given the terminal back: kill, and a
hangup (``kill -HUP``, the terminal closed), whose default left the terminal
in the game's screen, reporting the mouse."""


class BoardApp(App[None]):
    """A Textual app that shows one board; subclasses say what drives it."""

    TITLE = "minebender"
    CSS = APP_CSS
    ENABLE_COMMAND_PALETTE = False

    BINDINGS: ClassVar[list[BindingType]] = [
        # Textual binds no key to it: ctrl+z did nothing, and the shell's
        # "fg" then typed into the game (f flags, Enter reveals).
        Binding("ctrl+z", "suspend_process", "suspend", show=False),
    ]

    BOARD_ACTIONS: ClassVar[frozenset[str]] = frozenset()
    """Actions that need the board on screen: refused while the terminal is too
    small or a dialog is open."""

    WITH_ASSIST: ClassVar[bool] = False
    """Show the assist button beside the face."""

    SMALLER: ClassVar[str] = ""
    """How to get a smaller board in this app, if it can: said when the board
    does not fit."""

    def __init__(self) -> None:
        super().__init__()
        self._too_small = False
        self.terminal = Size(0, 0)
        """The terminal's size, as of the last ``check_size``."""
        self.rows_below = 0
        """The rows under the status line, free for what an app shows there."""
        # Made here, not looked up later: a timer that fires while the app shuts
        # down still finds them.
        self.counter = Led(id="counter")
        self.face = Face(id="face")
        self.timer_led = Led(id="timer")
        self.board = BoardWidget((), id="board")
        self.status_line = Static(id="status")
        # Under the status line: the numbers of a finished game, for an app
        # that shows them (hidden until then, and in the replay viewer).
        self.end_panel = Static(id="end")
        self.too_small_message = Static(id="too-small")

    @property
    def setup(self) -> Setup:
        """The size of the board shown."""
        raise NotImplementedError

    # ------------------------------------------------------------------
    # Layout
    # ------------------------------------------------------------------

    def reserved_rows(self, width: int) -> int:
        """The rows under the status line that this app will fill later in a
        terminal width columns wide (none here): the board is placed as if they
        were there from the start."""
        return 0

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            with Center(), Vertical(id="game"):
                with Horizontal(id="bar"):
                    yield self.counter
                    yield self.face
                    if self.WITH_ASSIST:
                        yield AssistButton(id="assist")
                    yield self.timer_led
                yield self.board
            yield self.status_line
            with Center(id="end-row"):
                yield self.end_panel
        yield self.too_small_message
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.check_size()
        # SIGTERM and SIGHUP (STOPS) quit as q does: their default ended
        # the process at once, leaving the terminal in the game's screen with
        # the mouse reported and the cursor hidden, until the user typed reset.
        loop = asyncio.get_running_loop()
        for sig in STOPS:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, self.exit, None, 128 + sig)

    def on_unmount(self) -> None:
        loop = asyncio.get_running_loop()
        for sig in STOPS:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(sig)

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size)

    @property
    def status_text(self) -> str:
        """The status line as plain text (for tests and screen readers)."""
        return str(self.status_line.render())

    @property
    def too_small(self) -> bool:
        """The terminal is too small for the board: the board is hidden behind a message."""
        return self._too_small

    def check_size(self, size: Size | None = None) -> None:
        """Show the board, or the size it needs when the terminal is too small.

        The rows the terminal has beyond what the board needs are split above
        and below it as if the ``reserved_rows`` were shown, whether they are
        or not: the board's place depends only on the terminal and the board."""
        b = self.setup
        self.terminal = self.size if size is None else size
        width, height = self.terminal
        self._too_small = not fits(b, width, height)
        need_w, need_h = needed_size(b)
        spare = 0 if self._too_small else height - need_h
        above = max(0, (spare - self.reserved_rows(width)) // 2)
        self.rows_below = spare - above
        main = self.query_one("#main")
        main.display = not self._too_small
        main.styles.padding = (above, 0, 0, 0)
        self.query_one("#game").styles.width = board_size(b.width, b.height)[0] + 2
        message = self.too_small_message
        message.display = self._too_small
        message.update(
            f"This {b.width}x{b.height} board needs a terminal of at least"
            f" {need_w}x{need_h} (columns x rows); this one is {width}x{height}.\n"
            f"Make the window bigger{self._smaller_hint(b)}. q quits."
        )
        self.refresh_bindings()

    def _smaller_hint(self, b: Setup) -> str:
        smallest = needed_size(Setup(9, 9, 10))  # Beginner, and the least Custom
        if not self.SMALLER or all(n <= m for n, m in zip(needed_size(b), smallest, strict=True)):
            return ""
        return f", or {self.SMALLER}"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        blocked = self._too_small or len(self.screen_stack) > 1
        return not (blocked and action in self.BOARD_ACTIONS)

    # ------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------

    def show(
        self,
        tiles: Tiles,
        *,
        mines_left: int,
        seconds: int,
        face: Mood,
        cursor: Pos | None,
        line: str,
        marks: frozenset[Pos] = frozenset(),
        hints: tuple[frozenset[Pos], Pos | None] = (frozenset(), None),
        painted: dict[Pos, str] | None = None,
        painted_wide: dict[Pos, str] | None = None,
        pressed: bool = False,
    ) -> None:
        """Draw one state as a view gives it: the tiles by name (with the
        player's question marks, and cells ``painted`` on colours of their
        own), the counter, the timer, the face's mood and the status line.
        ``pressed``: a button is held on the cursor's cell."""
        board = self.board
        board.tiles = tiles
        board.marks = marks
        board.hints = hints
        board.painted = painted or {}
        board.painted_wide = painted_wide or {}
        board.pressed = pressed
        board.show_cursor = cursor is not None
        if cursor is not None:
            board.cursor = cursor
        self.counter.show(mines_left)
        self.timer_led.show(seconds)
        self.face.update(face_text(face))
        self.status_line.update(line)

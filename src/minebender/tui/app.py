"""The terminal game: a Textual app around one ``Session`` at a time.

Keys are declared as data (``BINDINGS``); each ``action_*`` method calls the
session and redraws from ``Session.display()``, so the screen never knows more
than the laws allow. Every action is handed to the store as it happens, so
quitting (or a crash) loses nothing: the next ``minebender play`` resumes.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.geometry import Size
from textual.widgets import Footer, Static

from minebender.commands.stats import build_report
from minebender.session import Event, Session, SessionSpec, level_name
from minebender.tui.board import BoardWidget, board_size
from minebender.tui.css import APP_CSS
from minebender.tui.fit import fits, needed_size
from minebender.tui.saving import Saver
from minebender.tui.screens import NameScreen, ScoresScreen
from minebender.tui.widgets import AssistButton, Face, Led, face_for
from minebender.types import Exploded, Lost, Number, Pos, Won

__all__ = ["MinebenderApp", "random_seed"]

GAME_ACTIONS = frozenset({"move", "open", "flag", "assist", "new_game", "scores"})
"""Actions that need the board on screen (not while the terminal is too small
or a dialog is open)."""


def random_seed() -> str:
    """A fresh seed for a new game: short enough to read out and type again."""
    return secrets.token_hex(4)


class MinebenderApp(App[None]):
    """Minesweeper in the terminal: one board, the XP bar above it, keys below."""

    TITLE = "minebender"
    CSS = APP_CSS
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "move(0, -1)", "up", show=False),
        Binding("down,j", "move(0, 1)", "down", show=False),
        Binding("left,h", "move(-1, 0)", "left", show=False),
        Binding("right,l", "move(1, 0)", "right", show=False),
        Binding("space,enter", "open", "reveal/chord", key_display="space"),
        Binding("f", "flag", "flag"),
        Binding("a", "assist", "assist"),
        Binding("n", "new_game", "new"),
        Binding("s", "scores", "best times"),
        Binding("q", "quit", "quit"),
    ]

    def __init__(
        self,
        session: Session,
        *,
        new_seed: Callable[[], str] = random_seed,
        saver: Saver | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.new_seed = new_seed
        self.saver = saver
        self.resumed = bool(session.events)
        b = session.setup
        self.cursor = Pos(b.width // 2, b.height // 2)
        self._too_small = False

    # ------------------------------------------------------------------
    # Layout
    # ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Center(), Vertical(id="game"):
            with Horizontal(id="bar"):
                yield Led(id="counter")
                yield Static(classes="spacer")
                yield Face(id="face")
                yield AssistButton("?", id="assist")
                yield Static(classes="spacer")
                yield Led(id="timer")
            yield BoardWidget(self.session.display(), id="board")
        yield Static(id="status")
        yield Static(id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        self.set_interval(0.2, self._tick)
        self._redraw()
        self._check_size()

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size)

    @property
    def board(self) -> BoardWidget:
        """The board widget."""
        return self.query_one("#board", BoardWidget)

    @property
    def status_text(self) -> str:
        """The status line as plain text (for tests and screen readers)."""
        return str(self.query_one("#status", Static).render())

    @property
    def too_small(self) -> bool:
        """The terminal is too small for the board: the game is hidden behind a message."""
        return self._too_small

    def _check_size(self, size: Size | None = None) -> None:
        b = self.session.setup
        width, height = self.size if size is None else size
        self._too_small = not fits(b, width, height)
        need_w, need_h = needed_size(b)
        self.query_one("#game").display = not self._too_small
        self.query_one("#status").display = not self._too_small
        message = self.query_one("#too-small", Static)
        message.display = self._too_small
        message.update(
            f"This {b.width}x{b.height} board needs a terminal of at least"
            f" {need_w}x{need_h} (columns x rows); this one is {width}x{height}.\n"
            "Make the window bigger, or choose a smaller level. q quits."
        )
        self.query_one("#game").styles.width = board_size(b.width, b.height)[0] + 2
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        blocked = self._too_small or len(self.screen_stack) > 1
        return not (blocked and action in GAME_ACTIONS)

    # ------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------

    def _redraw(self) -> None:
        s = self.session
        board = self.board
        board.tiles = s.display()
        board.cursor = self.cursor
        self.query_one("#counter", Led).show(s.mines_left)
        self.query_one("#timer", Led).show(s.timer)
        self.query_one("#face", Face).update(face_for(s.status))
        self.query_one("#status", Static).update(self._status_line())

    def _tick(self) -> None:
        self.query_one("#timer", Led).show(self.session.timer)

    def _status_line(self) -> str:
        s = self.session
        status = s.status
        if isinstance(status, Won):
            return f"You won in {s.timer} s! n: new game"
        if isinstance(status, Lost):
            if isinstance(status.reason, Exploded):
                return "Boom! You revealed a mine. n: new game"
            return "Too early: ✓ is a cell you could prove safe. n: new game"
        name = level_name(s.spec.level)
        extra = " · no-guess" if s.spec.no_guess else ""
        again = "resumed " if self.resumed else ""
        return f"{again}{name} · seed {s.spec.seed}{extra}"

    # ------------------------------------------------------------------
    # Actions
    # ------------------------------------------------------------------

    def action_move(self, dx: int, dy: int) -> None:
        """Move the cursor, stopping at the edges."""
        b = self.session.setup
        x = min(max(self.cursor.x + dx, 0), b.width - 1)
        y = min(max(self.cursor.y + dy, 0), b.height - 1)
        self.cursor = Pos(x, y)
        self.board.cursor = self.cursor

    def action_open(self) -> None:
        """Reveal the cell under the cursor, or chord it if it shows a number."""
        self._open(self.cursor)

    def action_flag(self) -> None:
        """Toggle the flag under the cursor."""
        self._after(self.session.flag(self.cursor))

    def action_assist(self) -> None:
        """Press the no-guess assist."""
        self._after(self.session.assist())

    def action_new_game(self) -> None:
        """Start a new game of the same kind with a new seed."""
        spec = self.session.spec
        self.session = Session(
            SessionSpec(spec.level, self.new_seed(), spec.no_guess, spec.practice)
        )
        self.resumed = False
        if self.saver is not None:
            self.saver.new_game()
        self._redraw()

    def action_scores(self) -> None:
        """Show statistics and best times from the store."""
        if self.saver is None:
            self.notify("No store: scores are not kept in this game.")
            return
        self.push_screen(ScoresScreen(build_report(self.saver.store)))

    def _open(self, pos: Pos) -> None:
        tile = self.session.display()[pos.y][pos.x]
        if isinstance(tile, Number):
            self._after(self.session.chord(pos))
        else:
            self._after(self.session.reveal(pos))

    def _after(self, event: Event | None) -> None:
        if event is None:
            return
        if self.saver is not None:
            self.saver.record(self.session)
        self._redraw()
        if self.session.won and self.saver is not None and self.saver.qualifies():
            level = level_name(self.session.spec.level)
            self.push_screen(
                NameScreen(level, self.session.elapsed_ms / 1000), self._best_time_named
            )

    def _best_time_named(self, name: str | None) -> None:
        if name is None or self.saver is None:
            return
        self.saver.record_best_time(name)
        self.action_scores()

    # ------------------------------------------------------------------
    # Mouse
    # ------------------------------------------------------------------

    def on_board_widget_cell_clicked(self, message: BoardWidget.CellClicked) -> None:
        if self._too_small:
            return
        self.cursor = message.pos
        if message.button == 3:
            self._after(self.session.flag(message.pos))
        elif message.button == 2:
            self._after(self.session.chord(message.pos))
        else:
            self._open(message.pos)

    def on_face_pressed(self) -> None:
        self.action_new_game()

    def on_assist_button_pressed(self) -> None:
        self.action_assist()

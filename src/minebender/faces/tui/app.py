"""The terminal game: a Textual app around one ``Session`` at a time.

Keys are declared as data (``BINDINGS``); each ``action_*`` method calls the
session and paints the game's view (``services.game_view``: its tiles by
name, counter, clock, face and status), so the screen never knows more than
the laws allow, and no rule of what a cell looks like lives here. Every
action is handed to the store as it happens, so quitting (or a crash) loses
nothing: the next ``minebender play`` resumes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.geometry import Size

from minebender.faces.tui.base import BoardApp
from minebender.faces.tui.board import BoardWidget
from minebender.faces.tui.endscreen import PANEL_WIDTH, EndScreen, end_items, pack, panel_rows
from minebender.faces.tui.line_fit import fit
from minebender.faces.tui.screens import (
    CustomScreen,
    KeysScreen,
    NameScreen,
    ScoresScreen,
    default_name,
)
from minebender.faces.tui.status import status_lines
from minebender.services.autoplay import play_until_guess
from minebender.services.game_view import GameView, clock_view, game_view
from minebender.services.hints import hints_of
from minebender.services.keys import GAME_KEYS
from minebender.services.player_games import (
    ACTION_WAIT_S,
    RETRY_WAIT_S,
    Abandoned,
    Changed,
    GameRecord,
    GivenUp,
    NotPlaying,
    Saved,
    Unsaved,
    last_name,
)
from minebender.services.scores_report import build_report
from minebender.services.session import Button, Event, Session, SessionSpec, level_name, new_seed
from minebender.services.session.counters import live_counters
from minebender.services.store import StoreError
from minebender.values.types import NAMED_LEVELS, Custom, Level, Pos, Setup
from minebender.values.words import count

__all__ = ["MinebenderApp"]

_CHORDS = frozenset(str(n) for n in range(1, 9))
"""The tiles on which Space or Enter chords (the middle button): a number."""


class MinebenderApp(BoardApp):
    """Minesweeper in the terminal: one board, the XP bar above it, keys below."""

    BOARD_ACTIONS = frozenset(
        {"move", "open", "flag", "marks", "assist", "auto", "hints", "new_game", "scores"}
    )
    DIALOG_FREE_ACTIONS = frozenset({"level", "custom", "keys", "end_screen"})
    """Refused while a dialog is open, allowed while the terminal is too small
    for the board: a smaller level is the way out (and the end screen's
    numbers need no board)."""
    NEW_GAME_ACTIONS = frozenset({"level", "custom"})
    """Of those, the ones that leave the game for a new one: refused while the
    board is hidden and a game is being played, as n is, since leaving it would
    count as lost and the player cannot see what they give up."""
    SMALLER = "press 1 for Beginner or c for a smaller custom field"
    WITH_ASSIST = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(b.keys, b.action, b.label, show=b.footer, key_display=b.display)
        for key in GAME_KEYS
        for b in key.bindings
    ]
    """Built from the one key table, which the F1 screen and ``play --help`` show."""

    def __init__(
        self,
        session: Session,
        *,
        make_seed: Callable[[], str] = new_seed,
        saver: GameRecord | None = None,
        marks: bool = True,
    ) -> None:
        super().__init__()
        self.marks = marks
        """Windows XP's Marks (?): f and a right click cycle flag, ?, covered."""
        self.session = session
        self.make_seed = make_seed
        self.saver = saver
        self.resumed = bool(session.events)
        """Said in the status line until the first action of the resumed game."""
        self.counters = False
        """Live counters in the status line (key t), off by default."""
        self.hints_on = False
        """Show Hints (key h), off by default: the safe cells, else the best guess."""
        self._hinted: tuple[tuple[int, int], tuple[frozenset[Pos], Pos | None], str] | None = None
        """The hints last worked out, with the session and position they are of."""
        self.unsaved: str | None = None
        """Why the store refused the last moves, while it does: tried again each second."""
        b = session.setup
        self.cursor = Pos(b.width // 2, b.height // 2)
        self.view: GameView = game_view(session)
        """The view painted last: what the player sees, and what a key acts on."""

    @property
    def setup(self) -> Setup:
        """The size of the board of the game being played."""
        return self.session.setup

    CLOCK_SAVE_S = 1.0
    """How often the clock of the game being played is saved: at most this much
    time played is lost if the terminal is killed. It was 5 s, enough to think
    with the board in sight, kill the terminal before the next save and come
    back with that thinking time off the clock; a save is one small write."""

    def on_mount(self) -> None:
        super().on_mount()
        # ctrl+z: the clock stands still while the game is in the background
        self.app_suspend_signal.subscribe(self, self._suspended, immediate=True)
        self.app_resume_signal.subscribe(self, self._resumed)
        self.set_interval(0.2, self._tick)
        self.set_interval(self.CLOCK_SAVE_S, self._save_clock)
        self._redraw()
        # A best time whose name dialog was never answered (the terminal was
        # killed or closed meanwhile): ask again, as the web page does.
        self._ask_name_if_pending()

    def on_unmount(self) -> None:
        self._save_clock()

    def farewell(self, play: str = "minebender play") -> str:
        """The line ``play`` prints once the terminal is given back: q said
        nothing, and a newcomer could not know the game was kept. play is the
        command that comes back to it (with its --db). Empty without a store.
        Moves the store still refused are play's to report, after its last try."""
        s = self.session
        if self.saver is None:
            return ""
        if not s.started:
            return "This game was not started: there was nothing to save."
        if not s.over:
            return f"Your game is saved: {play} resumes it."
        pending = False
        with contextlib.suppress(StoreError):
            pending = s.won and self.saver.best_time_pending()
        if pending:
            return f"Your game is saved: {play} asks the name for its best time."
        return "Your game is over and saved: there is nothing to resume."

    def _suspended(self, _app: object) -> None:
        self.session.pause()
        self._save_clock()

    def _resumed(self, _app: object) -> None:
        if not self.too_small:
            self._catch_up()
            self.session.resume()
        self._redraw()
        self.refresh(layout=True, repaint=True)  # the shell drew over the whole screen
        self.board.refresh()

    def _catch_up(self) -> None:
        """Back from a pause (the terminal too small, ctrl+z): the game as the
        store has it, when another window on it went on meanwhile. Its clock
        ran there, and this window's stood still: going on from its own, it
        won the game in 10 s played for 30, a best time it was not."""
        s = self.session
        if self.saver is None or self.unsaved is not None or not s.started or s.over:
            return
        try:
            newer = self.saver.went_on_elsewhere(s)
        except StoreError:
            return
        if newer is not None:
            self.session = newer

    def _save_clock(self) -> None:
        if self.saver is None:
            return
        if self.unsaved is not None:
            self._save_again()
            return
        # Unsaved, it goes on from the last action; the next action reports the store.
        with contextlib.suppress(StoreError):
            self.saver.save_clock(self.session)

    def _save_again(self) -> None:
        """Moves the store refused (a database locked elsewhere, a full disk)
        are tried again every second, and at quit: else a win shown on the
        screen stayed an unfinished game in the store, resumed later with its
        last cell covered, and its best time was never asked for."""
        self._record(soon=True)
        if self.unsaved is None:
            self.notify("The game is saved again: nothing was lost.")
            self._redraw()
            self._ask_name_if_pending()

    def check_size(self, size: Size | None = None) -> None:
        """Also lay the end panel out again: whether it fits depends on the size.

        While the board is hidden (the terminal too small) the clock stands
        still, as the web page's does while it is hidden: the player can see
        nothing and do nothing but make the window bigger."""
        was_small = self.too_small
        super().check_size(size)
        if self.too_small:
            self.session.pause()
            self._save_clock()
        else:
            if was_small:
                self._catch_up()
            self.session.resume()
        self._redraw()

    def reserved_rows(self, width: int) -> int:
        """The end panel's rows: kept under the status line while the game is on."""
        return panel_rows(self.session, width)

    @property
    def playing(self) -> bool:
        """A game is started and not over: leaving it for a new one abandons it."""
        return self.session.started and not self.session.over

    def _smaller_hint(self, b: Setup) -> str:
        if self.playing:
            return " to go on with this game"
        return super()._smaller_hint(b)

    def _redraw(self) -> None:
        s = self.session
        lines = self._end_lines()
        v = self.view = game_view(s)
        self.show(
            v.tiles,
            mines_left=v.counter,
            seconds=v.clock.shown,
            face=v.face,
            cursor=self.cursor,
            line=self._status_line(short=s.over and lines is None),
            marks=frozenset(v.marks),
            hints=self._hints(),
        )
        panel = self.end_panel
        panel.display = lines is not None
        panel.update("\n".join(lines or ()))

    def _end_lines(self) -> list[str] | None:
        """The end panel's lines, if the game is over and they fit in the rows
        the terminal has beyond what playing needs (see ``endscreen``): the
        panel never makes the game need a bigger terminal."""
        s = self.session
        if not s.over or self.too_small:
            return None
        lines = pack(end_items(s), min(self.terminal.width, PANEL_WIDTH))
        return lines if len(lines) <= self.rows_below else None

    @property
    def end_text(self) -> str:
        """The end panel as plain text, empty while it is hidden (for tests and
        screen readers)."""
        return str(self.end_panel.render()) if self.end_panel.display else ""

    def _tick(self) -> None:
        self.timer_led.show(clock_view(self.session).shown)
        if self.counters and self.playing:
            # the counters' time and pace go on between moves
            self.status_line.update(self._status_line())

    def _status_line(self, *, short: bool = False) -> str:
        """What the status line says, shortened to the terminal's width by
        leaving out what matters least (``status_lines``); for a finished game
        whose end panel has no room, short says how it ended and that e shows
        the numbers."""
        then = "e: end screen" if short else "n: new game"
        lines = status_lines(self.view, self.session.spec, resumed=self.resumed, then=then)
        if self.counters and self.session.started:
            counted = live_counters(self.session).text()
            lines = [counted, counted.replace(" \u00b7 ", " "), *lines]
        return fit(lines, self.terminal.width)

    def action_counters(self) -> None:
        """Live counters on or off (off by default): the status line shows
        them, as the page's option does (``session.counters``)."""
        self.counters = not self.counters
        self._redraw()

    # ------------------------------------------------------------------
    # Actions
    # ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.NEW_GAME_ACTIONS and self.too_small and self.playing:
            return False
        if action in self.DIALOG_FREE_ACTIONS:
            return len(self.screen_stack) == 1
        return super().check_action(action, parameters)

    def action_move(self, dx: int, dy: int) -> None:
        """Move the cursor, stopping at the edges."""
        b = self.session.setup
        x = min(max(self.cursor.x + dx, 0), b.width - 1)
        y = min(max(self.cursor.y + dy, 0), b.height - 1)
        self.cursor = self.board.cursor = Pos(x, y)

    def action_open(self) -> None:
        """Reveal the cell under the cursor, or chord it if it shows a number."""
        self._open(self.cursor)

    def action_flag(self) -> None:
        """The right click under the cursor: flag or unflag, or with Marks (?)
        on, flag, ?, covered in turn."""
        self._right(self.cursor)

    def action_marks(self) -> None:
        """Switch Marks (?) on or off, as Windows XP's Game menu does."""
        self.marks = not self.marks
        self.notify(
            "Marks (?) on: f and a right click go flag, ?, covered."
            if self.marks
            else "Marks (?) off: f and a right click flag and unflag."
        )

    def _right(self, pos: Pos) -> None:
        """A right click: the rule of presses decides what it does, with the
        Marks (?) option."""
        self._after(self.session.click("right", pos, marks=self.marks))

    def action_assist(self) -> None:
        """Press the no-guess assist."""
        self._after(self.session.assist())

    def action_hints(self) -> None:
        """Show Hints on or off: the safe cells, else the best guess, drawn
        after each move (services.hints); the game is then never a best time."""
        self.hints_on = not self.hints_on
        self._redraw()
        self.notify("Hints on: never a best time." if self.hints_on else "Hints off.")

    def _hints(self) -> tuple[frozenset[Pos], Pos | None]:
        """The hints of the position, worked out once a position while they
        are on; the first time in a game it is logged and stored."""
        s = self.session
        if not self.hints_on or not s.started or s.over:
            return frozenset(), None
        if s.show_hints() is not None:
            self._record()
        key = (id(s), len(s.events))
        if self._hinted is None or self._hinted[0] != key:
            found = hints_of(s.knowledge)
            self._hinted = (key, (frozenset(found.safe), found.guess), found.reason)
        return self._hinted[1]

    def action_auto(self) -> None:
        """Auto play until a guess, in the style of fewest clicks (services.autoplay):
        each click an ``auto`` event through the rule of presses, then say why it stopped."""
        if self.session.over:
            return
        run = play_until_guess(self.session, "efficiency")
        self._after(self.session.events[-1] if run.clicks else None)
        self.notify(run.message)

    def action_new_game(self) -> None:
        """Start a new game of the same kind with a new seed."""
        self._start(self.session.spec.level)

    def action_level(self, name: str) -> None:
        """Start a new game of a named level (the same no-guess choice)."""
        self._start(NAMED_LEVELS[name])

    def action_custom(self) -> None:
        """Ask for a Custom Field, then start a game on it."""
        b = self.session.setup
        self.push_screen(CustomScreen(f"{b.width}x{b.height}x{b.mines}"), self._custom_chosen)

    def _custom_chosen(self, level: Level | None) -> None:
        if level is None:
            return
        self._start(level)
        if not isinstance(level, Custom):
            return
        b = self.session.setup
        if (level.width, level.height, level.mines) != (b.width, b.height, b.mines):
            self.notify(
                f"Limited as the laws say: {b.width}x{b.height} with {count(b.mines, 'mine')}."
            )

    def action_keys(self) -> None:
        """Show every key."""
        self.push_screen(KeysScreen())

    def action_end_screen(self) -> None:
        """Show the finished game's numbers and board code as a dialog."""
        s = self.session
        if not s.over:
            self.notify("The end screen comes when the game is over.")
            return
        line = status_lines(game_view(s), s.spec, resumed=False)[0]
        self.push_screen(EndScreen(line, end_items(s)))

    def _start(self, level: Level) -> None:
        """A new game of level with a new seed; the board is laid out for its size.
        Not while the store still refuses the moves of this one: a game won on
        the screen would be left unfinished in the store for good."""
        if self.unsaved is not None:
            self._record()
            if self.unsaved is not None:
                self.notify(
                    f"This game is not saved yet ({self.unsaved}): a new game waits until it is.",
                    severity="error",
                )
                return
        spec = self.session.spec
        old = self.session
        self.session = Session(SessionSpec(level, self.make_seed(), spec.no_guess, spec.practice))
        self.resumed = False
        if self.saver is not None:
            match self.saver.abandon(old):
                case Unsaved(reason):
                    self.notify(
                        f"The game left was not stored as abandoned: {reason}", severity="error"
                    )
                case Abandoned(counted=True):
                    # as the page says it: n in trouble spares no streak
                    self.notify("The game you left counts as lost in the statistics.")
                case Abandoned() | NotPlaying():
                    pass
            self.saver.game_id = None  # the next move stores the new game
        # The cursor stays where it was (pulled in on a smaller board): sent
        # back to the centre, it made the player walk back to where they looked.
        b = self.session.setup
        x, y = min(self.cursor.x, b.width - 1), min(self.cursor.y, b.height - 1)
        self.cursor = self.board.cursor = Pos(x, y)
        self._redraw()
        self.check_size()

    def action_scores(self) -> None:
        """Show statistics and best times from the store."""
        if self.saver is None:
            self.notify("No store: scores are not kept in this game.")
            return
        self.push_screen(ScoresScreen(build_report(self.saver.store)))

    def _open(self, pos: Pos) -> None:
        """Space or Enter: the click that opens what the cell shows, a chord
        (the middle button) on a number, else a left click."""
        tile = self.view.tiles[pos.y][pos.x]
        chord = tile in _CHORDS
        self._after(self.session.click("middle" if chord else "left", pos))

    def _after(self, event: Event | None) -> None:
        if event is None:
            return
        self.resumed = False  # said once, at the start; the game is plainly on now
        if self.unsaved is not None:
            # the store refused an earlier move: the timer tries again, briefly,
            # rather than each key waiting 5 s for a lock held elsewhere
            self._redraw()
            return
        self._record()
        self._redraw()
        self._ask_name_if_pending()

    def _record(self, *, soon: bool = False) -> None:
        """Store the session's new moves; what the store says is told on screen
        (a refusal once, not at each try again)."""
        if self.saver is None:
            return
        refused, self.unsaved = self.unsaved, None
        wait_s = RETRY_WAIT_S if soon else ACTION_WAIT_S
        match self.saver.record(self.session, wait_s):
            case Saved():
                pass
            case GivenUp(_):
                # as the web page does: the window goes on with a new game
                self._start(self.session.spec.level)
                self.notify(
                    "This game was given up in another window, where it counts as lost:"
                    " your last move is not taken, and this is a new game.",
                    severity="warning",
                )
            case Changed(_):
                try:
                    stored = self.saver.reload()
                except StoreError:
                    stored = None
                if stored is not None:
                    self.session = stored
                self.notify(
                    "This game was played in another window since: your last move is not"
                    " taken, and the board is as that window left it.",
                    severity="warning",
                )
            case Unsaved(reason):
                self.unsaved = reason
                if refused is None:
                    self.notify(
                        f"This game is not being saved: {reason}. It is tried again every"
                        " second; quitting before it works loses the moves since.",
                        severity="error",
                    )

    def _ask_name_if_pending(self) -> None:
        """Ask a name for the game just won if it is a best time not yet named
        nor refused."""
        if not self.session.won or self.saver is None:
            return
        try:
            pending = self.saver.best_time_pending()
        except StoreError:
            return
        if pending:
            level = level_name(self.session.spec.level)
            try:
                name = last_name(self.saver.store)
            except StoreError:
                name = None
            self.push_screen(
                NameScreen(level, self.session.elapsed_ms / 1000, name or default_name()),
                self._best_time_named,
            )

    def _best_time_named(self, name: str | None) -> None:
        if self.saver is None:
            return
        if name is None:
            # Cancel gives the time up for good; a terminal closed with the
            # dialog open answers nothing, so the next play asks again.
            try:
                self.saver.decline_best_time()
            except StoreError as exc:
                self.notify(f"The refusal was not kept: {exc}", severity="error")
            return
        try:
            self.saver.record_best_time(name)
        except StoreError as exc:
            self.notify(f"The best time was not kept: {exc}", severity="error")
            return
        self.action_scores()

    # ------------------------------------------------------------------
    # Mouse
    # ------------------------------------------------------------------

    def on_board_widget_cell_pressed(self, message: BoardWidget.CellPressed) -> None:
        """A mouse button down or up on the board: the rule of presses decides
        what it does, as for the page (left opens, right flags, both or the
        middle one chord); nothing while the window is too small to show the
        board."""
        if self._too_small:
            return
        buttons: dict[int, Button] = {1: "left", 2: "middle", 3: "right"}
        button = buttons.get(message.button)
        if button is None:
            return
        if message.pos is not None:
            self.cursor = self.board.cursor = message.pos
        if message.down:
            self._after(self.session.press(button, message.pos, marks=self.marks))
        else:
            self._after(self.session.release(button, message.pos))

    def on_face_pressed(self) -> None:
        self.action_new_game()

    def on_assist_button_pressed(self) -> None:
        self.action_assist()

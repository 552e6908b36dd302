"""Puzzle mode in the terminal: the numbers of a puzzle are shown, the player
flags every mine and asks to check (``minebender puzzle --play``).

Arrows move, F or Space flags, C checks, S shows the solution, Q quits. A
check crosses out wrong flags and counts the mines not flagged yet; the
clock stops once every mine is flagged and no flag is wrong.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.widgets import Static

from minebender.services.puzzle.code import puzzle_code
from minebender.services.puzzle.values import Puzzle
from minebender.values.words import count

__all__ = ["PuzzleApp", "check_words"]

MIN_COLUMNS = 66
"""The longest message fits on one line: "Not yet: 99 wrong flags (crossed
out), 999 mines not flagged." and the padding."""

NUMBER_STYLES = ("dim", "blue", "green", "red", "dark_blue", "dark_red", "cyan", "white", "grey50")


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def check_words(wrong: int, missed: int, seconds: int) -> str:
    """What a check says: the time once solved, else the mistakes (the page,
    js/puzzle.js, says the same)."""
    if not wrong and not missed:
        return f"Solved in {_count(seconds, 'second', 'seconds')}!"
    parts = []
    if wrong:
        parts.append(f"{_count(wrong, 'wrong flag', 'wrong flags')} (crossed out)")
    if missed:
        parts.append(f"{_count(missed, 'mine', 'mines')} not flagged")
    return "Not yet: " + ", ".join(parts) + "."


class PuzzleApp(App[None]):
    """One puzzle to solve."""

    CSS = "#board { padding: 1 2; } #status { padding: 0 2; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(0, -1)", "up", show=False),
        Binding("down", "move(0, 1)", "down", show=False),
        Binding("left", "move(-1, 0)", "left", show=False),
        Binding("right", "move(1, 0)", "right", show=False),
        Binding("f,space", "flag", "flag"),
        Binding("c", "check", "check"),
        Binding("s", "solution", "show the solution"),
        Binding("q", "quit", "quit"),
    ]

    def __init__(self, puzzle: Puzzle, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.clock = clock
        self.flags: set[int] = set()
        self.wrong: set[int] = set()
        self.cursor = 0
        self.start = clock()  # again when the app is drawn: Textual's start takes seconds
        self.terminal = Size(80, 24)  # the terminal's size, from on_mount and on_resize
        self.end: float | None = None
        self.shown = False
        self.message = self.ask

    def compose(self) -> ComposeResult:
        yield Static(id="board")
        yield Static(id="status")

    def on_mount(self) -> None:
        self.start = self.clock()
        self.terminal = self.size
        self.set_interval(1, self.draw)
        self.draw()

    @property
    def ask(self) -> str:
        """What the status says while no check stands: what to do."""
        return f"Flag all {count(self.puzzle.total, 'mine')}, then press C to check."

    @property
    def seconds(self) -> int:
        """Whole seconds since the puzzle began, until it was solved."""
        return int((self.end if self.end is not None else self.clock()) - self.start)

    @property
    def solved(self) -> bool:
        """Every mine flagged and no flag wrong."""
        return self.flags == set(self.puzzle.mines)

    def cell_text(self, i: int) -> tuple[str, str]:
        """The two characters of cell i and their style."""
        p = self.puzzle
        if i in p.shown:
            n = p.number(i)
            return (f"{n} " if n else "· "), NUMBER_STYLES[n]
        if i in self.wrong:
            return "✗ ", "bold red"
        if i in self.flags:
            return "⚑ ", "bold red"
        if self.shown and i in p.mines:
            return "● ", "bold"
        return "■ ", "grey50"

    def needed_size(self) -> tuple[int, int]:
        """The smallest terminal (columns, rows) that shows the board and its
        status whole: the board's cells and padding, the counter and clock,
        the message and the code (wrapped at that width)."""
        p = self.puzzle
        columns = max(2 * p.width + 4, MIN_COLUMNS)
        return columns, p.height + 2 + 2 + len(self.code_lines())

    def code_lines(self) -> list[str]:
        """The puzzle's code cut to the terminal's width: one word, which the
        terminal would otherwise move whole to a line of its own first."""
        line = f"code {puzzle_code(self.puzzle)}"
        width = max(MIN_COLUMNS, 2 * self.puzzle.width + 4, self.terminal.width) - 4
        return [line[at : at + width] for at in range(0, len(line), width)]

    def on_resize(self, event: events.Resize) -> None:
        self.terminal = event.size
        self.draw()

    def draw(self) -> None:
        """Draw the board and the status lines again (every second for the clock),
        or the size it needs when the terminal is too small: a board cut off
        at the bottom hid its last row and every message."""
        p = self.puzzle
        need_w, need_h = self.needed_size()
        width, height = self.terminal
        if width < need_w or height < need_h:
            self.query_one("#board", Static).update(
                Text(
                    f"This {p.width}x{p.height} puzzle needs a terminal of at least"
                    f" {need_w}x{need_h} (columns x rows); this one is {width}x{height}.\n"
                    "Make the window bigger. Q quits."
                )
            )
            self.query_one("#status", Static).update("")
            return
        board = Text()
        for y in range(p.height):
            if y:
                board.append("\n")
            for x in range(p.width):
                i = y * p.width + x
                text, style = self.cell_text(i)
                if i == self.cursor:
                    style += " reverse"
                board.append(text, style)
        self.query_one("#board", Static).update(board)
        left = p.total - len(self.flags)
        status = f"mines left {left}   time {self.seconds} s\n{self.message}\n" + "\n".join(
            self.code_lines()
        )
        self.query_one("#status", Static).update(Text(status, no_wrap=True, overflow="crop"))

    def action_move(self, dx: int, dy: int) -> None:
        """Move the cursor, stopping at the edges."""
        p = self.puzzle
        x = min(p.width - 1, max(0, self.cursor % p.width + dx))
        y = min(p.height - 1, max(0, self.cursor // p.width + dy))
        self.cursor = y * p.width + x
        self.draw()

    def action_flag(self) -> None:
        """Flag or unflag the cell under the cursor (not a number, not once solved)."""
        if self.end is not None or self.shown or self.cursor in self.puzzle.shown:
            return
        self.flags ^= {self.cursor}
        # A check speaks of the flags it saw: it stayed after the next flag,
        # saying "crossed out" of crosses gone and counting mines no longer missed.
        self.wrong = set()
        self.message = self.ask
        self.draw()

    def action_check(self) -> None:
        """Say whether every mine is flagged; cross out wrong flags when not."""
        if self.shown:
            return
        if self.solved:
            if self.end is None:
                self.end = self.clock()
        else:
            self.wrong = self.flags - self.puzzle.mines
        missed = len(self.puzzle.mines - self.flags)
        self.message = check_words(len(self.wrong), missed, self.seconds)
        if self.solved:
            self.message += " Q quits."
        self.draw()

    def action_solution(self) -> None:
        """Show every mine and stop the clock: the puzzle is given up (once
        solved, the flags already show it)."""
        if self.solved and self.end is not None:
            return
        self.shown = True
        if self.end is None:
            self.end = self.clock()
        self.message = "The solution: every mine is shown. Q quits."
        self.draw()

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
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from minebender.puzzle.code import puzzle_code
from minebender.puzzle.values import Puzzle

__all__ = ["PuzzleApp"]

NUMBER_STYLES = ("dim", "blue", "green", "red", "dark_blue", "dark_red", "cyan", "white", "grey50")


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
        self.start = clock()
        self.end: float | None = None
        self.shown = False
        self.message = f"Flag all {puzzle.total} mines, then press C to check."

    def compose(self) -> ComposeResult:
        yield Static(id="board")
        yield Static(id="status")

    def on_mount(self) -> None:
        self.set_interval(1, self.draw)
        self.draw()

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

    def draw(self) -> None:
        """Draw the board and the status lines again (every second for the clock)."""
        p = self.puzzle
        board = Text()
        for y in range(p.height):
            for x in range(p.width):
                i = y * p.width + x
                text, style = self.cell_text(i)
                if i == self.cursor:
                    style += " reverse"
                board.append(text, style)
            board.append("\n")
        self.query_one("#board", Static).update(board)
        left = p.total - len(self.flags)
        status = (
            f"mines left {left}   time {self.seconds} s   code {puzzle_code(p)}\n{self.message}"
        )
        self.query_one("#status", Static).update(Text(status))

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
        self.wrong = set()
        self.draw()

    def action_check(self) -> None:
        """Say whether every mine is flagged; cross out wrong flags when not."""
        if self.shown:
            return
        if self.solved:
            if self.end is None:
                self.end = self.clock()
            self.message = f"Solved in {self.seconds} seconds! Q quits."
        else:
            self.wrong = self.flags - self.puzzle.mines
            missed = len(self.puzzle.mines - self.flags)
            parts = []
            if self.wrong:
                parts.append(f"{len(self.wrong)} wrong (crossed out)")
            if missed:
                parts.append(f"{missed} not flagged yet")
            self.message = "Not yet: " + "; ".join(parts) + "."
        self.draw()

    def action_solution(self) -> None:
        """Show every mine and stop the clock: the puzzle is given up."""
        self.shown = True
        if self.end is None:
            self.end = self.clock()
        self.message = "The solution: every mine is shown. Q quits."
        self.draw()

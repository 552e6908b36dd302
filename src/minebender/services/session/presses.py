"""The one rule for what a button press means, and how it counts.

Every face hands minebender the player's presses and releases (the page's
mouse and touch, the terminal's keys), and this decides once what they do,
as Windows XP's Minesweeper, Arbiter and ms_toollib do:

- A right press on a covered cell flags it at once. On a flag it takes the
  flag off, or with Marks (?) on makes it a ?; on a ? it takes the ? off. It
  counts as a right click when it is no part of a chord.
- A left release opens the cell under the pointer (a press dragged to
  another cell opens that one; released off the board, nothing). A left
  click on a number does nothing, as in every classic client, but counts
  as a left click, as ms_toollib counts it. So a click aimed at a covered
  cell that an earlier click opened as a number (its answer still on the
  way) can never chord on flags the player did not check.
- Both buttons down (in either order), or the middle button, make a chord.
  It is done at the first release, on the cell then under the pointer, and
  counts as one double click. The other button's release then does nothing.
- A right press on an opened cell, or off the board, that the left button
  then joins is part of the chord. Alone, it counts as a right click at its
  release.

A face turns a gesture that has no buttons into a click: a tap or Space on
a covered cell is a left click, on a number a middle click (a chord); a
long press or F is a right click.

A release without its press (the press was made outside the board) does
nothing and counts nothing.

Review reads the files of other clients through this rule too (their mouse
events become presses and releases), and matches ms_toollib's figures of
them. ms_toollib reads one thing otherwise, and ``Hands(toollib=True)`` does
as it does: before the first click, a left release on a flag counts as a left
click but leaves the left button down. So the next right press makes a chord
(and takes no flag away), and the next left press is no press. No client
plays so, and minebender's own games never do; it matters only for the
figures of a file another client wrote.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from minebender.services.session.values import Button, Mark
from minebender.values.types import Chord, Flag, Pos, Reveal

__all__ = ["Cell", "Count", "Hands", "Meaning"]

Cell: TypeAlias = Literal["covered", "flagged", "marked", "number", "open", "off"]
"""What the pointer is on, as the rule needs it: a covered cell, a flag, a ?,
a number (1 to 8), an opened cell without a number (0, or any cell once the
game is over), or no cell at all."""

Count: TypeAlias = Literal["left", "right", "double"]


@dataclass(frozen=True, slots=True)
class Meaning:
    """What one press or release does (``move``: None for nothing) and which
    click it counts as (``count``: None for none)."""

    move: Reveal | Flag | Chord | Mark | None
    count: Count | None


_NOTHING = Meaning(None, None)


@dataclass(slots=True)
class Hands:
    """The buttons a player holds. A session keeps one, and feeds it every
    press and release in order: what a release means depends on what was
    pressed before it."""

    held: set[Button] = field(default_factory=set)
    chording: bool = False
    spent: bool = False
    """The button still down was part of a chord: its release does nothing."""
    right_pending: bool = False
    """A right press on an opened cell or off the board: a right click at
    its release, unless the left button joins it first and makes it a chord."""
    toollib: bool = False
    """Read a left release on a flag before the first click as ms_toollib
    does (see the module's docstring): for other clients' files only."""

    def press(self, button: Button, pos: Pos | None, cell: Cell, marks: bool) -> Meaning:
        """A button goes down with the pointer on ``pos`` (None: off the
        board), which shows ``cell``; ``marks`` is the player's Marks (?)
        option."""
        if button in self.held:
            return _NOTHING  # a second press without a release: the first one stands
        self.held.add(button)
        if button == "middle" or {"left", "right"} <= self.held:
            self.chording = True
            self.right_pending = False
            return _NOTHING
        if button != "right":
            return _NOTHING
        self.spent = False
        if pos is None or cell in ("off", "number", "open"):
            self.right_pending = True
            return _NOTHING
        if cell == "covered":
            return Meaning(Flag(pos), "right")
        if cell == "flagged" and not marks:
            return Meaning(Flag(pos), "right")
        return Meaning(Mark(pos), "right")  # a flag becomes a ?, a ? goes

    def release(self, button: Button, pos: Pos | None, cell: Cell, early: bool = False) -> Meaning:
        """A button comes up with the pointer on ``pos``, which shows ``cell``;
        ``early``: before the first click (read only with ``toollib``)."""
        if button not in self.held:
            return _NOTHING
        if self._left_sticks(button, cell, early):
            return Meaning(None, "left")  # ms_toollib keeps the left button down
        self.held.discard(button)
        if self.chording:
            self.chording, self.right_pending = False, False
            self.spent = bool(self.held)
            on_board = pos is not None and cell != "off"
            return Meaning(Chord(pos) if on_board and pos is not None else None, "double")
        if self.spent:
            self.spent = bool(self.held)
            return _NOTHING
        if button == "right":
            if not self.right_pending:
                return _NOTHING  # counted at its press
            self.right_pending = False
            return Meaning(None, "right")
        if button == "middle":
            return _NOTHING
        if pos is None or cell == "off":
            return Meaning(None, "left")
        if cell in ("covered", "marked"):
            return Meaning(Reveal(pos), "left")
        return Meaning(None, "left")

    def _left_sticks(self, button: Button, cell: Cell, early: bool) -> bool:
        """ms_toollib's reading (``toollib``): a left release alone on a flag
        before the first click leaves the left button down."""
        alone = not (self.chording or self.spent)
        return self.toollib and early and alone and button == "left" and cell == "flagged"

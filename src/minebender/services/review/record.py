"""A game to review, whatever client recorded it: the board and the actions.

Every reader (minebender's own replays, the four formats of other clients)
gives a ``Record``: the layout, the player's actions in order with their times,
and the click counts as the client counts them. The review and the figures
work on records only, so they treat every format alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

from minebender.values.types import Layout, Pos

__all__ = [
    "FORMATS",
    "ClickKind",
    "Clicks",
    "Format",
    "Move",
    "MoveType",
    "Record",
    "ReviewError",
    "counted_from",
]

Format = Literal["avf", "rmv", "evf", "mvf", "rawvf", "minebender-replay"]
FORMATS: tuple[Format, ...] = ("avf", "rmv", "evf", "mvf", "rawvf", "minebender-replay")
MoveType = Literal["reveal", "flag", "chord", "assist", "practice", "mark"]
ClickKind = Literal["left", "right", "double"]


class ReviewError(ValueError):
    """A file that cannot be reviewed; the message names the file and what is wrong."""


@dataclass(frozen=True, slots=True)
class Move:
    """One action of the player: ``t_ms`` since the record's start, the cell
    (which may lie off the board: a click there does nothing), and for an
    assist of minebender the choice ``k`` it used. ``practice`` (minebender's
    game made a practice game while in play) changes nothing on the board; a
    ``mark`` (minebender's ?) takes a flag away, if there is one."""

    t_ms: int
    type: MoveType
    pos: Pos | None
    k: int = 0
    click: ClickKind | None = None
    """How the click counted, where the move alone does not say it: a left
    click on a number that chorded counts as a left click, and a click that
    did nothing (on an opened cell, off the board) still counts. None: as
    the move's kind says (reveal left, flag and mark right, chord double)."""


@dataclass(frozen=True, slots=True)
class Clicks:
    """Clicks as the clients count them: left, right and double (chord) clicks,
    and the effective ones among them (``ce``: a left click that opened a cell,
    a flag put on a mine not flagged before, a chord that opened a cell)."""

    left: int
    right: int
    double: int

    @property
    def total(self) -> int:
        """Every click counted."""
        return self.left + self.right + self.double


@dataclass(frozen=True, slots=True)
class Record:
    """A recorded game: what the file says, ready to be played again."""

    file: str
    format: Format
    software: str | None
    player: str | None
    width: int
    height: int
    mines: int
    layout: Layout
    moves: tuple[Move, ...]
    zini: int | None = None
    """The board's ZiNi as ms_toollib counts it (None when it was not asked)."""
    flags_stop_floods: bool = False
    """Played by the rule of Windows' Minesweeper and the clients that copy it:
    a flood of zeros leaves flagged cells covered (minebender's opens them)."""
    clock_started: bool = False
    """The moves' times count from the moment the client's clock started
    (time 0), which may come before the first click that opened a cell: a
    chord before it starts the clients' clock. False: the clock starts at the
    first click that opened a cell."""
    mouse: tuple[tuple[int, str, int, int], ...] = ()
    """Another client's mouse events as its file holds them: the time on the
    moves' scale, the kind (``lc``, ``lr``, ``rc``... as ``mouse.MouseEvent``)
    and the cell, column then row. Empty for minebender's replays."""


def counted_from(moves: Iterable[Move], start_ms: int | None) -> tuple[Move, ...]:
    """The moves with each time counted from ``start_ms`` (the first click):
    the clients count from their recording's start, minebender from the
    board's opening. Moves before it (flags placed first) get times below 0."""
    if not start_ms:
        return tuple(moves)
    return tuple(replace(m, t_ms=m.t_ms - start_ms) for m in moves)

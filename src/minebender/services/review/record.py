"""A game to review, whatever client recorded it: the board and the actions.

Every reader (minebender's own replays, the four formats of other clients)
gives a ``Record``: the layout and the player's cell actions in order, as the
session's ``Event`` (the one move type from the store to review), each with
its time from the record's start. The review and the figures work on records
only, so they treat every format alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from minebender.services.session import Count, Event
from minebender.values.types import Chord, Flag, Layout, Pos, Reveal

__all__ = [
    "FORMATS",
    "OFF_BOARD",
    "ClickKind",
    "Clicks",
    "Format",
    "Record",
    "ReviewError",
    "click_of",
    "idle_click",
    "not_a_replay",
]

Format = Literal["avf", "rmv", "evf", "mvf", "rawvf", "minebender-replay"]
FORMATS: tuple[Format, ...] = ("avf", "rmv", "evf", "mvf", "rawvf", "minebender-replay")
ClickKind = Count
"""How a click counts: left, right or double (the rule of presses says which)."""
OFF_BOARD = Pos(-1, -1)
"""The cell of a click made off the board: it does nothing, and still counts."""

_CLICK_OF: dict[str, ClickKind] = {
    "reveal": "left",
    "flag": "right",
    "mark": "right",
    "chord": "double",
}


def click_of(event: Event) -> ClickKind | None:
    """The click a move of a record counts as: the rule of presses gives each
    cell action with its own click (a reveal a left click, a flag or a ? a
    right click, a chord a double click); the assist and practice none."""
    return _CLICK_OF.get(event.type)


def idle_click(count: ClickKind, pos: Pos | None) -> Reveal | Flag | Chord:
    """A click that did nothing but counts (on an opened cell, on a number, off
    the board) as the move of its kind that does nothing there, so that the
    review lists it and the figures count it."""
    cell = OFF_BOARD if pos is None else pos
    return Reveal(cell) if count == "left" else Flag(cell) if count == "right" else Chord(cell)


class ReviewError(ValueError):
    """A file that cannot be reviewed; the message names the file and what is wrong."""


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
    """A recorded game: what the file says, ready to be played again.

    ``moves`` are the cell actions (reveal, flag, chord, mark, assist,
    practice), each at its time in ms from the record's start (0 or more). A
    cell of a move may lie off the board (``OFF_BOARD``): a click there does
    nothing. The times shown and exported count from ``start_ms`` instead
    (``shown_ms``): the first click, so flags placed before it are below 0."""

    file: str
    format: Format
    software: str | None
    player: str | None
    width: int
    height: int
    mines: int
    layout: Layout
    moves: tuple[Event, ...]
    start_ms: int = 0
    """The first click's time on the moves' scale (where the clock starts);
    the record's start when no click was made."""
    zini: int | None = None
    """The board's ZiNi as ms_toollib counts it (None when it was not asked)."""
    flags_stop_floods: bool = False
    """Played by the rule of Windows' Minesweeper and the clients that copy it:
    a flood of zeros leaves flagged cells covered (minebender's opens them)."""
    clock_started: bool = False
    """The game's time counts from ``start_ms``, which may come before the
    first click that opened a cell: a chord before it starts the clients'
    clock. False: the time counts from the first click that opened a cell."""
    mouse: tuple[tuple[int, str, int, int], ...] = ()
    """Another client's mouse events as its file holds them: the time on the
    moves' scale, the kind (``lc``, ``lr``, ``rc``... as ``mouse.MouseEvent``)
    and the cell, column then row. Empty for minebender's replays."""

    @property
    def clock_ms(self) -> int | None:
        """Where the game's time counts from on the moves' scale: ``start_ms``
        when the clients' clock started there (``clock_started``); None: from
        the first click that opened a cell, as the figures find it."""
        return self.start_ms if self.clock_started else None

    def shown_ms(self, t_ms: int) -> int:
        """A time of the moves' scale counted from the first click, as the
        review shows and exports it (below 0 before the first click)."""
        return t_ms - self.start_ms


REPLAY_SUFFIXES = ".json .avf .rmv .evf .mvf .rawvf .txt"
"""The names of the replay files minebender reads, as its refusals list them."""


def not_a_replay(name: str) -> str:
    """How ``review`` and ``replay`` refuse a file that is no replay, in one wording.

    >>> not_a_replay("notes.doc")
    'notes.doc: not a replay file minebender reads (.json .avf .rmv .evf .mvf .rawvf .txt)'
    """
    return f"{name}: not a replay file minebender reads ({REPLAY_SUFFIXES})"

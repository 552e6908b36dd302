"""The values a session is made of: its spec, its events and its click counts.

A session is fully decided by its ``SessionSpec`` and its list of ``Event``:
these are what the store writes and what a replay file holds. An event is a
``Move`` with its time: an ``Action`` on the game, or a ``Mark`` or
``Practice``, notes of the session that the game never sees.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypeAlias

from minebender.game import setup
from minebender.types import (
    Action,
    Assist,
    Chord,
    Flag,
    Layout,
    Level,
    Pos,
    Reveal,
    Setup,
    as_pos,
)
from minebender.words import showable

__all__ = [
    "BOARD_FILE_RULE",
    "CELLESS_TYPES",
    "EVENT_TYPES",
    "MAX_BOARD_FILE_LENGTH",
    "Clicks",
    "Clock",
    "Event",
    "EventType",
    "Mark",
    "Move",
    "Practice",
    "SessionSpec",
    "check_board_file",
]

Clock = Callable[[], float]
"""A monotonic clock in seconds, like ``time.monotonic``; injectable for tests."""

EventType = Literal["reveal", "flag", "chord", "assist", "practice", "mark"]
EVENT_TYPES: tuple[EventType, ...] = ("reveal", "flag", "chord", "assist", "practice", "mark")
CELLESS_TYPES: frozenset[EventType] = frozenset(("assist", "practice"))
"""The events without a cell: the assist, and practice switched on in a game in play."""


MAX_BOARD_FILE_LENGTH = 255
"""The longest name of a board file kept with its game: the most that most file
systems allow."""
BOARD_FILE_RULE = (
    f"a board file's name must have 1 to {MAX_BOARD_FILE_LENGTH} printable"
    " characters, no / or \\, and end in .mbf"
)


def check_board_file(name: object) -> str:
    """The name of the file a board came from, as the page shows it ("Board
    of NAME"); a ValueError (``BOARD_FILE_RULE``) for anything else. A name
    alone, no folder, that shows as it reads (``words.showable``: an emoji
    is fine; a control character or a bidirectional override would garble the
    status line or move the text around it).

    >>> check_board_file("my board.mbf")
    'my board.mbf'
    """
    if (
        not isinstance(name, str)
        or not 0 < len(name) <= MAX_BOARD_FILE_LENGTH
        or not showable(name)
        or "/" in name
        or "\\" in name
        or not name.lower().endswith(".mbf")
    ):
        raise ValueError(BOARD_FILE_RULE)
    return name


# --------------------------------------------------------------------------
# Values
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SessionSpec:
    """Everything that decides a session's board: the level, the seed, whether the
    board is generated without guesses, and whether it is a practice game (which
    never counts for best times or statistics). ``layout`` is set only for a
    replay imported with its layout, which then wins over the seed.

    ``chosen`` says the player picked the board (a board code, a seed they gave)
    rather than being dealt a fresh one: they may have seen it before, so its
    time proves nothing and it is not ``ranked``. A board given with its layout
    is known by definition, so a layout makes the spec chosen.

    ``board_file`` is the name of the file a layout came from (an .mbf board
    opened in the page), kept so that the game says where its board is from
    after a reload too: such a board has no board code to name it."""

    level: Level
    seed: str
    no_guess: bool = False
    practice: bool = False
    layout: Layout | None = None
    chosen: bool = False
    board_file: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.seed, str) or not self.seed:
            raise ValueError(f"seed must be a non-empty string, got {self.seed!r}")
        setup(self.level)  # raises TypeError on a non-level
        if self.board_file is not None:
            check_board_file(self.board_file)
            if self.layout is None:
                raise ValueError("board_file names the file of a layout: give the layout too")
        if self.layout is not None and not self.chosen:
            object.__setattr__(self, "chosen", True)

    @property
    def ranked(self) -> bool:
        """The game may count for statistics and best times: a fresh board dealt by
        minebender, played as a classic game (not practice, not no-guess)."""
        return not (self.practice or self.no_guess or self.chosen)

    @property
    def setup(self) -> Setup:
        """The board's size and mines, clamped as the laws say."""
        return setup(self.level)


@dataclass(frozen=True, slots=True)
class Mark:
    """A right click with Marks (?) on, on a flag or a ?: it cycles the cell's
    question mark, the player's note. A note beside the game, never in it
    (``Session.marks``), so it is no ``Action``."""

    pos: Pos

    def __post_init__(self) -> None:
        object.__setattr__(self, "pos", as_pos("Mark", self.pos))


@dataclass(frozen=True, slots=True)
class Practice:
    """Practice switched on in a game in play. The spec is frozen, so this note
    is what records the change; the game itself does not see it."""


Move: TypeAlias = Action | Mark | Practice
"""What one event does: an ``Action`` on the game, or a note of the session."""

_TYPES: dict[type[Move], EventType] = {
    Reveal: "reveal",
    Flag: "flag",
    Chord: "chord",
    Assist: "assist",
    Practice: "practice",
    Mark: "mark",
}


@dataclass(frozen=True, slots=True)
class Event:
    """One move of the player and its time in ms since the session began. Its
    flat form (a type, a cell or None, the time, the assist's k) is what the
    store's rows and replay files hold: ``Event.of`` reads it, ``type``,
    ``pos`` and ``k`` give it."""

    move: Move
    t_ms: int

    def __post_init__(self) -> None:
        if type(self.move) not in _TYPES:
            raise TypeError(
                f"an event's move must be an action, a mark or practice, got {self.move!r}"
            )
        if isinstance(self.t_ms, bool) or not isinstance(self.t_ms, int) or self.t_ms < 0:
            raise ValueError(f"event time must be a non-negative int of ms, got {self.t_ms!r}")

    @classmethod
    def of(cls, kind: str, pos: Pos | None, t_ms: int, k: int = 0) -> Event:
        """The event of a flat form: ``kind`` one of EVENT_TYPES, ``pos`` the cell
        (None for the assist and practice), ``k`` the assist's choice. A
        ValueError names what is wrong.

        >>> Event.of("flag", Pos(2, 1), 40)
        Event(move=Flag(pos=Pos(x=2, y=1)), t_ms=40)
        """
        if kind not in EVENT_TYPES:
            raise ValueError(f"event type must be one of {EVENT_TYPES}, got {kind!r}")
        if kind in CELLESS_TYPES:
            if pos is not None:
                raise ValueError(f"a {kind} event has no cell")
            return cls(Assist(k) if kind == "assist" else Practice(), t_ms)
        if pos is None:
            raise ValueError(f"a {kind} event needs a cell")
        cell = Pos(int(pos[0]), int(pos[1]))
        moves: dict[str, Callable[[Pos], Move]] = {
            "reveal": Reveal,
            "flag": Flag,
            "chord": Chord,
            "mark": Mark,
        }
        return cls(moves[kind](cell), t_ms)

    @property
    def type(self) -> EventType:
        """The move's name in the flat form: reveal, flag, chord, assist, practice, mark."""
        return _TYPES[type(self.move)]

    @property
    def pos(self) -> Pos | None:
        """The move's cell; None for the assist and practice."""
        move = self.move
        return None if isinstance(move, (Assist, Practice)) else move.pos

    @property
    def k(self) -> int:
        """The assist's choice among the safe cells; 0 for every other move."""
        return self.move.k if isinstance(self.move, Assist) else 0


@dataclass(slots=True)
class Clicks:
    """How many times each control was used: left (reveal), right (flag), chord, assist."""

    left: int = 0
    right: int = 0
    chord: int = 0
    assist: int = 0

    @property
    def total(self) -> int:
        """The clicks that count for efficiency: left, right and chord."""
        return self.left + self.right + self.chord

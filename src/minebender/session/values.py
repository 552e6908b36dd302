"""The values a session is made of: its spec, its events and its click counts.

A session is fully decided by its ``SessionSpec`` and its list of ``Event``:
these are what the store writes and what a replay file holds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from minebender.game import setup
from minebender.types import Action, Assist, Chord, Flag, Layout, Level, Pos, Reveal, Setup

__all__ = ["CELLESS_TYPES", "EVENT_TYPES", "Clicks", "Clock", "Event", "EventType", "SessionSpec"]

Clock = Callable[[], float]
"""A monotonic clock in seconds, like ``time.monotonic``; injectable for tests."""

EventType = Literal["reveal", "flag", "chord", "assist", "practice", "mark"]
EVENT_TYPES: tuple[EventType, ...] = ("reveal", "flag", "chord", "assist", "practice", "mark")
CELLESS_TYPES: frozenset[EventType] = frozenset(("assist", "practice"))
"""The events without a cell: the assist, and practice switched on in a game in play."""


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
    is known by definition, so a layout makes the spec chosen."""

    level: Level
    seed: str
    no_guess: bool = False
    practice: bool = False
    layout: Layout | None = None
    chosen: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.seed, str) or not self.seed:
            raise ValueError(f"seed must be a non-empty string, got {self.seed!r}")
        setup(self.level)  # raises TypeError on a non-level
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
class Event:
    """One action of the player: its type, its cell (None for the assist and for
    practice), the time in ms since the session began, and for the assist the
    choice k it used. A ``practice`` event switches practice on in a game in
    play: the spec is frozen, so the event is what records the change. A
    ``mark`` event is a right click with Marks (?) on, on a flag or a ?: it
    cycles the cell's question mark, the player's note, which lives beside
    the game and never in it (``Session.marks``)."""

    type: EventType
    pos: Pos | None
    t_ms: int
    k: int = 0

    def __post_init__(self) -> None:
        if self.type not in EVENT_TYPES:
            raise ValueError(f"event type must be one of {EVENT_TYPES}, got {self.type!r}")
        if self.type not in CELLESS_TYPES and self.pos is None:
            raise ValueError(f"a {self.type} event needs a cell")
        if self.type == "practice" and self.pos is not None:
            raise ValueError("a practice event has no cell")
        if self.pos is not None:
            object.__setattr__(self, "pos", Pos(int(self.pos[0]), int(self.pos[1])))
        if isinstance(self.t_ms, bool) or not isinstance(self.t_ms, int) or self.t_ms < 0:
            raise ValueError(f"event time must be a non-negative int of ms, got {self.t_ms!r}")

    def action(self) -> Action:
        """The core action this event takes (a ``practice`` event takes none:
        ``Session`` handles it before asking)."""
        match self.type:
            case "reveal":
                return Reveal(self.pos or Pos(-1, -1))
            case "flag":
                return Flag(self.pos or Pos(-1, -1))
            case "chord":
                return Chord(self.pos or Pos(-1, -1))
            case "practice" | "mark":
                raise ValueError(f"a {self.type} event takes no action on the game")
        return Assist(self.k)


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

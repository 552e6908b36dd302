"""The values a session is made of: its spec, its events and its click counts.

A session is fully decided by its ``SessionSpec`` and its list of ``Event``:
these are what the store writes and what a replay file holds. An event is
what the player did, with its time: a ``Press`` or ``Release`` of a button
(the rule of ``session.presses`` decides what it does), the pointer's
``Path``, the Marks option switched (``MarksOption``), the assist,
practice, hints shown (``Hints``) or a click of auto play (``Auto``).
Records of older versions hold the cell actions themselves: an ``Action`` on
the game, or a ``Mark``, a note of the session that the game
never sees. Both kinds still play.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypeAlias

from minebender.rules.game import setup
from minebender.values.types import (
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
from minebender.values.words import showable

__all__ = [
    "BOARD_FILE_RULE",
    "BUTTONS",
    "CELLESS_TYPES",
    "EVENT_TYPES",
    "HELP_TYPES",
    "INPUT_TYPES",
    "MAX_BOARD_FILE_LENGTH",
    "MAX_PATH_POINTS",
    "PATH_CELL",
    "Auto",
    "Button",
    "Clicks",
    "Clock",
    "Event",
    "EventType",
    "HandInput",
    "Hints",
    "Input",
    "Mark",
    "MarksOption",
    "Move",
    "Path",
    "Practice",
    "Press",
    "Release",
    "SessionSpec",
    "check_board_file",
]

Clock = Callable[[], float]
"""A monotonic clock in seconds, like ``time.monotonic``; injectable for tests."""

EventType = Literal[
    "reveal",
    "flag",
    "chord",
    "assist",
    "practice",
    "mark",
    "down",
    "up",
    "path",
    "marks",
    "hints",
    "auto",
]
EVENT_TYPES: tuple[EventType, ...] = (
    *("reveal", "flag", "chord", "assist", "practice", "mark"),
    *("down", "up", "path", "marks", "hints", "auto"),
)
CELLESS_TYPES: frozenset[EventType] = frozenset(("assist", "practice", "hints"))
"""The events without a cell: the assist, practice switched on in a game in
play, and hints shown."""
HELP_TYPES: frozenset[EventType] = frozenset(("assist", "hints", "auto"))
"""The events of help that plays or shows moves for the player: a game that
holds one is never a best time (``store.best_times``)."""
INPUT_TYPES: frozenset[EventType] = frozenset(("down", "up", "path", "marks"))
"""The events of a record of presses (replay version 3): what the player did,
whose meaning the rule decides."""

Button = Literal["left", "right", "middle"]
BUTTONS: tuple[Button, ...] = ("left", "right", "middle")
"""The buttons, in the order of their number in the store's ``k`` column."""
PATH_CELL = 16
"""A path's points are in sixteenths of a cell, as a 16-pixel cell of the
classic clients: the cell of point (px, py) is (px // 16, py // 16)."""
MAX_PATH_POINTS = 4096
"""The most points one path event holds; a longer path is cut into several."""


MAX_BOARD_FILE_LENGTH = 255
"""The longest name of a board file kept with its game: the most that most file
systems allow."""
BOARD_FILE_RULE = (
    f"a board file's name must have 1 to {MAX_BOARD_FILE_LENGTH} printable"
    " characters, no / or \\, and end in .mbf or .abf"
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
        or not name.lower().endswith((".mbf", ".abf"))
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


@dataclass(frozen=True, slots=True)
class Hints:
    """The player had the hints shown (the safe cells and the best guess of
    the position drawn on the board): the record says so, so that the game
    is never a best time. Nothing on the board changes."""


@dataclass(frozen=True, slots=True)
class Auto:
    """One click of auto play: ``button`` pressed and released at once on
    ``pos`` for the player. The rule of presses decides what it does and how
    it counts, as for a click of the player's; being its own event, the record
    tells it apart, and the game is never a best time."""

    button: Button
    pos: Pos

    def __post_init__(self) -> None:
        _check_button(self.button)
        object.__setattr__(self, "pos", as_pos("Auto", self.pos))


@dataclass(frozen=True, slots=True)
class Press:
    """A button went down with the pointer on ``pos`` (None: off the board)."""

    button: Button
    pos: Pos | None

    def __post_init__(self) -> None:
        _check_button(self.button)
        if self.pos is not None:
            object.__setattr__(self, "pos", as_pos("Press", self.pos))


@dataclass(frozen=True, slots=True)
class Release:
    """A button came up with the pointer on ``pos`` (None: off the board)."""

    button: Button
    pos: Pos | None

    def __post_init__(self) -> None:
        _check_button(self.button)
        if self.pos is not None:
            object.__setattr__(self, "pos", as_pos("Release", self.pos))


def _check_button(button: object) -> None:
    if button not in BUTTONS:
        raise ValueError(f"a button must be one of {', '.join(BUTTONS)}, got {button!r}")


@dataclass(frozen=True, slots=True)
class Path:
    """Where the pointer went before the next event: points (dt, px, py), dt
    in ms after this event's time and never decreasing, px and py in
    sixteenths of a cell (``PATH_CELL``) from the board's top left corner, so
    off the board too. The page samples it; a replay shows it."""

    points: tuple[tuple[int, int, int], ...]

    def __post_init__(self) -> None:
        points = tuple(tuple(p) for p in self.points)
        if not 0 < len(points) <= MAX_PATH_POINTS:
            raise ValueError(f"a path has 1 to {MAX_PATH_POINTS} points, got {len(points)}")
        last = 0
        for p in points:
            if len(p) != 3 or any(isinstance(v, bool) or not isinstance(v, int) for v in p):
                raise ValueError(f"a path's point is three integers (dt, x, y), got {list(p)!r}")
            if p[0] < last:
                raise ValueError("a path's times must never decrease")
            if max(abs(p[1]), abs(p[2])) > 1_000_000:
                raise ValueError(f"a path's point is too far off the board: {list(p)!r}")
            last = p[0]
        object.__setattr__(self, "points", points)

    def flat(self) -> list[int]:
        """The points as one list dt, x, y, dt, x, y...: the form files hold."""
        return [v for p in self.points for v in p]

    @classmethod
    def of_flat(cls, values: object) -> Path:
        """The path of a flat list (``flat``); a ValueError names what is wrong."""
        if not isinstance(values, (list, tuple)) or len(values) % 3:
            raise ValueError("a path is a list of integers in threes: dt, x, y")
        it = iter(values)
        return cls(tuple(zip(it, it, it, strict=True)))


@dataclass(frozen=True, slots=True)
class MarksOption:
    """The player switched Marks (?) on or off: what a right press on a flag
    means follows it. A record starts with Marks off."""

    on: bool

    def __post_init__(self) -> None:
        if not isinstance(self.on, bool):
            raise TypeError(f"MarksOption(on): on must be a bool, got {self.on!r}")


@dataclass(frozen=True, slots=True)
class HandInput:
    """A press (``down``) or release of ``button`` on ``pos`` (None: off the
    board) as a face sends it: ``ago_ms`` before now, after the pointer went
    along ``path``, points (ago_ms, px, py) oldest first (``Path`` says the
    units). ``Session.take`` logs it."""

    down: bool
    button: Button
    pos: Pos | None
    ago_ms: int = 0
    path: tuple[tuple[int, int, int], ...] = ()

    def __post_init__(self) -> None:
        _check_button(self.button)
        if self.ago_ms < 0:
            raise ValueError("ago_ms must not be negative")
        path_agos = [p[0] for p in self.path]
        if any(a < b for a, b in itertools.pairwise(path_agos)) or (
            path_agos and path_agos[-1] < self.ago_ms
        ):
            raise ValueError("a path's points come oldest first, before their press")


Input: TypeAlias = Press | Release | Path | MarksOption
Move: TypeAlias = Action | Mark | Practice | Input | Hints | Auto
"""What one event holds: what the player did (an ``Input``, the assist,
practice) or, in older records, the cell action it came to."""

_TYPES: dict[type[Move], EventType] = {
    Reveal: "reveal",
    Flag: "flag",
    Chord: "chord",
    Assist: "assist",
    Practice: "practice",
    Mark: "mark",
    Press: "down",
    Release: "up",
    Path: "path",
    MarksOption: "marks",
    Hints: "hints",
    Auto: "auto",
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
    def of(cls, kind: str, pos: Pos | None, t_ms: int, k: int = 0, path: object = None) -> Event:
        """The event of a flat form: ``kind`` one of EVENT_TYPES, ``pos`` the cell
        (None for the assist and practice, and for a press off the board),
        ``k`` the assist's choice, a press's button (its index in BUTTONS) or
        the Marks option (1 on), ``path`` a path's flat points. A ValueError
        names what is wrong.

        >>> Event.of("flag", Pos(2, 1), 40)
        Event(move=Flag(pos=Pos(x=2, y=1)), t_ms=40)
        >>> Event.of("down", Pos(2, 1), 40, 1).move
        Press(button='right', pos=Pos(x=2, y=1))
        """
        if kind not in EVENT_TYPES:
            raise ValueError(f"event type must be one of {EVENT_TYPES}, got {kind!r}")
        cell = None if pos is None else Pos(int(pos[0]), int(pos[1]))
        if kind in ("down", "up", "auto"):
            if not 0 <= k < len(BUTTONS):
                raise ValueError(f"a {kind} event's button is 0 to {len(BUTTONS) - 1}, got {k}")
            if kind == "auto":
                if cell is None:
                    raise ValueError("an auto event needs a cell")
                return cls(Auto(BUTTONS[k], cell), t_ms)
            press = Press if kind == "down" else Release
            return cls(press(BUTTONS[k], cell), t_ms)
        if kind in CELLESS_TYPES or kind in ("path", "marks"):
            if pos is not None:
                raise ValueError(f"a {kind} event has no cell")
            if kind == "path":
                return cls(Path.of_flat(path), t_ms)
            if kind == "marks":
                if k not in (0, 1):
                    raise ValueError(f"a marks event is on (1) or off (0), got {k}")
                return cls(MarksOption(k == 1), t_ms)
            if kind == "hints":
                return cls(Hints(), t_ms)
            return cls(Assist(k) if kind == "assist" else Practice(), t_ms)
        if cell is None:
            raise ValueError(f"a {kind} event needs a cell")
        moves: dict[str, Callable[[Pos], Move]] = {
            "reveal": Reveal,
            "flag": Flag,
            "chord": Chord,
            "mark": Mark,
        }
        return cls(moves[kind](cell), t_ms)

    @property
    def type(self) -> EventType:
        """The move's name in the flat form: reveal, flag, chord, assist, practice,
        mark; down, up, path, marks; hints, auto."""
        return _TYPES[type(self.move)]

    @property
    def pos(self) -> Pos | None:
        """The move's cell; None for the assist, practice, a path, the Marks
        option and a press off the board."""
        move = self.move
        if isinstance(move, (Assist, Practice, Path, MarksOption, Hints)):
            return None
        return move.pos

    @property
    def k(self) -> int:
        """The assist's choice among the safe cells, a press's button (its
        index in BUTTONS), the Marks option (1 on); 0 for every other move."""
        move = self.move
        if isinstance(move, Assist):
            return move.k
        if isinstance(move, (Press, Release, Auto)):
            return BUTTONS.index(move.button)
        if isinstance(move, MarksOption):
            return int(move.on)
        return 0

    @property
    def path(self) -> list[int] | None:
        """A path's points in their flat form; None for every other move."""
        return self.move.flat() if isinstance(self.move, Path) else None


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

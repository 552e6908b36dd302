"""The values of minebender: positions, actions, what the player sees, statuses,
tiles, levels and knowledge.

Each value mirrors a type of LAWS.bend so that every law reads the same in
Python as in the specification. Values are immutable, hashable, compared by
value, pattern-matchable, and their ``repr`` is valid Python.

>>> Reveal(Pos(3, 4))
Reveal(pos=Pos(x=3, y=4))
>>> Shown(9)
Traceback (most recent call last):
...
ValueError: Shown(n): n must be an int from 0 to 8, got 9
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple, TypeAlias

from minebender.values.words import cut

__all__ = [
    "FIELD_DIGITS",
    "NAMED_LEVELS",
    "TILE_SYMBOLS",
    "Action",
    "Assist",
    "AssistTooEarly",
    "Beginner",
    "Blast",
    "Boom",
    "Chord",
    "Covered",
    "Custom",
    "Expert",
    "Exploded",
    "Flag",
    "Flagged",
    "Hidden",
    "Hint",
    "Intermediate",
    "Knowledge",
    "Layout",
    "Level",
    "Lost",
    "LostReason",
    "Mine",
    "Number",
    "Playing",
    "Pos",
    "Reveal",
    "Seen",
    "Setup",
    "Shown",
    "Status",
    "Tile",
    "Won",
    "WrongFlag",
    "as_pos",
    "cell_name",
    "neighbours",
    "read_custom",
    "read_level",
    "tile_symbol",
]


def _check_nat(owner: str, name: str, value: object) -> int:
    """Return value if it is a non-negative int (a Nat of the laws), else raise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{owner}: {name} must be an int, got {value!r}")
    if value < 0:
        raise ValueError(f"{owner}: {name} must not be negative, got {value}")
    return value


class _PosFields(NamedTuple):
    x: int
    y: int


_tuple_new = tuple.__new__


def _coordinate(name: str, value: object) -> int:
    """value as a coordinate of Pos, or a TypeError naming it: an int, never a
    bool (True would be read as 1) nor a float (1.5 indexes no row)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"Pos: {name} must be an int, got {value!r}")
    return int(value)


class Pos(_PosFields):
    """A cell: x is the column from the left, y the row from the top, both from 0.

    Any pair of ints is a position; one off the board is not an error, the laws
    say what an action there does (nothing). Anything else is refused here,
    where every position is made, so no action, status or solver call ever
    holds a cell that is not one:

    >>> Pos(1.5, 0)
    Traceback (most recent call last):
    ...
    TypeError: Pos: x must be an int, got 1.5
    """

    __slots__ = ()

    def __new__(cls, x: int, y: int) -> Pos:
        # The solver and the bot make many positions: plain ints go straight through.
        if type(x) is int and type(y) is int:
            return _tuple_new(cls, (x, y))
        return _tuple_new(cls, (_coordinate("x", x), _coordinate("y", y)))

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Pos:  # type: ignore[override]
        """As NamedTuple's, but checked: ``_replace`` makes its position here.
        (typeshed spells NamedTuple's ``_make`` with a type variable that a
        subclass cannot repeat, hence the ignore.)"""
        return cls(*iterable)


def cell_name(pos: Pos) -> str:
    """A cell as every output writes it: column, then row, from 0, in one
    form, so that a reader never meets ``(2,0)`` beside ``(2, 1)``.

    >>> cell_name(Pos(2, 1))
    '(2, 1)'
    """
    return f"({pos.x}, {pos.y})"


def neighbours(width: int, height: int, pos: Pos) -> list[Pos]:
    """The cells of a width-by-height board adjacent to pos, row by row."""
    x, y = pos
    return [
        Pos(nx, ny)
        for ny in (y - 1, y, y + 1)
        if 0 <= ny < height
        for nx in (x - 1, x, x + 1)
        if 0 <= nx < width and (nx != x or ny != y)
    ]


def as_pos(owner: str, pos: object) -> Pos:
    """pos as a Pos: a Pos, or a pair of ints (a tuple, as the laws' positions
    are); a TypeError naming ``owner`` for anything else (a float or a bool is
    no cell coordinate)."""
    if isinstance(pos, Pos):
        return pos
    if (
        isinstance(pos, tuple)
        and len(pos) == 2
        and all(isinstance(c, int) and not isinstance(c, bool) for c in pos)
    ):
        return Pos(pos[0], pos[1])
    raise TypeError(f"{owner}: pos must be a Pos(x, y), got {pos!r}")


# --------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reveal:
    """Click a cell: reveal it unless it is flagged."""

    pos: Pos

    def __post_init__(self) -> None:
        object.__setattr__(self, "pos", as_pos("Reveal", self.pos))


@dataclass(frozen=True, slots=True)
class Flag:
    """Toggle the flag on a hidden cell."""

    pos: Pos

    def __post_init__(self) -> None:
        object.__setattr__(self, "pos", as_pos("Flag", self.pos))


@dataclass(frozen=True, slots=True)
class Chord:
    """Double-click a number: reveal its unflagged neighbours when its flags add up."""

    pos: Pos

    def __post_init__(self) -> None:
        object.__setattr__(self, "pos", as_pos("Chord", self.pos))


@dataclass(frozen=True, slots=True)
class Assist:
    """Press the no-guess assist; k picks deterministically among the safe cells."""

    k: int = 0

    def __post_init__(self) -> None:
        _check_nat("Assist", "k", self.k)


Action: TypeAlias = Reveal | Flag | Chord | Assist

# --------------------------------------------------------------------------
# What the player sees at a cell
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hidden:
    """A cell the player cannot see."""


@dataclass(frozen=True, slots=True)
class Shown:
    """A revealed safe cell showing its count of adjacent mines."""

    n: int

    def __post_init__(self) -> None:
        if isinstance(self.n, bool) or not isinstance(self.n, int):
            raise TypeError(f"Shown(n): n must be an int from 0 to 8, got {self.n!r}")
        if not 0 <= self.n <= 8:
            raise ValueError(f"Shown(n): n must be an int from 0 to 8, got {self.n}")


@dataclass(frozen=True, slots=True)
class Boom:
    """A revealed mine."""


Seen: TypeAlias = Hidden | Shown | Boom

# --------------------------------------------------------------------------
# Status
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Exploded:
    """The game was lost by revealing the mine at pos."""

    pos: Pos

    def __post_init__(self) -> None:
        object.__setattr__(self, "pos", as_pos("Exploded", self.pos))


@dataclass(frozen=True, slots=True)
class AssistTooEarly:
    """The game was lost by pressing the assist while pos was provably safe."""

    pos: Pos

    def __post_init__(self) -> None:
        object.__setattr__(self, "pos", as_pos("AssistTooEarly", self.pos))


LostReason: TypeAlias = Exploded | AssistTooEarly


@dataclass(frozen=True, slots=True)
class Playing:
    """The game goes on."""


@dataclass(frozen=True, slots=True)
class Won:
    """Every safe cell is revealed."""


@dataclass(frozen=True, slots=True)
class Lost:
    """The game is over and lost; reason says how."""

    reason: LostReason

    def __post_init__(self) -> None:
        if not isinstance(self.reason, Exploded | AssistTooEarly):
            raise TypeError(
                f"Lost: reason must be Exploded(pos) or AssistTooEarly(pos), got {self.reason!r}"
            )


Status: TypeAlias = Playing | Won | Lost

# --------------------------------------------------------------------------
# Tiles: what the screen shows at a cell
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Covered:
    """A hidden cell without a flag."""


@dataclass(frozen=True, slots=True)
class Flagged:
    """A hidden cell with a flag (and, once won, every mine)."""


@dataclass(frozen=True, slots=True)
class Number:
    """A revealed safe cell with its count of adjacent mines."""

    n: int

    def __post_init__(self) -> None:
        if isinstance(self.n, bool) or not isinstance(self.n, int):
            raise TypeError(f"Number(n): n must be an int from 0 to 8, got {self.n!r}")
        if not 0 <= self.n <= 8:
            raise ValueError(f"Number(n): n must be an int from 0 to 8, got {self.n}")


@dataclass(frozen=True, slots=True)
class Blast:
    """The mine that went off."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The provably safe cell shown after the assist was pressed too early."""


@dataclass(frozen=True, slots=True)
class Mine:
    """A mine that did not explode, shown once the game is lost."""


@dataclass(frozen=True, slots=True)
class WrongFlag:
    """A flag on a safe cell, shown once the game is lost."""


Tile: TypeAlias = Covered | Flagged | Number | Blast | Hint | Mine | WrongFlag

TILE_SYMBOLS: Mapping[type, str] = MappingProxyType(
    {Covered: ".", Flagged: "F", Blast: "B", Hint: "H", Mine: "*", WrongFlag: "X"}
)
"""The one ASCII alphabet of tiles, beside a Number's digit: board text
(``.`` hidden, ``F`` a flag, ``*`` a mine), replay frames and ``bot``'s
plain output all write a tile so, and no letter means two things."""


def tile_symbol(tile: Tile) -> str:
    """The tile's character in ``TILE_SYMBOLS``, or a Number's digit.

    >>> tile_symbol(Number(3)), tile_symbol(Covered()), tile_symbol(WrongFlag())
    ('3', '.', 'X')
    """
    if type(tile) is Number:
        return str(tile.n)
    symbol = TILE_SYMBOLS.get(type(tile))
    if symbol is None:
        raise TypeError(f"not a tile: {tile!r}")
    return symbol


# --------------------------------------------------------------------------
# Levels
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Beginner:
    """Windows XP's Beginner: 9 by 9 with 10 mines."""


@dataclass(frozen=True, slots=True)
class Intermediate:
    """Windows XP's Intermediate: 16 by 16 with 40 mines."""


@dataclass(frozen=True, slots=True)
class Expert:
    """Windows XP's Expert: 30 wide, 16 high, 99 mines."""


@dataclass(frozen=True, slots=True)
class Custom:
    """Windows XP's Custom Field: the sizes asked for, clamped by ``setup``."""

    width: int
    height: int
    mines: int

    def __post_init__(self) -> None:
        for name in ("width", "height", "mines"):
            _check_nat("Custom", name, getattr(self, name))

    @classmethod
    def from_text(cls, text: str) -> Custom:
        """A Custom Field written ``WIDTHxHEIGHTxMINES`` (any case, ASCII digits):
        the one reading of that form for every command and the terminal game.

        Each number has at most ``FIELD_DIGITS`` (9) digits: ``setup`` clamps
        the field to 9..30 by 9..25 anyway, so a longer number is never
        converted, and the ValueError says that it is the length that is wrong.

        >>> Custom.from_text("20x12x40")
        Custom(width=20, height=12, mines=40)
        """
        if not isinstance(text, str):
            raise TypeError(f"Custom.from_text: text must be a str, got {type(text).__name__}")
        parts = text.strip().lower().split("x")
        if len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts):
            raise ValueError(f"{cut(text)} must look like WIDTHxHEIGHTxMINES, e.g. 20x12x40")
        if any(len(p) > FIELD_DIGITS for p in parts):
            raise ValueError(
                f"{cut(text)} has a number of more than {FIELD_DIGITS} digits"
                " (the field is clamped to 9..30 by 9..25 anyway)"
            )
        return cls(int(parts[0]), int(parts[1]), int(parts[2]))


FIELD_DIGITS = 9
"""Digits a Custom Field number may have in text (``Custom.from_text``); every
larger size is clamped anyway, and so no huge number is ever converted."""


Level: TypeAlias = Beginner | Intermediate | Expert | Custom

NAMED_LEVELS: Mapping[str, Level] = MappingProxyType(
    {"beginner": Beginner(), "intermediate": Intermediate(), "expert": Expert()}
)
"""The three fixed levels by the names every command, file and page uses."""


def read_custom(text: str, option: str = "--custom") -> Custom:
    """A Custom Field a person typed, ``WIDTHxHEIGHTxMINES`` (``Custom.from_text``),
    not yet clamped; the ValueError names ``option`` and says whether the form
    is wrong or a number too long.

    >>> read_custom("20x12x40")
    Custom(width=20, height=12, mines=40)
    """
    try:
        return Custom.from_text(text)
    except ValueError as exc:
        parts = text.strip().lower().split("x")
        if len(parts) == 3 and all(p.isascii() and p.isdigit() for p in parts):
            raise ValueError(f"{option} {exc}") from None  # the form is right, a number too long
        raise ValueError(
            f"{option} must look like 30x16x99 (width x height x mines), got {cut(text)}"
        ) from None


def read_level(text: str, option: str = "--level") -> Level:
    """The level a person typed: beginner, intermediate or expert (any case,
    spaces round it) or a Custom Field ``WIDTHxHEIGHTxMINES``, not yet clamped.
    The one reading of a typed level, for every command and every batch; the
    ValueError says what is wrong.

    >>> read_level(" Expert"), read_level("20x12x40")
    (Expert(), Custom(width=20, height=12, mines=40))
    """
    named = NAMED_LEVELS.get(text.strip().lower())
    if named is not None:
        return named
    if "x" in text.lower():
        return read_custom(text, option)
    raise ValueError(
        f"unknown level {cut(text)}: use beginner, intermediate, expert or WxHxM such as 30x16x99"
    )


@dataclass(frozen=True, slots=True)
class Setup:
    """A board's size and mine count."""

    width: int
    height: int
    mines: int

    def __post_init__(self) -> None:
        for name in ("width", "height", "mines"):
            _check_nat("Setup", name, getattr(self, name))


# --------------------------------------------------------------------------
# Knowledge: everything the player sees
# --------------------------------------------------------------------------

Layout: TypeAlias = tuple[tuple[bool, ...], ...]
"""A board's mines: a tuple of rows of bool, True for a mine."""

_SEEN_TYPES = (Hidden, Shown, Boom)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What the player sees: the size, the total number of mines (None when it is
    unknown, for the solver) and a tuple of rows of ``Seen``.

    Lists are accepted and stored as tuples, so a Knowledge is always hashable.
    """

    width: int
    height: int
    mines: int | None
    rows: tuple[tuple[Seen, ...], ...]

    def __post_init__(self) -> None:
        _check_nat("Knowledge", "width", self.width)
        _check_nat("Knowledge", "height", self.height)
        if self.mines is not None:
            _check_nat("Knowledge", "mines", self.mines)
        rows = _as_rows(self.rows)
        if len(rows) != self.height:
            raise ValueError(f"Knowledge: rows must have {self.height} rows, got {len(rows)}")
        for y, row in enumerate(rows):
            if len(row) != self.width:
                raise ValueError(f"Knowledge: row {y} must have {self.width} cells, got {len(row)}")
            for x, s in enumerate(row):
                if not isinstance(s, _SEEN_TYPES):
                    raise TypeError(
                        f"Knowledge: cell ({x}, {y}) must be Hidden(), Shown(n) or Boom(),"
                        f" got {s!r}"
                    )
        object.__setattr__(self, "rows", rows)

    @classmethod
    def _trusted(
        cls, width: int, height: int, mines: int | None, rows: tuple[tuple[Seen, ...], ...]
    ) -> Knowledge:
        """Build without checks: for the game, whose rows are right by construction."""
        k = object.__new__(cls)
        object.__setattr__(k, "width", width)
        object.__setattr__(k, "height", height)
        object.__setattr__(k, "mines", mines)
        object.__setattr__(k, "rows", rows)
        return k

    @classmethod
    def blank(cls, width: int, height: int, mines: int | None) -> Knowledge:
        """A board where nothing is revealed yet."""
        return cls(width, height, mines, ((HIDDEN,) * width,) * height)

    def on_board(self, pos: Pos) -> bool:
        """pos is a cell of this board."""
        return 0 <= pos[0] < self.width and 0 <= pos[1] < self.height

    def seen(self, pos: Pos) -> Seen:
        """What the player sees at pos (Hidden off the board, as LAWS.bend's ``at``)."""
        if self.on_board(pos):
            return self.rows[pos[1]][pos[0]]
        return HIDDEN

    def hidden(self, pos: Pos) -> bool:
        """pos is a cell of the board that the player cannot see."""
        return self.on_board(pos) and type(self.rows[pos[1]][pos[0]]) is Hidden

    def revealed(self, pos: Pos) -> bool:
        """pos is a cell of the board that the player can see."""
        return self.on_board(pos) and type(self.rows[pos[1]][pos[0]]) is not Hidden

    def cells(self) -> Iterator[Pos]:
        """Every cell of the board, row by row."""
        for y in range(self.height):
            for x in range(self.width):
                yield Pos(x, y)

    def neighbours(self, pos: Pos) -> list[Pos]:
        """The cells of the board adjacent to pos, row by row."""
        return neighbours(self.width, self.height, pos)

    def with_mines(self, mines: int | None) -> Knowledge:
        """The same view with another total (None: unknown)."""
        if mines is not None:
            _check_nat("Knowledge", "mines", mines)
        return Knowledge._trusted(self.width, self.height, mines, self.rows)


def _as_rows(rows: object) -> tuple[tuple[Seen, ...], ...]:
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Iterable):
        raise TypeError(f"Knowledge: rows must be a sequence of rows, got {rows!r}")
    out: list[tuple[Seen, ...]] = []
    for row in rows:
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence | Iterable):
            raise TypeError(f"Knowledge: each row must be a sequence of Seen, got {row!r}")
        out.append(tuple(row))
    return tuple(out)


HIDDEN = Hidden()
BOOM = Boom()
SHOWN = tuple(Shown(n) for n in range(9))

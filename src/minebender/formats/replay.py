"""Replays: a finished game as an open JSON file, and its step-by-step frames.

A replay holds what decides the game (level, seed, the layout, every event
with its time) and what it came to (the result). The layout is written out so
that a replay plays back the same even if mine placement ever changes; the
seed is kept so the board can be shared as a code. Reading a replay checks
every field and then plays the events again: a result that the events do not
give is refused, so an edited replay cannot claim a win it never had.

The format is documented in docs/replays.md. Both the web page and the
terminal's ``minebender replay FILE`` read replays through this module.

>>> from minebender.services.session import Session, SessionSpec
>>> from minebender.values.types import Beginner, Pos
>>> s = Session(SessionSpec(Beginner(), "r"), clock=lambda: 0.0)
>>> _ = s.reveal(Pos(4, 4)); _ = s.assist()
>>> r = loads(dumps(from_session(s)))
>>> r.result.status, len(frames(r))
('lost', 3)
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from minebender.rules.game import setup
from minebender.services.session import (
    BUTTONS,
    EVENT_TYPES,
    SEED_RULE,
    Event,
    Session,
    SessionSpec,
    is_board_seed,
    layout_for,
    level_from_name,
    level_name,
    shown_seconds,
)
from minebender.services.store import NAME_RULE, clean_name
from minebender.values import jsontext
from minebender.values.types import (
    Blast,
    Covered,
    Flagged,
    Hint,
    Layout,
    Mine,
    Number,
    Pos,
    Tile,
    WrongFlag,
    neighbours,
    tile_symbol,
)
from minebender.values.words import article, count

__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "MAX_EVENTS",
    "MAX_SPEED",
    "MAX_T_MS",
    "MIN_SPEED",
    "VERSION",
    "VERSIONS_READ",
    "Frame",
    "Replay",
    "ReplayError",
    "ReplayNotJSON",
    "Result",
    "dumps",
    "frames",
    "from_session",
    "loads",
    "parse",
    "tile_char",
    "tile_name",
    "to_json",
]

FORMAT = "minebender-replay"
VERSION = 4
"""The version written when the events need it; a reader takes every version
from 1 up to this one (``VERSIONS_READ``)."""
VERSIONS_READ = (1, 2, 3, 4)
_V1_TYPES = frozenset(("reveal", "flag", "chord", "assist"))
_V2_TYPES = _V1_TYPES | {"practice", "mark"}
"""The event types of versions 1 and 2: a replay holding only these is written
as the oldest version that has them, which older minebenders read. Version 2
added ``practice`` and ``mark`` (a question mark cycled); version 3 records
what the player did: ``down`` and ``up`` of a button, the pointer's ``path``
and the ``marks`` option, whose meaning the rule of presses decides; version 4
adds help while playing: ``hints`` (shown) and ``auto`` (a click of auto play)."""
_V3_TYPES = frozenset(EVENT_TYPES) - {"hints", "auto"}
_TYPES_OF = {1: _V1_TYPES, 2: _V2_TYPES, 3: _V3_TYPES, 4: frozenset(EVENT_TYPES)}
"""A game stored as moves and finished after an upgrade holds both kinds:
versions 3 and 4 take every type of their time."""
MAX_EVENTS = 100_000
MAX_T_MS = 2**53 - 1
"""The latest an event may be, in ms: the largest whole number a JSON reader
holds exactly (the page's), 285,000 years. A file with 10**400 was read, and
the page said "lost in Infinity s"."""
MAX_BYTES = 5_000_000
"""The largest replay file read (docs/replays.md): a real game's file is a few
kilobytes, so anything near this is not a replay, and refusing it before
parsing keeps a stray file from taking the memory of a JSON tree."""


MIN_SPEED = 1 / 16
MAX_SPEED = 64.0
"""The speeds a replay plays at: ``replay --speed`` takes them, and the
viewer's ``-`` halves the speed down to MIN_SPEED and ``+`` doubles it up to
MAX_SPEED, so no speed the option gives is one the keys would jump out of."""


class ReplayError(ValueError):
    """A replay that cannot be read; the message names the field and what is wrong."""


class ReplayNotJSON(ReplayError):
    """A replay that is not even JSON (the web API answers it 400, as any
    malformed body, rather than 422 for a JSON value that is no replay)."""


_TYPE_NAMES: dict[type, str] = {
    Covered: "covered",
    Flagged: "flagged",
    Blast: "blast",
    Hint: "hint",
    Mine: "mine",
    WrongFlag: "wrong_flag",
}
_NUMBERS = tuple(str(n) for n in range(9))


def tile_name(tile: Tile) -> str:
    """The tile's name in the HTTP API: covered, flagged, 0..8, blast, hint, mine, wrong_flag."""
    kind = type(tile)
    if kind is Number:
        return _NUMBERS[tile.n]  # type: ignore[union-attr]
    name = _TYPE_NAMES.get(kind)
    if name is None:
        raise TypeError(f"not a tile: {tile!r}")
    return name


def tile_char(tile: Tile) -> str:
    """The tile as one character in a frame's compact rows: ``.`` covered, ``F``
    flagged, ``0``-``8``, ``B`` blast, ``H`` hint, ``*`` mine, ``X`` wrong flag
    (``types.TILE_SYMBOLS``, the alphabet of every text form of a tile)."""
    return tile_symbol(tile)


@dataclass(frozen=True, slots=True)
class Result:
    """How the game ended."""

    status: str
    reason: str | None
    elapsed_ms: int
    bbbv: int
    clicks: dict[str, int]


@dataclass(frozen=True, slots=True)
class Replay:
    """A finished game: its spec (with the layout) and its events, and the result."""

    spec: SessionSpec
    events: tuple[Event, ...]
    result: Result
    player: str | None = None
    first: Pos | None = None
    """Where the mines were placed (the first click), as the events played
    gave it when the replay was made or read: ``dealt`` need not play them again."""
    moves: tuple[Event, ...] = ()
    """The cell actions the events came to (``Session.moves``), the events
    themselves in a replay of version 1 or 2. Given by whoever played the
    events already, else worked out once here."""

    def __post_init__(self) -> None:
        if not self.moves and self.events:
            object.__setattr__(self, "moves", tuple(self.session().moves))

    @property
    def layout(self) -> Layout:
        """The mines of the game."""
        assert self.spec.layout is not None
        return self.spec.layout

    def session(self) -> Session:
        """The finished session, played again from the events."""
        return Session.rebuild(self.spec, self.events, clock=lambda: 0.0)

    def dealt(self) -> bool:
        """Whether the layout is the one its seed deals to its first click, as
        its board code would deal it today. A layout the laws allow may be any
        other (a file edited by hand, or written by a version that placed the
        mines otherwise): the file is then read, and says so."""
        first = self.first
        if first is None:
            return False
        try:
            dealt = layout_for(self.spec.setup, self.spec.seed, first, self.spec.no_guess)
        except ValueError:  # no no-guess board of these mines (a custom field)
            return False
        return tuple(map(tuple, dealt)) == tuple(map(tuple, self.layout))


@dataclass(frozen=True, slots=True)
class Frame:
    """The board after ``index`` events (0: before any), at ``t_ms`` since the start."""

    index: int
    t_ms: int
    event: Event | None
    rows: tuple[str, ...]
    status: str
    mines_left: int
    elapsed_ms: int
    started: bool = False
    """The first click was made: the timer shows 1 from there."""

    @property
    def timer(self) -> int:
        """What the game's timer showed (``shown_seconds``)."""
        return shown_seconds(self.elapsed_ms, self.started)


def _result_of(s: Session) -> Result:
    c = s.clicks
    return Result(
        "won" if s.won else "lost" if s.over else "playing",
        s.lost_reason,
        s.elapsed_ms,
        s.bbbv or 0,
        {"left": c.left, "right": c.right, "chord": c.chord, "assist": c.assist},
    )


def from_session(s: Session, player: str | None = None) -> Replay:
    """The replay of a finished session (an unfinished one would leak its layout)."""
    if not s.over or s.layout is None:
        raise ReplayError("only a finished game can be saved as a replay")
    spec = SessionSpec(s.spec.level, s.spec.seed, s.spec.no_guess, s.spec.practice, s.layout)
    return Replay(spec, tuple(s.events), _result_of(s), player, s.first_pos, tuple(s.moves))


def to_json(r: Replay) -> dict[str, Any]:
    """The replay as the JSON object of docs/replays.md."""
    b = r.spec.setup
    events: list[dict[str, Any]] = []
    for e in r.events:
        item: dict[str, Any] = {"t": e.t_ms, "type": e.type}
        if e.type in ("down", "up", "auto"):
            item["button"] = BUTTONS[e.k]
        if e.pos is not None:
            item["x"], item["y"] = e.pos.x, e.pos.y
        if e.type == "assist":
            item["k"] = e.k
        elif e.type == "marks":
            item["on"] = bool(e.k)
        elif e.type == "path":
            item["p"] = e.path
        events.append(item)
    types = {e.type for e in r.events}
    version = next(v for v in VERSIONS_READ if types <= _TYPES_OF[v])
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": version,
        "level": level_name(r.spec.level),
        "width": b.width,
        "height": b.height,
        "mines": b.mines,
        "seed": r.spec.seed,
        "no_guess": r.spec.no_guess,
        "practice": r.spec.practice,
        "layout": ["".join("*" if m else "." for m in row) for row in r.layout],
        "events": events,
        "result": {
            "status": r.result.status,
            "reason": r.result.reason,
            "elapsed_ms": r.result.elapsed_ms,
            "bbbv": r.result.bbbv,
            "clicks": dict(r.result.clicks),
        },
    }
    if r.player:
        out["player"] = r.player
    return out


def dumps(r: Replay) -> str:
    """The replay as JSON text."""
    return json.dumps(to_json(r), indent=1)


_FIELDS = frozenset(
    [
        *("format", "version", "level", "width", "height", "mines", "seed"),
        *("no_guess", "practice", "layout", "events", "result", "player"),
    ]
)
_RESULT_FIELDS = frozenset(("status", "reason", "elapsed_ms", "bbbv", "clicks"))


def _only(data: dict[str, Any], known: frozenset[str], where: str) -> None:
    """Refuse a field the format does not have: a reader that checks every
    field (docs/replays.md) must not pass over one it does not know, which
    may be a misspelt one whose value was meant to count."""
    extra = sorted(set(data) - known)
    if extra:
        raise ReplayError(f"{where}: unknown field {extra[0]!r}")


_KINDS = {str: "text", bool: "true or false", list: "a list", dict: "an object"}
"""What a field of each Python type is called in JSON's words."""


def _field(data: dict[str, Any], name: str, kind: type, where: str = "replay") -> Any:
    if name not in data:
        raise ReplayError(f"{where}: the field {name!r} is missing")
    value = data[name]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise ReplayError(f"{where}: {name!r} must be an integer, got {_as_json(value)}")
    if not isinstance(value, kind):
        raise ReplayError(f"{where}: {name!r} must be {_KINDS[kind]}, got {_as_json(value)}")
    return value


_CELL_FIELDS = frozenset(("t", "type", "x", "y"))
_EVENT_FIELDS = {
    "assist": frozenset(("t", "type", "k")),
    "practice": frozenset(("t", "type")),
    "path": frozenset(("t", "type", "p")),
    "marks": frozenset(("t", "type", "on")),
    "hints": frozenset(("t", "type")),
}
_PRESS_FIELDS = frozenset(("t", "type", "button", "x", "y"))


def _event(i: int, item: object, version: int) -> Event:
    where = f"replay: events[{i}]"
    if not isinstance(item, dict):
        raise ReplayError(f"{where} must be an object, got {_as_json(item)}")
    kind = _field(item, "type", str, where)
    known = [t for t in EVENT_TYPES if t in _TYPES_OF[version]]
    if kind not in known:
        raise ReplayError(
            f"{where}: 'type' must be one of {', '.join(known)} (in version {version})"
        )
    press = kind in ("down", "up", "auto")
    _only(item, _PRESS_FIELDS if press else _EVENT_FIELDS.get(kind, _CELL_FIELDS), where)
    t = _field(item, "t", int, where)
    if not 0 <= t <= MAX_T_MS:
        raise ReplayError(f"{where}: 't' must be from 0 to {MAX_T_MS} (ms), got {_as_json(t)}")
    pos = None
    if kind not in _EVENT_FIELDS and (kind == "auto" or not press or "x" in item or "y" in item):
        pos = Pos(_field(item, "x", int, where), _field(item, "y", int, where))
    k = _field(item, "k", int, where) if kind == "assist" else 0
    if k < 0:
        raise ReplayError(f"{where}: 'k' must not be negative")
    if press:
        button = _field(item, "button", str, where)
        if button not in BUTTONS:
            raise ReplayError(f"{where}: 'button' must be one of {', '.join(BUTTONS)}")
        k = BUTTONS.index(button)
    elif kind == "marks":
        k = int(_field(item, "on", bool, where))
    try:
        return Event.of(kind, pos, t, k, _field(item, "p", list, where) if kind == "path" else None)
    except ValueError as exc:
        raise ReplayError(f"{where}: {exc}") from None


def _layout(data: dict[str, Any], width: int, height: int, mines: int) -> Layout:
    rows = _field(data, "layout", list)
    if len(rows) != height:
        raise ReplayError(f"replay: 'layout' must have {height} rows, got {len(rows)}")
    out = []
    for y, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != width or set(row) - {"*", "."}:
            raise ReplayError(f"replay: layout row {y} must be {width} characters of '*' and '.'")
        out.append(tuple(c == "*" for c in row))
    if sum(map(sum, out)) != mines:
        raise ReplayError(f"replay: the layout must have {count(mines, 'mine')}")
    return tuple(out)


def parse(data: object) -> Replay:
    """A replay from its JSON object; ReplayError names the first thing wrong."""
    if not isinstance(data, dict):
        raise ReplayError("replay: the file must hold one JSON object")
    if data.get("format") != FORMAT:
        raise ReplayError(f"replay: 'format' must be {FORMAT!r}")
    version = _field(data, "version", int)
    if version not in VERSIONS_READ:
        raise ReplayError(f"replay: version {version} is not supported (this reads 1 to {VERSION})")
    _only(data, _FIELDS, "replay")
    width, height, mines = (_field(data, n, int) for n in ("width", "height", "mines"))
    name = _field(data, "level", str)
    try:
        level = level_from_name(name, width, height, mines)
    except (ValueError, TypeError) as exc:
        raise ReplayError(f"replay: {exc}") from exc
    b = setup(level)
    if (b.width, b.height, b.mines) != (width, height, mines):
        given = f"{width}x{height}x{mines}"
        played = f"{b.width}x{b.height}x{b.mines}"
        if name == "custom":  # a field the laws clamp: a replay holds the field as played
            raise ReplayError(
                f"replay: a custom field must be written as played: {given} is played as {played}"
            )
        raise ReplayError(f"replay: {article(name)} board is {played}, not {given}")
    seed = _field(data, "seed", str)
    if not is_board_seed(seed):  # its board code would deal another board, or none
        raise ReplayError(f"replay: 'seed' must be {SEED_RULE}")
    flags = [bool(_field(data, n, bool)) for n in ("no_guess", "practice")]
    spec = SessionSpec(level, seed, flags[0], flags[1], _layout(data, width, height, mines))
    items = _field(data, "events", list)
    if len(items) > MAX_EVENTS:
        raise ReplayError(f"replay: more than {MAX_EVENTS} events")
    events = tuple(_event(i, item, version) for i, item in enumerate(items))
    if any(a.t_ms > b_.t_ms for a, b_ in itertools.pairwise(events)):
        raise ReplayError("replay: event times must not go backwards")
    player = data.get("player")
    if player is not None:
        if not isinstance(player, str):
            raise ReplayError("replay: 'player' must be text")
        try:
            player = clean_name(player)  # the rule of a best-time name, which it is
        except ValueError:
            raise ReplayError(f"replay: 'player': {NAME_RULE}") from None
    s = Session(spec, lambda: 0.0)
    for i, e in enumerate(events):
        if s.act(e) is None:
            raise ReplayError(f"replay: events[{i}] comes after the end of the game")
    if not s.over:
        raise ReplayError("replay: the events do not finish the game")
    if s.spec.practice and not spec.practice:
        at = next(i for i, e in enumerate(events) if e.type == "practice")
        raise ReplayError(
            f"replay: 'practice' must be true: events[{at}] makes the game a practice game"
        )
    _first_click_laws(spec, s.first_pos)
    replay = Replay(spec, events, _result_of(s), player, s.first_pos, tuple(s.moves))
    claimed = _field(data, "result", dict)
    _only(claimed, _RESULT_FIELDS, "replay: result")
    for field in ("status", "reason", "elapsed_ms", "bbbv", "clicks"):
        got = getattr(replay.result, field)
        if field not in claimed:
            raise ReplayError(f"replay: result: the field {field!r} is missing")
        if not _same(claimed[field], got):
            raise ReplayError(
                f"replay: result {field!r} says {_as_json(claimed[field])}"
                f" but the events give {_as_json(got)}"
            )
    return replay


def _same(claimed: object, got: object) -> bool:
    """Whether a value of the file is the value the events give, in its JSON
    type too: 1.0 and true are not the count 1 (``"elapsed_ms": 0.0`` and a
    click count of ``true`` were read, where a field of the file's own was not)."""
    if type(claimed) is not type(got):
        return False
    if isinstance(claimed, Mapping) and isinstance(got, Mapping):
        return claimed.keys() == got.keys() and all(_same(claimed[k], got[k]) for k in got)
    return claimed == got


def _first_click_laws(spec: SessionSpec, first: Pos | None) -> None:
    """Refuse a layout no placement of the laws makes for the first click:
    a mine on it (``gen_first_safe``), or next to it while the board has
    room for a clear 3x3 (``gen_opening``). Without the check, an edited
    file lost or won at its first click a game no one could have met."""
    if first is None:
        return
    layout = spec.layout
    assert layout is not None
    b = spec.setup
    if layout[first.y][first.x]:
        raise ReplayError(
            f"replay: the layout has a mine under the first click ({first.x}, {first.y}),"
            " which no board the laws deal has"
        )
    if b.mines + 9 > b.width * b.height:
        return
    for q in neighbours(b.width, b.height, first):
        if layout[q.y][q.x]:
            raise ReplayError(
                f"replay: the layout has a mine at ({q.x}, {q.y}), next to the first click"
                f" ({first.x}, {first.y}), which the laws keep clear on a board with room"
            )


def _as_json(value: object) -> str:
    """A value as the file writes it (null, not Python's None), cut short when
    long: a message names a bad value without echoing all of it."""
    text = json.dumps(dict(value) if isinstance(value, Mapping) else value)
    return text if len(text) <= 60 else f"{text[:60]}... ({len(text)} characters)"


def loads(text: str | bytes) -> Replay:
    """A replay from JSON text (at most ``MAX_BYTES`` bytes of UTF-8)."""
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_BYTES:
        raise ReplayError(f"replay: {size} bytes, more than the {MAX_BYTES} a replay may have")
    if not text.strip():
        raise ReplayNotJSON("replay: the file is empty")
    try:
        data = jsontext.loads(text)
    except jsontext.JSONTextError as exc:
        raise ReplayNotJSON(f"replay: not valid JSON: {exc}") from None
    return parse(data)


def frames(r: Replay) -> list[Frame]:
    """The board before the first move and after each one, for stepping
    through. A move is a cell action (``Session.moves``): in a record of
    presses, the presses that changed nothing make no frame."""
    s = Session(r.spec, lambda: 0.0)
    out = [Frame(0, 0, None, _rows(s), "playing", s.mines_left, 0)]
    for e in r.events:
        done = len(s.moves)
        s.act(e)
        for move in s.moves[done:]:
            first = s.first_ms
            elapsed = 0 if first is None else move.t_ms - first
            status = "won" if s.won else "lost" if s.over else "playing"
            frame = Frame(len(out), move.t_ms, move, _rows(s), status, s.mines_left, elapsed)
            out.append(replace(frame, started=s.started))
    return out


def _rows(s: Session) -> tuple[str, ...]:
    """The frame's rows: the display, with ``?`` on each covered cell marked."""
    rows = [[tile_char(t) for t in row] for row in s.display()]
    for p in s.marks:
        if rows[p.y][p.x] == ".":
            rows[p.y][p.x] = "?"
    return tuple("".join(row) for row in rows)

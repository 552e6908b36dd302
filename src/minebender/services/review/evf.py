"""A minebender game written as Metasweeper's ``.evf`` (version 3), so that
Metasweeper and ms_toollib read it.

ms_toollib's own recorder stamps each event with the wall clock as it is
given, so it cannot write a game that is already over; this writes the
format's published layout instead: a version byte (3), two bytes of flags, the
height, the width, the mines (two bytes), the cell size in pixels, the mode
(two bytes), the 3BV (two bytes), the time in ms (three bytes), eight strings
each ended by a 0 byte (software, player, race, game id, start, end, country,
device), the mines one bit a cell row by row, then each mouse event as its
kind, its time in ms (three bytes) and its x and y in pixels (two bytes each),
and a 255 byte (no checksum).

The flags say what the file can prove. Won is the game's end. Official (a
standard game the software proves) is never set: the file has no checksum.
Fair (cleared without help, such as seeing the mines' odds) is set for a won
game that was never practice: practice shows the odds. No right click is set
when the file has no right press, and question marks when the game used one.

The file is written from mouse events (``mouse_events``). Today they come from
the game's actions, as the clients make them: a reveal is a left press and
release, a flag a right press and release, a chord a left and a right press
and both releases. A ? is a right click where it takes a flag away (a flag
becomes a ?) or on an opened cell. The format's readers have no ?, and their
right click on a covered cell flags it: so a ? put on a covered cell or taken
off it, which changes nothing they show, has no event. Practice has none
either. Their floods stop at flags, where minebender's open them: each flag
minebender's flood opened is then taken off and its cell opened, a right and
a left click more than the game had. So the file plays to the same board. The
assist and auto play have no mouse events: a game that used either is refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from minebender.formats.replay import Replay
from minebender.services.review.record import ReviewError
from minebender.services.session import INPUT_TYPES, PATH_CELL, Session, bbbv
from minebender.values.types import Pos

__all__ = ["CELL_PIXELS", "MouseKind", "Press", "evf_bytes", "mouse_events"]

CELL_PIXELS = 16
MouseKind = Literal["mv", "lc", "lr", "rc", "rr", "mc", "mr"]
_KINDS: dict[MouseKind, int] = {"mv": 1, "lc": 2, "lr": 3, "rc": 4, "rr": 5, "mc": 6, "mr": 7}
_BUTTON_KINDS: dict[tuple[str, int], MouseKind] = {
    ("down", 0): "lc",
    ("up", 0): "lr",
    ("down", 1): "rc",
    ("up", 1): "rr",
    ("down", 2): "mc",
    ("up", 2): "mr",
}
_CLICKS: dict[str, tuple[MouseKind, ...]] = {
    "reveal": ("lc", "lr"),
    "flag": ("rc", "rr"),
    "chord": ("lc", "rc", "lr", "rr"),
}
_MAX_TIME_MS = 2**24 - 1
_WON, _OFFICIAL, _FAIR, _NO_RIGHT = 0x80, 0x40, 0x20, 0x10
_QUESTION = 0x80  # the second flags byte: question marks were on


@dataclass(frozen=True, slots=True)
class Press:
    """One mouse event of the file: its kind (``lc`` left press, ``lr`` left
    release, ``rc``/``rr`` right), ms since the session began, and the
    pointer in pixels from the board's top left corner."""

    kind: MouseKind
    t_ms: int
    px: int
    py: int


def _at(kinds: tuple[MouseKind, ...], t_ms: int, pos: Pos) -> Iterator[Press]:
    half = CELL_PIXELS // 2
    for kind in kinds:
        yield Press(kind, t_ms, pos.x * CELL_PIXELS + half, pos.y * CELL_PIXELS + half)


_NO_EVF = {
    "assist": "a game that used the assist has no .evf: the assist is no mouse click",
    "auto": "a game that used auto play has no .evf: its clicks were not the mouse's",
}


def mouse_events(r: Replay) -> Iterator[Press]:
    """The mouse events of a finished game: a record of presses as it is
    (``_recorded``), an older record derived from its actions (see the
    module's docstring); ReviewError for the assist or a click off the
    board, which no .evf can hold."""
    if any(e.type in INPUT_TYPES for e in r.events):
        yield from _recorded(r)
        return
    s = Session(r.spec, lambda: 0.0)
    b = r.spec.setup
    for e in r.events:  # an older record: its events are its cell actions
        if e.type in ("assist", "auto"):
            raise ReviewError(_NO_EVF[e.type])
        pos = e.pos
        flags, before = s.flags, s.knowledge
        s.act(e)
        if pos is None:  # practice: no click
            continue
        if not (0 <= pos.x < b.width and 0 <= pos.y < b.height):
            raise ReviewError(f"a click off the board ({pos.x}, {pos.y}) has no place in .evf")
        if e.type != "mark":
            yield from _at(_CLICKS[e.type], e.t_ms, pos)
        elif pos in flags or not before.hidden(pos):
            yield from _at(("rc", "rr"), e.t_ms, pos)
        yield from _flooded(s, flags, e.t_ms)


def _recorded(r: Replay) -> Iterator[Press]:
    """The presses of a record as they were made, with the pointer's path.

    Three things the format's readers cannot play are left out or added, so
    that the file plays to the same board: a press and its release off the
    board (ms_toollib stops on a click outside it); a right click that takes
    a ? off a covered cell (their right click would flag it); and, after a
    flood that opened flagged cells, a right and a left click on each, as
    for older records."""
    s = Session(r.spec, lambda: 0.0)
    scale = CELL_PIXELS / PATH_CELL
    release = _releases(r)
    skip: set[int] = set()  # presses and releases left out
    for i, j in release.items():
        if r.events[i].pos is None or (j >= 0 and r.events[j].pos is None):
            skip |= {i, j}  # off the board, or released off it
    for i, e in enumerate(r.events):
        if e.type in ("assist", "auto"):
            raise ReviewError(_NO_EVF[e.type])
        flags, marks, done = s.flags, s.marks, len(s.moves)
        s.act(e)
        if e.type == "path":
            for dt, x, y in e.move.points:  # type: ignore[union-attr]
                if x >= 0 and y >= 0:
                    yield Press("mv", e.t_ms + dt, round(x * scale), round(y * scale))
            continue
        if e.type not in ("down", "up"):
            continue
        pos, kind = e.pos, _BUTTON_KINDS[(e.type, e.k)]
        if any(m.type == "mark" and m.pos in marks for m in s.moves[done:]):
            skip.add(release.get(i, -1))  # a ? taken off: no click for the readers
            continue
        if i in skip or pos is None:
            continue
        yield from _at((kind,), e.t_ms, pos)
        yield from _flooded(s, flags, e.t_ms)


def _releases(r: Replay) -> dict[int, int]:
    """Each press's index with its release's (-1: none), in one pass."""
    out: dict[int, int] = {}
    open_: dict[int, int] = {}  # button -> the index of its press not yet released
    for i, e in enumerate(r.events):
        if e.type == "down":
            open_[e.k] = i
            out[i] = -1
        elif e.type == "up" and e.k in open_:
            out[open_.pop(e.k)] = i
    return out


def _flooded(s: Session, flags: frozenset[Pos], t_ms: int) -> Iterator[Press]:
    """A right and a left click on each flag minebender's flood opened: the
    format's readers stop their floods at flags."""
    if s.started:
        for p in sorted(flags - s.flags, key=lambda p: (p.y, p.x)):
            if not s.knowledge.hidden(p):
                yield from _at(("rc", "rr", "lc", "lr"), t_ms, p)


def _text(value: str) -> bytes:
    return value.encode("utf-8").replace(b"\x00", b"") + b"\x00"


def evf_bytes(r: Replay) -> bytes:
    """The .evf file of a finished minebender game; ReviewError when it used
    the assist or does not fit the format (a click off the board, a game over
    4.6 hours)."""
    presses = list(mouse_events(r))
    layout = r.layout
    height, width = len(layout), len(layout[0])
    mines = sum(map(sum, layout))
    moves = r.moves
    start = min((p.t_ms for p in presses), default=0)
    if r.result.elapsed_ms > _MAX_TIME_MS or (presses and presses[-1].t_ms - start > _MAX_TIME_MS):
        raise ReviewError("the game is too long for .evf (at most 4.6 hours)")
    flags = 0
    if r.result.status == "won":
        flags |= _WON
        if not r.spec.practice:
            flags |= _FAIR
    if not any(p.kind == "rc" for p in presses):
        flags |= _NO_RIGHT
    options = _QUESTION if any(e.type == "mark" for e in moves) else 0
    out = bytearray([3, flags, options, height, width])
    out += mines.to_bytes(2, "big")
    out.append(CELL_PIXELS)
    out += (0).to_bytes(2, "big")  # mode: standard
    out += bbbv(layout).to_bytes(2, "big")
    out += r.result.elapsed_ms.to_bytes(3, "big")
    for text in ("minebender", r.player or "", "", "", "", "", "", ""):
        out += _text(text)
    bits = [m for row in layout for m in row]
    for i in range(0, len(bits), 8):
        chunk = bits[i : i + 8]
        byte = 0
        for m in chunk:
            byte = byte << 1 | m
        out.append(byte << (8 - len(chunk)))
    for p in presses:
        out.append(_KINDS[p.kind])
        out += (p.t_ms - start).to_bytes(3, "big")
        out += p.px.to_bytes(2, "big") + p.py.to_bytes(2, "big")
    out.append(255)
    return bytes(out)

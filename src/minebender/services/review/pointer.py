"""Where the pointer went in a recorded game, for the viewer to draw.

The record of a review holds the player's actions; the viewer also shows the
mouse between them, as the other clients' players do. Their files hold every
mouse event in pixels; minebender's own replays of version 3 hold ``path``
events (docs/replays.md) and the cell of each press and release. Both become
one list of points ``(t_ms, x, y)``, x and y in sixteenths of a cell from the
board's top left corner (``PATH_CELL``), times in the record's own clock.
A file with no pointer gives no point: the viewer then draws none.
"""

from __future__ import annotations

import importlib
import os
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from minebender.formats import replay
from minebender.services import limited
from minebender.services.review.child import run_child
from minebender.services.review.peers import PEER_FORMATS, sniff
from minebender.services.review.record import Record
from minebender.services.session import PATH_CELL, Press, Release
from minebender.services.session import Path as PathMove
from minebender.values.types import Pos

__all__ = [
    "MAX_POINTS",
    "Hover",
    "Point",
    "pointer_in_child",
    "pointer_of",
    "record_hovers",
    "replay_hovers",
]

Point = tuple[int, int, int]
MAX_POINTS = 200_000
"""The most points kept: an hour's game moves the mouse some 100 000 times."""

_HALF = PATH_CELL // 2


def pointer_in_child(
    report: Callable[[Any], None], fmt: str, data: bytes, workdir: str
) -> list[Point]:
    """Every mouse event of another client's file as a point (run in a child:
    ms_toollib may abort on a damaged file, see ``review.peers``)."""
    toollib: Any = importlib.import_module("ms_toollib")  # its stubs are not its API

    os.chdir(workdir)
    kinds = {"avf": "AvfVideo", "rmv": "RmvVideo", "evf": "EvfVideo", "mvf": "MvfVideo"}
    video = getattr(toollib, kinds[fmt])(f"replay.{fmt}", data)
    video.parse()
    video.analyse()
    pix = int(video.pix_size) or 16
    out: list[Point] = []
    for e in video.events:
        if e.event.is_mouse():
            m = e.event.unwrap_mouse()
            out.append(
                (round(e.time * 1000), int(m.x) * PATH_CELL // pix, int(m.y) * PATH_CELL // pix)
            )
    return out[:MAX_POINTS]


def _own(data: bytes) -> list[Point]:
    r = replay.loads(data)
    out: list[Point] = []
    for e in r.events:
        if isinstance(e.move, PathMove):
            out.extend((e.t_ms + dt, x, y) for dt, x, y in e.move.points)
        elif e.type in ("down", "up") and e.pos is not None:
            out.append((e.t_ms, e.pos.x * PATH_CELL + _HALF, e.pos.y * PATH_CELL + _HALF))
    return sorted(out, key=lambda p: p[0])[:MAX_POINTS]


def pointer_of(path: Path, data: bytes) -> list[Point]:
    """The pointer's points of a replay file already read (``data``); none
    when the file records no pointer or cannot be read (the review says why)."""
    suffix = path.suffix.lower()
    if suffix == ".json":
        try:
            return _own(data)
        except replay.ReplayError:
            return []
    fmt = PEER_FORMATS.get(suffix)
    if fmt is None or sniff(fmt, data) is not None:
        return []
    with tempfile.TemporaryDirectory(prefix="minebender-pointer-") as workdir:
        outcome = run_child(pointer_in_child, fmt, data, workdir)
    return outcome.value if isinstance(outcome, limited.Done) else []


@dataclass(frozen=True, slots=True)
class Hover:
    """Where the pointer was from ``t_ms`` on, in cells, as the terminal's
    viewer draws it: its cell (None off the board) and whether a button was
    held down (a press the move after it acts on)."""

    t_ms: int
    cell: Pos | None
    pressed: bool


_PRESSES = {"lc": "l", "rc": "r", "mc": "m", "cc": "lr"}
_RELEASES = {"lr": "l", "rr": "r", "mr": "m"}


def _changes(hovers: Iterable[Hover]) -> list[Hover]:
    """Only the hovers that change what is drawn: a pointer moving inside a
    cell is one hover, not a hundred."""
    out: list[Hover] = []
    for h in hovers:
        if not out or (out[-1].cell, out[-1].pressed) != (h.cell, h.pressed):
            out.append(h)
    return out[:MAX_POINTS]


def _on_board(x: int, y: int, width: int, height: int) -> Pos | None:
    return Pos(x, y) if 0 <= x < width and 0 <= y < height else None


def record_hovers(record: Record) -> list[Hover]:
    """Another client's mouse events (``Record.mouse``, on the moves' clock)
    as the cells the pointer crossed and its presses; none for a record
    without them (minebender's: ``replay_hovers``)."""
    held: set[str] = set()

    def each() -> Iterable[Hover]:
        for t, kind, x, y in record.mouse:
            if kind == "pf":  # a flag placed before the game: no pointer
                continue
            held.update(_PRESSES.get(kind, ""))
            held.difference_update(_RELEASES.get(kind, ""))
            yield Hover(t, _on_board(x, y, record.width, record.height), bool(held))

    return _changes(each())


def replay_hovers(r: replay.Replay) -> list[Hover]:
    """A minebender replay's pointer (its ``path`` events, of version 3) and
    its presses, on the replay's clock; none for a replay that holds neither."""
    width, height = r.spec.setup.width, r.spec.setup.height
    held: set[str] = set()

    def each() -> Iterable[Hover]:
        for e in r.events:
            move = e.move
            if isinstance(move, PathMove):
                for dt, px, py in move.points:
                    cell = _on_board(px // PATH_CELL, py // PATH_CELL, width, height)
                    yield Hover(e.t_ms + dt, cell, bool(held))
            elif isinstance(move, Press | Release):
                if isinstance(move, Press):
                    held.add(move.button)
                else:
                    held.discard(move.button)
                cell = (
                    None if move.pos is None else _on_board(move.pos.x, move.pos.y, width, height)
                )
                yield Hover(e.t_ms, cell, bool(held))

    return _changes(each())

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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from minebender.formats import replay
from minebender.services import limited
from minebender.services.review.child import run_child
from minebender.services.review.peers import PEER_FORMATS, sniff
from minebender.services.session import PATH_CELL
from minebender.services.session import Path as PathMove

__all__ = ["MAX_POINTS", "Point", "pointer_in_child", "pointer_of"]

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

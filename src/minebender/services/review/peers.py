"""Other clients' replays (.avf, .rmv, .evf, .mvf, RAW vf), most read with
ms_toollib.

ms_toollib parses the four formats, but on a damaged file its Rust core may
abort the whole process (SIGABRT, beyond any ``try``), and it writes a
``crash.log`` into the working directory when it does. So it only ever runs
in a child process, in a directory of its own: a bad file costs one error line
and nothing else. Before that, the first bytes are checked here, so a file
that is not a replay at all, or of a version not known, is named as such.

ms_toollib reads Minesweeper Clone 0.97 only: the other versions of .mvf are
read by ``mvf_old``, and RAW vf text by ``rawvf``, both in this process (pure
Python, no abort to fear). Every format then comes to the same ``Record``.
"""

from __future__ import annotations

import importlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from minebender.services import limited
from minebender.services.review.child import run_child, why_not
from minebender.services.review.mouse import MouseEvent, actions_of, inputs_of
from minebender.services.review.mvf_old import CELL, CloneError, events_of, read_clone
from minebender.services.review.rawvf import RawVfError, read_rawvf
from minebender.services.review.record import Format, Record, ReviewError, not_a_replay
from minebender.values.files import read_regular
from minebender.values.types import Layout, Pos
from minebender.values.words import count

__all__ = ["MAX_BYTES", "PEER_FORMATS", "parse_in_child", "read_peer", "sniff", "toollib_board"]

PEER_FORMATS: dict[str, Format] = {
    ".avf": "avf",
    ".rmv": "rmv",
    ".evf": "evf",
    ".mvf": "mvf",
    ".rawvf": "rawvf",
    ".txt": "rawvf",
}
MAX_BYTES = 20_000_000
"""The largest file read: an Expert game of an hour is a few MB."""
RMV_VERSIONS = (1, 2)
EVF_VERSIONS = (0, 1, 2, 3, 4)
EVF_HEADER = 16
"""The fewest bytes before an .evf's strings: the flags, the board, the time."""
AVF_LEVELS = (3, 4, 5, 6)
MVF_097 = (b"\x11\x4d", b"5")
"""Minesweeper Clone 0.97's first two bytes, and its byte 27."""


def toollib_board(layout: Layout) -> list[list[int]]:
    """A layout as ms_toollib takes a board: rows of -1 for a mine, else the
    number of mines around the cell."""
    h = len(layout)
    w = len(layout[0]) if h else 0
    return [
        [
            -1
            if layout[y][x]
            else sum(
                layout[j][i]
                for j in range(max(y - 1, 0), min(y + 2, h))
                for i in range(max(x - 1, 0), min(x + 2, w))
            )
            for x in range(w)
        ]
        for y in range(h)
    ]


def sniff(fmt: Format, data: bytes) -> str | None:
    """What is wrong with the first bytes of a file of this format, or None
    when they look right (the rest is ms_toollib's to read)."""
    if not data:
        return "the file is empty"
    if fmt == "rmv":
        if not data.startswith(b"*rmv"):
            return "not an RMV replay (it does not begin with *rmv)"
        if len(data) < 6:
            return "cut short (the header ends early)"
        version = int.from_bytes(data[4:6], "big")
        if version not in RMV_VERSIONS:
            return f"RMV version {version} is not known (known: 1 and 2)"
    elif fmt == "evf":
        if data[0] not in EVF_VERSIONS:
            return f"not an EVF replay, or of a version not known (the first byte is {data[0]})"
        if len(data) < EVF_HEADER:
            return "cut short (the header ends early)"
    elif fmt == "avf":
        if len(data) < 6:
            return "cut short (the header ends early)"
        if data[5] not in AVF_LEVELS:
            return f"not an AVF replay (level byte {data[5]}, known: 3 to 6)"
    elif fmt == "mvf" and data.startswith(MVF_097[0]) and len(data) < 28:
        return "cut short (the header ends early)"
    return None


def by_toollib(fmt: Format, data: bytes) -> bool:
    """Whether ms_toollib reads this file: not RAW vf, and of .mvf only
    Clone 0.97 (any other version it "reads" as an empty board, then aborts)."""
    if fmt == "rawvf":
        return False
    return fmt != "mvf" or (data.startswith(MVF_097[0]) and data[27:28] in (b"", MVF_097[1]))


def parse_in_child(
    report: Callable[[Any], None], fmt: str, data: bytes, workdir: str
) -> dict[str, Any]:
    """Parse a file's bytes with ms_toollib (run in a child process: see the
    module's docstring). Plain values only, so the answer crosses a pipe.
    ``workdir`` is the caller's to remove: ms_toollib writes its crash.log
    into the working directory as it aborts, when the child can clean nothing."""
    toollib: Any = importlib.import_module("ms_toollib")  # its stubs are not its API

    os.chdir(workdir)
    readers = {
        "avf": toollib.AvfVideo,
        "rmv": toollib.RmvVideo,
        "evf": toollib.EvfVideo,
        "mvf": toollib.MvfVideo,
    }
    video = readers[fmt](f"replay.{fmt}", data)
    video.parse()
    video.analyse()
    pix = int(video.pix_size) or 16
    events = []
    for e in video.events:
        ev = e.event
        if not ev.is_mouse():
            continue
        m = ev.unwrap_mouse()
        events.append((round(e.time * 1000), str(m.mouse), int(m.x) // pix, int(m.y) // pix))
    board = [list(map(int, row)) for row in video.board]
    return {
        "width": int(video.column),
        "height": int(video.row),
        "mines": int(video.mine_num),
        "board": board,
        "events": events,
        "software": str(video.software) or None,
        "player": str(video.player_identifier) or None,
        "zini": int(toollib.cal_zini(board)),
    }


def read_peer(path: Path, data: bytes | None = None) -> Record:
    """The record of another client's replay file; ReviewError names what is wrong."""
    name = str(path)
    fmt = PEER_FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise ReviewError(not_a_replay(name))
    if data is None:
        try:
            data = read_regular(path, MAX_BYTES)  # a FIFO is refused, not waited on
        except OSError as exc:
            raise ReviewError(f"cannot read {name}: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise ReviewError(f"{name}: more than {MAX_BYTES} bytes: no replay is that large")
    wrong = sniff(fmt, data)
    if wrong is not None:
        raise ReviewError(f"{name}: {wrong}")
    if not by_toollib(fmt, data):
        try:
            got = _read_clone(data) if fmt == "mvf" else _read_rawvf(data)
        except (CloneError, RawVfError) as exc:
            raise ReviewError(f"{name}: {exc}") from None
        return _record(name, fmt, got)
    with tempfile.TemporaryDirectory(prefix="minebender-review-") as workdir:
        outcome = run_child(parse_in_child, fmt, data, workdir)
    if not isinstance(outcome, limited.Done):
        raise ReviewError(f"{name}: {why_not(outcome, fmt.upper())}")
    return _record(name, fmt, outcome.value)


def _read_clone(data: bytes) -> dict[str, Any]:
    """A Clone replay of a version before or after 0.97, as ``parse_in_child``
    gives the others (ZiNi is left to ``report.zini_of``)."""
    c = read_clone(data)
    layout = [[False] * c.width for _ in range(c.height)]
    for x, y in c.mines:
        layout[y][x] = True
    return {
        "width": c.width,
        "height": c.height,
        "mines": len(c.mines),
        "board": toollib_board(tuple(map(tuple, layout))),
        "events": [(t, kind, x // CELL, y // CELL) for t, kind, x, y in events_of(c.samples)],
        "software": f"Minesweeper Clone {c.version}",
        "player": c.player,
        "zini": None,
    }


def _read_rawvf(data: bytes) -> dict[str, Any]:
    """A RAW vf file, as ``parse_in_child`` gives the others."""
    r = read_rawvf(data)
    return {
        "width": len(r.layout[0]),
        "height": len(r.layout),
        "mines": sum(map(sum, r.layout)),
        "board": toollib_board(r.layout),
        "events": list(r.events),
        "software": r.software,
        "player": r.info.get("player") or None,
        "zini": None,
    }


def _record(name: str, fmt: Format, got: dict[str, Any]) -> Record:
    width, height, mines = got["width"], got["height"], got["mines"]
    board = got["board"]
    if (
        width < 1
        or height < 1
        or len(board) != height
        or any(len(row) != width for row in board)
        or sum(v < 0 for row in board for v in row) != mines
    ):
        raise ReviewError(
            f"{name}: damaged: its board is not {width}x{height} with {count(mines, 'mine')}"
        )
    layout = tuple(tuple(v < 0 for v in row) for row in board)
    # The record's times start at 0: RAW vf gives the time before the clock
    # started below 0, which every time is moved past.
    base = min((t for t, _, _, _ in got["events"]), default=0)
    base = min(base, 0)
    events = [MouseEvent(t - base, kind, Pos(x, y)) for t, kind, x, y in got["events"]]
    moves, opened = actions_of(width, height, layout, inputs_of(events))
    # The clients' clock starts at the first left release on the board, even
    # one that opens nothing (a chord before the first click): ms_toollib's too.
    # An .mvf's starts at the first left release anywhere, off the board too.
    on_board = [
        e.t_ms for e in events if e.kind == "lr" and (fmt == "mvf" or _inside(e.pos, width, height))
    ]
    start = min((t for t in (*on_board[:1], opened) if t is not None), default=None)
    software = got["software"]
    if fmt == "mvf" and software and not software.startswith("Minesweeper Clone"):
        software = f"Minesweeper Clone {software}"  # ms_toollib says "0.97 beta"
    origin = -base if start is None else start
    return Record(
        name,
        fmt,
        software,
        got["player"],
        width,
        height,
        mines,
        layout,
        moves,
        origin,
        got["zini"],
        flags_stop_floods=True,
        clock_started=start is not None,
        mouse=tuple((e.t_ms - origin, e.kind, e.pos.x, e.pos.y) for e in events),
    )


def _inside(pos: Pos, width: int, height: int) -> bool:
    return 0 <= pos.x < width and 0 <= pos.y < height

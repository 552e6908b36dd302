"""A minebender game written as Metasweeper's ``.evf`` (version 3), so that
Metasweeper and ms_toollib read it.

ms_toollib's own recorder stamps each event with the wall clock as it is
given, so it cannot write a game that is already over; this writes the
format's published layout instead: a version byte (3), two bytes of flags
(won, official, fair, no right click), the height, the width, the mines (two
bytes), the cell size in pixels, the mode (two bytes), the 3BV (two bytes), the
time in ms (three bytes), eight strings each ended by a 0 byte (software,
player, race, game id, start, end, country, device), the mines one bit a cell
row by row, then each mouse event as its kind, its time in ms (three bytes)
and its x and y in pixels (two bytes each), and a 255 byte (no checksum).

Each cell action (``Replay.moves``, what the presses came to) becomes the
mouse events the clients make of it: a reveal is a left press and release, a
flag a right press and release, a chord a left and a right press and both
releases. The assist has no mouse events: a game that used it is refused.
"""

from __future__ import annotations

from minebender.replay import Replay
from minebender.review.record import ReviewError
from minebender.session import bbbv

__all__ = ["CELL_PIXELS", "evf_bytes"]

CELL_PIXELS = 16
_KINDS = {"lc": 2, "lr": 3, "rc": 4, "rr": 5}
_MOUSE = {
    "reveal": ("lc", "lr"),
    "flag": ("rc", "rr"),
    "chord": ("lc", "rc", "lr", "rr"),
}
_MAX_TIME_MS = 2**24 - 1


def _text(value: str) -> bytes:
    return value.encode("utf-8").replace(b"\x00", b"") + b"\x00"


def evf_bytes(r: Replay) -> bytes:
    """The .evf file of a finished minebender game; ReviewError when it used
    the assist or does not fit the format (a side over 255 cells, a game over
    4.6 hours)."""
    if any(e.type == "assist" for e in r.events):
        raise ReviewError("a game that used the assist has no .evf: the assist is no mouse click")
    moves = [m for m in r.moves if m.type != "practice"]  # practice is no click
    layout = r.layout
    height, width = len(layout), len(layout[0])
    mines = sum(map(sum, layout))
    start = moves[0].t_ms if moves else 0
    if r.result.elapsed_ms > _MAX_TIME_MS or (moves and moves[-1].t_ms - start > _MAX_TIME_MS):
        raise ReviewError("the game is too long for .evf (at most 4.6 hours)")
    flags = 0x20  # fair
    if r.result.status == "won":
        flags |= 0x80
    if not any(e.type == "flag" for e in moves):
        flags |= 0x10  # played without right clicks
    out = bytearray([3, flags, 0, height, width])
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
    for e in moves:
        assert e.pos is not None
        x = e.pos.x * CELL_PIXELS + CELL_PIXELS // 2
        y = e.pos.y * CELL_PIXELS + CELL_PIXELS // 2
        for kind in _MOUSE[e.type]:
            out.append(_KINDS[kind])
            out += (e.t_ms - start).to_bytes(3, "big")
            out += x.to_bytes(2, "big") + y.to_bytes(2, "big")
    out.append(255)
    return bytes(out)

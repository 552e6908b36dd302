"""Arbiter (.avf) and Minesweeper Clone 0.97 (.mvf) replays written for the
review tests, byte for byte as ms_toollib's readers parse them.

No real file of either format can be had here, and ms_toollib has no writer
for them; so these build a game's layout, mouse events and player name into
the layout those readers expect. Fields the readers skip are left zero.
"""

from __future__ import annotations

import math
from pathlib import Path

import ms_toollib

from review_files import numbers

Click = tuple[str, int, int]
"""("l" a left, "r" a right, "m" a middle click, "c" a chord with both
buttons, x, y)."""
Event = tuple[int, str, int, int]
"""(time in hundredths of a second, "lc" "lr" "rc" "rr" "mc" "mr", x, y in pixels)."""

CELL = 16
"""Both readers count 16 pixels a cell."""
LEVELS = {(8, 8, 10): 3, (16, 16, 40): 4, (30, 16, 99): 5}
"""Arbiter's levels; any other board is a custom one (6)."""


def mouse_events(clicks: list[Click], step: int = 13) -> list[Event]:
    """The press and release events of clicks, one click every ``step``
    hundredths from time 0, the pointer in the middle of its cell."""
    events: list[Event] = []
    for i, (kind, x, y) in enumerate(clicks):
        t = i * step
        px, py = x * CELL + CELL // 2, y * CELL + CELL // 2
        if kind == "c":
            kinds = ["lc", "rc", "lr", "rr"]
        elif kind in ("l", "r", "m"):
            kinds = [kind + "c", kind + "r"]
        else:
            raise ValueError(f"click kind {kind!r}: 'l', 'r', 'm' or 'c'")
        events += [(t + (j + 1) // 2 * 2, k, px, py) for j, k in enumerate(kinds)]
    return events


# ---- Arbiter .avf -------------------------------------------------------------

AVF_CODES = {"mv": 1, "lc": 3, "lr": 5, "rc": 9, "rr": 17, "mc": 33, "mr": 65}


def _avf_event(kind: str, x: int, y: int, t: int) -> bytes:
    """Eight bytes, interleaved: code, x high, seconds + 1 low, x low,
    hundredths, y high, seconds + 1 high, y low (the reader takes 1 off)."""
    sec, hs = divmod(t, 100)
    sec += 1
    return bytes([AVF_CODES[kind], x >> 8, sec & 255, x & 255, hs, y >> 8, sec >> 8, y & 255])


def avf_bytes(
    mines: set[tuple[int, int]],
    width: int,
    height: int,
    events: list[Event],
    player: str = "Ada",
) -> bytes:
    """An Arbiter replay: version, 4 unread bytes, the level (with width - 1,
    height - 1 and the mines for a custom board), each mine as row + 1 then
    column + 1, a block the reader skips (as long as the digits of the board's
    checksum, plus 4), a country byte, 127 (question marks off) and one more
    byte before "[level-3|", the custom size, start and end timestamps,
    "B<3BV>T<time + 1>]", the mouse events, an all-zero event that ends them,
    and "Skin:...\\r<player>\\r"."""
    t, kind, x, _ = events[0]
    if kind == "mv" or x >= 512 or t >= 100:
        # It looks for a 1 in the third byte (second 0, plus 1) after at most
        # a 1 in the second (x high): a move's code 1 would be taken for that.
        raise ValueError("the reader finds the first event by its bytes: no move, x < 512, t < 1 s")
    level = LEVELS.get((width, height, len(mines)), 6)
    out = bytearray([34, 0, 0, 0, 0, level])
    if level == 6:
        out += bytes([width - 1, height - 1]) + len(mines).to_bytes(2, "big")
    for x, y in sorted(mines, key=lambda p: (p[1], p[0])):
        out += bytes([y + 1, x + 1])
    board = numbers(mines, width, height)
    checksum = sum(
        (10 if board[y][x] < 0 else board[y][x] + 1) * (x + x * y)
        for x in range(width)
        for y in range(height)
    )
    out += bytes(len(str(checksum)) + 4)
    out += bytes([41])  # country: US
    out += bytes([127]) + b"0"
    out += f"[{level - 3}|".encode()
    if level == 6:
        out += f"W{width}H{height}M{len(mines)}|".encode()
    out += b"3.12.2026.16:00:00:1000|3.16:00:05:1000|"  # parsed, not used for the figures
    time = _game_time(events) + 100  # the reader takes 1 s off
    out += f"B{_bbbv(mines, width, height)}T{time // 100}.{time % 100:02d}]".encode()
    for t, kind, x, y in events:
        out += _avf_event(kind, x, y, t)
    out += bytes(8)
    out += b"Skin: Classic\r" + player.encode("utf-8") + b"\r"
    return bytes(out)


# ---- Minesweeper Clone 0.97 .mvf ----------------------------------------------

MVF_SEED = 1234
"""The two bytes that choose the file's bit permutation (any value serves)."""


def _round(v: float) -> int:
    """Rounding half away from zero, as the reader's (Rust's) round."""
    return math.floor(v + 0.5)


def mvf_permutation(seed: int) -> list[int]:
    """Where each of an event's 40 bits lies in its 5 bytes: the reader
    derives 40 digits from the seed by sines and cosines, and sorts the
    positions by digit (stably); the n-th of them holds bit n."""
    n1 = math.sqrt(seed)
    n2 = math.sqrt(seed + 1000.0)
    n3 = math.sqrt(n1 + 1000.0)
    parts = [
        math.cos(n3 + 1000.0),
        math.sin(math.sqrt(n2)),
        math.cos(n3),
        math.sin(math.sqrt(n1) + 1000.0),
        math.cos(math.sqrt(n2 + 1000.0)),
    ]
    digits = "".join(f"{_round(abs(v) * 100_000_000):08d}"[:8] for v in parts)
    return [j for d in "0123456789" for j in range(40) if digits[j] == d]


def _mvf_event(order: list[int], buttons: tuple[int, int, int], x: int, y: int, t: int) -> bytes:
    """Five bytes: right, middle, left button, y and x (9 bits each),
    hundredths (7 bits), seconds (10 bits), scattered by the permutation."""
    left, right, middle = buttons
    sec, hs = divmod(t, 100)
    bits = [right, middle, left]
    bits += [(y >> j) & 1 for j in range(9)] + [(x >> j) & 1 for j in range(9)]
    bits += [(hs >> j) & 1 for j in range(7)] + [(sec >> j) & 1 for j in range(10)]
    out = bytearray(5)
    for i, bit in enumerate(bits):
        if bit:
            out[order[i] // 8] |= 1 << (order[i] % 8)
    return bytes(out)


def mvf_bytes(
    mines: set[tuple[int, int]],
    width: int,
    height: int,
    events: list[Event],
    player: str = "Ada",
) -> bytes:
    """A Minesweeper Clone 0.97 replay: 0x11 0x4D, 25 unread bytes, '5', 46
    unread bytes, the date, level and mode, the time, 3BV and 9 unread bytes,
    width, height, mines and each mine as column + 1 then row + 1, the player,
    the permutation's seed, the count of events and the events. An event is
    the state of the buttons and pointer; the reader makes presses and
    releases of the changes (and a move, since it takes the first position as
    (0, 0))."""
    if max(width, height) * CELL >= 512:
        raise ValueError("the reader keeps 9 bits of x and y: at most 31 cells a side")
    level = LEVELS.get((width, height, len(mines)), 6)
    time = _game_time(events)
    out = bytearray(b"\x11\x4d" + bytes(25) + b"5" + bytes(46))
    out += bytes([12, 3]) + (2026).to_bytes(2, "big") + bytes([16, 0, 0])
    out += bytes([level - 2, 1])  # mode 1: classic
    out += (time // 100).to_bytes(2, "big") + bytes([time % 100])
    out += _bbbv(mines, width, height).to_bytes(2, "big") + bytes(9)
    out += bytes([width, height]) + len(mines).to_bytes(2, "big")
    for x, y in sorted(mines):
        out += bytes([x + 1, y + 1])
    name = player.encode("utf-8")
    out += bytes([len(name)]) + name + MVF_SEED.to_bytes(2, "big")
    order = mvf_permutation(MVF_SEED)
    down = {"l": 0, "r": 0, "m": 0}
    states = []
    for t, kind, x, y in events:
        if kind != "mv":
            down[kind[0]] = 1 if kind[1] == "c" else 0
        states.append(_mvf_event(order, (down["l"], down["r"], down["m"]), x, y, t))
    out += len(states).to_bytes(3, "big") + b"".join(states)
    return bytes(out)


def _game_time(events: list[Event]) -> int:
    """The game's time, which Arbiter writes and ms_toollib takes from its
    header: from the first left release (the clock starts) to the last event."""
    start = next((t for t, kind, _, _ in events if kind == "lr"), events[-1][0])
    return events[-1][0] - start


def _bbbv(mines: set[tuple[int, int]], width: int, height: int) -> int:
    """The board's 3BV, for the header (the readers recount it anyway)."""
    return int(ms_toollib.cal_bbbv(numbers(mines, width, height)))


def write_peer(
    path: Path,
    mines: set[tuple[int, int]],
    width: int,
    height: int,
    clicks: list[Click],
    player: str = "Ada",
) -> Path:
    """Write clicks as an .avf or .mvf replay, as path's suffix says."""
    writer = {".avf": avf_bytes, ".mvf": mvf_bytes}[path.suffix]
    path.write_bytes(writer(mines, width, height, mouse_events(clicks), player))
    return path

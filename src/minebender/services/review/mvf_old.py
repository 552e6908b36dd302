"""Minesweeper Clone's .mvf replays of every version, read here in pure
Python: ms_toollib reads Clone 0.97 only, and aborts on the others.

Clone wrote eight layouts over its history, told apart by their first bytes
(the published RAW vf converters describe the same eight):

- 0.97 (and two hacks of it) and 2006/2007 begin with 0x11 0x4D and a
  copyright text whose byte 27 is the last digit of a year: ``5`` is 0.97,
  ``6`` or ``7`` is 2006 or 2007, ``8`` is 0.97's "Funny Mode" hack. A file
  that begins with two 0 bytes is another hack of 0.97.
- Before 0.97 there is no header at all: the file begins with the width and
  the height (8, 16 or 30), and ends with the time, the player's name and a
  checksum whose size tells the version (0.8 to 0.96, 0.76, or earlier).

Every version keeps the mouse as a list of samples: the time, the pointer in
pixels and which buttons are down. A press or a release is a change between
two samples (``events_of``). Clone starts recording at the first release
that starts the clock, so its first sample stands for the press before it.
0.97 and 2006/2007 scatter each sample's bits by a permutation drawn from
two bytes of the file (sines and cosines of their square roots).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["CloneError", "CloneReplay", "Sample", "events_of", "read_clone", "text_of"]

CELL = 16
"""Clone draws every cell 16 pixels wide."""
MAX_SAMPLES = 5_000_000
"""More samples than an hour's game has: a count past it is a damaged file."""


class CloneError(ValueError):
    """A file that is no Clone replay, of a layout not known, or cut short."""


@dataclass(frozen=True, slots=True)
class Sample:
    """One recorded state of the mouse: ms since the clock started, the
    pointer in pixels from the board's top left corner, the buttons down."""

    t_ms: int
    x: int
    y: int
    left: bool
    right: bool
    middle: bool


@dataclass(frozen=True, slots=True)
class CloneReplay:
    """What a Clone replay holds."""

    version: str
    width: int
    height: int
    mines: tuple[tuple[int, int], ...]
    """Each mine as (column, row), from 0."""
    player: str | None
    time_ms: int
    """The time the file's header gives (Clone's own clock)."""
    bbbv: int | None
    """The 3BV the header gives (0.97 only)."""
    samples: tuple[Sample, ...]


class _Bytes:
    """A cursor on the file's bytes; CloneError when they end early."""

    def __init__(self, data: bytes, at: int = 0) -> None:
        self.data = data
        self.at = at

    def take(self, n: int) -> bytes:
        if n < 0 or self.at + n > len(self.data):
            raise CloneError("cut short (the file ends inside its data)")
        out = self.data[self.at : self.at + n]
        self.at += n
        return out

    def int(self, n: int) -> int:
        return int.from_bytes(self.take(n), "big")


def text_of(raw: bytes) -> str | None:
    """A name as best it can be shown; None when empty. UTF-8 when it is.
    Else the code page of the Windows it was typed on: GBK when its other
    bytes go in the pairs of Chinese characters (both 0xA1 or above; ms_toollib
    reads what is not UTF-8 as GBK), else Windows-1252, byte for byte."""
    raw = raw.replace(b"\x00", b"").strip()
    if not raw:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if _chinese_pairs(raw):
        try:
            return raw.decode("gbk")
        except UnicodeDecodeError:
            pass
    return raw.decode("cp1252", errors="replace")


def _chinese_pairs(raw: bytes) -> bool:
    """Whether every byte above ASCII is half of a GB2312 pair."""
    i = 0
    while i < len(raw):
        if raw[i] < 0x80:
            i += 1
        elif i + 1 < len(raw) and raw[i] >= 0xA1 and raw[i + 1] >= 0xA1:
            i += 2
        else:
            return False
    return True


def _board(b: _Bytes, base: int) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """Width, height, and the mines as column then row, counted from ``base``."""
    width, height, count = b.int(1), b.int(1), b.int(2)
    if width < 1 or height < 1:
        raise CloneError(f"damaged: a board {width}x{height}")
    if count > width * height:
        raise CloneError(f"damaged: {count} mines on a board {width}x{height}")
    mines = []
    for _ in range(count):
        x, y = b.int(1) - base, b.int(1) - base
        if not (0 <= x < width and 0 <= y < height):
            raise CloneError(f"damaged: a mine at ({x}, {y}) is off the {width}x{height} board")
        mines.append((x, y))
    if len(set(mines)) != count:
        raise CloneError("damaged: a mine is given twice")
    return width, height, tuple(mines)


def _permutation(seed: int, groups: int) -> list[int]:
    """Where each bit of a sample lies: ``groups`` eight-digit numbers drawn
    from the seed; the bit positions sorted by their digit (stably)."""
    n1 = math.sqrt(seed)
    n2 = math.sqrt(seed + 1000.0)
    n3 = math.sqrt(n1 + 1000.0)
    n4 = math.sqrt(n2 + 1000.0)
    values = [
        math.cos(n3 + 1000.0),
        math.sin(math.sqrt(n2)),
        math.cos(n3),
        math.sin(math.sqrt(n1) + 1000.0),
        math.cos(n4),
        math.sin(n4),
    ][:groups]
    digits = "".join(f"{math.floor(abs(v) * 100_000_000 + 0.5):08d}"[:8] for v in values)
    return [j for d in "0123456789" for j in range(len(digits)) if digits[j] == d]


def _unscramble_table(order: list[int]) -> list[list[int]]:
    """For each byte of a sample and each of its 256 values, the bits it puts
    in place: bit n of the sample lies at bit ``order[n]`` of its bytes (bit
    b of byte k is bit 8k+b), so a sample is the sum of one entry a byte."""
    where = {pos: n for n, pos in enumerate(order)}
    return [
        [sum(1 << where[8 * k + b] for b in range(8) if v >> b & 1) for v in range(256)]
        for k in range(len(order) // 8)
    ]


def _scrambled(b: _Bytes, size: int, coord_bits: int, wide_time: bool) -> list[Sample]:
    """The samples of 0.97 (5 bytes each) or 2006/2007 (6 bytes each): the
    buttons (right, middle, left), y, x, then the time."""
    table = _unscramble_table(_permutation(b.int(2), size))
    count = b.int(3)
    if count > MAX_SAMPLES or count * size > len(b.data) - b.at:
        raise CloneError(f"cut short ({count} mouse samples said, fewer there)")
    mask = (1 << coord_bits) - 1
    t0 = 3 + 2 * coord_bits
    out = []
    for _ in range(count):
        raw = b.take(size)
        d = sum(table[k][raw[k]] for k in range(size))
        y, x = d >> 3 & mask, d >> (3 + coord_bits) & mask
        if wide_time:  # 2006/2007: ms in 22 bits, the pointer 32 pixels off
            t_ms = d >> t0 & 0x3FFFFF
            x, y = x - 32, y - 32
        else:  # 0.97: hundredths in 7 bits, then seconds in 10
            t_ms = (d >> (t0 + 7) & 0x3FF) * 1000 + (d >> t0 & 0x7F) * 10
        out.append(Sample(t_ms, x, y, bool(d & 4), bool(d & 1), bool(d & 2)))
    return out


def _read_097(b: _Bytes, version: str) -> CloneReplay:
    b.take(7)  # the date: month, day, year (2 bytes), hour, minute, second
    b.take(2)  # level and mode
    time_ms = b.int(2) * 1000 + b.int(1) * 10
    bbbv = b.int(2)
    b.take(8)  # 3BV done, left, double and right clicks: recounted from the moves
    b.take(1)  # question marks on
    width, height, mines = _board(b, 1)
    player = text_of(b.take(b.int(1)))
    samples = _scrambled(b, 5, 9, False)
    return CloneReplay(version, width, height, mines, player, time_ms, bbbv, tuple(samples))


def _read_2007(b: _Bytes) -> CloneReplay:
    b.at = 53
    version = text_of(b.take(b.int(1))) or "2006/2007"
    b.at = 71
    b.take(7 + 2)  # the date, level and mode
    time_ms = b.int(3)
    b.take(1)  # question marks on
    width, height, mines = _board(b, 1)
    player = text_of(b.take(b.int(1)))
    samples = _scrambled(b, 6, 11, True)
    return CloneReplay(version, width, height, mines, player, time_ms, None, tuple(samples))


_OLD_SIZES = {(8, 8), (16, 16), (30, 16)}


def _read_old(data: bytes) -> CloneReplay:
    """0.96 and earlier: the board, two bytes, samples of 8 bytes (seconds,
    hundredths, buttons, x and y in two bytes each, one more byte); at the
    end the time (3 bytes), the player (100 bytes, from 0.76) and a checksum
    (10 digits up to 0.76, 20 bytes between two 0 bytes from 0.8). The
    samples end where their time goes back or past the game's. A sample
    keeps the seconds in one byte: a game past 255 s counts its laps. (The
    one 0.96 file at hand lasts 38 s, so no real file showed how Clone kept
    a longer game; the laps need nothing the published layout leaves out.)"""
    if (data[0], data[1]) not in _OLD_SIZES:
        raise CloneError(
            f"not an MVF replay, or of a version not known (a board {data[0]}x{data[1]},"
            " and Clone before 0.97 recorded only the three levels)"
        )
    b = _Bytes(data)
    width, height, mines = _board(b, 0)
    b.take(2)  # question marks on, and a byte not used
    n = len(data)
    if n >= 22 and data[-1] == 0 and data[-22] == 0:  # a checksum of 20 bytes between 0s
        version, end, name = "0.8 to 0.96 beta", n - 125, data[n - 122 : n - 22]
    elif n >= 13 and data[n - 13 : n - 10] == b"   ":
        version, end, name = "0.76 beta", n - 113, data[n - 110 : n - 10]
    else:
        version, end, name = "0.75 beta or earlier", n - 13, b""
    # The file has no length of its own: its end must be a name and a
    # checksum, or a file cut short would be read as a shorter game.
    checksum = data[-21:-1] if version.startswith("0.8") else data[-10:]
    if any(0 < c < 32 for c in name) or (
        not version.startswith("0.8") and not checksum.strip(b" ").isdigit()
    ):
        raise CloneError(
            "cut short, or of a version not known (a Clone replay before 0.97 ends with"
            " its player's name and a checksum, and this one does not)"
        )
    if end < b.at:
        raise CloneError("cut short (no room for the mouse samples and the time)")
    time_ms = int.from_bytes(data[end : end + 2], "big") * 1000 + data[end + 2] * 10
    samples: list[Sample] = []
    at, laps = b.at, 0
    while at <= end and at + 8 <= n:
        e = data[at : at + 8]
        if samples and e[0] < 8 and samples[-1].t_ms // 1000 % 256 >= 248:
            laps += 1  # the seconds kept in one byte went past 255
        t_ms = (laps * 256 + e[0]) * 1000 + e[1] * 10
        if (samples and t_ms < samples[-1].t_ms) or t_ms > time_ms:
            break  # past the last sample: the bytes before the time
        x, y = e[3] << 8 | e[4], e[5] << 8 | e[6]
        samples.append(Sample(t_ms, x, y, bool(e[2] & 1), bool(e[2] & 4), bool(e[2] & 2)))
        at += 8
    if not samples:
        raise CloneError("cut short (no mouse sample)")
    last = samples[-1]
    samples.append(Sample(last.t_ms, last.x, last.y, False, False, False))  # all buttons up
    return CloneReplay(version, width, height, mines, text_of(name), time_ms, None, tuple(samples))


def read_clone(data: bytes) -> CloneReplay:
    """A Clone replay of any version; CloneError names what is wrong."""
    if len(data) < 4:
        raise CloneError("cut short (the header ends early)" if data else "the file is empty")
    if data[:2] == b"\x11\x4d":
        year = data[27:28]
        if year in (b"5", b"8"):
            return _read_097(_Bytes(data, 74), "0.97 beta" if year == b"5" else "0.97 Funny Mode")
        if year in (b"6", b"7"):
            return _read_2007(_Bytes(data))
        raise CloneError(
            "not an MVF replay, or of a version not known"
            f" (its header names no year known: {year!r})"
        )
    if data[:2] == b"\x00\x00":
        return _read_097(_Bytes(data, 7), "0.97 (a hack of it)")
    return _read_old(data)


def events_of(samples: tuple[Sample, ...]) -> Iterator[tuple[int, str, int, int]]:
    """The mouse events of the samples (ms, kind, x and y in pixels): the
    first sample is the press of the button it shows down (a move when none
    is), each later one the changes from the one before: a move, then the
    presses, then the releases (left, right, middle)."""
    if not samples:
        return
    first = samples[0]
    kind = "mc" if first.middle else "rc" if first.right else "lc" if first.left else "mv"
    yield first.t_ms, kind, first.x, first.y
    prev = first
    for s in samples[1:]:
        if (s.x, s.y) != (prev.x, prev.y):
            yield s.t_ms, "mv", s.x, s.y
        buttons = (
            (s.left, prev.left, "l"),
            (s.right, prev.right, "r"),
            (s.middle, prev.middle, "m"),
        )
        pressed = [name + "c" for down, was, name in buttons if down and not was]
        released = [name + "r" for down, was, name in buttons if was and not down]
        for kind in pressed + released:
            yield s.t_ms, kind, s.x, s.y
        prev = s

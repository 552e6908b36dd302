"""RAW vf, the community's plain-text replay format: read and written.

The community's converters turn each client's replay into it, and its
checkers read it back. A file is three parts:

- the description: lines ``Key: value`` (the key in any case), among them
  ``Width``, ``Height`` and ``Mines`` (or a ``Level`` of the three, which
  gives them), and perhaps ``Program``, ``Version``, ``Player``, ``Time``,
  ``Status`` and ``SquareSize`` (16 pixels when not given);
- ``Board:`` and one line a row, ``*`` a mine and any other character a safe cell;
- the events, after an ``Events:`` line: each mouse event as its time in
  seconds (``12.345``; a ``-`` before it for the time before the clock
  started), its kind (``lc`` ``lr`` ``rc`` ``rr`` ``mc`` ``mr`` ``mv``, ``sc``
  a left press with Shift, which chords at its ``lr``), the cell as column then row from 1,
  and the pointer in pixels in brackets. Lines of the board's changes
  (``number``, ``flag``, ``closed``...) and of the game's (``start``, ``won``,
  ``blast``) are what the converters worked out from these: the reader passes
  them by, and works the game out again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from minebender import __version__
from minebender.formats.replay import Replay
from minebender.services.review.evf import CELL_PIXELS, mouse_events
from minebender.services.review.figures import Figures
from minebender.services.review.mvf_old import text_of
from minebender.services.review.record import Record, ReviewError
from minebender.services.session import Session, bbbv

__all__ = ["RawVf", "RawVfError", "rawvf_text", "read_rawvf", "record_rawvf_text"]

MOUSE_KINDS = frozenset(("lc", "lr", "rc", "rr", "mc", "mr", "mv", "sc"))
_EVENT = re.compile(
    r"^(-?)(\d+)(?:\.(\d{1,3}))?\s+([a-z]+)(?:\s+(-?\d+)\s+(-?\d+))?(?:\s*\(\s*(-?\d+)\s+(-?\d+)\s*\))?"
)
MAX_SIDE = 1000
"""No client's board is that large: a bigger one is a damaged file."""


_LEVEL_SIZES = {"beginner": (8, 8, 10), "intermediate": (16, 16, 40), "expert": (30, 16, 99)}


class RawVfError(ValueError):
    """A text that is no RAW vf replay, or one damaged or cut short."""


@dataclass(frozen=True, slots=True)
class RawVf:
    """What a RAW vf file says: the description, the mines (rows of
    booleans) and the mouse events (ms, kind, column and row from 0)."""

    info: dict[str, str]
    layout: tuple[tuple[bool, ...], ...]
    events: tuple[tuple[int, str, int, int], ...]

    @property
    def software(self) -> str | None:
        """The program and its version, as the description names them."""
        name = " ".join(v for v in (self.info.get("program"), self.info.get("version")) if v)
        return name or None


def _number(info: dict[str, str], key: str) -> int:
    value = info.get(key)
    if value is None:
        raise RawVfError(f"damaged: no {key.capitalize()} line before the board")
    try:
        return int(value.split()[0])
    except (ValueError, IndexError):
        raise RawVfError(f"damaged: its {key.capitalize()} is {value!r}, not a number") from None


def read_rawvf(data: bytes) -> RawVf:
    """A RAW vf file's parts; RawVfError names what is wrong."""
    if not data.strip():
        raise RawVfError("the file is empty")
    if b"\x00" in data:
        raise RawVfError("not a RAW vf replay (it is not text)")
    lines = (text_of(data) or "").splitlines()
    info: dict[str, str] = {}
    at = 0
    while at < len(lines) and lines[at].strip().lower() != "board:":
        key, colon, value = lines[at].partition(":")
        if colon:
            info[key.strip().lower()] = value.strip()
        at += 1
    if at == len(lines):
        if "rawvf_version" not in info:
            raise RawVfError("not a RAW vf replay (no RawVF_Version line, no Board: line)")
        raise RawVfError("cut short (no Board: line)")
    level = _LEVEL_SIZES.get(info.get("level", "").lower())
    if level is not None:  # a level's size, where no line gives it
        for key, n in zip(("width", "height", "mines"), level, strict=True):
            info.setdefault(key, str(n))
    width, height, mines = (_number(info, k) for k in ("width", "height", "mines"))
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        raise RawVfError(f"damaged: a board {width}x{height}")
    rows = [line.rstrip("\r\n") for line in lines[at + 1 : at + 1 + height]]
    if len(rows) < height or any(len(row) < width for row in rows):
        raise RawVfError(f"cut short (its board is not the {width}x{height} its lines say)")
    layout = tuple(tuple(c == "*" for c in row[:width]) for row in rows)
    if sum(map(sum, layout)) != mines:
        raise RawVfError(f"damaged: its board has {sum(map(sum, layout))} mines, not {mines}")
    size = _number(info, "squaresize") if "squaresize" in info else 16
    if size < 1:
        raise RawVfError(f"damaged: a cell {size} pixels wide")
    return RawVf(info, layout, tuple(_mouse(lines[at + 1 + height :], size)))


def _mouse(lines: list[str], size: int) -> Iterator[tuple[int, str, int, int]]:
    """The mouse events of the lines after the board, in order. A left press
    with Shift (``sc``) is both buttons down, and its left release both up."""
    shifted = False
    for n, line in enumerate(lines):
        m = _EVENT.match(line.strip())
        if m is None:
            continue  # "Events:", the board's and the game's events
        minus, sec, frac, kind, col, row, px, py = m.groups()
        if kind not in MOUSE_KINDS:
            continue
        t_ms = int(sec) * 1000 + int((frac or "0").ljust(3, "0"))
        if minus:
            t_ms = -t_ms
        if px is not None and py is not None:
            x, y = int(px) // size, int(py) // size
        elif col is not None and row is not None:
            x, y = int(col) - 1, int(row) - 1
        else:
            raise RawVfError(f"damaged: event line {n + 1} after the board has no cell: {line!r}")
        yield t_ms, "lc" if kind == "sc" else kind, x, y
        if kind == "sc":  # Shift with the left button chords: both buttons down
            yield t_ms, "rc", x, y
        elif kind == "lr" and shifted:
            yield t_ms, "rr", x, y
        shifted = kind == "sc" or (shifted and kind != "lr")


# ---- writing -----------------------------------------------------------------


def _seconds(t_ms: int) -> str:
    sign = "-" if t_ms < 0 else ""
    return f"{sign}{abs(t_ms) // 1000}.{abs(t_ms) % 1000:03d}"


_LEVELS = {size: name.capitalize() for name, size in _LEVEL_SIZES.items()}


def _text(
    info: list[str],
    layout: tuple[tuple[bool, ...], ...],
    events: Sequence[tuple[int, str, int, int]],
    end: tuple[int, str] | None,
) -> str:
    """The file: the description, the board, ``0.000 start``, the mouse
    events (ms, kind, pixels), then the game's end when there is one."""
    lines = [*info, "Board:", *("".join("*" if m else "0" for m in row) for row in layout)]
    lines += ["Events:", "0.000 start"]
    for t, kind, px, py in events:
        lines.append(
            f"{_seconds(t)} {kind} {px // CELL_PIXELS + 1} {py // CELL_PIXELS + 1} ({px} {py})"
        )
    if end is not None:
        lines.append(f"{_seconds(end[0])} {end[1]}")
    return "\n".join(lines) + "\n"


def _description(
    program: list[str], player: str | None, layout: tuple[tuple[bool, ...], ...]
) -> list[str]:
    """The description's first lines: the format, the client, the player, the board."""
    height, width = len(layout), len(layout[0])
    mines = sum(map(sum, layout))
    return [
        "RawVF_Version: Rev6",
        *program,
        *([f"Player: {' '.join(player.split())}"] if player else []),
        f"Level: {_LEVELS.get((width, height, mines), 'Custom')}",
        f"Width: {width}",
        f"Height: {height}",
        f"Mines: {mines}",
    ]


def _plain(
    mouse: Iterable[tuple[int, str, int, int]],
) -> Iterator[tuple[int, str, int, int]]:
    """The events in RAW vf's kinds: Viennasweeper's pre-flag (``pf``) is a
    right click, and ms_toollib's ``cc`` (both buttons down) the press of
    whichever was up."""
    down = {"l": False, "r": False}
    for t, kind, x, y in mouse:
        if kind == "pf":
            yield from ((t, "rc", x, y), (t, "rr", x, y))
            continue
        both = kind == "cc"
        for k in [b + "c" for b in ("l", "r") if not down[b]] if both else [kind]:
            if k[0] in down:
                down[k[0]] = k[1] == "c"
            yield t, k, x, y


def record_rawvf_text(record: Record, figures: Figures) -> str:
    """Another client's replay as RAW vf: its mouse events as the file held
    them, each in the middle of its cell, its time from the first click."""
    if not record.mouse:
        raise ReviewError("the record holds no mouse events to write")
    program = [f"Program: {record.software or record.format}"]
    info = _description(program, record.player, record.layout)
    info += [f"Time: {_seconds(figures.time_ms)}", f"BBBV: {figures.bbbv}"]
    info += [f"Status: {figures.status.capitalize()}", "Mode: Classic"]
    half = CELL_PIXELS // 2
    events = [
        (t, kind, x * CELL_PIXELS + half, y * CELL_PIXELS + half)
        for t, kind, x, y in _plain(record.mouse)
        if x >= 0 and y >= 0  # a pixel below 0 is in no RAW vf reader's sight
    ]
    end = {"won": "won", "lost": "blast"}.get(figures.status)
    return _text(info, record.layout, events, None if end is None else (figures.time_ms, end))


def rawvf_text(r: Replay) -> str:
    """A finished minebender game as a RAW vf file: the same mouse events as
    its .evf (``evf.mouse_events``: ReviewError for the assist), each time
    counted from the first click (the clock's start), as the format counts it."""
    presses = list(mouse_events(r))
    s = Session.rebuild(r.spec, r.events, clock=lambda: 0.0)
    start = s.first_ms if s.first_ms is not None else min((p.t_ms for p in presses), default=0)
    layout = r.layout
    status = r.result.status
    info = _description(["Program: minebender", f"Version: {__version__}"], r.player, layout)
    info += [
        f"Marks: {'On' if any(e.type == 'mark' for e in r.moves) else 'Off'}",
        f"Time: {_seconds(r.result.elapsed_ms)}",
        f"BBBV: {bbbv(layout)}",
        f"Status: {status.capitalize()}",
        "Mode: Classic",
    ]
    events = [(p.t_ms - start, p.kind, p.px, p.py) for p in presses]
    end = {"won": "won", "lost": "blast"}.get(status)
    return _text(info, layout, events, None if end is None else (r.result.elapsed_ms, end))

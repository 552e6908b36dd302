"""Which lane a request of heavy work takes: the light one or the heavy one.

Each kind of the solver's and the files' work has two sets of turns
(``web.admission``), so a flood of big work, from any client or address,
cookies or not, never holds up small work: an analysis of an Expert board
(0.24 s alone) was refused (429) while one address posted 50 analyses of
huge lattices, because both came from 127.0.0.1 without cookies and shared
its bound. A request is light when what is cheap to know before running it
says its work is small:

- an analysis, a proof or a practice game's probabilities: a board of at
  most ``LIGHT_CELLS`` cells (Expert's 30x16), sent as at most
  ``LIGHT_TEXT`` characters (a longer text is heavy unread);
- a review: a file of at most ``LIGHT_BYTES`` bytes (its Content-Length,
  then its body) whose board, once read, has at most ``LIGHT_CELLS`` cells;
  a bigger board is judged in the heavy lane.

Everything else is heavy. The light lane has turns of its own that heavy
work never takes, and bounds of its own: a flood of light requests is
refused (429) by them, fairly between clients as the heavy lane's is.
"""

from __future__ import annotations

import dataclasses

from minebender.services import limited

__all__ = [
    "LIGHT_BYTES",
    "LIGHT_CELLS",
    "LIGHT_NICE_AFTER",
    "LIGHT_TEXT",
    "in_lane",
    "light_board",
    "light_file",
]

LIGHT_CELLS = 30 * 16
"""The most cells of a light board: Expert's."""
LIGHT_TEXT = 8 * 1024
"""The most characters of a light board's text: an Expert board's is about 500,
so a flood of bigger boards is refused before any of them is read."""
LIGHT_BYTES = 256 * 1024
"""The most bytes of a light replay file: a real Expert game's is 3 to 60 kB."""
LIGHT_NICE_AFTER = 1.0
"""Seconds a light job runs at full priority before it is niced as heavy ones
are: it is not slowed to the pace of the huge work beside it."""


def light_board(width: int, height: int) -> bool:
    """Whether a board of width x height is small work for the solver."""
    return width * height <= LIGHT_CELLS


def light_file(size: int | None) -> bool:
    """Whether a replay of size bytes (None: unknown) may be small work."""
    return size is not None and 0 <= size <= LIGHT_BYTES


def in_lane(limits: limited.Limits, light: bool) -> limited.Limits:
    """A job's limits in its lane: a light one's niced after ``LIGHT_NICE_AFTER``."""
    if not light:
        return limits
    return dataclasses.replace(limits, nice_after=max(limits.nice_after, LIGHT_NICE_AFTER))

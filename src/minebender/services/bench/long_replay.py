"""A replay file of as many events as asked (up to the format's 100,000): what
the server's bounds are measured with (``minebender bench server``: its memory
while framing one) and tested with.

The game is a lost Expert board: a reveal that opens a corner, then a flag
put on and taken off again and again, then a mine. Every event is a frame of
the viewer, so the frames grow with the events, as a long real game's do.
"""

from __future__ import annotations

import json

__all__ = ["long_replay"]

W, H, M = 30, 16, 99


def long_replay(events: int) -> bytes:
    """The replay file (docs/replays.md, version 1) of ``events`` events, at least 3."""
    if not 3 <= events <= 100_000:
        raise ValueError(f"events must be from 3 to 100000, not {events}")
    cells = [(x, y) for y in range(H) for x in range(W) if x % 3 == 1 and not (x <= 1 and y >= 14)]
    mines = set(cells[:M])
    layout = ["".join("*" if (x, y) in mines else "." for x in range(W)) for y in range(H)]
    moves = [{"t": 0, "type": "reveal", "x": 0, "y": 15}]
    moves += [{"t": t, "type": "flag", "x": 29, "y": 0} for t in range(1, events - 1)]
    moves.append({"t": events - 1, "type": "reveal", "x": 1, "y": 0})
    clicks = {"left": 2, "right": events - 2, "chord": 0, "assist": 0}
    result = {"status": "lost", "reason": "blast", "elapsed_ms": events - 1, "bbbv": 198}
    data = {
        "format": "minebender-replay",
        "version": 1,
        "level": "expert",
        "width": W,
        "height": H,
        "mines": M,
        "seed": "long",
        "no_guess": False,
        "practice": False,
        "layout": layout,
        "events": moves,
        "result": {**result, "clicks": clicks},
    }
    return json.dumps(data, separators=(",", ":")).encode()

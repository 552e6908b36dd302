"""A reviewed game as the page's replay viewer steps through it: the board
after each move, and the position before each move as board text (what the
analysis board opens, ``/analyse?board=``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from minebender.formats.boardtext import format_board
from minebender.formats.replay import tile_char
from minebender.services.review.play import Played, played
from minebender.services.review.record import Record
from minebender.services.session import shown_seconds
from minebender.values.types import Won

__all__ = ["frames_of"]


def _rows(game: Any) -> list[str]:
    return ["".join(tile_char(t) for t in row) for row in game.display()]


def frames_of(record: Record, plays: Iterable[Played] | None = None) -> dict[str, Any]:
    """``frames`` (as ``POST /api/replays/frames`` gives them: the board before
    the first move and after each, with the time from the first click, the
    mines left and the status) and ``positions`` (board text of what the
    player saw before each move, flags included). ``plays``: the record
    played already (``played``), when the review has it."""
    out: list[dict[str, Any]] = []
    positions: list[str] = []
    first_ms: int | None = None
    game = None
    for p in played(record) if plays is None else plays:
        if game is None:
            out.append(_frame(p.before, None, 0, 0, record.mines) | {"timer": 0})
        game = p.after
        if first_ms is None and p.after.knowledge is not p.before.knowledge:
            first_ms = p.move.t_ms
        cell = p.cell
        event = {"type": p.move.type, "x": cell and cell.x, "y": cell and cell.y}
        elapsed = 0 if first_ms is None else p.move.t_ms - first_ms
        frame = _frame(p.after, event, record.shown_ms(p.move.t_ms), elapsed, record.mines)
        frame["timer"] = shown_seconds(max(elapsed, 0), first_ms is not None)
        out.append(frame)
        positions.append(format_board(p.before.knowledge, p.before.flags))
    return {"frames": out, "positions": positions}


def _frame(game: Any, event: Any, t_ms: int, elapsed: int, mines: int) -> dict[str, Any]:
    status = "playing" if game.playing else "won" if type(game.status) is Won else "lost"
    left = 0 if status == "won" else mines - len(game.flags)
    return {
        "t": t_ms,
        "event": event,
        "rows": _rows(game),
        "status": status,
        "mines_left": left,
        "elapsed_ms": max(elapsed, 0),
    }

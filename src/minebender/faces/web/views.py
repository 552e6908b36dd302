"""The page's JSON of a game: the typed view of ``game_view``, written out.

The view is built below the faces (``minebender.services.game_view``); this module is
transport only. It keeps the field names the page and the HTTP API have used
(``mines_left``, ``elapsed_ms``, ``clicks``...) beside the view's own
(``counter``, ``clock``, ``face``), and adds ``changed``: the cells a batch of
inputs changed, so the page repaints only those.
"""

from __future__ import annotations

from typing import Any

from minebender.rules.solver import explain
from minebender.services.game_view import GameView, changed_cells, game_view
from minebender.services.session import Session
from minebender.values.types import AssistTooEarly, Lost, Pos

__all__ = ["as_json", "proof_of", "view"]


def proof_of(session: Session) -> dict[str, Any] | None:
    """For a game lost by pressing the assist too early: shown numbers that prove
    the hint cell safe (``cells``, [x, y] pairs), whether the total number of
    mines is needed too (``uses_total``), and whether no fewer numbers would do
    (``smallest``: false when the search ran out of time); None otherwise."""
    status = session.status
    if not (isinstance(status, Lost) and isinstance(status.reason, AssistTooEarly)):
        return None
    try:
        found = explain(session.knowledge, status.reason.pos)
    except ValueError:
        return None
    if found is None or found.mine:
        return None
    return {
        "cells": [[p.x, p.y] for p in found.numbers],
        "uses_total": found.uses_total,
        "smallest": found.smallest,
    }


def _xy(p: Pos | None) -> list[int] | None:
    return None if p is None else [p.x, p.y]


def as_json(v: GameView, before: GameView | None = None) -> dict[str, Any]:
    """The JSON of a view. With ``before`` (the view the page had), ``changed``
    lists the cells that look different ([x, y] pairs; null: repaint them all)
    since revision ``changed_since``."""
    c = v.clicks
    out: dict[str, Any] = {
        "level": v.level,
        "width": v.width,
        "height": v.height,
        "mines": v.mines,
        "status": v.status,
        "reason": v.reason,
        "tiles": v.tiles,
        "mines_left": v.counter,
        "counter": v.counter,
        "face": v.face,
        "clock": {
            "shown": v.clock.shown,
            "running": v.clock.running,
            "next_tick_ms": v.clock.next_tick_ms,
            "limit": v.clock.limit,
        },
        "started": v.started,
        "elapsed_ms": v.clock.elapsed_ms,
        "paused": v.paused,
        "clicks": {"left": c.left, "right": c.right, "chord": c.chord, "assist": c.assist},
        "practice": v.practice,
        "no_guess": v.no_guess,
        "ranked": v.ranked,
        # the name of the .mbf file the board came from (None: not from a file)
        "board_file": v.board_file,
        # the player's question marks: covered cells, beside the tiles
        "marks": [[p.x, p.y] for p in v.marks],
        # what a new game in its place would cost: the page asks before
        "at_stake": v.at_stake,
        # one more with each move, ? and practice: another window's change shows
        "revision": v.revision,
        # help that keeps the game from the best times, as the assist does
        "hints": v.hinted,
        "auto_clicks": v.auto_clicks,
    }
    if before is not None:
        changed = changed_cells(before, v)
        out["changed"] = None if changed is None else [[p.x, p.y] for p in changed]
        out["changed_since"] = before.revision
    e = v.end
    if e is not None:
        out["code"] = e.code
        if e.first is not None:
            out["first"] = _xy(e.first)
        out["bbbv"] = e.bbbv
        out["bbbv_solved"] = e.bbbv_solved
        out["bbbv_per_s"] = e.bbbv_per_s
        out["efficiency"] = e.efficiency
        out["best_time"] = e.best_time
        if e.at is not None:
            out["at"] = _xy(e.at)
    return out


def view(session: Session, *, qualifies: bool = False, abandoned: bool = False) -> dict[str, Any]:
    """The JSON view of a game for its owner (``game_view``, written out)."""
    return as_json(game_view(session, qualifies=qualifies, abandoned=abandoned))

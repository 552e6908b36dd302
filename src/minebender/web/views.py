"""What the page is told about a game: the view, built from the session alone.

While a game is on, a view holds only what the player may know: the tiles of
``Session.display()`` (which the laws keep free of the layout), counters and
clicks. The seed and the 3BV are facts about the layout, so they are told only
once the game is over.
"""

from __future__ import annotations

from typing import Any

from minebender.player_games import at_stake
from minebender.replay import tile_name
from minebender.session import Session, board_code, level_name
from minebender.solver import explain
from minebender.types import AssistTooEarly, Boom, Hidden, Lost, Shown

__all__ = ["proof_of", "tile_rows", "view"]


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


_SEEN_NAMES = {Hidden: "covered", Boom: "blast"}
_NUMBERS = tuple(str(n) for n in range(9))


def tile_rows(session: Session) -> list[list[str]]:
    """The names of ``session.display()``, row by row.

    During play the laws make every tile a function of what the player sees
    and their flags alone (``law display_play``), so they are named straight
    from the knowledge: several times faster than building Tile values first,
    which matters on Expert with many players. A finished game goes through
    ``display()``. A test checks that both ways always agree.
    """
    if session.over or session.game is None:
        return [list(map(tile_name, row)) for row in session.display()]
    out: list[list[str]] = []
    numbers, seen_names = _NUMBERS, _SEEN_NAMES
    for row in session.knowledge.rows:
        out.append([numbers[s.n] if type(s) is Shown else seen_names[type(s)] for s in row])
    for p in session.flags:
        out[p.y][p.x] = "flagged"
    return out


def view(session: Session, *, qualifies: bool = False, abandoned: bool = False) -> dict[str, Any]:
    """The JSON view of a game for its owner. An abandoned game is shown as it
    was left, with nothing more (its board may be dealt again by its code, but
    it was never cleared nor lost: no end screen)."""
    b = session.setup
    status = (
        "abandoned"
        if abandoned and not session.over
        else "won"
        if session.won
        else "lost"
        if session.over
        else "playing"
    )
    c = session.clicks
    out: dict[str, Any] = {
        "level": level_name(session.spec.level),
        "width": b.width,
        "height": b.height,
        "mines": b.mines,
        "status": status,
        "reason": session.lost_reason,
        "tiles": tile_rows(session),
        "mines_left": session.mines_left,
        "started": session.started,
        "elapsed_ms": session.elapsed_ms,
        "paused": session.paused,
        "clicks": {"left": c.left, "right": c.right, "chord": c.chord, "assist": c.assist},
        "practice": session.spec.practice,
        "no_guess": session.spec.no_guess,
        "ranked": session.spec.ranked,
        # the name of the .mbf file the board came from (None: not from a file)
        "board_file": session.spec.board_file,
        # the player's question marks: covered cells, beside the tiles
        "marks": sorted([p.x, p.y] for p in session.marks),
        # what a new game in its place would cost: the page asks before
        "at_stake": at_stake(session, best_time_pending=qualifies, abandoned=abandoned),
        # one more with each move, ? and practice: another window's change shows
        "revision": len(session.events),
    }
    if session.over:
        # None for a board from a file: a code would deal another board
        out["code"] = board_code(session.spec)
        if session.first_pos is not None:  # the code's board is this one only from there
            out["first"] = [session.first_pos.x, session.first_pos.y]
        out["bbbv"] = session.bbbv
        out["bbbv_solved"] = session.bbbv_solved
        out["bbbv_per_s"] = session.bbbv_per_s
        out["efficiency"] = session.efficiency
        out["best_time"] = qualifies
        st = session.status
        if isinstance(st, Lost):
            pos = st.reason.pos
            out["at"] = [pos.x, pos.y]
    return out

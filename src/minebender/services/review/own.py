"""minebender's own replays (.json, docs/replays.md) as records to review."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from minebender.formats import replay
from minebender.services.review.judge import Judged, judge
from minebender.services.review.play import played
from minebender.services.review.record import ClickKind, Record, ReviewError, idle_click
from minebender.services.session import INPUT_TYPES, Event, Press, Session
from minebender.values.files import read_regular
from minebender.values.types import Pos

__all__ = ["judge_replay", "read_own", "record_of", "review_moves"]


def record_of(name: str, r: replay.Replay) -> Record:
    """The record of a replay already read: the moves at the session's times,
    shown from the first click (the session's clock), as the other clients'
    records are."""
    setup = r.spec.setup
    s = Session(r.spec, lambda: 0.0)
    moves = tuple(_moves(r, s))
    return Record(
        name,
        "minebender-replay",
        "minebender",
        r.player,
        setup.width,
        setup.height,
        setup.mines,
        r.layout,
        moves,
        s.first_ms or 0,
    )


def review_moves(r: replay.Replay) -> Iterator[Event]:
    """The moves to review, as the rule of presses made them when the game
    was played: each cell action. A click that did nothing still counts (on
    an opened cell, or off the board), so it is a move that does nothing
    here too (``record.idle_click``)."""
    return _moves(r, Session(r.spec, lambda: 0.0))


def _moves(r: replay.Replay, s: Session) -> Iterator[Event]:
    """``review_moves``, played on ``s`` (a fresh session of the replay's spec)."""
    right_at: tuple[Pos | None, int] = (None, 0)  # the cell and time of the last right press
    for e in r.events:
        done, before = len(s.moves), replace(s.clicks)
        s.act(e)
        new = s.moves[done:]
        yield from new
        if isinstance(e.move, Press) and e.move.button == "right":
            right_at = (e.pos, e.t_ms)
        if new or e.type not in INPUT_TYPES:
            continue
        grown: tuple[tuple[ClickKind, int], ...] = (
            ("left", s.clicks.left - before.left),
            ("right", s.clicks.right - before.right),
            ("double", s.clicks.chord - before.chord),
        )
        counts = [kind for kind, n in grown if n]
        if counts and counts[0] == "right":  # counted at its release, made at its press
            yield Event(idle_click("right", right_at[0]), right_at[1])
        elif counts:
            yield Event(idle_click(counts[0], e.pos), e.t_ms)


def read_own(path: Path, data: bytes | None = None) -> Record:
    """The record of a minebender replay file; ReviewError names what is wrong."""
    name = str(path)
    try:
        if data is None:
            data = read_regular(path, replay.MAX_BYTES)  # a FIFO is refused, not waited on
        r = replay.loads(data)
    except OSError as exc:
        raise ReviewError(f"cannot read {name}: {exc.strerror or exc}") from None
    except replay.ReplayError as exc:
        raise ReviewError(f"{name}: {exc}") from None
    return record_of(name, r)


def judge_replay(r: replay.Replay) -> list[Judged]:
    """Every event of a replay judged (what the terminal viewer shows): no
    figures, so no child process is started."""
    return judge(played(record_of("", r)))

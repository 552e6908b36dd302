"""minebender's own replays (.json, docs/replays.md) as records to review."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from minebender.formats import replay
from minebender.services.review.judge import Judged, judge
from minebender.services.review.play import played
from minebender.services.review.record import (
    ClickKind,
    Move,
    MoveType,
    Record,
    ReviewError,
    counted_from,
)
from minebender.services.session import INPUT_TYPES, Session
from minebender.values.files import read_regular
from minebender.values.types import Pos

__all__ = ["judge_replay", "read_own", "record_of", "review_moves"]


def record_of(name: str, r: replay.Replay) -> Record:
    """The record of a replay already read, each move's time counted from the
    first click (the session's clock), as the other clients' records are."""
    setup = r.spec.setup
    moves = counted_from(review_moves(r), r.session().first_ms)
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
    )


_OFF_BOARD = Pos(-1, -1)
_LEFT: ClickKind = "left"
_RIGHT: ClickKind = "right"
_DOUBLE: ClickKind = "double"
_NO_OP: dict[ClickKind, MoveType] = {"left": "reveal", "right": "flag", "double": "chord"}


def review_moves(r: replay.Replay) -> Iterator[Move]:
    """The moves to review, as the rule of presses made them when the game
    was played: each cell action with the click it counted as. A click that
    did nothing still counts (on an opened cell, or off the board), so it is
    a move that does nothing here too."""
    s = Session(r.spec, lambda: 0.0)
    for e in r.events:
        done, before = len(s.moves), replace(s.clicks)
        s.act(e)
        counts: list[ClickKind] = [
            kind
            for kind, n in (
                (_LEFT, s.clicks.left - before.left),
                (_RIGHT, s.clicks.right - before.right),
                (_DOUBLE, s.clicks.chord - before.chord),
            )
            if n
        ]
        click: ClickKind | None = counts[0] if counts else None
        new = s.moves[done:]
        if e.type not in INPUT_TYPES:
            click = None  # a move of an older record counts as its kind says
        for m in new:
            yield Move(m.t_ms, m.type, m.pos, m.k, click)  # type: ignore[arg-type]
        if click is not None and not new:
            yield Move(e.t_ms, _NO_OP[click], e.pos or _OFF_BOARD, 0, click)


def read_own(path: Path, data: bytes | None = None) -> Record:
    """The record of a minebender replay file; ReviewError names what is wrong."""
    name = str(path)
    try:
        if data is None:
            data = read_regular(path, replay.MAX_BYTES)  # a FIFO is refused, not waited on
        r = replay.loads(data)
    except OSError as exc:
        raise ReviewError(f"{name}: {exc.strerror or exc}") from None
    except replay.ReplayError as exc:
        raise ReviewError(f"{name}: {exc}") from None
    return record_of(name, r)


def judge_replay(r: replay.Replay) -> list[Judged]:
    """Every event of a replay judged (what the terminal viewer shows): no
    figures, so no child process is started."""
    return judge(played(record_of("", r)))

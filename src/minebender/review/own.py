"""minebender's own replays (.json, docs/replays.md) as records to review."""

from __future__ import annotations

from pathlib import Path

from minebender import replay
from minebender.files import read_regular
from minebender.review.judge import Judged, judge
from minebender.review.play import played
from minebender.review.record import Move, Record, ReviewError

__all__ = ["judge_replay", "read_own", "record_of"]


def record_of(name: str, r: replay.Replay) -> Record:
    """The record of a replay already read."""
    setup = r.spec.setup
    moves = tuple(Move(e.t_ms, e.type, e.pos, e.k) for e in r.events)
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

"""A whole review of one file: the record, its figures and every move judged,
as the JSON object of docs/formats.md (``review --json``) and as text."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from minebender.services import limited
from minebender.services.review.chance import fraction_text, percent_text
from minebender.services.review.child import run_child
from minebender.services.review.coach import Coaching, coach
from minebender.services.review.figures import Figures, figures
from minebender.services.review.judge import Judged, Summary, judge, summarize_moves
from minebender.services.review.own import read_own
from minebender.services.review.peers import PEER_FORMATS, read_peer, toollib_board
from minebender.services.review.play import played
from minebender.services.review.record import Record, ReviewError, not_a_replay

__all__ = [
    "Review",
    "fraction_text",
    "percent_text",
    "read_record",
    "review_file",
    "review_record",
    "zini_of",
]


@dataclass(frozen=True, slots=True)
class Review:
    """A reviewed game."""

    record: Record
    figures: Figures
    moves: list[Judged]
    summary: Summary
    coaching: Coaching

    def to_json(self) -> dict[str, Any]:
        """The object ``minebender review --json`` prints (docs/formats.md)."""
        r, f = self.record, self.figures
        return {
            "file": Path(r.file).name,
            "format": r.format,
            "software": r.software,
            "player": r.player,
            "width": r.width,
            "height": r.height,
            "mines": r.mines,
            "layout": ["".join("*" if m else "." for m in row) for row in r.layout],
            "result": {"status": f.status, "time_ms": f.time_ms},
            "stats": {
                "bbbv": f.bbbv,
                "bbbv_solved": f.bbbv_solved,
                "bbbv_per_s": f.bbbv_per_s,
                "clicks": {
                    "left": f.clicks.left,
                    "right": f.clicks.right,
                    "double": f.clicks.double,
                    "total": f.clicks.total,
                },
                "ioe": f.ioe,
                "rqp": f.rqp,
                "zini": f.zini,
                "corr": f.corr,
                "thrp": f.thrp,
                "stnb": f.stnb(r.width, r.height, r.mines),
            },
            "moves": [_move_json(j, r.shown_ms(j.played.move.t_ms)) for j in self.moves],
            "summary": {
                "guesses": self.summary.guesses,
                "needless_guesses": self.summary.needless_guesses,
                "survival": fraction_text(self.summary.survival),
                "average_risk": None
                if self.summary.average_risk is None
                else fraction_text(self.summary.average_risk),
                "lost_at": self.summary.lost_at,
            },
            "coaching": _coaching_json(self.coaching),
        }


def _pos(p: Any) -> list[int] | None:
    return None if p is None else [p.x, p.y]


def _coaching_json(c: Coaching) -> dict[str, Any]:
    """The ``coaching`` object of ``review --json`` (docs/formats.md)."""
    return {
        "proofs": [
            {
                "move": p.move,
                "cell": _pos(p.cell),
                "numbers": [_pos(n) for n in p.numbers],
                "uses_total": p.uses_total,
                "smallest": p.smallest,
                "mine": p.mine,
            }
            for p in c.proofs
        ],
        "guesses": [
            {
                "move": g.move,
                "risk": fraction_text(g.risk),
                "best": _pos(g.best),
                "best_risk": None if g.best_risk is None else fraction_text(g.best_risk),
                "safer": g.best_risk is not None and g.best_risk < g.risk,
            }
            for g in c.guesses
        ],
        "idle_clicks": c.idle_clicks,
        "idle_ms": c.idle_ms,
        "luck": fraction_text(c.luck),
        "safest_luck": fraction_text(c.safest_luck),
    }


def _move_json(j: Judged, t_ms: int) -> dict[str, Any]:
    move, cell = j.played.move, j.played.cell
    return {
        "t_ms": t_ms,
        "type": move.type,
        "x": None if cell is None else cell.x,
        "y": None if cell is None else cell.y,
        "risk": None if j.risk is None else fraction_text(j.risk),
        "safe_existed": j.safe_existed,
        "best": _pos(j.best),
        "best_risk": None if j.best_risk is None else fraction_text(j.best_risk),
        "verdict": j.verdict,
    }


def _zini_in_child(report: Any, board: list[list[int]]) -> int:
    toollib: Any = importlib.import_module("ms_toollib")  # its stubs are not its API
    return int(toollib.cal_zini(board))


def zini_of(record: Record) -> int | None:
    """The board's ZiNi as ms_toollib counts it (in a child process, as every
    call of ms_toollib), or None when it could not say."""
    if record.zini is not None:
        return record.zini
    board = toollib_board(record.layout)
    outcome = run_child(_zini_in_child, board)
    return outcome.value if isinstance(outcome, limited.Done) else None


def read_record(path: Path, data: bytes | None = None) -> Record:
    """The record of a replay file of any format minebender reads, by its suffix."""
    suffix = path.suffix.lower()
    if suffix == ".json":
        return read_own(path, data)
    if suffix in PEER_FORMATS:
        return read_peer(path, data)
    raise ReviewError(not_a_replay(str(path)))


def review_record(record: Record) -> Review:
    """Review a record: its figures and every move judged."""
    if not record.moves:
        raise ReviewError(f"{record.file}: the replay holds no move")
    zini = zini_of(record)
    plays = list(played(record))  # played once: the figures and the judge share it
    fig = figures(plays, zini, record.clock_ms)
    judged = judge(plays)
    return Review(record, fig, judged, summarize_moves(judged), coach(judged))


def review_file(path: Path, data: bytes | None = None) -> Review:
    """Read and review one file; ReviewError names what is wrong."""
    return review_record(read_record(path, data))

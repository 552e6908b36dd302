"""A whole review of one file: the record, its figures and every move judged,
as the JSON object of docs/formats.md (``review --json``) and as text."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from minebender import limited
from minebender.review.child import run_child
from minebender.review.figures import Figures, figures
from minebender.review.judge import Judged, Summary, judge, summarize_moves
from minebender.review.own import read_own
from minebender.review.peers import PEER_FORMATS, read_peer, toollib_board
from minebender.review.play import played
from minebender.review.record import Record, ReviewError

__all__ = ["Review", "fraction_text", "read_record", "review_file", "review_record", "zini_of"]


@dataclass(frozen=True, slots=True)
class Review:
    """A reviewed game."""

    record: Record
    figures: Figures
    moves: list[Judged]
    summary: Summary

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
            "moves": [_move_json(j) for j in self.moves],
            "summary": {
                "guesses": self.summary.guesses,
                "needless_guesses": self.summary.needless_guesses,
                "survival": fraction_text(self.summary.survival),
                "average_risk": None
                if self.summary.average_risk is None
                else fraction_text(self.summary.average_risk),
                "lost_at": self.summary.lost_at,
            },
        }


def fraction_text(f: Fraction) -> str:
    """A fraction in lowest terms as ``"p/q"``, ``"0"`` and ``"1"`` as such."""
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def _move_json(j: Judged) -> dict[str, Any]:
    move, cell = j.played.move, j.played.cell
    return {
        "t_ms": move.t_ms,
        "type": move.type,
        "x": None if cell is None else cell.x,
        "y": None if cell is None else cell.y,
        "risk": None if j.risk is None else fraction_text(j.risk),
        "safe_existed": j.safe_existed,
        "best": None if j.best is None else [j.best.x, j.best.y],
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
    raise ReviewError(
        f"{path}: not a replay file minebender reads (.json .avf .rmv .evf .mvf .rawvf .txt)"
    )


def review_record(record: Record) -> Review:
    """Review a record: its figures and every move judged."""
    if not record.moves:
        raise ReviewError(f"{record.file}: the replay holds no move")
    zini = zini_of(record)
    fig = figures(played(record), zini, record.clock_started)
    judged = judge(played(record))
    return Review(record, fig, judged, summarize_moves(judged))


def review_file(path: Path, data: bytes | None = None) -> Review:
    """Read and review one file; ReviewError names what is wrong."""
    return review_record(read_record(path, data))

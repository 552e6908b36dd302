"""The figures players compare, as Metasweeper (ms_toollib) gives them.

time, 3BV, 3BV/s, clicks (left, right, double, total), IOE, RQP, ZiNi,
correctness, throughput and STNB, worked out from the moves played again. The
definitions are the community's: IOE = 3BV done / clicks, correctness =
effective clicks / clicks, throughput = 3BV done / effective clicks, RQP =
time² / 3BV done, STNB = c · 3BV done / time^1.7 · sqrt(3BV done / 3BV), with
ms_toollib's constant c for the three classic boards (8x8/10: 36, 16x16/40:
162, 30x16/99: 435). On any other board STNB is not defined: ms_toollib gives
0 there, which reads as a score, so it is None here (n/a in text). As the
clients do, clicks made before the first click count only while a flag they
placed is still there: flags put and all taken back again count for nothing,
and so does a ? (a right click) that leaves no flag. A chord, or a left click
that opens nothing (off the board), before the first click counts nothing
either, unless a flag is there (then the clicks count).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from minebender.services.review.play import Played
from minebender.services.review.record import Clicks, click_of
from minebender.services.session import bbbv, bbbv_solved
from minebender.values.types import Hidden, Lost, Won

__all__ = ["STNB_CONSTANTS", "Figures", "figures"]

STNB_CONSTANTS: dict[tuple[int, int, int], float] = {
    (8, 8, 10): 36.0,
    (16, 16, 40): 162.0,
    (30, 16, 99): 435.0,
}


@dataclass(frozen=True, slots=True)
class Figures:
    """What a game came to, and how efficiently it was played."""

    status: str
    """``"won"``, ``"lost"`` or ``"unfinished"``."""
    time_ms: int
    bbbv: int
    bbbv_solved: int
    clicks: Clicks
    effective: int
    zini: int | None

    @property
    def seconds(self) -> float:
        """The time in seconds."""
        return self.time_ms / 1000

    @property
    def bbbv_per_s(self) -> float:
        """3BV done per second; 0 when no time passed (a game won by its first
        click). ms_toollib gives infinity there, which no JSON holds and no
        mean can take."""
        return self.bbbv_solved / self.seconds if self.time_ms > 0 else 0.0

    @property
    def ioe(self) -> float:
        """3BV done per click."""
        return self.bbbv_solved / self.clicks.total if self.clicks.total else 0.0

    @property
    def corr(self) -> float:
        """The share of clicks that were effective."""
        return self.effective / self.clicks.total if self.clicks.total else 0.0

    @property
    def thrp(self) -> float:
        """3BV done per effective click."""
        return self.bbbv_solved / self.effective if self.effective else 0.0

    @property
    def rqp(self) -> float:
        """Time squared over 3BV done (lower is better)."""
        return self.seconds**2 / self.bbbv_solved if self.bbbv_solved else 0.0

    def stnb(self, width: int, height: int, mines: int) -> float | None:
        """STNB on the classic boards; None on any other, where it has no
        constant and so no meaning (ms_toollib's 0 would read as a score)."""
        c = STNB_CONSTANTS.get((width, height, mines))
        if c is None:
            return None
        if self.time_ms <= 0 or not self.bbbv:
            return 0.0
        done = self.bbbv_solved
        return float(c * done / self.seconds**1.7 * math.sqrt(done / self.bbbv))


def figures(moves: Iterable[Played], zini: int | None, start_ms: int | None = None) -> Figures:
    """The figures of a game played again move by move (``played``); the time
    counts from ``start_ms`` when given (``Record.clock_ms``), else from the
    first click that opened a cell."""
    left = right = double = effective = 0
    ever_flagged: set[tuple[int, int]] = set()
    first_ms: int | None = None
    last = None
    for p in moves:
        last = p
        move, before, after = p.move, p.before, p.after
        opened = after.knowledge is not before.knowledge and type(after.status) is not Lost
        click = click_of(move)
        if click == "left":
            if not p.started and not before.flags and after.knowledge is before.knowledge:
                continue  # a click that did nothing before the first: no click yet
            left += 1
            effective += opened
        elif click == "right":
            right += 1  # minebender's ? too: a right click
            if not p.started and not after.flags:
                # Flags placed and all taken back before the first click: the
                # clients count none of those clicks (the game has not begun).
                # ms_toollib keeps the effective ones, and forgets which mines
                # were flagged: so does this, its figures are the reference.
                left = right = double = 0
                ever_flagged.clear()
                continue
            pos = move.pos
            assert pos is not None
            if (
                move.type == "flag"
                and pos in after.flags
                and pos not in before.flags
                and after.mine(pos)
                and pos not in ever_flagged
            ):
                ever_flagged.add(pos)
                effective += 1
        elif click == "double":
            if not p.started and not before.flags:
                # Both buttons before the first click, with no flag placed:
                # the game has not begun, and ms_toollib counts no click.
                continue
            double += 1
            assert move.pos is not None
            effective += bool(before.on_board(move.pos) and before.chord_targets(move.pos))
        if first_ms is None and p.started is False and after.knowledge is not before.knowledge:
            first_ms = move.t_ms
    if last is None:
        raise ValueError("figures: a game without a move")
    end = last.after
    status = (
        "won" if type(end.status) is Won else "lost" if type(end.status) is Lost else "unfinished"
    )
    if start_ms is not None:
        first_ms = start_ms
    time_ms = 0 if first_ms is None else last.move.t_ms - first_ms
    done = bbbv_solved(end.layout, end.knowledge)
    return Figures(
        status,
        max(time_ms, 0),
        bbbv(end.layout),
        done,
        Clicks(left, right, double),
        effective,
        zini,
    )


def hidden_count(rows: Iterable[Iterable[object]]) -> int:
    """How many cells of rows are hidden."""
    return sum(1 for row in rows for c in row if type(c) is Hidden)

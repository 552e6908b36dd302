"""What the replay viewer paints over the board, as the page's viewer does
(static/js/viewer.js): the verdict of the move just played on its cell, the
proof before a needless guess (its numbers, and the safe cell or the certain
mine), and the guesses on a timeline drawn in the board's bottom border.

Review decides it all (``services.review``): here a verdict becomes a colour.
The colours are light tints of the page's, so that a number painted over
stays readable in XP's colours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from textual.content import Content

from minebender.services.review.coach import Proof
from minebender.services.review.judge import Judged
from minebender.values.types import Pos

__all__ = ["KIND_COLOURS", "LEGEND", "PROOF_COLOUR", "Marks", "kind", "marks_of", "timeline"]

KIND_COLOURS = {
    "safe": "#a8e0a8",
    "guess": "#ffc860",
    "risky": "#e0a8ff",
    "needless": "#ff8c8c",
}
"""A move's cell, by the kind of its verdict (``kind``)."""
PROOF_COLOUR = "#a8c4ff"
"""The numbers of a proof."""
TARGET_COLOURS = {False: "#3cc83c", True: "#ff3c3c"}
"""The cell a proof proves: safe (green) or a certain mine (red)."""
_TICKS = {"guess": "#c06a00", "risky": "#9030c0", "needless": "#d01818"}
_RANK = {"guess": 1, "risky": 2, "needless": 3}


def kind(verdict: str) -> str:
    """The class of a verdict, as the page's ``kind``: guesses stand out,
    needless ones most; "" for what is not judged (a flag, a click that did
    nothing).

    >>> kind("needless guess"), kind("first click"), kind("flag")
    ('needless', 'safe', '')
    """
    if verdict in ("needless guess", "certain mine"):
        return "needless"
    if verdict == "riskier than the best guess":
        return "risky"
    if verdict == "forced guess":
        return "guess"
    if verdict in ("safe", "first click"):
        return "safe"
    return ""


LEGEND = Content.assemble(
    *(
        part
        for k, label in (
            ("safe", "safe"),
            ("guess", "guess"),
            ("risky", "riskier than the safest"),
            ("needless", "needless"),
        )
        for part in ((" ", f"on {KIND_COLOURS[k]}"), (f" {label}  ", ""))
    ),
    (" ", f"on {PROOF_COLOUR}"),
    (" proof  ", ""),
    (" ", f"on {TARGET_COLOURS[False]}"),
    (" the safe cell  ", ""),
    ("[ ]", "bold #000000 on #ffff80"),
    (" mouse", ""),
)
"""What each mark means, shown under the status line when there is room."""


@dataclass(frozen=True, slots=True)
class Marks:
    """The colours painted on the board's cells (``cells``), and the cells
    painted with the gaps beside them (``wide``: a proof's cell)."""

    cells: dict[Pos, str] = field(default_factory=dict)
    wide: dict[Pos, str] = field(default_factory=dict)


def marks_of(judged: Judged | None, proof: Proof | None) -> Marks:
    """The marks after a move (``judged``, None before the first) and, when
    the next move is a needless guess, its ``proof``."""
    cells: dict[Pos, str] = {}
    if judged is not None and judged.played.cell is not None and kind(judged.verdict):
        cells[judged.played.cell] = KIND_COLOURS[kind(judged.verdict)]
    wide: dict[Pos, str] = {}
    if proof is not None:
        cells.update((p, PROOF_COLOUR) for p in proof.numbers)
        wide[proof.cell] = TARGET_COLOURS[proof.mine]
    return Marks(cells, wide)


def timeline(times: Sequence[int], judged: Sequence[Judged], now: int, width: int) -> Content:
    """A line ``width`` cells wide from the first move's time to the last
    (``times``: move i+1 was played at ``times[i]``): a dot where each guess
    falls, in its verdict's colour (the worst when several share a cell),
    and the position ``now`` as a triangle."""
    if width <= 0 or not times:
        return Content("")
    first, span = times[0], max(1, times[-1] - times[0])

    def column(t: int) -> int:
        return max(0, min(width - 1, round((t - first) * (width - 1) / span)))

    ticks: dict[int, str] = {}
    for j, t in zip(judged, times, strict=False):
        k = kind(j.verdict) if j.guess else ""
        if k in _RANK:
            c = column(t)
            if _RANK[k] > _RANK.get(ticks.get(c, ""), 0):
                ticks[c] = k
    here = column(now)
    parts: list[tuple[str, str]] = []
    for c in range(width):
        tick = ticks.get(c)
        if c == here:
            parts.append(("▲", f"bold {_TICKS[tick]}" if tick else "bold #000000"))
        elif tick:
            parts.append(("●", f"bold {_TICKS[tick]}"))
        else:
            parts.append(("─", "#808080"))
    return Content.assemble(*parts)

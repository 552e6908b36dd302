"""The hints that shadow play: the safe cells of the position the player sees,
and the best guess when none is safe.

The game page asks for them after each move when the player has Hints on.
They are worked out from what the player sees only (``Knowledge``, never the
layout), by the same solver and bot the analysis board uses, so a hint never
says more than the position proves. The game that shows them is marked in its
record (``Session.show_hints``), so it is never a best time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from minebender.rules.solver import analyse
from minebender.rules.solver.safety import find_settled
from minebender.services.analysis_board import best_move
from minebender.values.types import Knowledge, Pos

__all__ = ["Hints", "hints_json", "hints_of"]


@dataclass(frozen=True, slots=True)
class Hints:
    """The safe hidden cells, row by row; the best guess when there is none
    (None when there is no move: the board is cleared, or only mines are
    left); and a sentence that says which."""

    safe: tuple[Pos, ...]
    guess: Pos | None
    reason: str

    def to_json(self) -> dict[str, Any]:
        """The object ``POST /api/games/{id}/hints`` answers (docs/web.md)."""
        return {
            "safe": [[p.x, p.y] for p in self.safe],
            "guess": None if self.guess is None else [self.guess.x, self.guess.y],
            "reason": self.reason,
        }


def hints_of(knowledge: Knowledge) -> Hints:
    """The hints of a position. The safe cells come without counting layouts
    (``find_settled``); only when none is safe is the position analysed
    exactly and the guess chosen as the analysis board's best move."""
    settled = find_settled(knowledge)
    if settled is None:
        return Hints((), None, "no layout agrees with this board: there is no move to make")
    safe = tuple(settled[0])
    if safe:
        many = f"{len(safe)} cells are" if len(safe) > 1 else "1 cell is"
        return Hints(safe, None, f"{many} certainly safe")
    best = best_move(knowledge, analyse(knowledge))
    return Hints((), best.cell, best.reason)


def hints_json(report: Callable[[Any], None], knowledge: Knowledge) -> dict[str, Any]:
    """``hints_of`` as JSON, for a child process (``services.limited``)."""
    return hints_of(knowledge).to_json()

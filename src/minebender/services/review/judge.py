"""The review: every move judged by the exact solver, as a chess engine judges.

For each move the solver reads what the player saw just before it: the numbers
and the total of mines, never the flags (a flag is the player's opinion, not
knowledge) and never the layout. It gives the exact chance that the move hits
a mine (for a chord: that any cell it opens holds one), whether a provably safe
cell was there, and the safest cell. The first click is no guess: every client
makes it safe (they move the mine away; minebender deals around it), unless
the record shows it hit a mine: then it was a guess, at the board's odds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from minebender.rules.solver import Analysis, analyse
from minebender.rules.solver.joint import chance_all_safe
from minebender.services.review.play import Played
from minebender.values.types import AssistTooEarly, Knowledge, Lost, Pos

__all__ = ["VERDICTS", "Judged", "Summary", "judge", "summarize_moves"]

VERDICTS = (
    "first click",
    "safe",
    "forced guess",
    "needless guess",
    "riskier than the best guess",
    "certain mine",
    "flag",
    "practice",
    "mark",
    "no effect",
    "assist",
    "assist too early",
)


@dataclass(frozen=True, slots=True)
class Judged:
    """One move and what the solver says of it."""

    played: Played
    risk: Fraction | None
    """The chance the move hits a mine; None for a flag and a move that opens nothing."""
    safe_existed: bool
    best: Pos | None
    """The safest hidden cell (a safe one when there was one), row by row first."""
    best_risk: Fraction | None
    verdict: str

    @property
    def guess(self) -> bool:
        """The move could hit a mine."""
        return self.risk is not None and self.risk > 0 and self.verdict != "assist too early"

    @property
    def gamble(self) -> bool:
        """A guess that could have been survived: a click on a certain mine could
        hit a mine, but it is a mistake, not a guess, and no luck survives it, so
        the count of guesses and the chance to survive them leave it out."""
        return self.guess and self.verdict != "certain mine"


@dataclass(frozen=True, slots=True)
class Summary:
    """A game's guesses: how many, how many needless, the exact chance of
    surviving those taken, and the move that lost the game (None if none did)."""

    guesses: int
    needless_guesses: int
    survival: Fraction
    average_risk: Fraction | None
    lost_at: int | None


def _best(a: Analysis) -> tuple[Pos | None, Fraction | None]:
    best: Pos | None = None
    low: Fraction | None = None
    for y, row in enumerate(a.probabilities):
        for x, p in enumerate(row):
            if p is not None and (low is None or p < low):
                best, low = Pos(x, y), p
    return best, low


def judge(moves: Iterable[Played]) -> list[Judged]:
    """Judge every move of a game played again (``played``)."""
    out: list[Judged] = []
    cache: tuple[Knowledge, Analysis] | None = None
    for p in moves:
        before, after, move = p.before, p.after, p.move
        k = before.knowledge
        if cache is None or cache[0] is not k:
            cache = (k, analyse(k))
        a = cache[1]
        best, low = _best(a) if p.started else (None, None)
        safe_existed = p.started and bool(a.safe)
        opened = after.knowledge is not k
        risk: Fraction | None
        verdict: str
        if move.type in ("flag", "practice", "mark"):
            risk, verdict = None, move.type
        elif move.type == "assist":
            too_early = isinstance(after.status, Lost) and isinstance(
                after.status.reason, AssistTooEarly
            )
            risk = Fraction(1) if too_early else Fraction(0) if opened else None
            verdict = "assist too early" if too_early else "assist" if opened else "no effect"
        elif not opened:
            risk, verdict = None, "no effect"
        elif not p.started and not isinstance(after.status, Lost):
            risk, verdict = Fraction(0), "first click"
        elif not p.started:  # a client that left the first click unguarded
            risk, verdict = _risk(p, a), "forced guess"
        else:
            risk = _risk(p, a)
            if risk == 0:
                verdict = "safe"
            elif risk == 1:
                verdict = "certain mine"
            elif safe_existed:
                verdict = "needless guess"
            elif low is not None and risk > low:
                verdict = "riskier than the best guess"
            else:
                verdict = "forced guess"
        out.append(Judged(p, risk, safe_existed, best, low, verdict))
    return out


def _risk(p: Played, a: Analysis) -> Fraction:
    move, before = p.move, p.before
    assert move.pos is not None
    if move.type == "reveal":
        return a.probability(move.pos)
    targets = before.chord_targets(move.pos)
    if len(targets) == 1:
        return a.probability(targets[0])
    return 1 - chance_all_safe(before.knowledge, targets)


def summarize_moves(judged: list[Judged]) -> Summary:
    """The game's summary from its judged moves."""
    guesses = [j for j in judged if j.gamble]
    survival = Fraction(1)
    for j in guesses:
        assert j.risk is not None
        survival *= 1 - j.risk
    lost_at = next(
        (j.played.index for j in judged if isinstance(j.played.after.status, Lost)), None
    )
    average = (
        sum((j.risk for j in guesses if j.risk is not None), Fraction(0)) / len(guesses)
        if guesses
        else None
    )
    return Summary(
        len(guesses),
        sum(1 for j in guesses if j.verdict == "needless guess"),
        survival,
        average,
        lost_at,
    )

"""What a review teaches: for each needless guess, the proof that a safe cell
was there; for each guess, its risk beside the safest guess of that moment;
the time lost to clicks that did nothing; and the luck of the game.

A verdict alone ("needless guess") tells a player that they missed something,
not what. The proof is the one the analysis board's Why? gives
(``solver.explain``): the fewest shown numbers that alone make a cell safe.
Among the safe cells nearest the guess, the one with the shortest proof is
shown, since that is the one the player was most likely to have seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from minebender.rules.solver import analyse, explain
from minebender.rules.solver.explain import naming
from minebender.services.review.chance import percent_text
from minebender.services.review.judge import Judged
from minebender.values.types import Pos

__all__ = [
    "CANDIDATES",
    "Coaching",
    "GuessNote",
    "Proof",
    "coach",
    "coaching_lines",
    "mine_proof",
    "proof_for",
]

CANDIDATES = 4
"""How many safe cells, nearest the guess first, are explained to find the
shortest proof: each explanation is a search of its own."""


@dataclass(frozen=True, slots=True)
class Proof:
    """A needless guess (move ``move``, 0-based) and why ``cell`` was safe
    (or, for a click on a certain mine, why the clicked ``cell`` was a mine:
    ``mine``): ``numbers`` (shown cells) alone prove it, with the total
    number of mines when ``uses_total``; ``smallest``: no smaller set does."""

    move: int
    cell: Pos
    numbers: tuple[Pos, ...]
    uses_total: bool
    smallest: bool
    mine: bool = False


@dataclass(frozen=True, slots=True)
class GuessNote:
    """A guess (move ``move``) and the safest guess there was at that moment."""

    move: int
    risk: Fraction
    best: Pos | None
    best_risk: Fraction | None


@dataclass(frozen=True, slots=True)
class Coaching:
    """The lessons of one game. ``luck``: the chance of surviving the guesses
    taken; ``safest_luck``: the chance had each of them been the safest move
    of its moment (1 for a needless guess, which had a safe cell).
    ``idle_clicks``: clicks that did nothing, and ``idle_ms`` the time they
    took (from the move before each)."""

    proofs: tuple[Proof, ...]
    guesses: tuple[GuessNote, ...]
    idle_clicks: int
    idle_ms: int
    luck: Fraction
    safest_luck: Fraction


def _chebyshev(a: Pos, b: Pos) -> int:
    return max(abs(a.x - b.x), abs(a.y - b.y))


def proof_for(j: Judged, candidates: int = CANDIDATES) -> Proof | None:
    """The shortest proof among the ``candidates`` safe cells nearest the
    needless guess ``j``; None when the view proves no cell safe."""
    before = j.played.before.knowledge
    safe = analyse(before).safe
    aim = j.played.cell or Pos(0, 0)
    best: Proof | None = None
    for cell in sorted(safe, key=lambda p: (_chebyshev(p, aim), p.y, p.x))[:candidates]:
        found = explain(before, cell)
        if found is None or found.mine:
            continue
        size = len(found.numbers) + found.uses_total
        if best is None or size < len(best.numbers) + best.uses_total:
            best = Proof(j.played.index, cell, found.numbers, found.uses_total, found.smallest)
    return best


def mine_proof(j: Judged) -> Proof | None:
    """Why the cell a click on a certain mine opened was a mine; None for a
    chord (its cells are several) or when no proof is found."""
    cell = j.played.cell
    if j.played.move.type != "reveal" or cell is None:
        return None
    found = explain(j.played.before.knowledge, cell)
    if found is None or not found.mine:
        return None
    return Proof(j.played.index, cell, found.numbers, found.uses_total, found.smallest, True)


def coach(judged: list[Judged]) -> Coaching:
    """The lessons of a game judged move by move (``judge``)."""
    proofs: list[Proof] = []
    notes: list[GuessNote] = []
    luck = safest = Fraction(1)
    idle = idle_ms = 0
    last_ms: int | None = None
    for j in judged:
        t = j.played.move.t_ms
        if j.verdict == "no effect":
            idle += 1
            idle_ms += 0 if last_ms is None else max(0, t - last_ms)
        last_ms = t
        if j.guess and j.verdict == "certain mine":  # a mistake, not a guess: no luck in it
            mine = mine_proof(j)
            if mine is not None:
                proofs.append(mine)
            continue
        if not j.gamble:
            continue
        assert j.risk is not None
        notes.append(GuessNote(j.played.index, j.risk, j.best, j.best_risk))
        luck *= 1 - j.risk
        if j.verdict != "needless guess":
            safest *= 1 - (j.risk if j.best_risk is None else min(j.risk, j.best_risk))
        found = proof_for(j) if j.verdict == "needless guess" else None
        if found is not None:
            proofs.append(found)
    return Coaching(tuple(proofs), tuple(notes), idle, idle_ms, luck, safest)


def _at(p: Pos | None) -> str:
    return "" if p is None else f"({p.x}, {p.y})"


def _beside(g: GuessNote) -> str:
    """The safest cell of a guess's moment in words, when it was safer than
    the guess: a safe cell, or the safest guess; else that none was safer (a
    cell as safe as the guess is no lesson)."""
    if g.best_risk is None:
        return ""
    if g.best_risk >= g.risk:
        return "; no guess was safer"
    if g.best_risk == 0:
        return f"; {_at(g.best)} was safe"
    return f"; the safest guess {_at(g.best)} {percent_text(g.best_risk)}"


def coaching_lines(c: Coaching, judged: list[Judged]) -> list[str]:
    """The lessons as lines of text (``minebender review``): each needless
    guess with its proof, each guess beside the safest one, idle clicks, luck."""
    lines: list[str] = []
    for p in c.proofs:
        j = judged[p.move]
        risk = percent_text(j.risk) if j.risk is not None else "-"
        proof = " and ".join(naming(p.numbers, p.uses_total))
        verb = "proves" if len(p.numbers) + p.uses_total == 1 else "prove"
        if p.mine:
            lines.append(f"move {p.move + 1}: {_at(p.cell)} was a certain mine: {proof} {verb} it")
            continue
        lines.append(
            f"move {p.move + 1}: a needless guess at {_at(j.played.cell)} ({risk});"
            f" {_at(p.cell)} was safe: {proof} {verb} it"
        )
    for g in c.guesses:
        if any(p.move == g.move for p in c.proofs):
            continue
        lines.append(
            f"move {g.move + 1}: a guess at {_at(judged[g.move].played.cell)}, risk"
            f" {percent_text(g.risk)}{_beside(g)}"
        )
    if c.idle_clicks:
        clicks = "1 click" if c.idle_clicks == 1 else f"{c.idle_clicks} clicks"
        lines.append(f"{clicks} did nothing: {c.idle_ms / 1000:.1f} s lost")
    if c.guesses:
        lines.append(
            f"luck: the guesses taken were survived with a chance of {percent_text(c.luck)};"
            f" the safest guesses would have given {percent_text(c.safest_luck)}"
        )
    return lines

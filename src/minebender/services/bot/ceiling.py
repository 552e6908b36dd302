"""How much better any player could do: an upper bound on perfect play.

A bot's win rate says how good it is, not how far it is from the best
possible. This module bounds the best possible on the very games the bot
played, with the same first click, so the gap can be read off one run.

The bound rests on which of the bot's moves are provably best play. Revealing
a provably safe cell never lowers the chance to win (it only adds numbers).
A closed group or an unsplittable pair (``bot.fifty``) must be guessed one
day at the same odds whatever else happens, so taking it now is best play.
The exhaustive endgame search (``bot.endgame``) picks the guess with the
highest exact win probability. Every other guess (second-order safety, the
fast strategy's safest cell, an endgame search that ran out of budget) is a
heuristic. Until the bot's first heuristic guess in a game, then, it plays
exactly as a perfect player would, and perfect play wins that game from the
view at that moment with some probability V. So the best win rate any player
could reach is the mean, over the games, of: the result, for games never
reaching a heuristic guess, and V for those that do.

V is not computed (that is the exhaustive search again, out of reach), but
bounded: ``guess_ceiling``. A view with no provably safe cell forces a
guess; whichever cell c a player reveals, they win at most P(c is safe) times
the best chance after it, and after c shows a number either some cell is
provably safe (bound that chance by 1) or another guess is forced (bound it by
the safest cell's safety). The maximum over every hidden cell of that
two-move survival bounds V from above.

Two moves it is: a bound one move deeper cost far more for almost nothing
(docs/bot.md). Most of the slack is in crediting a number that leaves a safe
cell with a sure win.
"""

from __future__ import annotations

from minebender.rules.solver import Analysis, analyse
from minebender.services.bot.strategy import two_move_survival
from minebender.values.types import Knowledge, Pos

__all__ = ["BEST_PLAY", "forced_guess_analysis", "guess_ceiling"]

BEST_PLAY = frozenset({"rule", "solver", "forced", "pair", "endgame"})
"""The reasons (``Decision.why``) of the bot's moves that are provably best play."""


def guess_ceiling(knowledge: Knowledge, analysis: Analysis | None = None) -> float:
    """At least the chance that perfect play wins from ``knowledge``, a view in
    which no hidden cell is provably safe (see the module docstring).

    Cells are tried safest first, and the search stops at the first cell whose
    own safety cannot beat the best bound so far (its two-move survival is at
    most its safety), so on real boards only a few cells are analysed.
    """
    analysis = forced_guess_analysis(knowledge, analysis, "guess_ceiling")
    safety: list[tuple[float, Pos]] = []
    for y, row in enumerate(analysis.probabilities):
        for x, p in enumerate(row):
            if p is not None and p != 1:
                safety.append((1.0 - float(p), Pos(x, y)))
    safety.sort(key=lambda t: -t[0])
    best = 0.0
    for safe, cell in safety:
        if safe <= best:
            break
        best = max(best, two_move_survival(knowledge, analysis, cell))
    return best


def forced_guess_analysis(knowledge: Knowledge, analysis: Analysis | None, who: str) -> Analysis:
    """The analysis of a view that forces a guess (made if not given); a
    ValueError naming ``who`` when the view has no layout or a safe cell."""
    if analysis is None:
        analysis = analyse(knowledge)
    if not analysis.consistent:
        raise ValueError(f"{who}: no layout agrees with this view")
    if analysis.safe:
        raise ValueError(f"{who}: a cell is provably safe, so no guess is forced")
    return analysis

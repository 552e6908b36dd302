"""How the bot chooses a move from what it sees.

Safe cells first: cheap single-number rules, then the exact solver. Only when
nothing is provably safe does the bot guess, and the strategies differ there:

- ``fast``: the cell with the lowest mine probability (ties: the cell with the
  fewest hidden neighbours, which most often opens an area).
- ``strong``: a guess no future click can make safer (a closed group of
  cells, opened where perfect play wins most, or a pair only a coin flip can
  split; see ``bot.fifty``) is taken at once; with few layouts left, an
  exhaustive search picks the guess with the best exact win probability;
  otherwise, among the safest cells, the one most likely to survive *and*
  leave a safe cell or a good guess next (second-order safety).
- ``perfect``: ``strong``, with the exhaustive search up to
  ``PERFECT_LAYOUTS`` (20,000) layouts, as the analysis board searches, not
  ``ENDGAME_LAYOUTS``: every endgame of real play it meets is played
  perfectly, at 24 times the processor time on Expert for no measurable
  gain in wins (docs/bot.md, The perfect strategy).

A dead cell (one that can show only one number) is never guessed while a
live one is a candidate: revealing it tells nothing but that it was safe.
Every rule here was measured on thousands of games; docs/bot.md keeps the
figures, and the rules that were tried and left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from minebender.rules.solver import Analysis, analyse
from minebender.rules.solver.reading import neighbour_table
from minebender.rules.solver.reveal import Reveals
from minebender.services.bot.endgame import PERFECT_LAYOUTS, best_endgame_move
from minebender.services.bot.fifty import forced_group, forced_pick, unsplittable_pair
from minebender.services.bot.rules import simple_deductions
from minebender.values.types import Boom, Hidden, Knowledge, Pos, Shown

__all__ = ["STRATEGIES", "Decision", "StrategyName", "choose", "two_move_survival"]

StrategyName = Literal["fast", "strong", "perfect"]
STRATEGIES: tuple[StrategyName, ...] = ("fast", "strong", "perfect")

ENDGAME_LAYOUTS = 1_000
"""Search the endgame exhaustively when at most this many layouts remain. On
Expert 3,000 took 2.5 times the processor time per game and won no more
games of 2,000 (docs/bot.md, How fast it is): the few searches past 1,000
layouts cost most of the time. With the faster search of bot/perfect.py,
3,000 still costs 1.35 times the processor time on Expert for one game more
of 500 (docs/bot.md, Bars, bounds and groups apart), and 20,000 (the
``perfect`` strategy) 24 times."""
MAX_EVALUATIONS = 10
"""Candidates whose every outcome the strong strategy analyses, at most, once
one of them is not dead: the safest few hold the best two-move score, and
widening the search gained nothing (docs/bot.md)."""
DEAD_EVALUATIONS = 20
"""Candidates it analyses, at most, while all those so far were dead."""
OUTSIDE_SAMPLES = 3
"""Cells away from every number that the strong strategy considers (the
fewest hidden neighbours first: corners and edges); more gained nothing
(docs/bot.md)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """The cells to reveal next, and whether that is a guess (not provably safe)."""

    cells: tuple[Pos, ...]
    guess: bool
    why: str


def choose(knowledge: Knowledge, strategy: StrategyName = "strong") -> Decision:
    """The next move for the player who sees ``knowledge`` (never the layout)."""
    safe, _ = simple_deductions(knowledge)
    if safe:
        return Decision(tuple(safe), False, "rule")
    analysis = analyse(knowledge)
    if not analysis.consistent:
        raise ValueError("choose: no layout agrees with this view")
    if analysis.safe:
        return Decision(tuple(sorted(analysis.safe, key=lambda p: (p.y, p.x))), False, "solver")
    probs = _floats(knowledge, analysis)
    if not probs:
        raise ValueError("choose: no hidden cell is left to reveal")
    if strategy == "fast":
        return Decision((_safest_one(knowledge, probs),), True, "safest")
    limit = PERFECT_LAYOUTS if strategy == "perfect" else ENDGAME_LAYOUTS
    return _strong_guess(knowledge, analysis, probs, limit)


def _floats(knowledge: Knowledge, analysis: Analysis) -> dict[Pos, float]:
    """Mine probabilities of the hidden cells that are not certain mines."""
    out: dict[Pos, float] = {}
    for y, row in enumerate(analysis.probabilities):
        for x, p in enumerate(row):
            if p is not None and p != 1:
                out[Pos(x, y)] = float(p)
    return out


class _Cells:
    """Flat lookups over one view, made once per decision: which cells are
    hidden, which show a number, and each cell's neighbours. Ranking the
    candidates asks about every hidden cell, some 400 on Expert; asking the
    ``Knowledge`` cell by cell cost a quarter of a strong guess."""

    def __init__(self, knowledge: Knowledge) -> None:
        kinds = [type(s) for row in knowledge.rows for s in row]
        self.width = knowledge.width
        self.around = neighbour_table(knowledge.width, knowledge.height)
        self.hidden = [k is Hidden for k in kinds]
        self.shown = [k is Shown for k in kinds]

    def hidden_neighbours(self, p: Pos) -> int:
        """How many of p's neighbours are hidden (fewer: more likely to open an area)."""
        return sum(map(self.hidden.__getitem__, self.around[p.y * self.width + p.x]))

    def touches_number(self, p: Pos) -> bool:
        """Whether p is next to a shown number (on the frontier)."""
        return any(map(self.shown.__getitem__, self.around[p.y * self.width + p.x]))


def _safest(cells: _Cells, probs: dict[Pos, float]) -> list[Pos]:
    """Hidden cells, safest first; ties go to fewer hidden neighbours, then row order."""
    return sorted(
        probs,
        key=lambda p: (round(probs[p], 12), cells.hidden_neighbours(p), p.y, p.x),
    )


def _safest_one(knowledge: Knowledge, probs: dict[Pos, float]) -> Pos:
    """The first cell of ``_safest``, without sorting the whole board."""
    cells = _Cells(knowledge)
    low = round(min(probs.values()), 12)
    return min(
        (p for p, v in probs.items() if round(v, 12) == low),
        key=lambda p: (cells.hidden_neighbours(p), p.y, p.x),
    )


def _strong_guess(
    knowledge: Knowledge, analysis: Analysis, probs: dict[Pos, float], endgame_layouts: int
) -> Decision:
    forced = forced_group(knowledge, probs)
    if forced:
        return Decision((forced_pick(knowledge, forced, probs),), True, "forced")
    pair = unsplittable_pair(knowledge, analysis)
    if pair is not None:
        return Decision((pair,), True, "pair")
    if analysis.solutions <= endgame_layouts:
        found = best_endgame_move(knowledge, analysis, endgame_layouts)
        if found is not None:
            return Decision((found[0],), True, "endgame")
    cells = _Cells(knowledge)
    frontier: dict[Pos, float] = {}
    outside: dict[Pos, float] = {}
    for p, v in probs.items():
        (frontier if cells.touches_number(p) else outside)[p] = v
    ranked = _safest(cells, frontier)
    ranked += _safest(cells, outside)[:OUTSIDE_SAMPLES]
    ranked.sort(key=lambda p: round(probs[p], 12))
    reveals = Reveals(knowledge)
    live: Pos | None = None
    live_key = (-1.0, -1.0)
    dead, dead_key = ranked[0], (-1.0, -1.0)
    for i, p in enumerate(ranked[:DEAD_EVALUATIONS]):
        if 1.0 - probs[p] <= live_key[0] + 1e-12:
            break
        if i >= MAX_EVALUATIONS and live is not None:
            break
        # once a live cell is found, a candidate is dropped as soon as it cannot beat it
        bound = None if live is None else (1.0 - probs[p], live_key[0])
        score = _scored(knowledge, analysis, p, reveals, bound)
        if score is None:
            continue
        if score.dead:
            if score.key > dead_key:
                dead, dead_key = p, score.key
        elif score.key > live_key:
            live, live_key = p, score.key
    return Decision((dead if live is None else live,), True, "second-order")


class _Score(NamedTuple):
    """What one candidate guess promises two moves ahead."""

    key: tuple[float, float]
    """(P(it is safe and the next move survives), expected safe cells after it)."""
    dead: bool
    """Whether it can show only one number: revealing it tells nothing but that
    it was safe."""


def _second_order(
    knowledge: Knowledge, analysis: Analysis, p: Pos, reveals: Reveals | None = None
) -> _Score:
    """How revealing p scores two moves ahead, and whether p is dead (see ``_scored``)."""
    score = _scored(knowledge, analysis, p, reveals, None)
    assert score is not None  # with no bound, every candidate is scored
    return score


def _scored(
    knowledge: Knowledge,
    analysis: Analysis,
    p: Pos,
    reveals: Reveals | None,
    bound: tuple[float, float] | None,
) -> _Score | None:
    """How revealing p scores two moves ahead, and whether p is dead.

    For each number p could show, the view with that number is analysed: if
    it has a safe cell the next move survives for sure, else with the best
    probability left; if only certain mines are left hidden, p won the game
    (not a loss: a guess that could end the game would score too low).
    ``reveals`` is the view read once for every candidate (made if not given).
    ``bound``: (the chance p is safe, a survival to beat); None as soon as
    the numbers left cannot lift p's survival to it, which spares the
    analyses of a candidate that cannot win (a second-order guess's time).
    """
    if reveals is None:
        reveals = Reveals(knowledge)
    known = 0
    unknown = 0
    for q in knowledge.neighbours(p):
        s = knowledge.seen(q)
        if type(s) is Boom or q in analysis.mines:
            known += 1
        elif type(s) is Hidden:
            unknown += 1
    survive = 0.0
    safe_cells = 0.0
    lost = 0.0  # of the chance p is safe: the most p's survival can still reach is that less this
    numbers = 0
    for n in range(known, known + unknown + 1):
        after = reveals.outcome(p, n)
        if after is None:
            continue
        numbers += 1
        share = after.solutions / analysis.solutions
        if after.safe:
            survive += share
            safe_cells += share * after.safe
        else:
            # only certain mines left hidden (lowest 0.0): revealing p wins the game
            survive += share * (1.0 - after.lowest)
            lost += share * after.lowest
            if bound is not None and bound[0] - lost < bound[1] - 1e-9:
                return None
    return _Score((survive, safe_cells), numbers == 1)


def two_move_survival(knowledge: Knowledge, analysis: Analysis, p: Pos) -> float:
    """The chance that revealing p survives and the move after it does too, when
    that move is a provably safe cell if there is one, else the safest guess.

    No player does better over those two moves, which is why the same figure
    that ranks the strong bot's guesses also bounds perfect play
    (``bot.ceiling``). ``analysis`` is that of ``knowledge``.
    """
    return _second_order(knowledge, analysis, p).key[0]

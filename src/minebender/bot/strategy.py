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
  leave a safe cell or a good guess next (second-order safety), never a
  dead cell while a live one is a candidate.

A dead cell can show only one number, so revealing it tells nothing but
that it was safe. Whatever a player does after guessing it, a player who
skips it can make the same moves, seeing the same numbers in every layout
where it was safe, and may also win layouts where it is a mine, since a
mine is never revealed: a live guess is always at least as good. The
two-move score missed that, crediting a dead cell with the "safe cell next"
that its own safety makes certain. Setting dead cells aside won 25 Expert
games and lost 10 of 20,000 (seed 2026, z = 2.5), and 7 against 2 of 4,000
(seed 23, inset first click); on Intermediate it changed 3 of 20,000 games
(2 won, 1 lost) and on Beginner none of 100,000 (seed 7).

Where the levels are decided: on Expert, second-order safety wins 0.8 points
more than the plain safest cell (4,000 games of seed 11: 145 games won only
with it, 114 only without). On Beginner and Intermediate the two choose alike
almost always (58 of 100,000 Beginner games and 39 of 8,000 Intermediate games
differ, with no net gain): there the rate is set by the first click, the
closed groups no player can avoid, and the exact endgame search.

Second-order safety is also where Expert is easiest to spoil. Scoring a
candidate by its two-move survival times (1 + a x the chance that a safe cell
follows) lost on the same 4,000 Expert games (seed 23) for every a tried but
0.05, which tied: a = 0.1 lost 0.35 points, a = 0.2 (seed 11) 0.77, and
a = -0.1 1.58. Plain two-move survival stays the score. Breaking its ties by
the expected number of layouts left instead of the expected safe cells
changed 4 of those games: exact ties are rare. Looking one guess deeper
(where a number leaves no safe cell, the best two-move survival among the
three safest cells next, not the plain safest) lost on them too: 49 won only
with it against 67 only without, and 5 times slower. Putting off guesses in
a hidden region walled in by numbers (no cell of it away from a number, so
only the mine count links it to the rest, and that count is known better
later) while another region had a candidate changed 3 of 4,000 Expert games
(seed 43: 2 won only with it, 1 only without): the two-move score rarely
picks such a cell first anyway.

Three more one-move changes were tried on the same 4,000 Expert games (seed
500, 2,200 won) and left out: keeping only candidates within 90% of the
safest cell's safety, as JSMinesweeper's guessing does, won 1 game only with
it and lost 7 only with it (z = -2.1); scoring a number that leaves no safe
cell and at most 1,000 layouts by the exact endgame search's win probability,
not the safest cell's safety, changed 3 games (2 won, 1 lost) at 0.8 times
the speed; and not counting a safe cell next as a sure move when no safe cell
has an undecided neighbour (revealing it can tell nothing) changed 7 (3 won,
4 lost). Counting two-move scores within 1e-9 of each other as a tie (most
ties differ only in the last bits), and breaking ties by the expected safe
cells, by the entropy of the number shown, or by the expected share of
layouts left, changed 21, 26 and 27 games: 12 against 9, 13 against 13 and
13 against 14. Where the games are lost (2,000 games of seed 99, 54.7% won):
exact endgame searches 13.9% of games, closed groups 11.5%, pairs 2.9%, and
second-order guesses 17.1%, of which 15.3% at the first guess (5.9%) or
while more than 10^10 layouts remain (9.4%), far past any exhaustive search;
a guess there loses 10.5 to 11.3% of the time.

On Beginner the guesses left to improve are few: on 100,000 games (seed 7)
the losses came at closed groups (1,438 games), exact endgame searches
(1,133), second-order guesses (155) and pairs (66), and searching exactly
from up to 5,000 layouts instead of 1,000 changed 5 games (1 won, 4 lost).

On Intermediate the choice at the first heuristic guess was checked against
rollouts: at 300 such views (seed 2026, first click (2, 2)), 200 layouts
drawn uniformly from those consistent with the view, and the strong bot
playing each to the end after each of six candidates (its own choice, the
cell of best two-move survival, the safest cells). Picking the candidate
that won most on half of the layouts and scoring it on the other half lost
0.73 points per view (standard error 0.21) against the bot's own choice;
even the best of six on all 200 layouts, an estimate biased upwards, beat it
by only 1.14 points. Those views come in 9.9% of games, so a better first
guess is worth about a tenth of a point there, not the 1.2 points the goal
asks (the bot wins 89.27% of 230,000 games of seed 2026); the choice was
left as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, NamedTuple

from minebender.bot.endgame import best_endgame_move
from minebender.bot.fifty import forced_group, forced_pick, unsplittable_pair
from minebender.bot.rules import simple_deductions
from minebender.solver import Analysis, analyse
from minebender.solver.reading import neighbour_table
from minebender.types import SHOWN, Boom, Hidden, Knowledge, Pos, Shown

__all__ = ["STRATEGIES", "Decision", "StrategyName", "choose", "two_move_survival"]

StrategyName = Literal["fast", "strong"]
STRATEGIES: tuple[StrategyName, ...] = ("fast", "strong")

ENDGAME_LAYOUTS = 3_000
"""Search the endgame exhaustively when at most this many layouts remain.

Raised from 120 to 1,000 once the layouts were enumerated frontier-first (on
the same 4,000 Expert games of seed 11, 21 won only with it and 13 only
without; on 8,000 Intermediate games 8 against 3), then to 3,000, with a
150,000-node budget, once the search learned to drop hopeless candidates
early: on the same 20,000 Expert games, 30 won only with it and 19 only
without (seed 2026) and 40 against 26 (seed 7), together z = 2.3. An exact
search plays, on average, at least as well as the heuristic it replaces; the
cost is time: the strong bot plays Expert 1.9 times slower (21.7 games/s on
2 cores). 5,000 layouts with 250,000 nodes took another 2.5 times the search
time, most of it on searches that ran out of budget, so it was left there.
On Intermediate it changed 3 of 20,000 games (seed 2026: 1 won, 2 lost).
10,000 layouts with 500,000 nodes changed 8 of 4,000 Expert games (seed
43: 5 won only with it, 3 only without) and made the strong bot 5.5 times
slower. Searching a uniform sample instead, past the limit (the layouts of
views with up to 100,000 listed, 800 of them drawn, fixed by the view, and
searched as if they were all), changed 31 of 4,000 Expert games (seed 314:
15 won only with it, 16 only without); 2,000 drawn from up to 30,000 changed
16 (7 against 9): a sample's numbers tell its few layouts apart sooner than
the real ones, so its best cell is no better than second-order safety's."""
ENDGAME_NODES = 150_000
"""Node budget of one endgame search (a few seconds at worst); past it the
strong strategy falls back on second-order safety."""
MAX_EVALUATIONS = 10
"""Candidates whose every outcome the strong strategy analyses, at most, once
one of them is not dead. Widening the search (30 candidates, 40 while all are
dead, 8 cells away from every number) changed 16 of 4,000 Expert games of
seed 43 (10 won only with it, 6 only without) and 18 of 8,000 of seed 47 (8
against 10): the safest few hold the best two-move score."""
DEAD_EVALUATIONS = 20
"""Candidates it analyses, at most, while all those so far were dead."""
OUTSIDE_SAMPLES = 3
"""Cells away from every number that the strong strategy considers (the
fewest hidden neighbours first: corners and edges). Adding up to 12 more, the
cells next to the frontier, whose number could settle a frontier cell, and
evaluating as many more candidates, won 51 Expert games and lost 42 of the
same 12,000 (seeds 314 and 515, z = 0.9) at two thirds of the speed; 40 more
changed 23 of 4,000 (15 won, 8 lost): left out."""


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
    return _strong_guess(knowledge, analysis, probs)


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


def _strong_guess(knowledge: Knowledge, analysis: Analysis, probs: dict[Pos, float]) -> Decision:
    forced = forced_group(knowledge, probs)
    if forced:
        return Decision((forced_pick(knowledge, forced, probs),), True, "forced")
    pair = unsplittable_pair(knowledge, analysis)
    if pair is not None:
        return Decision((pair,), True, "pair")
    if analysis.solutions <= ENDGAME_LAYOUTS:
        found = best_endgame_move(knowledge, analysis, ENDGAME_LAYOUTS, ENDGAME_NODES)
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
    live: Pos | None = None
    live_key = (-1.0, -1.0)
    dead, dead_key = ranked[0], (-1.0, -1.0)
    for i, p in enumerate(ranked[:DEAD_EVALUATIONS]):
        if 1.0 - probs[p] <= live_key[0] + 1e-12:
            break
        if i >= MAX_EVALUATIONS and live is not None:
            break
        score = _second_order(knowledge, analysis, p)
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


def _second_order(knowledge: Knowledge, analysis: Analysis, p: Pos) -> _Score:
    """How revealing p scores two moves ahead, and whether p is dead.

    For each number p could show, the view with that number is analysed: if
    it has a safe cell the next move survives for sure, else with the best
    probability left; if only certain mines are left hidden, p won the game.
    Until that last case was counted (it scored as a loss), a guess that could
    end the game scored too low; the exhaustive endgame search plays nearly all
    such positions, and no game changed in 20,000 Intermediate (seed 2026) and
    4,000 Expert (seed 43).
    """
    known = 0
    unknown = 0
    for q in knowledge.neighbours(p):
        s = knowledge.seen(q)
        if type(s) is Boom or q in analysis.mines:
            known += 1
        elif type(s) is Hidden:
            unknown += 1
    rows = [list(r) for r in knowledge.rows]
    survive = 0.0
    safe_cells = 0.0
    numbers = 0
    for n in range(known, known + unknown + 1):
        rows[p.y][p.x] = SHOWN[n]
        view = Knowledge(
            knowledge.width, knowledge.height, knowledge.mines, tuple(tuple(r) for r in rows)
        )
        after = analyse(view)
        if not after.consistent:
            continue
        numbers += 1
        share = after.solutions / analysis.solutions
        if after.safe:
            survive += share
            safe_cells += share * len(after.safe)
        else:
            # only certain mines left hidden: revealing p wins the game
            lowest = min(
                (q for row in after.probabilities for q in row if q is not None and q != 1),
                default=Fraction(0),
            )
            survive += share * (1.0 - float(lowest))
    return _Score((survive, safe_cells), numbers == 1)


def two_move_survival(knowledge: Knowledge, analysis: Analysis, p: Pos) -> float:
    """The chance that revealing p survives and the move after it does too, when
    that move is a provably safe cell if there is one, else the safest guess.

    No player does better over those two moves, which is why the same figure
    that ranks the strong bot's guesses also bounds perfect play
    (``bot.ceiling``). ``analysis`` is that of ``knowledge``.
    """
    return _second_order(knowledge, analysis, p).key[0]

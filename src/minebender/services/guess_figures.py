"""What the analysis board shows of a guess, beyond each cell's chance of a
mine: the 50/50s and pseudo-50/50s on the board, and for the best guesses the
chance each gives progress and the safety of the move after it.

Every figure is exact: counted from the layouts that fit the view, as
``solver.analyse`` counts them (each layout equally likely). docs/analyse.md
defines them:

- a *50/50* is a pair of hidden cells with exactly one mine between them in
  every layout, which no later click can tell apart: every cell next to one
  of them and not the other is a known mine. Swapping the two turns a layout
  into one that every other cell shows alike, with the same total, so the
  player must one day pick between them at even odds.
- a *pseudo-50/50* is such a pair that is never two mines but is sometimes
  none: in the layouts with one mine the same coin flip waits. Taking either
  kind now costs nothing (``bot.fifty``).
- a candidate's *progress* is the chance that revealing it is safe and
  leaves a provably safe cell (or clears the board); its *second-move
  safety* the chance that it is safe and the best next move is too, that
  move being a safe cell when there is one, else the safest cell left.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from minebender.rules.solver import Analysis
from minebender.rules.solver.analysis import weigh
from minebender.rules.solver.reading import Numbers, neighbour_table, read_numbers
from minebender.rules.solver.reveal import Reveals
from minebender.rules.solver.system import make_system
from minebender.values.types import Boom, Hidden, Knowledge, Pos

__all__ = ["CANDIDATES", "Candidate", "Fifty", "FiftyKind", "candidates", "fifties", "known_mines"]

FiftyKind = Literal["50/50", "pseudo"]

CANDIDATES = 8
"""The most guesses the analysis board gives figures for: the best move and
the safest others."""
OUTSIDE = 3
"""Of them, the most cells away from every number (often many alike: the
corners and edges first, which open most)."""


@dataclass(frozen=True, slots=True)
class Fifty:
    """A pair of hidden cells that only a coin flip can split."""

    cells: tuple[Pos, Pos]
    kind: FiftyKind
    """``50/50``: one mine between them in every layout; ``pseudo``: one or
    none, never two."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A guess and its exact figures (chances over the layouts of the view)."""

    cell: Pos
    safe: Fraction
    """The chance it is safe."""
    progress: Fraction
    """The chance it is safe and leaves a provably safe cell, or clears the board."""
    second: Fraction
    """The chance it is safe and the best next move is safe too."""


def known_mines(knowledge: Knowledge, analysis: Analysis) -> set[int]:
    """Flat indexes of the certain mines and the revealed ones."""
    w = knowledge.width
    known = {p.y * w + p.x for p in analysis.mines}
    for y, row in enumerate(knowledge.rows):
        known.update(y * w + x for x, s in enumerate(row) if type(s) is Boom)
    return known


def fifties(knowledge: Knowledge, analysis: Analysis) -> list[Fifty]:
    """Every 50/50 and pseudo-50/50 pair of cells at most two apart, row by
    row; empty on an inconsistent view.

    Only cells of one probability can pair (the swap maps the layouts with a
    mine on one onto those with a mine on the other), and a pair qualifies
    first by where it lies: a cell next to only one of the two must be a
    known mine. Two counts then settle it: the layouts with both cells mines
    (there must be none) and those with neither.
    """
    if not analysis.consistent:
        return []
    w, h = knowledge.width, knowledge.height
    around = neighbour_table(w, h)
    known = known_mines(knowledge, analysis)
    probs = analysis.probabilities
    # A cell next to one of the pair and not the other is a known mine, so
    # a cell of a pair has at most 5 neighbours that are not (the other cell
    # and the neighbours they share): on a big board most cells have 8, and
    # are passed over at once.
    free = [len(a) for a in around]
    for c in known:
        for q in around[c]:
            free[q] -= 1
    undecided = {
        y * w + x
        for y, row in enumerate(probs)
        for x, p in enumerate(row)
        if free[y * w + x] <= SHARED and p is not None and p != 0 and p != 1
    }
    numbers = read_numbers(knowledge)
    out: list[Fifty] = []
    for a in sorted(undecided):
        ax, ay = a % w, a // w
        near = [
            y * w + x
            for y in range(ay, min(ay + 3, h))
            for x in range(max(ax - 2, 0), min(ax + 3, w))
            if y * w + x > a
        ]
        for b in near:
            bx, by = b % w, b // w
            if b not in undecided or probs[ay][ax] != probs[by][bx]:
                continue
            if not _apart_only_by_mines(around, known, w, a, b):
                continue  # a cell next to only one of them could tell them apart
            mask = (1 << a) | (1 << b)
            if _layouts(numbers, a, mask, 2):
                continue
            kind: FiftyKind = "pseudo" if _layouts(numbers, a, mask, 0) else "50/50"
            out.append(Fifty((Pos(ax, ay), Pos(bx, by)), kind))
    return out


SHARED = 5
"""The most neighbours one cell shares with another cell, counting that cell."""


def _apart_only_by_mines(
    around: tuple[tuple[int, ...], ...], known: set[int], w: int, a: int, b: int
) -> bool:
    """Whether every cell next to one of a and b, not the other, is a known mine."""
    for one, other in ((a, b), (b, a)):
        ox, oy = other % w, other // w
        for c in around[one]:
            if c == other or c in known:
                continue
            if max(abs(c % w - ox), abs(c // w - oy)) > 1:
                return False
    return True


def _layouts(numbers: Numbers, first: int, mask: int, mines: int) -> int:
    """How many layouts of the view put exactly ``mines`` mines on the cells of mask."""
    kept = dataclasses.replace(numbers, scopes=(*numbers.scopes, (first, mask, mines)))
    weighed = weigh(make_system(kept))
    return 0 if weighed is None else weighed.solutions


def candidates(
    knowledge: Knowledge, analysis: Analysis, best: Pos | None
) -> list[Candidate] | None:
    """The figures of the best guesses: the best move first, then the others
    by best second-move safety (then progress, safety, row order): the best
    move and the safest other
    undecided cells, at most ``CANDIDATES``, of which at most ``OUTSIDE``
    away from every number (ties: fewer hidden neighbours, then row order).
    None when a cell is provably safe (no guess is needed), nothing is left
    to guess, or the view is inconsistent."""
    if not analysis.consistent or analysis.safe:
        return None
    w = knowledge.width
    around = neighbour_table(w, knowledge.height)
    kinds = [type(s) for row in knowledge.rows for s in row]
    probs = analysis.probabilities
    pool: list[tuple[Fraction, int, int, bool]] = []
    for y, row in enumerate(probs):
        for x, p in enumerate(row):
            if p is None or p == 1:
                continue
            i = y * w + x
            hidden = sum(kinds[j] is Hidden for j in around[i])
            near = any(kinds[j] is not Hidden for j in around[i])
            pool.append((p, hidden, i, near))
    if not pool:
        return None
    pool.sort()
    chosen: list[int] = []
    outside = 0
    for _, _, i, near in pool:
        if len(chosen) == CANDIDATES:
            break
        if not near:
            if outside == OUTSIDE:
                continue
            outside += 1
        chosen.append(i)
    if best is not None and best.y * w + best.x not in chosen:
        chosen[-1 if len(chosen) == CANDIDATES else len(chosen) :] = [best.y * w + best.x]
    reveals = Reveals(knowledge)
    found = [_figures(knowledge, analysis, reveals, Pos(i % w, i // w)) for i in chosen]
    found.sort(key=lambda c: (c.cell != best, -c.second, -c.progress, -c.safe, c.cell.y, c.cell.x))
    return found


def _figures(knowledge: Knowledge, analysis: Analysis, reveals: Reveals, p: Pos) -> Candidate:
    """A guess's exact figures: for each number p can show, the layouts of
    the view with that number, and whether it leaves a safe cell."""
    safe = progress = second = 0
    top = sum(1 for _ in knowledge.neighbours(p))
    lowest_sum = Fraction(0)
    for n in range(top + 1):
        after = reveals.outcome(p, n)
        if after is None:
            continue
        safe += after.solutions
        if after.safe or after.lowest_ratio == (0, 1):  # a safe cell, or the board cleared
            progress += after.solutions
            second += after.solutions
        else:
            mines, cells = after.lowest_ratio
            lowest_sum += Fraction(after.solutions * (cells - mines), cells)
    total = analysis.solutions
    return Candidate(
        p,
        Fraction(safe, total),
        Fraction(progress, total),
        Fraction(second, total) + lowest_sum / total,
    )

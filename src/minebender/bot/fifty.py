"""Guesses that cost nothing to take now: coin flips no future reveal can settle.

When such a guess exists, taking it first never raises the risk of losing,
and the number it shows may settle other cells, sparing a later guess. Two
kinds are found:

- a *closed group* (``forced_group``): the undecided neighbours of one number
  that touch no other undecided cell, every number next to them seeing only
  them. Nothing outside the group can ever tell its cells apart.
- an *unsplittable pair* (``unsplittable_pair``): two neighbouring undecided
  cells a and b, never both mines, such that every cell next to exactly one
  of them is a known mine. Swapping a and b turns a layout into another that
  every other cell shows the same way, now and after any reveal (a cell next
  to only one of them is a mine and is never revealed), with the same mine
  total. So in a layout with one mine in the pair the player must one day
  pick between a and b at even odds, and revealing a now loses exactly as
  often as that pick would later. The cells next to both may still be hidden
  and undecided (a pair along the edge of the board, pinned by mines at both
  ends), which is why the closed-group rule misses these.

Taking unsplittable pairs at once won 25 more of the same 20,000 Expert
games (seed 2026: 43 won only with it, 18 only without) and 8 more of 4,000
(seed 11: 10 against 2). Two wider rules were tried and left out: pairs whose
distinguishing cells are mines only when a is one (no game changed, 4.5x
slower), and 2x2 boxes pinned at their corners, where the numbers of the box's
own cells break the symmetry and the brute-force check fails.
"""

from __future__ import annotations

from fractions import Fraction

from minebender.solver import Analysis, analyse
from minebender.types import Boom, Knowledge, Pos, Shown

__all__ = ["forced_group", "unsplittable_pair"]


def forced_group(knowledge: Knowledge, probs: dict[Pos, float]) -> list[Pos]:
    """Cells of a closed group that no future click can inform: a must-guess.

    ``probs`` holds the undecided hidden cells. A group is closed when its
    cells touch no other undecided hidden cell and every number next to it
    has all its undecided neighbours in the group, and one such number fixes
    how many mines the group holds (so not even the mine count can tell its
    cells apart later).
    """
    for y, row in enumerate(knowledge.rows):
        for x, s in enumerate(row):
            if type(s) is not Shown:
                continue
            group = [q for q in knowledge.neighbours(Pos(x, y)) if q in probs]
            if not 2 <= len(group) <= 4:
                continue
            members = set(group)
            if all(_closed(knowledge, probs, q, members) for q in group):
                return group
    return []


def _closed(knowledge: Knowledge, probs: dict[Pos, float], q: Pos, members: set[Pos]) -> bool:
    for r in knowledge.neighbours(q):
        if r in probs and r not in members:
            return False
        if type(knowledge.seen(r)) is Shown and any(
            t in probs and t not in members for t in knowledge.neighbours(r)
        ):
            return False
    return True


def unsplittable_pair(knowledge: Knowledge, analysis: Analysis) -> Pos | None:
    """A cell of an unsplittable pair (the safest, then the first in row order), or None.

    Only pairs of equal mine probability can qualify (the swap maps the
    layouts with a mine on a one to one onto those with a mine on b), which
    rules out almost every pair before any set is built; the one solve per
    candidate, to check the pair is never two mines, is rarely reached.
    """
    probabilities = analysis.probabilities
    best: tuple[Fraction, int, int] | None = None
    for y, row in enumerate(probabilities):
        for x, p in enumerate(row):
            if p is None or p == 0 or p == 1 or (best is not None and p >= best[0]):
                continue
            a = Pos(x, y)
            around_a = knowledge.neighbours(a)
            for b in around_a:
                if (b.y, b.x) < (y, x) or probabilities[b.y][b.x] != p:
                    continue
                if _told_apart(knowledge, analysis, a, b, around_a) or _both_can_be_mines(
                    knowledge, a, b
                ):
                    continue
                best = (p, y, x)
                break
    return None if best is None else Pos(best[2], best[1])


def _told_apart(
    knowledge: Knowledge, analysis: Analysis, a: Pos, b: Pos, around_a: list[Pos]
) -> bool:
    """Some cell next to exactly one of a and b is not a known mine: it could tell them apart."""
    around_b = knowledge.neighbours(b)
    for c in set(around_a).symmetric_difference(around_b):
        if c in (a, b):
            continue
        if type(knowledge.seen(c)) is not Boom and c not in analysis.mines:
            return True
    return False


def _both_can_be_mines(knowledge: Knowledge, a: Pos, b: Pos) -> bool:
    """Some layout agrees with the view and has mines on both a and b."""
    rows = [list(r) for r in knowledge.rows]
    rows[a.y][a.x] = Boom()
    given_a = analyse(
        Knowledge(knowledge.width, knowledge.height, knowledge.mines, tuple(map(tuple, rows)))
    )
    return b not in given_a.safe

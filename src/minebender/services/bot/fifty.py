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

Taking such guesses at once wins more games (docs/bot.md has the figures).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from minebender.rules.solver import Analysis, analyse
from minebender.rules.solver.reading import positions
from minebender.services.bot.endgame import best_guess
from minebender.values.types import Boom, Hidden, Knowledge, Pos, Shown, neighbours

__all__ = ["forced_group", "forced_pick", "unsplittable_pair"]


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


def forced_pick(knowledge: Knowledge, group: list[Pos], probs: dict[Pos, float]) -> Pos:
    """The cell of a closed group (from ``forced_group``) to reveal first: the
    one from which perfect play clears the group most often.

    The safest cell is not always that one. In a line of three with one mine,
    an end cell is as safe as the middle, but its number tells the other two
    apart and the middle's cannot: 2/3 against 1/3. The group is a game of
    its own (nothing outside can inform it and its mine count is fixed, so
    its layouts are equally likely), small enough (at most 4 cells) to search
    exhaustively: every assignment of its cells that agrees with the numbers
    next to it is a layout. Most real groups are symmetric, so this rarely
    changes a game; the figures, and a wider rule left out, are in
    docs/bot.md.
    """
    index = {p: i for i, p in enumerate(group)}
    checks: dict[Pos, tuple[int, int]] = {}
    for q in group:
        for r in knowledge.neighbours(q):
            s = knowledge.seen(r)
            if type(s) is not Shown or r in checks:
                continue
            mask, need = 0, s.n
            for t in knowledge.neighbours(r):
                if t in index:
                    mask |= 1 << index[t]
                elif type(knowledge.seen(t)) is Boom or (
                    type(knowledge.seen(t)) is Hidden and t not in probs
                ):
                    need -= 1  # a decided hidden cell next to a number is a mine
            checks[r] = (mask, need)
    layouts = [
        lay
        for lay in range(1 << len(group))
        if all((lay & mask).bit_count() == need for mask, need in checks.values())
    ]
    found = best_guess(knowledge, group, layouts)
    if found is None:
        return min(group, key=lambda p: (probs[p], p.y, p.x))
    return found[0]


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
    layouts with a mine on a one to one onto those with a mine on b). On a
    board at least 3 cells wide and high, some cell is next to exactly one of
    a and b, so one of them must touch a known mine: only the cells next to
    known mines are searched, which skips the many equal cells away from the
    frontier. The one solve per candidate, to check the pair is never two
    mines, is rarely reached.
    """
    w, h = knowledge.width, knowledge.height
    around = _around(w, h)
    known = set(analysis.mines)
    for y, row in enumerate(knowledge.rows):
        if Boom in map(type, row):
            known.update(Pos(x, y) for x, s in enumerate(row) if type(s) is Boom)
    near_known: set[Pos] = set()
    for c in known:
        near_known.update(around[c.y * w + c.x])
    # on a board at least 3 by 3, one cell of a pair must touch a known mine
    pool = positions(w, h) if w <= 2 or h <= 2 else near_known
    probabilities = analysis.probabilities
    best: tuple[Fraction, int, int] | None = None
    for a in pool:
        p = probabilities[a.y][a.x]
        if p is None or p == 0 or p == 1 or (best is not None and p > best[0]):
            continue
        around_a = around[a.y * w + a.x]
        for b in around_a:
            if probabilities[b.y][b.x] != p:
                continue
            first = a if (a.y, a.x) < (b.y, b.x) else b
            if best is not None and (p, first.y, first.x) >= best:
                continue
            if not (around_a ^ around[b.y * w + b.x]) - {a, b} <= known:
                continue  # a cell next to only one of them could tell them apart
            if _both_can_be_mines(knowledge, a, b):
                continue
            best = (p, first.y, first.x)
    return None if best is None else Pos(best[2], best[1])


@lru_cache(maxsize=16)
def _around(width: int, height: int) -> tuple[frozenset[Pos], ...]:
    """The neighbours of each cell (index y * width + x), as sets, once per board size."""
    return tuple(frozenset(neighbours(width, height, p)) for p in positions(width, height))


def _both_can_be_mines(knowledge: Knowledge, a: Pos, b: Pos) -> bool:
    """Some layout agrees with the view and has mines on both a and b."""
    rows = [list(r) for r in knowledge.rows]
    rows[a.y][a.x] = Boom()
    given_a = analyse(
        Knowledge(knowledge.width, knowledge.height, knowledge.mines, tuple(map(tuple, rows)))
    )
    return b not in given_a.safe

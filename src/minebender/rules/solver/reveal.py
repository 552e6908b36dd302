"""``Reveals``: what a view becomes when one more hidden cell shows a number.

The strong bot scores a guess by analysing every number the cell could show,
some ten candidates with up to nine numbers each: most of a guess's time.
Making each of those views a ``Knowledge`` and reading it again cost as much
as the counting, and so did making an exact ``Fraction`` for every cell when
the score needs three figures. So the view is read once (``read_numbers``);
each outcome is that reading with the cell taken out of its neighbours'
scopes and its own number added, counted by ``analyse``'s own ``weigh``, and
summed up as an ``Outcome``: the figures ``analyse`` gives on the view with
that number shown (``tests/test_reveal.py`` holds them to it).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from math import gcd

from minebender.rules.solver.analysis import analyse, weigh
from minebender.rules.solver.reading import neighbour_masks, read_numbers
from minebender.rules.solver.system import System, make_system
from minebender.values.types import SHOWN, Knowledge, Pos

__all__ = ["Outcome", "Reveals"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """The figures of one view that the strong bot's score reads."""

    solutions: int
    """The layouts that agree with the view (``Analysis.solutions``)."""
    safe: int
    """How many hidden cells are provably safe (``len(Analysis.safe)``)."""
    lowest: float
    """The lowest mine probability of a hidden cell that is not a certain mine,
    as a float (0.0 when every hidden cell is one)."""
    lowest_ratio: tuple[int, int] = (0, 1)
    """The same probability exactly, as (numerator, denominator) in lowest
    terms: the analysis board's figures are exact, and a float may tie two
    fractions."""


class Reveals:
    """One view, read once, and what it becomes when a hidden cell shows a number."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        self.numbers = read_numbers(knowledge)
        self.around = neighbour_masks(knowledge.width, knowledge.height)
        # A revealed mine or a number that cannot be right: read each view
        # whole, as analyse does (never met in a game still being played).
        self.plain = self.numbers.booms > 0 or self.numbers.contradiction is not None

    def outcome(self, p: Pos, n: int) -> Outcome | None:
        """The view with the hidden cell p showing n, or None when no layout
        agrees with it (``Analysis.consistent`` False)."""
        if self.plain:
            return self._whole(p, n)
        numbers = self.numbers
        i = p.y * numbers.width + p.x
        bit = 1 << i
        if not numbers.hidden_mask & bit:
            raise ValueError(f"Reveals: {p!r} is not a hidden cell")
        keep = ~bit
        scopes: list[tuple[int, int, int]] = []
        at = 0  # where p's own number goes: the scopes are in row order
        for start, scope, need in numbers.scopes:
            if scope & bit:
                scope &= keep
                if need > scope.bit_count():
                    return None
                if not scope:
                    continue
            scopes.append((start, scope, need))
            if start < i:
                at = len(scopes)
        hidden_mask = numbers.hidden_mask & keep
        own = self.around[i] & hidden_mask
        if own:
            if n > own.bit_count():
                return None
            scopes.insert(at, (i, own, n))
        elif n:
            return None
        shown = dataclasses.replace(
            numbers,
            hidden=tuple(j for j in numbers.hidden if j != i),
            hidden_mask=hidden_mask,
            scopes=tuple(scopes),
        )
        return _summed(make_system(shown))

    def _whole(self, p: Pos, n: int) -> Outcome | None:
        """The outcome from ``analyse`` of the view made whole, for the views
        the short way does not read."""
        k = self.knowledge
        rows = [list(r) for r in k.rows]
        rows[p.y][p.x] = SHOWN[n]
        after = analyse(Knowledge(k.width, k.height, k.mines, tuple(tuple(r) for r in rows)))
        if not after.consistent:
            return None
        lowest = min(
            (q for row in after.probabilities for q in row if q is not None and q != 1),
            default=Fraction(0),
        )
        ratio = (lowest.numerator, lowest.denominator)
        return Outcome(after.solutions, len(after.safe), float(lowest), ratio)


def _summed(system: System) -> Outcome | None:
    """``Outcome`` of a system, with no ``Fraction`` made: float(a / b) of two
    ints is correctly rounded, as float of the fraction a/b is, and rounding
    keeps the order, so the lowest float is the float of the lowest fraction;
    only two fractions of the same float are compared exactly."""
    weighed = weigh(system)
    if weighed is None:
        return None
    solutions = weighed.solutions
    safe = len(system.known_safe)
    ratios: list[tuple[int, int]] = []  # (mines, cells) of each undecided kind of cell
    groups = system.groups
    for g, total in weighed.totals:
        size = len(groups[g].cells)
        if total == 0:
            safe += size
        elif total != solutions * size:
            ratios.append((total, solutions * size))
    if system.outside:
        hits = weighed.outside_hits
        if hits is None:
            ratios.append((1, 2))
        elif hits == 0:
            safe += len(system.outside)
        elif hits != solutions:
            ratios.append((hits, solutions))
    if safe or not ratios:
        return Outcome(solutions, safe, 0.0)  # a safe cell is the lowest
    lowest = 2.0  # above every probability
    ratio = (0, 1)
    for mines, cells in ratios:
        p = mines / cells
        if p < lowest or (p == lowest and mines * ratio[1] < ratio[0] * cells):
            lowest, ratio = p, (mines, cells)
    common = gcd(*ratio)
    return Outcome(solutions, safe, lowest, (ratio[0] // common, ratio[1] // common))

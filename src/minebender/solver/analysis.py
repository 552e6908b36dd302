"""``analyse``: everything that follows from what the player sees.

Counts every layout consistent with the view (LAWS.bend ``consistent``),
exactly, with Python ints, and gives exact ``Fraction`` probabilities. The
solver sees only the player's view, never the layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from minebender.solver.sweep import Sweep, group_mines, make_plan, sweep
from minebender.solver.system import System, build_system
from minebender.types import Hidden, Knowledge, Pos

__all__ = ["Analysis", "analyse", "find_safe"]

ZERO = Fraction(0)
ONE = Fraction(1)


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the solver knows about one view of the board.

    ``safe`` and ``mines`` follow LAWS.bend to the letter: a hidden cell is
    ProvablySafe when no consistent layout has a mine on it, so on a view no
    layout agrees with (``consistent`` False) every hidden cell is in both,
    vacuously. ``probabilities`` has a row per board row: the exact mine
    probability of each hidden cell, None for revealed cells and for every
    cell of an inconsistent view.
    """

    width: int
    height: int
    total: int | None
    consistent: bool
    solutions: int
    safe: frozenset[Pos]
    mines: frozenset[Pos]
    probabilities: tuple[tuple[Fraction | None, ...], ...]

    @property
    def unique(self) -> bool:
        """Exactly one layout agrees with the view."""
        return self.solutions == 1

    def probability(self, pos: Pos) -> Fraction:
        """The exact share of consistent layouts with a mine at the hidden cell pos."""
        if not (0 <= pos[0] < self.width and 0 <= pos[1] < self.height):
            raise ValueError(f"probability: {pos!r} is off the {self.width}x{self.height} board")
        if not self.consistent:
            raise ValueError("probability: no layout agrees with this view")
        p = self.probabilities[pos[1]][pos[0]]
        if p is None:
            raise ValueError(f"probability: {pos!r} is not hidden")
        return p


def _tail(free: int | None, outside: int, m: int) -> int:
    """Ways to put the rest of the mines in the outside cells, given m in the frontier."""
    if free is None:
        return 1 << outside
    rest = free - m
    if rest < 0 or rest > outside:
        return 0
    return comb(outside, rest)


def _convolve(a: list[int], b: list[int]) -> list[int]:
    if not a or not b:
        return []
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return out


def _inconsistent(knowledge: Knowledge) -> Analysis:
    hidden = frozenset(p for p in knowledge.cells() if type(knowledge.seen(p)) is Hidden)
    return Analysis(
        knowledge.width,
        knowledge.height,
        knowledge.mines,
        False,
        0,
        hidden,
        hidden,
        tuple((None,) * knowledge.width for _ in range(knowledge.height)),
    )


def _sweeps(system: System) -> list[Sweep] | None:
    """Count every component; None when one of them has no way at all."""
    results = []
    for component in system.components:
        result = sweep(make_plan(system, component))
        if not any(result.counts):
            return None
        results.append(result)
    return results


def analyse(knowledge: Knowledge) -> Analysis:
    """Count every layout consistent with the view and give exact probabilities.

    ``knowledge.mines`` may be None: the total is unknown and every count is
    allowed.

    >>> from minebender.types import Shown, Hidden
    >>> a = analyse(Knowledge(3, 1, 1, ((Hidden(), Shown(1), Hidden()),)))
    >>> a.solutions, a.probability(Pos(0, 0))
    (2, Fraction(1, 2))
    """
    system = build_system(knowledge)
    free = system.free_mines
    if system.contradiction is not None or (free is not None and free < 0):
        return _inconsistent(knowledge)
    results = _sweeps(system)
    if results is None:
        return _inconsistent(knowledge)
    outside = len(system.outside)
    polys = [r.counts for r in results]
    prefix: list[list[int]] = [[1]]
    for poly in polys:
        prefix.append(_convolve(prefix[-1], poly))
    frontier = prefix[-1]
    solutions = sum(c * _tail(free, outside, m) for m, c in enumerate(frontier))
    if solutions == 0:
        return _inconsistent(knowledge)
    suffix: list[list[int]] = [[1]] * (len(polys) + 1)
    for i in range(len(polys) - 1, -1, -1):
        suffix[i] = _convolve(polys[i], suffix[i + 1])
    grid: list[list[Fraction | None]] = [
        [None] * knowledge.width for _ in range(knowledge.height)
    ]
    for i, result in enumerate(results):
        others = _convolve(prefix[i], suffix[i + 1])
        weight = [
            sum(c * _tail(free, outside, a + b) for b, c in enumerate(others))
            for a in range(len(result.counts))
        ]
        for g, total in group_mines(result, weight).items():
            group = system.groups[g]
            p = Fraction(total, solutions * group.size)
            for cell in group.cells:
                grid[cell.y][cell.x] = p
    if outside:
        if free is None:
            p_out = Fraction(1, 2)
        else:
            hits = sum(
                c * comb(outside - 1, free - m - 1)
                for m, c in enumerate(frontier)
                if 0 <= free - m - 1 <= outside - 1
            )
            p_out = Fraction(hits, solutions)
        for cell in system.outside:
            grid[cell.y][cell.x] = p_out
    safe = frozenset(
        Pos(x, y) for y, row in enumerate(grid) for x, p in enumerate(row) if p == ZERO
    )
    mines = frozenset(
        Pos(x, y) for y, row in enumerate(grid) for x, p in enumerate(row) if p == ONE
    )
    return Analysis(
        knowledge.width,
        knowledge.height,
        knowledge.mines,
        True,
        solutions,
        safe,
        mines,
        tuple(tuple(row) for row in grid),
    )


def find_safe(knowledge: Knowledge) -> list[Pos]:
    """The provably safe hidden cells, row by row (empty: the player is stuck)."""
    return sorted(analyse(knowledge).safe, key=lambda p: (p.y, p.x))

"""Sets of three or four hidden cells that no click can split: the 50/50s of
more than two cells (JSMinesweeper's 2x2 box among them), which the analysis
board marks beside the pairs of ``guess_figures``.

docs/analyse.md defines them. Over a set S, two layouts of the view are
*twins* when they put the same mines outside S and every safe cell outside S
shows the same number in both: no click outside S can tell them apart. S is
named when

- each of its cells is a mine in some layout and safe in another;
- every hidden cell next to S and outside it is a certain mine, certainly
  safe, or (the total being known) next to every cell of S;
- in every layout, each cell of S is safe in some twin (no layout lets the
  player pass S by without a guess), and shows the same number in every twin
  where it is safe (revealing it tells nothing but that it was safe);
- it is at most 4 cells, any two at most two apart, holds no pair of
  ``fifties`` (the pairs say more) and lies in no bigger set named (whose
  three-cell parts often qualify too, and say less).

The second condition is what makes this cheap: under it, twins are the
layouts whose mines on S (S's *pattern*) give the same count next to every
revealed or certainly safe cell around S, and the same total on S when the
total is known. So the test is on S's 16 patterns, without the layouts: the
patterns are grouped by that key, and a group that breaks the third condition
is allowed only when no layout has a pattern of it: one count by the solver
per group (its key is a count on each of some parts of S), once the patterns
are dropped that a number next to S rules out by itself.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from minebender.rules.solver import Analysis
from minebender.rules.solver.analysis import weigh
from minebender.rules.solver.reading import Numbers, neighbour_table, read_numbers
from minebender.rules.solver.system import make_system
from minebender.services.guess_figures import Fifty, known_mines
from minebender.values.types import Knowledge, Pos, Shown

__all__ = ["GuessSet", "GuessSetKind", "guess_sets"]

GuessSetKind = Literal["forced", "pseudo"]

LARGEST = 4
"""The most cells of a set searched."""
COMMON = 2
"""The most cells outside a set of three or more next to all of its cells (a
line of three has two, one above its middle and one below)."""


@dataclass(frozen=True, slots=True)
class GuessSet:
    """Three or four hidden cells that only a guess can split."""

    cells: tuple[Pos, ...]
    """Row by row."""
    kind: GuessSetKind
    """``forced``: a mine among them in every layout; ``pseudo``: in some
    layouts none."""


@dataclass(frozen=True, slots=True)
class _Board:
    """What the search reads of the view, as flat indexes."""

    width: int
    height: int
    around: tuple[tuple[int, ...], ...]
    undecided: frozenset[int]
    mines: frozenset[int]
    """The certain mines and the revealed ones."""
    numbers: dict[int, int]
    """Each revealed number, by cell."""
    safe: frozenset[int]
    """The hidden cells certainly safe."""
    total_known: bool


def guess_sets(knowledge: Knowledge, analysis: Analysis, pairs: list[Fifty]) -> list[GuessSet]:
    """Every set of 3 or 4 cells that no click can split, in row order of
    their cells; ``pairs`` are the view's ``fifties``, which no set holds.
    Empty on an inconsistent view."""
    if not analysis.consistent:
        return []
    board = _read(knowledge, analysis)
    w = board.width
    # A cell of a set has at most LARGEST - 1 + COMMON undecided neighbours
    # (the set's other cells, and those next to all of them), none when the
    # total is unknown beyond the set's: most cells are passed over at once.
    limit = LARGEST - 1 + (COMMON if board.total_known else 0)
    undecided, around = board.undecided, board.around
    able = {i for i in undecided if len(undecided.intersection(around[i])) <= limit}
    held = [frozenset(p.y * w + p.x for p in f.cells) for f in pairs]
    numbers: Numbers | None = None
    found: list[tuple[tuple[int, ...], GuessSetKind]] = []
    for cells in _shapes(board, able):
        members = frozenset(cells)
        if any(pair <= members for pair in held) or any(
            members < set(bigger) for bigger, _ in found
        ):
            continue
        if numbers is None:
            numbers = read_numbers(knowledge)
        kind = _kind(board, numbers, cells)
        if kind is not None:
            found.append((cells, kind))
    found.sort()
    return [GuessSet(tuple(Pos(i % w, i // w) for i in cells), k) for cells, k in found]


def _read(knowledge: Knowledge, analysis: Analysis) -> _Board:
    w, h = knowledge.width, knowledge.height
    safe = {p.y * w + p.x for p in analysis.safe}
    mines = known_mines(knowledge, analysis)
    undecided = {
        y * w + x
        for y, row in enumerate(analysis.probabilities)
        for x, p in enumerate(row)
        if p is not None
    }
    undecided -= safe
    undecided -= mines
    numbers: dict[int, int] = {}
    for y, row in enumerate(knowledge.rows):
        if Shown in map(type, row):
            numbers.update((y * w + x, s.n) for x, s in enumerate(row) if type(s) is Shown)
    return _Board(
        w,
        h,
        neighbour_table(w, h),
        frozenset(undecided),
        frozenset(mines),
        numbers,
        frozenset(safe),
        knowledge.mines is not None,
    )


def _shapes(board: _Board, able: set[int]) -> list[tuple[int, ...]]:
    """The sets of 3 to ``LARGEST`` able cells, biggest first, any two at most two apart, whose
    hidden neighbours outside are settled or (total known) next to all of
    them: the second condition of the definition.

    Built from their first cell a in row order: a's undecided neighbours are
    in the set but for at most ``COMMON`` (next to all of it), so the set is
    nearly fixed by them, and only its cells two away from a are chosen
    freely. Trying every set of able cells near a took 1.8 ms at p95."""
    w, h = board.width, board.height
    spare = COMMON if board.total_known else 0
    out: list[tuple[int, ...]] = []
    for a in sorted(able):
        touching = [q for q in board.around[a] if q in board.undecided]
        later = [q for q in touching if q > a and q in able]
        if len(touching) - len(later) > spare:
            continue  # too many of them can never be in the set
        ax, ay = a % w, a // w
        apart = [
            y * w + x
            for y in range(ay, min(ay + 3, h))
            for x in range(max(ax - 2, 0), min(ax + 3, w))
            if max(abs(x - ax), y - ay) == 2 and y * w + x > a and y * w + x in able
        ]
        for k in range(max(0, len(touching) - spare), min(len(later), LARGEST - 1) + 1):
            for chosen in combinations(later, k):
                for more in range(max(0, 2 - k), LARGEST - k):
                    for extra in combinations(apart, more):
                        cells = tuple(sorted((a, *chosen, *extra)))
                        if all(
                            max(abs(p % w - q % w), abs(p // w - q // w)) <= 2
                            for p, q in combinations(cells, 2)
                        ) and _settled_around(board, cells):
                            out.append(cells)
    out.sort(key=lambda cells: (-len(cells), cells))
    return out


def _settled_around(board: _Board, cells: tuple[int, ...]) -> bool:
    """Whether every undecided cell next to the set, outside it, is next to
    all of its cells (and the total is known)."""
    inside = set(cells)
    for c in cells:
        for q in board.around[c]:
            if q in inside or q not in board.undecided:
                continue
            if not board.total_known or not all(q in board.around[d] for d in cells):
                return False
    return True


def _kind(board: _Board, numbers: Numbers, cells: tuple[int, ...]) -> GuessSetKind | None:
    """The set's kind when no click can split it, else None (the third
    condition, from its patterns)."""
    inside = set(cells)
    around = board.around
    watchers = sorted(
        {q for c in cells for q in around[c] if q not in inside}
        & (board.numbers.keys() | board.safe)
    )
    sees = [[cells.index(c) for c in cells if c in around[q]] for q in watchers]
    # A number needs from the set its count less its known mines, less
    # what its undecided cells outside hold: patterns with a count out of
    # that range never occur (with no such cells, one count only).
    needs: dict[int, range] = {}
    for k, q in enumerate(watchers):
        n = board.numbers.get(q)
        if n is not None:
            n -= sum(r in board.mines for r in around[q])
            free = sum(r in board.undecided and r not in inside for r in around[q])
            needs[k] = range(n - free, n + 1)
    groups: dict[tuple[int, ...], list[int]] = {}
    for pattern in range(1 << len(cells)):
        counts = [sum(pattern >> j & 1 for j in seen) for seen in sees]
        if any(counts[k] not in need for k, need in needs.items()):
            continue
        key = (pattern.bit_count() if board.total_known else -1, *counts)
        groups.setdefault(key, []).append(pattern)
    whole = sum(1 << c for c in cells)
    masks = [sum(1 << cells[j] for j in seen) for seen in sees]
    for key, group in groups.items():
        # a group that breaks the rule must be one no layout has: one count,
        # its key being counts on parts of the set
        if _splits(board, cells, group) and _occurs(numbers, cells[0], whole, masks, key):
            return None
    nobody = _occurs(numbers, cells[0], whole, [], (0,))
    return "pseudo" if nobody else "forced"


def _splits(board: _Board, cells: tuple[int, ...], group: list[int]) -> bool:
    """Whether a group of twin patterns breaks the third condition: some cell
    a mine in all of them, or showing two numbers among those where it is safe."""
    for j, c in enumerate(cells):
        shown = {
            sum(p >> k & 1 for k, d in enumerate(cells) if d in board.around[c])
            for p in group
            if not p >> j & 1
        }
        if len(shown) != 1:
            return True
    return False


def _occurs(
    numbers: Numbers, first: int, whole: int, masks: list[int], key: tuple[int, ...]
) -> bool:
    """Whether some layout of the view has ``key[0]`` mines on the set
    (``whole``, unless that is -1) and ``key[1 + k]`` on ``masks[k]``."""
    wanted = [(whole, key[0])] if key[0] >= 0 else []
    wanted += zip(masks, key[1:], strict=True)
    kept = dataclasses.replace(
        numbers, scopes=(*numbers.scopes, *((first, m, n) for m, n in wanted))
    )
    weighed = weigh(make_system(kept))
    return weighed is not None and weighed.solutions > 0

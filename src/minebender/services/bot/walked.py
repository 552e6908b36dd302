"""Some layouts consistent with a view, found by a local search.

``LayoutSampler`` draws layouts uniformly, but only where each component of
the frontier has few enough assignments to list: on a lattice of numbers the
whole frontier is one component with astronomically many. Some questions
need no uniform draw, only a few layouts that are surely consistent: two
layouts where a cell is safe and shows two numbers prove it live. This
module finds such layouts by a min-conflicts walk (flip the cell of an unmet
number that leaves the fewest unmet, now and then a random one), and hands
back only layouts that meet every number and the total: whatever the walk
does, what it gives is right; it may give fewer than asked.
"""

from __future__ import annotations

from minebender.rules.solver import Analysis
from minebender.rules.solver.reading import neighbour_table
from minebender.values.seeded import Stream
from minebender.values.types import Boom, Hidden, Knowledge, Shown

__all__ = ["walked_layouts"]

NOISE = 0.2
"""The share of steps that flip a random cell of an unmet number."""


def walked_layouts(
    knowledge: Knowledge, analysis: Analysis, count: int, steps: int, rng: Stream
) -> list[frozenset[int]]:
    """Up to ``count`` distinct consistent layouts (flat indexes of every mine,
    revealed ones and certain ones included), within ``steps`` flips in all."""
    if not analysis.consistent:
        return []
    w, h = knowledge.width, knowledge.height
    around = neighbour_table(w, h)
    flat = [s for row in knowledge.rows for s in row]
    fixed = {i for i, s in enumerate(flat) if type(s) is Boom}
    fixed.update(p.y * w + p.x for p in analysis.mines)
    free = [
        i
        for i, s in enumerate(flat)
        if type(s) is Hidden and i not in fixed and not _safe(analysis, i, w)
    ]
    index = {c: k for k, c in enumerate(free)}
    scopes: list[list[int]] = []
    needs: list[int] = []
    for i, s in enumerate(flat):
        if type(s) is not Shown:
            continue
        scope = [index[j] for j in around[i] if j in index]
        if scope:
            scopes.append(scope)
            needs.append(s.n - sum(1 for j in around[i] if j in fixed))
    touching: list[list[int]] = [[] for _ in free]
    for c, scope in enumerate(scopes):
        for k in scope:
            touching[k].append(c)
    left = None if knowledge.mines is None else knowledge.mines - len(fixed)
    out: list[frozenset[int]] = []
    seen: set[frozenset[int]] = set()
    mine = [False] * len(free)
    if left is not None:
        for k in rng.sample(range(len(free)), max(0, min(left, len(free)))):
            mine[k] = True
    have = [sum(mine[k] for k in scope) for scope in scopes]
    unmet = {c for c in range(len(scopes)) if have[c] != needs[c]}
    total = sum(mine)

    def cost_of_flip(k: int) -> int:
        step = -1 if mine[k] else 1
        return sum(abs(have[c] + step - needs[c]) - abs(have[c] - needs[c]) for c in touching[k])

    def flip(k: int) -> None:
        nonlocal total
        step = -1 if mine[k] else 1
        mine[k] = not mine[k]
        total += step
        for c in touching[k]:
            have[c] += step
            if have[c] == needs[c]:
                unmet.discard(c)
            else:
                unmet.add(c)

    if not free:  # nothing to search: the one layout, if it agrees
        return [frozenset(fixed)] if not unmet and (left is None or left == 0) else []
    for _ in range(steps):
        if not unmet and (left is None or total == left):
            layout = frozenset(fixed | {free[k] for k in range(len(free)) if mine[k]})
            if layout not in seen:
                seen.add(layout)
                out.append(layout)
                if len(out) == count:
                    break
            for _ in range(3):  # a kick, to walk on to another layout
                flip(rng.below(len(free)))
            continue
        if unmet:
            scope = scopes[rng.choice(sorted(unmet))]  # sorted: set order is not promised
            if rng.random() < NOISE:
                k = rng.choice(scope)
            else:
                k = min(scope, key=lambda k: (cost_of_flip(k), rng.word()))
        else:  # the numbers are met, the total is not: a cell that moves it the right way
            assert left is not None
            want = total < left
            options = [k for k in range(len(free)) if mine[k] != want]
            if not options:  # pragma: no cover - a consistent view always has one
                break
            k = min(rng.sample(options, min(8, len(options))), key=cost_of_flip)
        flip(k)
    return out


def _safe(analysis: Analysis, i: int, width: int) -> bool:
    """Whether the hidden cell at flat index i is provably safe."""
    p = analysis.probabilities[i // width][i % width]
    return p == 0

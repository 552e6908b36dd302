"""Exhaustive search of the endgame, when few layouts remain.

With a handful of consistent layouts left, the best guess can be found
exactly: the win probability of revealing a cell is the share of layouts
where it is safe, times the best win probability after seeing its number,
and so on down to a single layout. Heuristics that look one or two moves
ahead lose games here that this search wins (the classic endgame traps where
the mine count decides).

Layouts are bitmasks over the uncertain cells; a node is the set of layouts
still possible, so equal positions reached in different orders share one
memo entry. A node budget keeps the worst case bounded: when it runs out the
caller falls back to its heuristic.
"""

from __future__ import annotations

from minebender.solver import Analysis
from minebender.types import Boom, Hidden, Knowledge, Pos, Shown

__all__ = ["best_endgame_move", "enumerate_layouts"]


class _OutOfBudget(Exception):
    """The search took more nodes than it may."""


def enumerate_layouts(
    knowledge: Knowledge, analysis: Analysis, limit: int
) -> tuple[list[Pos], list[int]] | None:
    """The uncertain cells and every consistent layout as a bitmask over them.

    Cells the analysis proves to be mines are left out (they are mines in every
    layout). None when there are more than ``limit`` layouts.
    """
    w, h = knowledge.width, knowledge.height
    cells = [
        p
        for p in knowledge.cells()
        if type(knowledge.rows[p.y][p.x]) is Hidden and p not in analysis.mines
    ]
    index = {p: i for i, p in enumerate(cells)}
    constraints: list[tuple[int, int]] = []  # (mask, need)
    for y in range(h):
        for x in range(w):
            s = knowledge.rows[y][x]
            if type(s) is not Shown:
                continue
            mask = 0
            need = s.n
            for q in knowledge.neighbours(Pos(x, y)):
                if q in index:
                    mask |= 1 << index[q]
                elif q in analysis.mines or type(knowledge.rows[q.y][q.x]) is Boom:
                    need -= 1
            if mask:
                constraints.append((mask, need))
    total: int | None = None
    if knowledge.mines is not None:
        booms = sum(1 for row in knowledge.rows for s in row if type(s) is Boom)
        total = knowledge.mines - booms - len(analysis.mines)
    n = len(cells)
    # for each cell, the constraints it is in and whether it is their last cell
    touching: list[list[int]] = [[] for _ in range(n)]
    for ci, (mask, _) in enumerate(constraints):
        for i in range(n):
            if mask >> i & 1:
                touching[i].append(ci)
    last = [max(i for i in range(n) if mask >> i & 1) for mask, _ in constraints]
    needs = [c[1] for c in constraints]
    lefts = [bin(c[0]).count("1") for c in constraints]
    out: list[int] = []

    def go(i: int, layout: int, mines: int) -> None:
        if len(out) > limit:
            return
        if i == n:
            if total is None or mines == total:
                out.append(layout)
            return
        if total is not None and (mines > total or mines + (n - i) < total):
            return
        for bit in (0, 1):
            ok = True
            for ci in touching[i]:
                needs[ci] -= bit
                lefts[ci] -= 1
                if needs[ci] < 0 or needs[ci] > lefts[ci] or (last[ci] == i and needs[ci] != 0):
                    ok = False
            if ok:
                go(i + 1, layout | (bit << i), mines + bit)
            for ci in touching[i]:
                needs[ci] += bit
                lefts[ci] += 1

    go(0, 0, 0)
    if len(out) > limit:
        return None
    return cells, out


def best_endgame_move(
    knowledge: Knowledge, analysis: Analysis, limit: int = 120, budget: int = 20_000
) -> tuple[Pos, float] | None:
    """The guess with the highest exact win probability, and that probability.

    None when there are more than ``limit`` layouts or the search needs more
    than ``budget`` nodes.
    """
    found = enumerate_layouts(knowledge, analysis, limit)
    if found is None or not found[1]:
        return None
    cells, layouts = found
    index = {p: i for i, p in enumerate(cells)}
    nb_mask = []
    for p in cells:
        m = 0
        for q in knowledge.neighbours(p):
            if q in index:
                m |= 1 << index[q]
        nb_mask.append(m)
    memo: dict[tuple[int, ...], float] = {}
    nodes = 0

    def observe(group: tuple[int, ...], safe_bits: list[int]) -> list[tuple[int, ...]]:
        parts: dict[tuple[int, ...], list[int]] = {}
        for lay in group:
            key = tuple((lay & nb_mask[c]).bit_count() for c in safe_bits)
            parts.setdefault(key, []).append(lay)
        return [tuple(v) for v in parts.values()]

    def guess(group: tuple[int, ...]) -> tuple[int, float]:
        nonlocal nodes
        ormask = 0
        andmask = -1
        for lay in group:
            ormask |= lay
            andmask &= lay
        uncertain = [c for c in range(len(cells)) if (ormask & ~andmask) >> c & 1]
        options = []
        for c in uncertain:
            safe = tuple(lay for lay in group if not lay >> c & 1)
            options.append((len(safe), c, safe))
        options.sort(key=lambda o: (-o[0], o[1]))
        best_c, best_v = options[0][1], -1.0
        size = len(group)
        for count, c, safe in options:
            if count / size <= best_v + 1e-12:
                break
            nodes += 1
            if nodes > budget:
                raise _OutOfBudget
            value = sum(len(part) * win(part) for part in observe(safe, [c])) / size
            if value > best_v + 1e-12:
                best_c, best_v = c, value
        return best_c, best_v

    def win(group: tuple[int, ...]) -> float:
        if len(group) == 1:
            return 1.0
        got = memo.get(group)
        if got is not None:
            return got
        ormask = 0
        for lay in group:
            ormask |= lay
        safe_bits = [c for c in range(len(cells)) if not ormask >> c & 1]
        parts = observe(group, safe_bits) if safe_bits else [group]
        if len(parts) > 1:
            value = sum(len(p) * win(p) for p in parts) / len(group)
        else:
            value = guess(group)[1]
        memo[group] = value
        return value

    try:
        root = tuple(sorted(layouts))
        if len(root) == 1:
            return None
        c, value = guess(root)
    except _OutOfBudget:
        return None
    return cells[c], value

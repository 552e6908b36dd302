"""Cheap local deductions that settle most moves without the exact solver.

A revealed number whose hidden neighbours must all be mines, or whose mines
are all accounted for, settles its neighbours. Repeating this to a fixed
point settles most of a game; the exact solver (``minebender.analyse``) is
only needed when it finds nothing, which keeps a bot fast.
"""

from __future__ import annotations

from minebender.rules.solver.reading import neighbour_table
from minebender.values.types import Boom, Hidden, Knowledge, Pos, Shown

__all__ = ["simple_deductions"]


def simple_deductions(knowledge: Knowledge) -> tuple[list[Pos], frozenset[Pos]]:
    """Cells that single numbers prove safe (row by row) and prove to be mines.

    Only sound deductions: every cell returned as safe is ProvablySafe.
    """
    w, h = knowledge.width, knowledge.height
    flat = [s for row in knowledge.rows for s in row]
    nbrs = neighbour_table(w, h)
    kinds = [type(s) for s in flat]
    hidden = [k is Hidden for k in kinds]
    mine = [k is Boom for k in kinds]
    safe = [False] * len(flat)
    # numbers next to a hidden cell: found from the hidden cells, far fewer checks
    # than asking every number once most of the board is open
    near: set[int] = set()
    for i, is_hidden in enumerate(hidden):
        if is_hidden:
            near.update(nbrs[i])
    numbers = [(i, flat[i].n) for i in sorted(near) if kinds[i] is Shown]  # type: ignore[union-attr]
    changed = True
    while changed and numbers:
        changed = False
        still: list[tuple[int, int]] = []
        for i, n in numbers:
            need = n
            unknown: list[int] = []
            for j in nbrs[i]:
                if mine[j]:
                    need -= 1
                elif hidden[j] and not safe[j]:
                    unknown.append(j)
            if not unknown:
                continue
            if need == 0:
                for j in unknown:
                    safe[j] = True
                changed = True
            elif need == len(unknown):
                for j in unknown:
                    mine[j] = True
                changed = True
            else:
                still.append((i, n))
        numbers = still
    safe_cells = [Pos(i % w, i // w) for i in range(len(flat)) if safe[i]]
    mines = frozenset(Pos(i % w, i // w) for i in range(len(flat)) if mine[i] and hidden[i])
    return safe_cells, mines

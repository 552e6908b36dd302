"""Random small views for the tests that play every line by brute force."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

from minebender import Analysis, Hidden, Knowledge, Pos, Shown, analyse
from reference import defs

__all__ = ["mine_sets", "random_view", "stuck_views", "view_of_rows"]


def random_view(rng: random.Random, sizes: list[tuple[int, int]], reveal: float) -> Knowledge:
    """A board of one of ``sizes`` with a random layout (at most a third mines),
    each safe cell revealed with probability ``reveal``, and the true total."""
    w, h = rng.choice(sizes)
    cells = [Pos(x, y) for y in range(h) for x in range(w)]
    mines = set(rng.sample(cells, rng.randint(1, len(cells) // 3)))
    layout = tuple(tuple(Pos(x, y) in mines for x in range(w)) for y in range(h))
    rows = tuple(
        tuple(
            Shown(defs.adj_mines(w, h, layout, Pos(x, y)))
            if Pos(x, y) not in mines and rng.random() < reveal
            else Hidden()
            for x in range(w)
        )
        for y in range(h)
    )
    return Knowledge(w, h, len(mines), rows)


def stuck_views(
    rng: random.Random, sizes: list[tuple[int, int]], reveal: float, tries: int
) -> Iterator[tuple[Knowledge, Analysis]]:
    """Of ``tries`` random views (``random_view``), those where a guess is
    due (no cell provably safe, several layouts), with their analysis."""
    for _ in range(tries):
        view = random_view(rng, sizes, reveal)
        analysis = analyse(view)
        if not analysis.safe and analysis.solutions >= 2:
            yield view, analysis


def view_of_rows(rows: list[str], mines: int) -> Knowledge:
    """A view drawn as text, a string per row: "." a hidden cell, a digit a
    revealed number; ``mines`` is the total."""
    cells = tuple(tuple(Hidden() if c == "." else Shown(int(c)) for c in row) for row in rows)
    return Knowledge(len(rows[0]), len(rows), mines, cells)


def mine_sets(k: Knowledge) -> list[frozenset[Pos]]:
    """Every layout of k as its set of mines: each choice of hidden cells that
    every number and the total (any count when k has none) agree with. Fast
    where few cells are hidden, whatever the board's size."""
    hidden = [
        Pos(x, y) for y, row in enumerate(k.rows) for x, s in enumerate(row) if type(s) is Hidden
    ]
    sizes = range(len(hidden) + 1) if k.mines is None else [k.mines]
    out = []
    for m in sizes:
        for chosen in combinations(hidden, m):
            mines = frozenset(chosen)
            if all(
                sum(q in mines for q in k.neighbours(Pos(x, y))) == s.n
                for y, row in enumerate(k.rows)
                for x, s in enumerate(row)
                if type(s) is Shown
            ):
                out.append(mines)
    return out

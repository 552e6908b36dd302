"""A sharper bound on perfect play: play the safe cells out on sampled layouts.

The two-move bound (``bot.ceiling``) credits every number that leaves a safe
cell with a sure win. Most of its slack is there: the safe cells run out and
another guess comes. This bound follows them. From a view with no provably
safe cell, a player who reveals c wins at most

    B(c) = P(c is safe) x E[ U(c, L) | c is safe ]

over the layouts L consistent with the view, where U(c, L) is what is left
after revealing c in layout L and then every provably safe cell, over and
over (revealing a provably safe cell never lowers the chance to win, so
perfect play may be assumed to do it): 1 if that wins the game, else the
safest cell's safety at the next stuck view (the most any player survives
the next guess with). Perfect play wins at most the largest B(c).

The expectation is estimated on layouts drawn uniformly (``bot.sampling``),
the same draws for every cell, and P(c is safe) is exact. Each estimate is
unbiased and the largest of unbiased estimates is, on average, at least the
largest true value, so the mean of this bound over many games is still an
upper bound on what perfect play wins of them; the per-game figure itself
is noisy, which the interval over the games takes in.

Cells are scored in order of a cheap bound on their estimate, T(c): the same
draws, but every number that leaves a safe cell counted as a sure win (the
two-move bound, on the draws). T(c) is at least the estimate on every draw,
so stopping at the first cell whose T(c) cannot beat the best estimate so far
gives exactly the largest estimate over every cell.

It costs about 2 s of processor time per bound; what it gives over the
two-move bound is measured in docs/bot.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from minebender.rules.solver import Analysis, analyse
from minebender.rules.solver.reading import neighbour_table
from minebender.services.bot.ceiling import forced_guess_analysis
from minebender.services.bot.rules import simple_deductions
from minebender.services.bot.sampling import LayoutSampler
from minebender.values.seeded import Stream
from minebender.values.types import SHOWN, Hidden, Knowledge, Seen

__all__ = ["SAMPLES", "ceiling_draws", "sampled_ceiling"]

_Scored = tuple[float, float, int, dict[int, float], list[tuple[frozenset[int], int]]]
"""A cell's cheap bound T, its safety, its index, the figure each number it can
show leaves (``_after_number``), and the draws where it is safe with its number."""

SAMPLES = 100
"""Layouts drawn per bound in ``bench bot --ceiling sampled``."""


def ceiling_draws(
    knowledge: Knowledge, analysis: Analysis, seed: int, index: int, count: int = SAMPLES
) -> list[frozenset[int]]:
    """``count`` uniform layouts for the bound of game ``index`` of seed ``seed``:
    drawn from words of the pair alone, so a run gives the same bounds however
    it is split over workers."""
    rng = Stream(b"minebender ceiling draws" + seed.to_bytes(8, "big") + index.to_bytes(8, "big"))
    sampler = LayoutSampler(knowledge, analysis)
    return [sampler.sample(rng) for _ in range(count)]


def sampled_ceiling(
    knowledge: Knowledge, layouts: Sequence[frozenset[int]], analysis: Analysis | None = None
) -> float:
    """At least, on average over the draws, the chance that perfect play wins
    from ``knowledge``, a view in which no hidden cell is provably safe.

    ``layouts`` are draws from ``LayoutSampler`` (or every consistent layout
    once, which makes the figure exact: the largest B(c)). See the module
    docstring.
    """
    analysis = forced_guess_analysis(knowledge, analysis, "sampled_ceiling")
    if not layouts:
        raise ValueError("sampled_ceiling: no layouts to average over")
    w = knowledge.width
    around = neighbour_table(w, knowledge.height)
    scored: list[_Scored] = []
    for y, row in enumerate(analysis.probabilities):
        for x, p in enumerate(row):
            if p is None or p == 1:
                continue
            c = y * w + x
            safety = 1.0 - float(p)
            # the draws where c is safe, with the number c shows in each
            shown = [(mines, _number(around[c], mines)) for mines in layouts if c not in mines]
            if not shown:  # no draw has c safe: its bound is its safety alone
                scored.append((safety, safety, c, {}, []))
                continue
            after = {n: _after_number(knowledge, c, n) for n in {n for _, n in shown}}
            cheap = safety * sum(after[n] for _, n in shown) / len(shown)
            scored.append((cheap, safety, c, after, shown))
    scored.sort(key=lambda t: (-t[0], t[2]))
    best = 0.0
    for cheap, safety, c, after, shown in scored:
        if cheap <= best:
            break
        values = [
            after[n] if after[n] < 1.0 else _played_out(knowledge, c, mines) for mines, n in shown
        ]
        best = max(best, safety * (sum(values) / len(values) if values else 1.0))
    return best


def _number(around: tuple[int, ...], mines: frozenset[int]) -> int:
    return sum(1 for j in around if j in mines)


def _after_number(knowledge: Knowledge, c: int, n: int) -> float:
    """1 if c showing n leaves a provably safe cell (or wins), else the safest
    cell's safety: at least U on every layout where c shows n."""
    rows = [list(r) for r in knowledge.rows]
    rows[c // knowledge.width][c % knowledge.width] = SHOWN[n]
    after = analyse(Knowledge(knowledge.width, knowledge.height, knowledge.mines, _freeze(rows)))
    if not after.consistent:
        return 0.0
    if after.safe:
        return 1.0
    return _best_safety(after)


def _played_out(knowledge: Knowledge, c: int, mines: frozenset[int]) -> float:
    """U(c, L): reveal c in layout ``mines``, then every provably safe cell until
    none is left; 1 if that wins, else the safest cell's safety then."""
    w, h = knowledge.width, knowledge.height
    around = neighbour_table(w, h)
    flat: list[Seen] = [s for row in knowledge.rows for s in row]
    total = knowledge.mines
    hidden = sum(1 for s in flat if type(s) is Hidden)

    def reveal(start: int) -> int:
        """Open start (and the area of a 0); how many cells it opened."""
        opened = 0
        todo = [start]
        while todo:
            i = todo.pop()
            if type(flat[i]) is not Hidden:
                continue
            n = _number(around[i], mines)
            flat[i] = SHOWN[n]
            opened += 1
            if n == 0:
                todo.extend(j for j in around[i] if type(flat[j]) is Hidden)
        return opened

    hidden -= reveal(c)
    while hidden != total:
        view = Knowledge(w, h, total, _freeze([flat[r * w : (r + 1) * w] for r in range(h)]))
        safe, _ = simple_deductions(view)
        if not safe:
            stuck = analyse(view)
            if not stuck.safe:
                return _best_safety(stuck)
            safe = list(stuck.safe)
        for p in safe:
            hidden -= reveal(p.y * w + p.x)
    return 1.0


def _best_safety(analysis: Analysis) -> float:
    lowest = min(
        (float(p) for row in analysis.probabilities for p in row if p is not None and p != 1),
        default=0.0,
    )
    return 1.0 - lowest


def _freeze(rows: Sequence[Sequence[Seen]]) -> tuple[tuple[Seen, ...], ...]:
    return tuple(tuple(r) for r in rows)

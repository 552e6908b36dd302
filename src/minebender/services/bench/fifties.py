"""The analysis board's guesses no click can avoid, timed: ``minebender
bench fifties``.

On ``count`` positions of real play at a level (``positions.real_play``,
the solver benchmark's), the 50/50 pairs (``guess_figures.fifties``) and the
sets of 3 or 4 cells no click can split (``guess_sets``) are timed apart, in
this process's processor time, the count before them left out: the figures
docs/analyse.md gives.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from minebender.rules.solver import analyse
from minebender.services.bench.percentile import percentile
from minebender.services.bench.positions import real_play
from minebender.services.guess_figures import fifties
from minebender.services.guess_sets import guess_sets

__all__ = ["Figures", "measure", "run"]


@dataclass(slots=True)
class Figures:
    """The times of each part in ms, a position each, and what they found."""

    pairs_ms: list[float] = field(default_factory=list)
    sets_ms: list[float] = field(default_factory=list)
    pairs: int = 0
    sets: int = 0


def measure(level: str, count: int, seed: int) -> Figures:
    """Time the pairs and the sets on ``count`` real-play positions at level."""
    f = Figures()
    for position in real_play(level, count, seed):
        k = position.knowledge
        analysis = analyse(k)
        t0 = time.process_time()
        pairs = fifties(k, analysis)
        t1 = time.process_time()
        found = guess_sets(k, analysis, pairs)
        t2 = time.process_time()
        f.pairs_ms.append(1000 * (t1 - t0))
        f.sets_ms.append(1000 * (t2 - t1))
        f.pairs += len(pairs)
        f.sets += len(found)
    return f


def run(levels: list[str], count: int, seed: int) -> int:
    """Print a line per level and part: median, p95 and slowest, and how many found."""
    print(f"50/50s and sets no click can split: {count} real-play positions a level, seed {seed}")
    print(f"{'level':<13} {'part':<6} {'median ms':>9} {'p95 ms':>7} {'max ms':>7} {'found':>6}")
    for level in levels:
        f = measure(level, count, seed)
        for part, times, found in (("pairs", f.pairs_ms, f.pairs), ("sets", f.sets_ms, f.sets)):
            print(
                f"{level:<13} {part:<6} {percentile(times, 0.5):>9.2f}"
                f" {percentile(times, 0.95):>7.2f} {max(times):>7.2f} {found:>6}"
            )
    return 0

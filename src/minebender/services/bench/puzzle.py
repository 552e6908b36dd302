"""How long puzzles take to make: ``minebender bench puzzle``.

Makes ``--count`` puzzles of each board and difficulty (any, easy, medium,
hard), puzzle i with the same seed and index as ``minebender puzzle --seed
S`` makes, and prints per line the median, 90th percentile and worst time
per puzzle (wall clock and CPU time; on a shared machine the CPU time is the
steadier one), the layouts tried, the uniqueness checks per puzzle and the
share of them that needed the exact solver. The targets of issue 31 are a
median under 1 s for 10x10 with 20 mines and under 5 s for 16x16 with 50.
With a symmetry the numbers shown keep it (docs/puzzles.md); with boards of
one's own, no target.
"""

from __future__ import annotations

import statistics
import time

from minebender.services.bench.percentile import percentile
from minebender.services.puzzle import DIFFICULTIES, PuzzleError, make_puzzle

__all__ = ["BOARDS", "run"]

BOARDS: tuple[tuple[int, int, int, float | None], ...] = ((10, 10, 20, 1.0), (16, 16, 50, 5.0))
"""The boards measured, each with its target median in seconds."""

HEADER = (
    f"{'board':<10} {'difficulty':<10} {'puzzles':>7} {'med s':>7} {'p90 s':>7} {'worst s':>7}"
    f" {'cpu med':>7} {'cpu max':>7} {'tries':>6} {'checks':>6} {'exact':>6} {'target':>8}"
)


def run(
    count: int,
    seed: int,
    symmetry: str = "none",
    boards: tuple[tuple[int, int, int, float | None], ...] = BOARDS,
) -> int:
    """Make ``count`` puzzles of each board and difficulty from ``seed`` and print
    the figures; the exit status (``commands.bench.puzzle`` reads the options)."""
    shape = "" if symmetry == "none" else f", numbers shown with {symmetry} symmetry"
    print(
        f"puzzle generation: {count} puzzles per line, seed {seed}{shape}; times per puzzle;"
        " tries: layouts per puzzle (mean); checks: uniqueness checks per puzzle (mean);"
        " exact: share of checks that needed the exact solver"
    )
    print(HEADER)
    for w, h, n, target in boards:
        for difficulty in (None, *DIFFICULTIES):
            wall: list[float] = []
            cpu: list[float] = []
            tries = checks = exact = failed = 0
            for i in range(count):
                w0, c0 = time.perf_counter(), time.process_time()
                try:
                    made = make_puzzle(w, h, n, seed, i, difficulty, symmetry)
                except PuzzleError:
                    failed += 1
                    continue
                finally:
                    wall.append(time.perf_counter() - w0)
                    cpu.append(time.process_time() - c0)
                tries += made.tries
                checks += made.checks
                exact += made.exact
            med = statistics.median(wall)
            verdict = (
                "-"
                if target is None
                else f"{'ok' if statistics.median(cpu) < target else 'MISSED'} <{target:g}"
            )
            print(
                f"{f'{w}x{h}x{n}':<10} {difficulty or 'any':<10} {count:>7} {med:>7.3f}"
                f" {percentile(wall, 0.9):>7.3f} {max(wall):>7.3f} {statistics.median(cpu):>7.3f}"
                f" {max(cpu):>7.3f} {tries / count:>6.1f} {checks / count:>6.0f}"
                f" {exact / max(checks, 1):>6.0%} {verdict:>8}"
                + (f"  ({failed} not found)" if failed else ""),
                flush=True,
            )
    return 0

"""The one percentile rule of the benchmarks (``minebender.services.bench.percentile``)."""

from __future__ import annotations

import random
import statistics

import pytest

from minebender.services.bench.percentile import percentile


def _by_hand(values: list[float], q: float) -> float:
    """Linear interpolation between the sorted values at q * (n - 1)."""
    xs = sorted(values)
    at = q * (len(xs) - 1)
    lo = int(at)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (at - lo)


def test_p90_never_exceeds_the_worst_time() -> None:
    """The default (exclusive) method of statistics.quantiles gave 3.6 for
    these three, above the worst, 3."""
    assert percentile([1.0, 2.0, 3.0], 0.9) == pytest.approx(2.8)
    assert percentile([float(i) for i in range(11)], 0.9) == pytest.approx(9.0)
    for values in ([0.1, 0.9], [3.0, 1.0, 2.0, 10.0], [0.5] * 7):
        for q in (0.5, 0.9, 0.95, 0.99):
            assert min(values) <= percentile(values, q) <= max(values)


def test_agrees_with_interpolation_by_hand_and_the_median() -> None:
    rng = random.Random(4)
    for n in (2, 3, 10, 101):
        values = [rng.expovariate(1.0) for _ in range(n)]
        assert percentile(values, 0.5) == pytest.approx(statistics.median(values))
        for q in (0.1, 0.9, 0.95, 0.99, 0.999):
            assert percentile(values, q) == pytest.approx(_by_hand(values, q))


def test_one_value_and_bad_questions() -> None:
    assert percentile([5.0], 0.95) == 5.0
    with pytest.raises(ValueError, match="no values"):
        percentile([], 0.5)
    for q in (0.0, 1.0, 95.0, 0.9505):
        with pytest.raises(ValueError, match=r"0\.001 to 0\.999"):
            percentile([1.0, 2.0], q)

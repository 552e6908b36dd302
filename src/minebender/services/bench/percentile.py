"""The percentiles the benchmarks print (``percentile(times, 0.9)``).

One rule for every benchmark: the inclusive method of ``statistics.quantiles``,
which reads the times measured as the whole population, so a percentile lies
between the fastest and the slowest time. The default (exclusive) method
extrapolates past the ends of a small sample: noguess printed a p90 above its
worst time.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

__all__ = ["percentile"]

_CUTS = 1000
"""Cut points asked of ``statistics.quantiles``: percentiles to 0.1 %."""


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0 < q < 1, to 0.001) of ``values``: 0.5 is the median,
    0.95 the 95th percentile. One value is its own every percentile."""
    if not values:
        raise ValueError("a percentile of no values")
    if not 0 < q < 1 or abs(q * _CUTS - round(q * _CUTS)) > 1e-9:
        raise ValueError(f"a percentile is asked as 0.001 to 0.999, got {q!r}")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=_CUTS, method="inclusive")[round(q * _CUTS) - 1]

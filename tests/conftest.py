"""Hypothesis profiles for the whole suite.

"ci" (the default) is derandomized, so every run checks the same examples and a
failure reproduces; "dev" draws fresh examples and more of them. Choose with
HYPOTHESIS_PROFILE=dev. No deadline: the shared CI machine is slow and noisy.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=100,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev", deadline=None, max_examples=500, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

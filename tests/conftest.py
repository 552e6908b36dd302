"""Hypothesis profiles for the whole suite, and the order of its modules.

"ci" (the default) is derandomized, so every run checks the same examples and a
failure reproduces; "dev" draws fresh examples and more of them. Choose with
HYPOTHESIS_PROFILE=dev. No deadline: the shared CI machine is slow and noisy.
"""

from __future__ import annotations

import os
import tempfile

import pytest
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

# A test that names no --db (or a command it runs) gets a database of its
# own, never the player's: platformdirs finds the default one under here.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="minebender-tests-")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The browser tests first, each module's tests still together and in order.

    Those modules are the longest (a minute or more each on one core). Run
    first on pytest-xdist's workers (scripts/test), they leave no worker
    alone with one of them at the end while the others wait.
    """
    items.sort(key=lambda item: item.get_closest_marker("browser") is None)

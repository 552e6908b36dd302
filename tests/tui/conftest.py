"""Fixtures for the terminal game's tests: a store in a temporary folder that
``MINEBENDER_DB`` also names, so nothing touches the user's real games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from minebender.services import store as store_module
from minebender.services.store import Store


@pytest.fixture
def db_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh database file, also named by MINEBENDER_DB."""
    path = tmp_path / "minebender.db"
    monkeypatch.setenv("MINEBENDER_DB", str(path))
    return path


@pytest.fixture
def store(db_path: Path) -> Iterator[Store]:
    """The store at db_path."""
    with store_module.open(db_path) as s:
        yield s

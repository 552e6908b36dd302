"""Fixtures of the web game's tests: a fake clock, a fresh store, and the rule for
browser tests (skipped without chromium, except under CI=true where they fail)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from minebender.services import store as store_mod


def _find_chromium() -> str:
    """$MINEBENDER_CHROMIUM, else Debian's chromium-headless-shell, else
    Debian's /usr/bin/chromium, else chromium on PATH.

    The headless shell is the same Chromium without the desktop browser
    around it. It loads and drives our pages in 2/5 of the processor time,
    and the browser tests are most of the suite's time."""
    if os.environ.get("MINEBENDER_CHROMIUM"):
        return os.environ["MINEBENDER_CHROMIUM"]
    for path in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium"):
        if Path(path).exists():
            return path
    return shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"


CHROMIUM = _find_chromium()

ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium's options for every browser test: headless, and nothing that
reaches the network or does work in the background."""


class FakeClock:
    """A clock the test moves by hand: ``clock.t += 1.5``."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def store(db_path: Path) -> Iterator[store_mod.Store]:
    s = store_mod.open(db_path)
    yield s
    s.close()


class _SharedBrowser:
    """One Chromium for the browser tests a process runs in a row (each
    pytest-xdist worker has its own): starting Playwright's driver and the
    browser costs seconds a module, and each test gets a context of its own
    (``page``), so no test sees another's cookies, storage or pages.

    It is closed as soon as the next test is not a browser test: while
    Playwright runs, its event loop is the thread's, and the next
    ``asyncio.run`` (the terminal's tests) would refuse to start."""

    def __init__(self) -> None:
        self.playwright: Any = None
        self.browser: Any = None

    def get(self) -> Any:
        if self.browser is None:
            from playwright.sync_api import sync_playwright

            self.playwright = sync_playwright().start()
            self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        return self.browser

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.playwright.stop()
        self.browser = self.playwright = None


_shared = _SharedBrowser()


@pytest.fixture
def browser() -> Any:
    """Chromium, shared by the browser tests run in a row (``_SharedBrowser``)."""
    return _shared.get()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    yield  # the test's own fixtures (its page) first
    if nextitem is None or nextitem.get_closest_marker("browser") is None:
        _shared.close()


def chromium_available() -> bool:
    return Path(CHROMIUM).exists()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if chromium_available() or os.environ.get("CI") == "true":
        return
    skip = pytest.mark.skip(
        reason=f"needs Debian's Chromium (none at {CHROMIUM}): apt-get install"
        " chromium-headless-shell,"
        " or run bash scripts/test as root"
    )
    here = Path(__file__).parent
    for item in items:
        if "browser" in item.keywords and here in Path(str(item.path)).parents:
            item.add_marker(skip)

"""Stopping ``bench bot`` from outside: SIGTERM and Ctrl-C stop it cleanly (the
workers ended, the finished games kept, one line, 128 + the signal), and the
workers die with the main process even when it is killed outright.

Each test runs a real batch on two workers and stops it after a few games:
Expert with the fast strategy, so a game takes a few milliseconds of a core
and the batch is stopped long before it would end."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from minebender.services.batch import load_results

pytestmark = pytest.mark.skipif(
    os.name != "posix", reason="needs POSIX signals: run the tests on Linux"
)


def _workers(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux), else none known."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def _gone(pid: int) -> bool:
    """Whether ``pid`` has ended (a zombie waiting to be reaped has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")


def _default_sigint() -> None:
    """In the child, before it runs: Ctrl-C as a terminal's shell gives it.
    A shell that runs the suite in the background (``bash scripts/test &``,
    nohup) ignores SIGINT, the child inherits that, and Python then never
    raises KeyboardInterrupt: the Ctrl-C case would wait in vain."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def batch(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], Path, list[int]]]:
    """A ``bench bot --workers 2`` run that has logged a few games; its workers'
    pids, so that whatever a test does, none is left behind."""
    log = tmp_path / "run.jsonl"
    argv = [sys.executable, "-m", "minebender", "bench", "bot", "--level", "expert"]
    argv += ["--strategy", "fast", "--games", "100000", "--workers", "2", "--no-progress"]
    child = subprocess.Popen(
        [*argv, "--resume", str(log)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_default_sigint,
    )
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and child.poll() is None:
            if log.exists() and log.read_bytes().count(b"\n") >= 5:
                break
            time.sleep(0.02)
        assert child.poll() is None, child.communicate()
        workers = _workers(child.pid)
        yield child, log, workers
    finally:
        for pid in [child.pid, *workers]:
            if not _gone(pid):
                os.kill(pid, signal.SIGKILL)
        child.communicate()


def _ended(workers: list[int], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if all(_gone(p) for p in workers):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize(
    ("signum", "status", "by"), [(signal.SIGTERM, 143, "SIGTERM"), (signal.SIGINT, 130, "Ctrl-C")]
)
def test_a_signal_stops_the_batch_cleanly(
    batch: tuple[subprocess.Popen[str], Path, list[int]], signum: int, status: int, by: str
) -> None:
    """SIGTERM (and Ctrl-C, sent to the main process alone) end the workers, so
    the output pipes close: ``communicate`` returns only when no process holds
    them. The status is 128 + the signal, and the log holds only whole games."""
    child, log, workers = batch
    child.send_signal(signum)
    out, err = child.communicate(timeout=20)
    assert child.returncode == status, err
    assert err == (
        f"minebender bench bot: stopped by {by}; the finished games are in {log}"
        " (the same command goes on from them)\n"
    )
    assert out == ""
    assert _ended(workers, 5)
    kept = load_results(log)
    assert len(kept) >= 5 and len(kept) == log.read_bytes().count(b"\n")


@pytest.mark.skipif(
    not sys.platform.startswith("linux"),
    reason="needs Linux's PR_SET_PDEATHSIG: run the tests on Linux",
)
def test_the_workers_die_with_a_killed_main_process(
    batch: tuple[subprocess.Popen[str], Path, list[int]],
) -> None:
    """SIGKILL cannot be caught: the kernel ends the workers (PR_SET_PDEATHSIG)."""
    child, log, workers = batch
    assert len(workers) == 2
    child.kill()
    child.wait()
    assert _ended(workers, 5), [p for p in workers if not _gone(p)]
    child.communicate(timeout=10)  # nothing holds the pipes any more
    assert len(load_results(log)) >= 5

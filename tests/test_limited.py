"""``limited``: a function in a child process, with a time limit, a memory cap,
a kill, and every way it can end told apart."""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from minebender.services import limited

CAP = 512 << 20


def squares(report: limited.Report, n: int) -> int:
    for i in range(n):
        report(i * i)
    return n


def sleeper(report: limited.Report, seconds: float) -> None:
    report("asleep")
    time.sleep(seconds)


def hog(report: limited.Report, size: int) -> int:
    report("before")
    return len(bytearray(size))


def aborts(report: limited.Report) -> None:
    report("about to abort")
    os.abort()


def exits(report: limited.Report, code: int) -> None:
    os._exit(code)


def raises(report: limited.Report) -> None:
    raise ValueError("a bad board")


def pid_to_file(report: limited.Report, path: str, seconds: float) -> None:
    report("started")
    with open(path, "w") as f:
        f.write(str(os.getpid()))
    time.sleep(seconds)


def test_done_with_every_stage() -> None:
    outcome = limited.run(squares, 4, limits=limited.Limits(10, CAP))
    assert outcome == limited.Done(4, (0, 1, 4, 9))


def test_time_limit_kills_and_keeps_the_stages() -> None:
    start = time.monotonic()
    outcome = limited.run(sleeper, 60, limits=limited.Limits(5, CAP))
    assert outcome == limited.TimedOut(("asleep",))
    assert 5 <= time.monotonic() - start < 15


def test_memory_cap_is_out_of_memory_in_the_child_only() -> None:
    outcome = limited.run(hog, 4 * CAP, limits=limited.Limits(10, CAP))
    assert outcome == limited.OutOfMemory(("before",))
    assert len(bytearray(4 * CAP // 4)) == CAP  # the caller is not capped
    assert limited.run(hog, 1000, limits=limited.Limits(10, CAP)) == limited.Done(1000, ("before",))


def test_a_signal_or_an_exit_is_a_crash() -> None:
    assert limited.run(aborts, limits=limited.Limits(10, CAP)) == limited.Crashed(
        6, None, ("about to abort",)
    )
    assert limited.run(exits, 3, limits=limited.Limits(10, CAP)) == limited.Crashed(None, 3, ())


def test_an_exception_is_a_failure_with_its_words() -> None:
    assert limited.run(raises) == limited.Failed("ValueError", "a bad board", ())


def test_cancel_from_another_thread_kills_the_child(tmp_path: Path) -> None:
    where = tmp_path / "pid"
    job = limited.start(pid_to_file, str(where), 60, limits=limited.Limits(30, CAP))
    deadline = time.monotonic() + 30
    while (not where.exists() or not where.read_text()) and time.monotonic() < deadline:
        time.sleep(0.01)
    child = int(where.read_text())
    threading.Timer(0.1, job.cancel).start()
    assert job.wait() == limited.Cancelled(("started",))
    with pytest.raises(ProcessLookupError):
        os.kill(child, 0)


def test_a_cancelled_task_kills_its_child(tmp_path: Path) -> None:
    """What the web server does when a client goes away."""
    where = tmp_path / "pid"

    async def main() -> None:
        task = asyncio.ensure_future(
            limited.run_async(pid_to_file, str(where), 60, limits=limited.Limits(30, CAP))
        )
        while not where.exists() or not where.read_text():
            await asyncio.sleep(0.02)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(main())
    child = int(where.read_text())
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    pytest.fail(f"the child {child} still runs")


def test_a_slow_job_does_not_hold_up_a_quick_one() -> None:
    slow = limited.start(sleeper, 5, limits=limited.Limits(30, CAP))
    start = time.monotonic()
    assert limited.run(squares, 2).value == 2  # type: ignore[union-attr]
    assert time.monotonic() - start < 3
    slow.cancel()
    assert isinstance(slow.wait(), limited.Cancelled)


def test_a_job_is_niced_once_it_has_run_a_while() -> None:
    """A short job runs at the caller's priority; past nice_after, lower."""
    job = limited.start(sleeper, 30, limits=limited.Limits(30, CAP, nice=7, nice_after=1.0))
    waiting = threading.Thread(target=job.wait)
    waiting.start()
    child = job._proc.pid
    assert child is not None
    before = os.getpriority(os.PRIO_PROCESS, child)
    time.sleep(2.5)
    after = os.getpriority(os.PRIO_PROCESS, child)
    job.cancel()
    waiting.join()
    assert after == min(before + 7, 19)


def _outcomes_in_a_daemon(answers: Any) -> None:
    """In a daemonic process (as a Dask worker's), which multiprocessing forbids
    to have children: every kind of outcome still comes back."""
    limits = limited.Limits(3, CAP)
    answers.put(
        [
            limited.run(squares, 3, limits=limits),
            limited.run(aborts, limits=limits),
            limited.run(exits, 3, limits=limits),
            limited.run(raises, limits=limits),
            limited.run(hog, 4 * CAP, limits=limits),
            limited.run(sleeper, 60, limits=limits),
        ]
    )


def test_a_daemonic_caller_gets_every_outcome() -> None:
    ctx = multiprocessing.get_context("spawn")
    answers = ctx.Queue()
    proc = ctx.Process(target=_outcomes_in_a_daemon, args=(answers,), daemon=True)
    proc.start()
    got = answers.get(timeout=60)
    proc.join(10)
    assert got == [
        limited.Done(3, (0, 1, 4)),
        limited.Crashed(6, None, ("about to abort",)),
        limited.Crashed(None, 3, ()),
        limited.Failed("ValueError", "a bad board"),
        limited.OutOfMemory(("before",)),
        limited.TimedOut(("asleep",)),
    ]


MAIN_SCRIPT = """
import sys
import counted  # writes a line each time it is imported

from minebender.services import limited


def double(report, n):
    return 2 * n


if __name__ == "__main__":
    limited.warm(spares=3)  # children left waiting at exit, as in the server
    for n in range(int(sys.argv[1])):
        assert limited.run(double, n) == limited.Done(2 * n)
"""


def _run_script(tmp_path: Path, jobs: int) -> subprocess.CompletedProcess[str]:
    (tmp_path / "counted.py").write_text(
        f"with open({str(tmp_path / 'imports.txt')!r}, 'a') as f:\n    f.write('imported\\n')\n"
    )
    script = tmp_path / "main_script.py"
    script.write_text(MAIN_SCRIPT)
    return subprocess.run(
        [sys.executable, str(script), str(jobs)],
        cwd=tmp_path,  # the forkserver finds counted.py there (it starts with no sys.path of ours)
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_child_does_not_import_the_main_scripts_modules_again(tmp_path: Path) -> None:
    """Python's forkserver never preloads the main script (it is not handed its
    path), so each child imported it again as it started: for the minebender
    command, 200 ms a child. What the script imports is preloaded by name."""
    done = _run_script(tmp_path, 4)
    assert done.returncode == 0, done.stderr
    imports = (tmp_path / "imports.txt").read_text().splitlines()
    assert len(imports) == 2  # the script itself, and the forkserver: no child


def test_a_script_ends_without_a_word_from_multiprocessing(tmp_path: Path) -> None:
    """A child reaped by a background thread as the script exited made
    multiprocessing's exit hook raise ("process object is closed")."""
    for _ in range(3):
        done = _run_script(tmp_path, 12)
        assert done.returncode == 0
        assert done.stderr == ""


WARMED: list[int] = []


def warm_twice() -> Iterator[None]:
    for step in range(2):
        WARMED.append(step)
        yield


def warm_forever() -> Iterator[None]:
    while True:
        WARMED.append(len(WARMED))
        time.sleep(0.05)
        yield


def warm_badly() -> Iterator[None]:
    yield
    raise RuntimeError("no warm-up today")


def steps_warmed(report: limited.Report) -> list[int]:
    return list(WARMED)


@pytest.fixture
def spares_warmed_by() -> Iterator[Any]:
    """A spare warmed up by the given steps, forked once this returns; the
    spares left are ended after the test."""

    def drop_spares() -> None:
        limited.warm(spares=0)
        with limited._SPARES.lock:
            left, limited._SPARES.ready[:] = list(limited._SPARES.ready), []
        for spare in left:
            spare.tasks.close()  # its child reads the end of its task pipe and exits
            spare.proc.join(10)

    def use(warm_up: limited.WarmUp, after: float = 0) -> None:
        drop_spares()  # a spare an earlier test left (not warmed) would take the task
        limited.warm(spares=1, warm_up=warm_up, warm_up_after=after)
        until = time.monotonic() + 60
        while not limited._SPARES.ready and time.monotonic() < until:
            time.sleep(0.05)  # the forkserver starts, then forks the spare

    yield use
    drop_spares()


def warm_twice_marked(mark: str) -> Iterator[None]:
    """warm_twice, and a file that tells the test its first step is done."""
    for step in warm_twice():
        Path(mark).write_text("warmed")
        yield step


def test_a_spare_warms_up_before_its_task(spares_warmed_by: Any, tmp_path: Path) -> None:
    mark = tmp_path / "warmed"
    spares_warmed_by(functools.partial(warm_twice_marked, str(mark)))
    until = time.monotonic() + 60
    while not mark.exists() and time.monotonic() < until:
        time.sleep(0.02)  # on a loaded machine the task could come first
    outcome = limited.run(steps_warmed, limits=limited.Limits(30, CAP))
    assert isinstance(outcome, limited.Done)
    assert outcome.value in ([0], [0, 1])  # a step at least, the second unless the task came
    assert WARMED == []  # in the child only


def test_a_task_ends_the_warm_up(spares_warmed_by: Any) -> None:
    spares_warmed_by(warm_forever)
    outcome = limited.run(steps_warmed, limits=limited.Limits(30, CAP))
    assert isinstance(outcome, limited.Done)
    steps = outcome.value
    assert steps == list(range(len(steps))) and steps  # stopped after a step, not never


def test_a_failed_warm_up_leaves_a_child_that_works(spares_warmed_by: Any) -> None:
    spares_warmed_by(warm_badly)
    assert limited.run(squares, 3, limits=limited.Limits(30, CAP)) == limited.Done(3, (0, 1, 4))


def test_a_spare_warms_up_only_after_waiting(spares_warmed_by: Any) -> None:
    """Under a flood the spares are taken before they wait that long: no
    processor goes to warming them up."""
    spares_warmed_by(warm_twice, after=60)
    assert limited.run(steps_warmed, limits=limited.Limits(30, CAP)) == limited.Done([])

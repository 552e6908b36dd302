"""Where the chunks of a batch are played: in this process, on a pool of local
worker processes, or on a Dask cluster. Each runner hands every finished chunk
to ``done`` in the main process, which logs it; only the runners know about
pools and clusters.

Local workers never outlive the run. They leave Ctrl-C and SIGTERM to the main
process, which ends them (SIGKILL) whenever the run stops other than by
finishing: an interrupt, a failed game, a dead worker. Should the main process
itself be killed outright (SIGKILL, which it cannot catch), each worker is
ended by the kernel on Linux (``prctl(PR_SET_PDEATHSIG, SIGKILL)``, set as it
starts); on other POSIX systems a watchdog thread in the worker ends it within
a second of its parent's death. A worker ended that way was playing a game not
yet logged, so no finished game is lost."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from minebender.batch.spec import BatchError, GameFailed, Result, RunSpec
from minebender.batch.worker import play_chunk

__all__ = ["Outcome", "run_cluster", "run_local"]

Outcome = tuple[list[Result], str | None]
"""What ``play_chunk`` gives: the finished games, and the failure if a game raised."""


def run_local(
    spec: RunSpec,
    chunks: list[list[int]],
    workers: int,
    done: Callable[[Outcome], None],
) -> None:
    if workers == 1:
        for chunk in chunks:
            done(play_chunk(spec, chunk))
        return
    before = {p.pid for p in multiprocessing.active_children()}
    pool = ProcessPoolExecutor(
        max_workers=workers, initializer=_start_worker, initargs=(os.getpid(),)
    )
    pending: set[Future[Outcome]] = set()
    queue = iter(chunks)
    finished_all = False
    try:
        while True:
            for chunk in queue:
                pending.add(pool.submit(play_chunk, spec, chunk))
                if len(pending) >= 2 * workers:
                    break
            if not pending:
                break
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                done(future.result())
        finished_all = True
    except BrokenProcessPool:
        raise GameFailed(
            "a worker process died; the finished games are in the log (rerun with --resume)"
        ) from None
    finally:
        if not finished_all:  # stopped: what the workers play now is not wanted
            _end_workers(before)
        pool.shutdown(wait=True, cancel_futures=True)


def _end_workers(before: set[int | None]) -> None:
    """End the pool's workers at once: the child processes started since
    ``before`` was taken (the pool has no public way to end its own)."""
    workers = [p for p in multiprocessing.active_children() if p.pid not in before]
    for p in workers:
        p.kill()
    for p in workers:
        p.join()


def _start_worker(main: int) -> None:
    """A worker leaves Ctrl-C and SIGTERM to the ``main`` process, which stops
    the batch cleanly and ends the workers, and dies with its parent: the main
    process, or the fork server that started the worker for it (which ends
    when the main process does)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    parent = os.getppid()
    if not (sys.platform.startswith("linux") and _die_with_parent()) and os.name == "posix":
        threading.Thread(target=_watch, args=(parent,), daemon=True).start()
    if parent == 1 or not _alive(main):  # it died before the worker could watch it
        os._exit(1)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` is there; always True off POSIX, where signal 0
    is no question (Windows' os.kill would end the process)."""
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # there, but another user's (its pid was reused): let the watch tell
    return True


def _die_with_parent() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; False if it cannot."""
    import ctypes

    pr_set_pdeathsig = 1
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(pr_set_pdeathsig, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    """End this worker within a second of its parent's death (it is then
    reparented, so its parent pid changes)."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def run_cluster(
    spec: RunSpec,
    chunks: list[list[int]],
    address: str,
    done: Callable[[Outcome], None],
) -> None:
    try:
        from distributed import Client, as_completed  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        raise BatchError(
            "--cluster needs dask.distributed: pip install 'minebender[cluster]'"
        ) from None
    try:
        client = Client(address, timeout="10s")  # type: ignore[no-untyped-call,unused-ignore]
    except (OSError, TimeoutError, ValueError) as exc:
        raise BatchError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        futures = [client.submit(play_chunk, spec, chunk, pure=False) for chunk in chunks]
        for future in as_completed(futures):  # type: ignore[no-untyped-call,unused-ignore]
            done(future.result())
    finally:
        client.close()  # type: ignore[no-untyped-call,unused-ignore]

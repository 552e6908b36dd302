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

import contextlib
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sized
from concurrent.futures import FIRST_COMPLETED, CancelledError, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from minebender.services.batch.spec import BatchError, GameFailed, Result

__all__ = ["KEPT", "Outcome", "run_cluster", "run_local"]

Outcome = tuple[list[Result], str | None]
"""What ``play_chunk`` gives: the finished games, and the failure if a game raised."""

T = TypeVar("T")
C = TypeVar("C")

KEPT = "; the finished games are in the log (rerun with --resume)"
"""What a stopped run of ``bench bot`` keeps, said after why it stopped."""


def run_local(
    task: Callable[[C], T],
    chunks: Iterable[C],
    workers: int,
    done: Callable[[T], None],
    kept: str = KEPT,
) -> None:
    """Play the chunks on this machine, with ``workers`` processes (one: in this
    process, with nothing to start), handing each chunk's outcome to ``done``
    as it finishes, so that a finished game is logged before the next one ends.
    ``task`` plays one chunk (``play_chunk`` with its spec bound, or a dataset's
    games): a module-level function, or a partial of one, that pickles."""
    if workers == 1:
        for chunk in chunks:
            done(task(chunk))
        return
    before = {p.pid for p in multiprocessing.active_children()}
    pool = ProcessPoolExecutor(
        max_workers=workers, initializer=_start_worker, initargs=(os.getpid(),)
    )
    pending: set[Future[T]] = set()
    queue = iter(chunks)
    finished_all = False

    def submit(chunk: C) -> None:
        pending.add(pool.submit(task, chunk))

    try:
        while True:
            _top_up(queue, pending, submit, 2 * workers)
            if not pending:
                break
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            pending -= finished
            for future in finished:
                done(future.result())
        finished_all = True
    except BrokenProcessPool:
        raise GameFailed(f"a worker process died{kept}") from None
    finally:
        if not finished_all:  # stopped: what the workers play now is not wanted
            _end_workers(before)
        pool.shutdown(wait=True, cancel_futures=True)


def _top_up(
    queue: Iterator[C],
    pending: Sized,
    submit: Callable[[C], None],
    window: int,
) -> None:
    """Submit chunks of queue until ``window`` are pending (or none is left): a
    pool or a cluster is given work as it takes it, never the whole run at once."""
    for chunk in queue:
        submit(chunk)
        if len(pending) >= window:
            break


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


CONNECT_S = 20.0
"""How long connecting to a scheduler may take: a port where some other program
listens takes the connection and never answers Dask's handshake."""
NO_WORKER_S = 30.0
"""How long a run waits while the cluster has no worker (none started, all
died, or each died on the chunk: one without minebender) before it stops."""
POLL_S = 2.0
IN_FLIGHT_PER_THREAD = 4
"""Chunks given to the cluster at a time, per worker thread it had at the start:
enough that no worker waits for the next one."""
MIN_IN_FLIGHT = 64
"""Chunks given at a time however few threads it had (workers may join later)."""


def run_cluster(
    task: Callable[[C], T],
    chunks: Iterable[C],
    address: str,
    done: Callable[[T], None],
    kept: str = KEPT,
) -> int:
    """Play the chunks on the Dask scheduler at address; the number of worker
    threads it had when the run began. Stops with a GameFailed, never a hang,
    when the scheduler goes or no worker is left to play."""
    try:
        from distributed import Client  # type: ignore[import-untyped,unused-ignore]
        from distributed import wait as wait_any  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        raise BatchError(
            "--cluster needs dask.distributed: pip install 'minebender[cluster]'"
        ) from None
    with _dask_quiet():
        return _play_on(Client, wait_any, task, chunks, address, done, kept)


@contextlib.contextmanager
def _dask_quiet() -> Iterator[None]:
    """Failures of a cluster run are told in one line; Dask's client would also
    log each of its attempts to reconnect, with their tracebacks."""
    names = [n for n in logging.root.manager.loggerDict if n.split(".")[0] == "distributed"]
    loggers = [logging.getLogger(n) for n in ["distributed", *names]]
    levels = [logger.level for logger in loggers]
    for logger in loggers:  # Dask sets levels of its own below "distributed"
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _play_on(
    client_class: Any,
    wait_any: Any,
    task: Callable[[C], T],
    chunks: Iterable[C],
    address: str,
    done: Callable[[T], None],
    kept: str = KEPT,
) -> int:
    client = _connect(client_class, address)
    try:
        threads = int(sum(client.nthreads().values()))
        # Submitted as the cluster takes them, not all at once: 20,000 Expert
        # games held 20,000 futures (431 MB) in this process, and the largest
        # run --games allows never began.
        window = max(IN_FLIGHT_PER_THREAD * threads, MIN_IN_FLIGHT)
        queue = iter(chunks)
        pending: list[Any] = []

        def refill() -> None:
            _top_up(
                queue,
                pending,
                lambda c: pending.append(client.submit(task, c, pure=False)),
                window,
            )

        refill()
        alone_since = time.monotonic()
        while pending:
            try:
                got = wait_any(pending, timeout=POLL_S, return_when="FIRST_COMPLETED")
            except CancelledError:  # every future, when the scheduler is gone
                raise GameFailed(f"lost the Dask scheduler at {address}{kept}") from None
            except TimeoutError:
                if client.status != "running":
                    raise GameFailed(f"lost the Dask scheduler at {address}{kept}") from None
                if client.nthreads():
                    alone_since = time.monotonic()
                elif time.monotonic() - alone_since > NO_WORKER_S:
                    raise GameFailed(
                        f"the Dask cluster at {address} has had no worker for"
                        f" {NO_WORKER_S:.0f} s (none started, or each died: can they"
                        f" import minebender?){kept}"
                    ) from None
                continue
            pending[:] = list(got.not_done)
            for future in got.done:
                try:
                    outcome = future.result()
                except CancelledError:  # every future, when the scheduler is gone
                    raise GameFailed(f"lost the Dask scheduler at {address}{kept}") from None
                except Exception as exc:  # a worker died on it again and again
                    said = (str(exc).splitlines() or [""])[0]
                    raise GameFailed(
                        f"the Dask cluster at {address} did not play a chunk"
                        f" ({type(exc).__name__}: {said[:200]}){kept}"
                    ) from None
                done(outcome)
            refill()
        return threads
    finally:
        with contextlib.suppress(Exception):
            client.close(timeout=5)  # type: ignore[no-untyped-call,unused-ignore]


def _connect(client_class: Any, address: str) -> Any:
    """A Client of the scheduler at address, connected within ``CONNECT_S``:
    Dask's own timeout does not cover a handshake that is never answered."""
    box: dict[str, Any] = {}

    def connect() -> None:
        try:
            box["client"] = client_class(address, timeout="10s")
        except Exception as exc:
            box["error"] = exc

    thread = threading.Thread(target=connect, daemon=True)
    thread.start()
    thread.join(CONNECT_S)
    if "client" in box:
        return box["client"]
    why = box.get("error") or f"nothing answered as one within {CONNECT_S:.0f} s"
    raise BatchError(f"cannot reach a Dask scheduler at {address}: {why}")

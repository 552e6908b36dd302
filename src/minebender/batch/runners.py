"""Where the chunks of a batch are played: in this process, on a pool of local
worker processes, or on a Dask cluster. Each runner hands every finished chunk
to ``done`` in the main process, which logs it; only the runners know about
pools and clusters."""

from __future__ import annotations

import signal
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
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    pending: set[Future[Outcome]] = set()
    queue = iter(chunks)
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
    except BrokenProcessPool:
        raise GameFailed(
            "a worker process died; the finished games are in the log (rerun with --resume)"
        ) from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the main process, which stops the batch cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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

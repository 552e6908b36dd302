"""Run a function in a child process, so that a crash there (an abort of a
library written in another language) costs the caller one error and nothing
else. (Kept small: minebender.limited replaces it once it is on main.)"""

from __future__ import annotations

import multiprocessing
import pickle
import signal
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

__all__ = ["Crashed", "Done", "run_child"]


@dataclass(frozen=True, slots=True)
class Done:
    """The function returned ``value``."""

    value: Any


@dataclass(frozen=True, slots=True)
class Crashed:
    """The child died or failed; ``why`` says how, in a few words."""

    why: str


def _main(conn: Connection, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
    try:
        value = fn(lambda _stage: None, *args)
    except Exception as exc:
        conn.send(("failed", f"{type(exc).__name__}: {exc}"))
    else:
        conn.send(("done", value))
    conn.close()


def run_child(fn: Callable[..., Any], *args: Any, seconds: float = 30.0) -> Done | Crashed:
    """``fn(report, *args)`` in a child process, killed after ``seconds``. A
    daemonic process (a Dask worker's) may not start children with
    multiprocessing: there the child is a fresh interpreter."""
    if multiprocessing.current_process().daemon:
        return _run_interpreter(fn, args, seconds)
    ctx = multiprocessing.get_context("forkserver")
    # The fork server imports these once; each child then starts in milliseconds
    # (importing them in every child took half a second a file).
    ctx.set_forkserver_preload(["minebender.review.peers", "ms_toollib"])
    recv, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_main, args=(send, fn, args), daemon=True)
    child.start()
    send.close()
    try:
        if not recv.poll(seconds):
            child.kill()
            child.join()
            return Crashed(f"no answer in {seconds:.0f} s")
        try:
            kind, value = recv.recv()
        except EOFError:
            child.join()
            code = child.exitcode or 0
            if code < 0:
                return Crashed(f"the parser died with {signal.Signals(-code).name}")
            return Crashed(f"the parser exited with status {code}")
    finally:
        recv.close()
    child.join()
    return Done(value) if kind == "done" else Crashed(str(value))


def _run_interpreter(
    fn: Callable[..., Any], args: tuple[Any, ...], seconds: float
) -> Done | Crashed:
    try:
        done = subprocess.run(
            [sys.executable, "-m", "minebender.review.child"],
            input=pickle.dumps((fn, args)),
            capture_output=True,
            timeout=seconds,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return Crashed(f"no answer in {seconds:.0f} s")
    if done.returncode < 0:
        return Crashed(f"the parser died with {signal.Signals(-done.returncode).name}")
    try:
        kind, value = pickle.loads(done.stdout)
    except Exception:
        return Crashed(f"the parser exited with status {done.returncode}")
    return Done(value) if kind == "done" else Crashed(str(value))


def _serve() -> None:
    """The fresh interpreter's side: a pickled (fn, args) in, a pickled answer out."""
    fn, args = pickle.loads(sys.stdin.buffer.read())
    try:
        answer = ("done", fn(lambda _stage: None, *args))
    except Exception as exc:
        answer = ("failed", f"{type(exc).__name__}: {exc}")
    sys.stdout.buffer.write(pickle.dumps(answer))


if __name__ == "__main__":
    _serve()

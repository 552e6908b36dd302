"""Where ms_toollib runs: always in a child process, so that an abort of its
Rust core (SIGABRT, beyond any ``try``) costs one error line and nothing else.

The child comes from ``minebender.limited`` (a forkserver with the parser
preloaded, a time limit and a memory cap). A daemonic process, such as a Dask
worker's, may not start children with multiprocessing; there the child is a
fresh interpreter (``python -m minebender.review.child``), slower to start but
as safe.
"""

from __future__ import annotations

import multiprocessing
import pickle
import signal
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from minebender import limited

__all__ = ["PARSE_LIMITS", "run_child", "why_not"]

PARSE_LIMITS = limited.Limits(seconds=30.0, memory=2 * 1024**3)
"""A replay of an hour's game parses in well under a second and a few MB."""

limited.preload("minebender.review.peers", "ms_toollib")


def run_child(fn: Callable[..., Any], *args: Any) -> limited.Outcome:
    """``fn(report, *args)`` in a child process, within ``PARSE_LIMITS``."""
    if multiprocessing.current_process().daemon:
        return _run_interpreter(fn, args)
    return limited.run(fn, *args, limits=PARSE_LIMITS)


def why_not(outcome: limited.Outcome) -> str:
    """In a few words, why the child gave no answer."""
    match outcome:
        case limited.Crashed(sig, code):
            if sig is not None:
                return f"the parser died with {signal.Signals(sig).name}"
            return f"the parser exited with status {code}"
        case limited.Failed(kind, message):
            return f"the parser failed: {kind}: {message}"
        case limited.TimedOut():
            return f"no answer in {PARSE_LIMITS.seconds:.0f} s"
        case limited.OutOfMemory():
            return "the parser ran out of memory"
    return "no answer"


def _run_interpreter(fn: Callable[..., Any], args: tuple[Any, ...]) -> limited.Outcome:
    try:
        done = subprocess.run(
            [sys.executable, "-m", "minebender.review.child"],
            input=pickle.dumps((fn, args)),
            capture_output=True,
            timeout=PARSE_LIMITS.seconds,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return limited.TimedOut()
    if done.returncode < 0:
        return limited.Crashed(-done.returncode, None)
    try:
        kind, value = pickle.loads(done.stdout)
    except Exception:
        return limited.Crashed(None, done.returncode)
    if kind == "done":
        return limited.Done(value)
    return limited.Failed(*value)


def _serve() -> None:
    """The fresh interpreter's side: a pickled (fn, args) in, a pickled answer out."""
    fn, args = pickle.loads(sys.stdin.buffer.read())
    try:
        answer: tuple[str, Any] = ("done", fn(lambda _stage: None, *args))
    except Exception as exc:
        answer = ("failed", (type(exc).__name__, str(exc)))
    sys.stdout.buffer.write(pickle.dumps(answer))


if __name__ == "__main__":
    _serve()

"""Where ms_toollib runs: always in a child process, so that an abort of its
Rust core (SIGABRT, beyond any ``try``) costs one error line and nothing else.

The child comes from ``minebender.services.limited``: a forkserver with the parser
preloaded, a time limit and a memory cap; in a daemonic process (a Dask
worker's) a fresh interpreter, with the same limits.
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from typing import Any

from minebender.services import limited

__all__ = ["PARSE_LIMITS", "run_child", "why_not"]

PARSE_LIMITS = limited.Limits(seconds=30.0, memory=2 * 1024**3)
"""A replay of an hour's game parses in well under a second and a few MB."""

limited.preload("minebender.services.review.peers", "ms_toollib")


def run_child(fn: Callable[..., Any], *args: Any) -> limited.Outcome:
    """``fn(report, *args)`` in a child process, within ``PARSE_LIMITS``."""
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

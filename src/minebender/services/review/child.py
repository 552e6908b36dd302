"""Where ms_toollib runs: always in a child process, so that an abort of its
Rust core (SIGABRT, beyond any ``try``) costs one error line and nothing else.

The child comes from ``minebender.services.limited``: a forkserver with the parser
preloaded, a time limit and a memory cap; in a daemonic process (a Dask
worker's) a fresh interpreter, with the same limits.
"""

from __future__ import annotations

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


def why_not(outcome: limited.Outcome, reader: str) -> str:
    """In a few plain words, why the child reading a file with ``reader`` (EVF)
    gave no answer: a reader that died or failed met a file it could not read,
    which the player knows as damaged or cut short, not by a signal's name."""
    match outcome:
        case limited.Crashed() | limited.Failed():
            return f"damaged or cut short: the {reader} reader could not read it"
        case limited.TimedOut():
            return f"the {reader} reader gave no answer in {PARSE_LIMITS.seconds:.0f} s"
        case limited.OutOfMemory():
            return f"the {reader} reader ran out of memory"
    return f"the {reader} reader gave no answer"

"""Stopping a batch from outside: SIGTERM (what ``kill``, systemd, Docker and
job schedulers send) stops it as Ctrl-C does, so the workers are ended and the
finished games stay in the log, rather than ending the main process at once
and leaving its workers playing on with nobody to log their games."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

__all__ = ["Terminated", "sigterm_stops"]


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived. A KeyboardInterrupt, so that everything that cleans up
    after Ctrl-C cleans up after it the same way."""


@contextmanager
def sigterm_stops() -> Iterator[None]:
    """While inside, SIGTERM raises Terminated in the main thread (once: a second
    SIGTERM while the batch stops is ignored, so the clean-up is not cut short;
    SIGKILL still ends everything). Outside the main thread, where no handler
    can be set, it changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        raise Terminated

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)

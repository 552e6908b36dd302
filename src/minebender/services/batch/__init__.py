"""Batches of bot games: on local worker processes or a Dask cluster, with a
JSON-lines log that lets a killed run resume, a progress bar and a plot.

Game ``i`` of a run always uses the seed pair ``(seed, i)``, and each game is
played start to finish by one worker, so a batch gives the same games
whatever the number of workers and wherever they run. Every finished game is
appended to the log as one line, flushed and fsynced at once: a crash or a
kill loses only games still being played, and ``--resume`` skips the rest.

The parts: ``spec`` (what a run plays, a result, the errors), ``worker`` (the
task a worker runs), ``runners`` (local processes or a Dask cluster), ``run``
(``run_batch``), ``log``, ``summary``, ``progress`` and ``plot``. This module
only gathers the names other code imports.
"""

from __future__ import annotations

from minebender.services.batch.log import load_results, read_results
from minebender.services.batch.plot import plot_results
from minebender.services.batch.run import run_batch
from minebender.services.batch.spec import (
    LEVELS,
    BatchError,
    GameFailed,
    LogNotWritten,
    Result,
    RunSpec,
    logged_level,
)
from minebender.services.batch.summary import Summary, summarize, wilson
from minebender.services.batch.worker import play_chunk

__all__ = [
    "LEVELS",
    "BatchError",
    "GameFailed",
    "LogNotWritten",
    "Result",
    "RunSpec",
    "Summary",
    "load_results",
    "logged_level",
    "play_chunk",
    "plot_results",
    "read_results",
    "run_batch",
    "summarize",
    "wilson",
]

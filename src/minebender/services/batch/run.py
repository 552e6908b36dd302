"""Running a batch: check the arguments, skip the games the ``--resume`` log
already holds, cut the rest into chunks, hand them to a runner, and log and
count each game as it comes back."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterable, Iterator
from dataclasses import asdict
from functools import partial
from pathlib import Path

from minebender.services.batch.log import ResultLog, read_results
from minebender.services.batch.progress import ProgressBar
from minebender.services.batch.runners import Outcome, run_cluster, run_local
from minebender.services.batch.spec import BatchError, GameFailed, Result, RunSpec, logged_level
from minebender.services.batch.summary import Summary, summarize
from minebender.services.batch.worker import play_chunk
from minebender.services.bot import BOT_VERSION
from minebender.values.types import Setup
from minebender.values.words import cut

__all__ = ["run_batch"]


def _chunks(todo: Iterable[int], size: int) -> Iterator[list[int]]:
    """The games of todo, size at a time, made as they are asked for: a list of
    every game number took 3.4 GB for 10**8 games before the first was played."""
    chunk: list[int] = []
    for game in todo:
        chunk.append(game)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _chunk_size(board: Setup) -> int:
    """Games per task: small boards are quick, so batch them to save overhead."""
    cells = board.width * board.height
    return 20 if cells <= 100 else 4 if cells <= 256 else 1


def cluster_address(text: str) -> str:
    """A Dask scheduler's address as ``--cluster`` takes it: ``tcp://HOST:PORT``.
    ``tls://`` needs certificates, which there is no option to give, and
    ``inproc://`` reaches only a scheduler inside this process.

    >>> cluster_address("tcp://127.0.0.1:8786")
    'tcp://127.0.0.1:8786'
    """
    found = re.fullmatch(r"tcp://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):([0-9]{1,5})", text)
    if found is None or not 1 <= int(found[2]) <= 65535:
        raise BatchError(
            "--cluster must be a Dask scheduler's address, tcp://HOST:PORT with a port"
            f" from 1 to 65535, got {cut(text)}"
        )
    return text


def _finished(spec: RunSpec, resume: Path | None) -> dict[int, Result]:
    """The games of this run already in the ``resume`` log, by game number."""
    have: dict[int, Result] = {}
    if resume is not None:
        for r in read_results(resume):  # a line at a time: the log may be long
            if spec.ceiling and r.bound_kind() != spec.bound:
                continue  # played without this bound: play it again (the same game) for one
            if spec.same_run(asdict(r)) and 0 <= r.game < spec.games:
                have.setdefault(r.game, r)
    return have


def _check_bot(r: Result) -> None:
    """Refuse a game played by another bot: a Dask worker that runs another
    minebender deals the same boards but may play them otherwise, and its games
    would be counted, and logged, as this bot's."""
    bot = getattr(r, "bot", None)  # a Result pickled by an older worker lacks it
    if bot != BOT_VERSION:
        played = "no bot version (an older minebender)" if bot is None else f"bot version {bot}"
        raise BatchError(
            f"a worker played game {r.game} with {played}, this minebender plays bot"
            f" version {BOT_VERSION}: install the same minebender on every worker"
            " (its games were not counted; the finished ones are in the log)"
        )


def run_batch(
    spec: RunSpec,
    workers: int | None = None,
    cluster: str | None = None,
    resume: Path | None = None,
    progress: bool | None = None,
) -> tuple[Summary, list[Result]]:
    """Play the games of ``spec`` not already in the ``resume`` log; the summary of
    all of them and their results in game order."""
    board = spec.check()
    spec = spec.pinned(board)
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        raise BatchError(f"--workers must be at least 1, got {workers}")
    if cluster is not None:
        cluster = cluster_address(cluster)
    log = ResultLog(resume)  # first: it holds the file's lock while the run reads it
    try:
        have = _finished(spec, resume)
        todo = (i for i in range(spec.games) if i not in have)
        size = _chunk_size(board)
        chunks = _chunks(todo, size)
        count = -(-(spec.games - len(have)) // size)
        label = f"{logged_level(spec.level)} {spec.strategy}"
        wins = sum(r.won for r in have.values())
        bar = ProgressBar(label, spec.games, len(have), wins, progress)
        played = 0

        def done(outcome: Outcome) -> None:
            nonlocal played
            results, failure = outcome
            for r in results:
                _check_bot(r)
                log.write(r)
                have[r.game] = r
                played += 1
                bar.advance(r.won)
            if failure is not None:
                raise GameFailed(failure)

        start = time.perf_counter()
        with bar:
            if cluster is not None:
                workers = run_cluster(partial(play_chunk, spec), chunks, cluster, done)
            else:
                workers = min(workers, max(count, 1))  # the processes that play
                run_local(partial(play_chunk, spec), chunks, workers, done)
    finally:
        log.close()
    seconds = time.perf_counter() - start
    results = [have[i] for i in sorted(have)]
    return summarize(spec, results, played, seconds, workers, cluster), results

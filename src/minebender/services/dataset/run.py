"""Making a dataset: its games cut into chunks, played here (in this process
or on worker processes) or on a Dask cluster by the runners ``bench bot``
uses, and written in game order as they come back, with a progress bar."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from minebender.rules.game import setup
from minebender.services.batch.progress import ProgressBar
from minebender.services.batch.runners import run_cluster, run_local
from minebender.services.batch.spec import GameFailed
from minebender.services.dataset.parquet import writing
from minebender.services.dataset.play import DatasetSpec, GameRows, play_games
from minebender.services.session.board import level_name

__all__ = ["Made", "make_dataset"]

NOT_KEPT = "; no file was written"
"""What a stopped run keeps: nothing, the file is written whole or not at all."""


@dataclass(frozen=True, slots=True)
class Made:
    """What a run wrote: games, positions (rows), games won, and its time."""

    games: int
    positions: int
    won: int
    seconds: float
    workers: int


def _chunks(games: int, size: int) -> Iterator[list[int]]:
    for start in range(0, games, size):
        yield list(range(start, min(start + size, games)))


def _chunk_size(spec: DatasetSpec) -> int:
    """Games per task: random play and small boards are quick, so batch them."""
    board = setup(spec.level)
    if spec.player == "random":
        return 50
    cells = board.width * board.height
    return 20 if cells <= 100 else 4 if cells <= 256 else 1


def make_dataset(
    spec: DatasetSpec,
    out: Path,
    workers: int | None = None,
    cluster: str | None = None,
    progress: bool | None = None,
) -> Made:
    """Play the dataset's games and write their positions to ``out`` (Parquet),
    replacing it whole at the end. The same spec writes the same file
    whatever ``workers`` or ``cluster`` (a Dask scheduler's address)."""
    if workers is None:
        workers = os.cpu_count() or 1
    size = _chunk_size(spec)
    task = partial(play_games, spec)
    waiting: dict[int, GameRows] = {}
    counts = {"next": 0, "positions": 0, "won": 0}
    label = f"{level_name(spec.level)} {spec.player}"
    bar = ProgressBar(label, spec.games, 0, 0, progress)
    start = time.perf_counter()
    with writing(out) as writer, bar:

        def done(outcome: tuple[list[tuple[int, GameRows]], str | None]) -> None:
            games, failure = outcome
            for index, rows in games:
                waiting[index] = rows
            while counts["next"] in waiting:  # in game order, whatever came back first
                rows = waiting.pop(counts["next"])
                writer.add(rows)
                won = rows[-1]["won"] if rows else True  # no position: the first click won
                counts["next"] += 1
                counts["positions"] += len(rows)
                counts["won"] += won
                bar.advance(won)
            if failure is not None:
                raise GameFailed(failure)

        chunks = _chunks(spec.games, size)
        if cluster is not None:
            workers = run_cluster(task, chunks, cluster, done, NOT_KEPT)
        else:
            workers = min(workers, max(-(-spec.games // size), 1))
            run_local(task, chunks, workers, done, NOT_KEPT)
    return Made(
        spec.games, counts["positions"], counts["won"], time.perf_counter() - start, workers
    )

"""Batches of bot games: on local worker processes or a Dask cluster, with a
JSON-lines log that lets a killed run resume, a progress bar and a plot.

Game ``i`` of a run always uses the seed pair ``(seed, i)``, and each game is
played start to finish by one worker, so a batch gives the same games
whatever the number of workers and wherever they run. Every finished game is
appended to the log as one line, flushed and fsynced at once: a crash or a
kill loses only games still being played, and ``--resume`` skips the rest.
"""

from __future__ import annotations

import json
import math
import os
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, BinaryIO

from minebender.bot import STRATEGIES, StrategyName, first_click, play_game
from minebender.game import setup
from minebender.types import Beginner, Custom, Expert, Intermediate, Level, Setup

__all__ = [
    "LEVELS",
    "BatchError",
    "GameFailed",
    "Result",
    "RunSpec",
    "Summary",
    "load_results",
    "parse_level",
    "play_chunk",
    "plot_results",
    "run_batch",
    "summarize",
    "wilson",
]

LEVELS: dict[str, Level] = {
    "beginner": Beginner(),
    "intermediate": Intermediate(),
    "expert": Expert(),
}


class BatchError(Exception):
    """A batch cannot run as asked (bad argument, unreadable log, no cluster)."""


class GameFailed(BatchError):
    """A game raised an error or its worker died; finished games are in the log."""


def parse_level(name: str) -> Setup:
    """``beginner``, ``intermediate``, ``expert`` or a custom ``WxHxM``."""
    if name in LEVELS:
        return setup(LEVELS[name])
    parts = name.lower().split("x")
    if len(parts) == 3 and all(p.isdigit() for p in parts):
        return setup(Custom(*(int(p) for p in parts)))
    raise BatchError(f"unknown level {name!r}: use beginner, intermediate, expert or WxHxM")


@dataclass(frozen=True, slots=True)
class RunSpec:
    """What a batch plays: the level, the strategy, the first click, the seed, how many."""

    level: str
    strategy: StrategyName
    first: str
    seed: int
    games: int

    def check(self) -> Setup:
        """The board of this run; raises BatchError naming a bad field."""
        board = parse_level(self.level)
        if self.strategy not in STRATEGIES:
            raise BatchError(f"unknown strategy {self.strategy!r}: use {' or '.join(STRATEGIES)}")
        if not 0 <= self.seed < 2**64:
            raise BatchError(f"--seed must be from 0 to 2**64-1, got {self.seed}")
        if self.games < 1:
            raise BatchError(f"--games must be at least 1, got {self.games}")
        try:
            first_click(board, self.first)
        except ValueError as exc:
            raise BatchError(str(exc)) from None
        return board

    def same_run(self, line: dict[str, Any]) -> bool:
        return (
            line.get("level") == self.level
            and line.get("strategy") == self.strategy
            and line.get("first") == self.first
            and line.get("seed") == self.seed
        )


@dataclass(frozen=True, slots=True)
class Result:
    """One finished game, as one line of the log."""

    level: str
    strategy: str
    first: str
    seed: int
    game: int
    won: bool
    guesses: int
    moves: int
    seconds: float
    cpu_seconds: float = 0.0


def play_chunk(spec: RunSpec, indexes: list[int]) -> tuple[list[Result], str | None]:
    """Play games ``indexes`` of a run (the task a worker runs): the finished
    games, and what went wrong if a game raised (the games after it are not played)."""
    board = parse_level(spec.level)
    out: list[Result] = []
    for i in indexes:
        try:
            record, _ = play_game(board, spec.seed, i, spec.strategy, spec.first)
        except Exception as exc:  # a bot bug: name the game so it can be replayed
            return out, f"game ({spec.seed}, {i}) failed: {type(exc).__name__}: {exc}"
        out.append(
            Result(
                spec.level,
                spec.strategy,
                spec.first,
                spec.seed,
                i,
                record.won,
                record.guesses,
                record.moves,
                round(record.seconds, 6),
                round(record.cpu_seconds, 6),
            )
        )
    return out, None


def load_results(path: Path) -> list[Result]:
    """Every result in a log. A torn last line (a killed run) is ignored."""
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        raise BatchError(f"cannot read {path}: {exc}") from None
    out = []
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            out.append(Result(**json.loads(text)))
        except (ValueError, TypeError) as exc:
            if number == len(lines):  # the unterminated line of a killed run
                continue
            raise BatchError(f"{path} line {number}: not a result line ({exc})") from None
    return out


class _Log:
    """Appends results as JSON lines, each flushed and fsynced as it is written."""

    def __init__(self, path: Path | None) -> None:
        self._file: BinaryIO | None = None
        if path is None:
            return
        try:
            self._file = path.open("a+b")
            self._drop_torn_tail(self._file)
        except OSError as exc:
            raise BatchError(f"cannot write {path}: {exc}") from None

    @staticmethod
    def _drop_torn_tail(file: BinaryIO) -> None:
        """Cut a last line that a kill left unfinished, so new lines start clean."""
        size = file.seek(0, os.SEEK_END)
        if size == 0:
            return
        file.seek(max(0, size - 65536))
        tail = file.read()
        if tail.endswith(b"\n"):
            return
        cut = tail.rfind(b"\n")
        keep = size - len(tail) + cut + 1 if cut >= 0 else (0 if size <= 65536 else size)
        file.truncate(keep)
        file.seek(0, os.SEEK_END)

    def write(self, result: Result) -> None:
        if self._file is None:
            return
        self._file.write((json.dumps(asdict(result)) + "\n").encode())
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


def wilson(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if games == 0:
        return (0.0, 1.0)
    if wins in (0, games):
        edge = z * z / (games + z * z)
        return (0.0, edge) if wins == 0 else (1.0 - edge, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class Summary:
    """The figures of a batch. ``played`` games ran now, in ``seconds`` of wall time."""

    level: str
    strategy: str
    first: str
    seed: int
    games: int
    wins: int
    win_rate: float
    ci95: tuple[float, float]
    guesses_per_game: float
    seconds_per_game: float
    cpu_seconds_per_game: float
    played: int
    seconds: float
    games_per_second: float | None
    workers: int
    cluster: str | None


def summarize(
    spec: RunSpec,
    results: Iterable[Result],
    played: int,
    seconds: float,
    workers: int,
    cluster: str | None,
) -> Summary:
    rs = list(results)
    n = len(rs)
    wins = sum(r.won for r in rs)
    return Summary(
        spec.level,
        spec.strategy,
        spec.first,
        spec.seed,
        n,
        wins,
        wins / n if n else 0.0,
        wilson(wins, n),
        sum(r.guesses for r in rs) / n if n else 0.0,
        sum(r.seconds for r in rs) / n if n else 0.0,
        sum(r.cpu_seconds for r in rs) / n if n else 0.0,
        played,
        seconds,
        played / seconds if played and seconds > 0 else None,
        workers,
        cluster,
    )


def _chunks(todo: list[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(todo), size):
        yield todo[start : start + size]


def _chunk_size(board: Setup) -> int:
    """Games per task: small boards are quick, so batch them to save overhead."""
    cells = board.width * board.height
    return 20 if cells <= 100 else 4 if cells <= 256 else 1


def _run_local(
    spec: RunSpec,
    chunks: list[list[int]],
    workers: int,
    done: Callable[[tuple[list[Result], str | None]], None],
) -> None:
    if workers == 1:
        for chunk in chunks:
            done(play_chunk(spec, chunk))
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    pending: set[Future[tuple[list[Result], str | None]]] = set()
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


def _run_cluster(
    spec: RunSpec,
    chunks: list[list[int]],
    address: str,
    done: Callable[[tuple[list[Result], str | None]], None],
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
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        raise BatchError(f"--workers must be at least 1, got {workers}")
    if cluster is not None and not cluster.startswith(("tcp://", "tls://", "inproc://")):
        raise BatchError(
            f"--cluster must be a scheduler address like tcp://HOST:PORT, got {cluster!r}"
        )
    have: dict[int, Result] = {}
    if resume is not None:
        for r in load_results(resume):
            if spec.same_run(asdict(r)) and 0 <= r.game < spec.games:
                have.setdefault(r.game, r)
    todo = [i for i in range(spec.games) if i not in have]
    chunks = list(_chunks(todo, _chunk_size(board)))
    log = _Log(resume)
    bar = _Progress(spec, len(have), sum(r.won for r in have.values()), progress)
    played = 0

    def done(outcome: tuple[list[Result], str | None]) -> None:
        nonlocal played
        results, failure = outcome
        for r in results:
            log.write(r)
            have[r.game] = r
            played += 1
            bar.advance(r.won)
        if failure is not None:
            raise GameFailed(failure)

    start = time.perf_counter()
    try:
        with bar:
            if cluster is not None:
                _run_cluster(spec, chunks, cluster, done)
            else:
                _run_local(spec, chunks, min(workers, max(len(chunks), 1)), done)
    finally:
        log.close()
    seconds = time.perf_counter() - start
    results = [have[i] for i in sorted(have)]
    return summarize(spec, results, played, seconds, workers, cluster), results


class _Progress:
    """A rich progress bar on a terminal (games, win rate so far, time left)."""

    def __init__(self, spec: RunSpec, done: int, wins: int, show: bool | None) -> None:
        self._wins = wins
        self._done = done
        self._bar: Any = None
        if show is None:
            show = sys.stderr.isatty()
        if not show:
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        self._bar = Progress(
            TextColumn(f"{spec.level} {spec.strategy}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("win {task.fields[rate]}"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
        )
        self._task = self._bar.add_task(
            "games", total=spec.games, completed=done, rate=self._rate()
        )

    def _rate(self) -> str:
        return f"{self._wins / self._done:.1%}" if self._done else "-"

    def advance(self, won: bool) -> None:
        self._done += 1
        self._wins += won
        if self._bar is not None:
            self._bar.update(self._task, advance=1, rate=self._rate())

    def __enter__(self) -> _Progress:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()


def plot_results(results: Iterable[Result], path: Path) -> None:
    """Draw the win rate with its 95% interval for each level (and strategy)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise BatchError("--plot needs matplotlib: pip install 'minebender[cluster]'") from None
    groups: dict[tuple[str, str], list[bool]] = {}
    for r in results:
        groups.setdefault((r.level, r.strategy), []).append(r.won)
    order = {name: i for i, name in enumerate(LEVELS)}
    keys = sorted(groups, key=lambda k: (order.get(k[0], len(order)), k[0], k[1]))
    rates, lows, highs, labels = [], [], [], []
    for key in keys:
        won = groups[key]
        wins = sum(won)
        lo, hi = wilson(wins, len(won))
        rate = wins / len(won)
        rates.append(rate * 100)
        lows.append((rate - lo) * 100)
        highs.append((hi - rate) * 100)
        labels.append(f"{key[0]}\n{key[1]}, {len(won)} games")
    fig, ax = plt.subplots(figsize=(max(4.0, 2.4 * len(keys)), 4.0))
    ax.bar(range(len(keys)), rates, yerr=[lows, highs], capsize=6, color="#4c72b0")
    for i, rate in enumerate(rates):
        ax.text(i, rate + highs[i] + 1, f"{rate:.1f}%", ha="center")
    ax.set_xticks(range(len(keys)), labels, fontsize=9)
    ax.set_ylim(0, 105)
    ax.set_ylabel("win rate, % (95% Wilson interval)")
    ax.set_title("minebender bot")
    fig.tight_layout()
    try:
        fig.savefig(path)
    except OSError as exc:
        raise BatchError(f"cannot write {path}: {exc}") from None
    finally:
        plt.close(fig)

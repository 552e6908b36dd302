"""Directories of replays: every file reviewed, on local processes or a Dask
cluster, each result appended to a JSON-lines log at once (flushed and
fsynced), so a killed run loses only the files being reviewed and
``--resume`` skips the rest; then a summary per player and level.

A worker gets the file's bytes, not its path, so a cluster needs no shared
disk. Every parse of another client's file still runs in a child process of
the worker (``peers``): a file that aborts ms_toollib costs its error line.
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from minebender.review.peers import MAX_BYTES
from minebender.review.record import ReviewError
from minebender.review.report import fraction_text, review_file

__all__ = [
    "SUFFIXES",
    "Row",
    "done_paths",
    "level_of",
    "read_log",
    "replay_files",
    "review_line",
    "run_corpus",
    "summary_rows",
]

SUFFIXES = frozenset((".json", ".avf", ".rmv", ".evf", ".mvf"))
LEVELS = {
    (8, 8, 10): "beginner",
    (9, 9, 10): "beginner",
    (16, 16, 40): "intermediate",
    (30, 16, 99): "expert",
}


def level_of(width: int, height: int, mines: int) -> str:
    """The level's name, or WxHxM for any other board."""
    return LEVELS.get((width, height, mines), f"{width}x{height}x{mines}")


def replay_files(paths: Iterable[Path]) -> list[Path]:
    """The files named, and the replay files under each directory named, sorted."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out.extend(
                sorted(p for p in path.rglob("*") if p.suffix.lower() in SUFFIXES and p.is_file())
            )
        else:
            out.append(path)
    return out


def review_line(name: str, data: bytes) -> dict[str, Any]:
    """The log line of one file: its result and guesses, or the error that
    names what is wrong with it. Never raises for a bad file."""
    try:
        r = review_file(Path(name), data)
    except ReviewError as exc:
        return {"path": name, "error": str(exc)}
    s, f, rec = r.summary, r.figures, r.record
    risk_sum = sum((j.risk for j in r.moves if j.guess and j.risk is not None), Fraction(0))
    return {
        "path": name,
        "format": rec.format,
        "player": rec.player,
        "width": rec.width,
        "height": rec.height,
        "mines": rec.mines,
        "status": f.status,
        "time_ms": f.time_ms,
        "bbbv": f.bbbv,
        "bbbv_per_s": f.bbbv_per_s,
        "guesses": s.guesses,
        "needless_guesses": s.needless_guesses,
        "survival": fraction_text(s.survival),
        "risk_sum": fraction_text(risk_sum),
    }


def _read(path: Path) -> bytes:
    try:
        with path.open("rb") as f:
            return f.read(MAX_BYTES + 1)
    except OSError:
        return b""  # the worker names it: an empty file


def read_log(log: Path) -> list[dict[str, Any]]:
    """The lines of a log (none when it is not there yet); a line cut short by
    a kill is skipped: its file is reviewed again by the next ``--resume``."""
    out: list[dict[str, Any]] = []
    try:
        with log.open(encoding="utf-8", errors="replace") as f:
            for line in f:
                try:
                    item = json.loads(line)
                except ValueError:
                    continue
                if isinstance(item, dict) and isinstance(item.get("path"), str):
                    out.append(item)
    except FileNotFoundError:
        pass
    return out


def done_paths(log: Path) -> set[str]:
    """The files a log already holds."""
    return {item["path"] for item in read_log(log)}


def _local(todo: list[Path], workers: int) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        for path in todo:
            yield review_line(str(path), _read(path))
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        queue = iter(todo)
        pending: set[Future[dict[str, Any]]] = set()
        while True:
            for path in queue:
                pending.add(pool.submit(review_line, str(path), _read(path)))
                if len(pending) >= 4 * workers:
                    break
            if not pending:
                return
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()


def _cluster(todo: list[Path], address: str) -> Iterator[dict[str, Any]]:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise ReviewError(
            "--cluster needs dask.distributed: pip install 'minebender[cluster]'"
        ) from None
    try:
        client = distributed.Client(address, timeout="10s")
    except Exception as exc:
        raise ReviewError(f"cannot reach a Dask scheduler at {address}: {exc}") from None
    try:
        threads = max(int(sum(client.nthreads().values())), 1)
        queue = iter(todo)
        futures = distributed.as_completed()
        live = 0
        for path in queue:
            futures.add(client.submit(review_line, str(path), _read(path), pure=False))
            live += 1
            if live >= 4 * threads:
                break
        for future in futures:
            live -= 1
            yield future.result()
            for path in queue:
                futures.add(client.submit(review_line, str(path), _read(path), pure=False))
                live += 1
                break
    finally:
        client.close()


def run_corpus(
    files: list[Path],
    log: Path,
    *,
    workers: int,
    cluster: str | None,
    resume: bool,
    advance: Callable[[dict[str, Any]], None],
) -> int:
    """Review the files not yet in the log (all of them unless ``resume``),
    appending each line as it comes; the number reviewed now."""
    skip = done_paths(log) if resume else set()
    todo = [p for p in files if str(p) not in skip]
    lines = _cluster(todo, cluster) if cluster else _local(todo, workers)
    count = 0
    with log.open("a+", encoding="utf-8") as out:
        if out.tell() > 0:
            out.seek(out.tell() - 1)
            if out.read(1) != "\n":  # a line cut short by a kill: end it
                out.write("\n")
        for line in lines:
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
            out.flush()
            os.fsync(out.fileno())
            count += 1
            advance(line)
    return count


@dataclass(frozen=True, slots=True)
class Row:
    """The summary of one player on one level."""

    player: str
    level: str
    games: int
    won: int
    bbbv_per_s: float
    guesses_per_game: float
    needless_per_game: float
    average_risk: Fraction | None
    errors: int = 0


def summary_rows(lines: Iterable[dict[str, Any]], paths: set[str] | None = None) -> list[Row]:
    """Per player and level: games, wins, mean 3BV/s of the won games, guesses
    and needless guesses per game, and the mean risk of the guesses taken."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for line in lines:
        if "error" in line or (paths is not None and line.get("path") not in paths):
            continue
        key = (
            line.get("player") or "(no name)",
            level_of(line["width"], line["height"], line["mines"]),
        )
        groups.setdefault(key, []).append(line)
    rows = []
    for (player, level), items in sorted(groups.items()):
        won = [i for i in items if i["status"] == "won"]
        guesses = sum(i["guesses"] for i in items)
        risk = sum((Fraction(i["risk_sum"]) for i in items), Fraction(0))
        rows.append(
            Row(
                player,
                level,
                len(items),
                len(won),
                sum(i["bbbv_per_s"] for i in won) / len(won) if won else 0.0,
                guesses / len(items),
                sum(i["needless_guesses"] for i in items) / len(items),
                risk / guesses if guesses else None,
            )
        )
    return rows

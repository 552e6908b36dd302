"""Directories of replays: every file reviewed, on local processes or a Dask
cluster (the batch runners ``bench bot`` uses), each result appended to a
JSON-lines log at once (flushed and fsynced), so a killed run loses only
the files being reviewed and ``--resume`` skips the rest; then a summary per player and level.

A worker gets the file's bytes, not its path, so a cluster needs no shared
disk. Every parse of another client's file still runs in a child process of
the worker (``peers``): a file that aborts ms_toollib costs its error line.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, BinaryIO

from minebender.services.batch.runners import run_cluster, run_local
from minebender.services.batch.spec import BatchError, GameFailed
from minebender.services.review.peers import MAX_BYTES
from minebender.services.review.record import ReviewError
from minebender.services.review.report import Review, fraction_text, review_file
from minebender.values.files import kind_of, read_regular, shown

__all__ = [
    "SUFFIXES",
    "Row",
    "append_line",
    "file_digest",
    "level_of",
    "line_key",
    "line_of",
    "read_log",
    "replay_files",
    "review_line",
    "run_corpus",
    "summary_rows",
]

SUFFIXES = frozenset((".json", ".avf", ".rmv", ".evf", ".mvf", ".rawvf"))
"""The files a folder stands for (a .txt is read when named, but a folder's
other texts are no replays)."""


def file_digest(data: bytes) -> str:
    """The key a replay file is counted by: the SHA-256 of its bytes, so a
    file imported again under another name is still counted once."""
    return hashlib.sha256(data).hexdigest()


LEVELS = {
    (8, 8, 10): "beginner",
    (9, 9, 10): "beginner",
    (16, 16, 40): "intermediate",
    (30, 16, 99): "expert",
}


def level_of(width: int, height: int, mines: int) -> str:
    """The level's name, or WxHxM for any other board."""
    return LEVELS.get((width, height, mines), f"{width}x{height}x{mines}")


def replay_files(paths: Iterable[Path]) -> tuple[list[Path], list[str]]:
    """The files named, and the replay files under each directory named,
    sorted; and a note for each thing skipped on the way (a loop of symbolic
    links, a link to a folder already walked, a broken link), so none is
    dropped without a word. Links to folders are followed, each folder once."""
    out: list[Path] = []
    notes: list[str] = []
    for path in paths:
        try:
            mode = path.stat().st_mode
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                notes.append(f"skipped {shown(path)}: a loop of symbolic links")
                continue
            mode = 0  # reviewed all the same: its error line says why it cannot be read
        if stat.S_ISDIR(mode):
            out.extend(_walk(path, notes))
        else:
            out.append(path)
    return out, notes


def _walk(top: Path, notes: list[str]) -> list[Path]:
    """The replay files under top, following links to folders but entering
    each folder once: a link back up the tree had made an endless walk."""
    found: list[Path] = []
    top_stat = top.stat()
    seen = {(top_stat.st_dev, top_stat.st_ino)}

    def unreadable(exc: OSError) -> None:
        notes.append(f"skipped {shown(exc.filename or top)}: {exc.strerror or exc}")

    for folder, dirs, names in os.walk(top, followlinks=True, onerror=unreadable):
        here = Path(folder)
        for name in list(dirs):
            try:
                st = (here / name).stat()
            except OSError:
                continue  # os.walk says so through unreadable
            if (st.st_dev, st.st_ino) in seen:
                dirs.remove(name)
                notes.append(
                    f"skipped {shown(here / name)}: a link to a folder already walked (a loop)"
                )
            else:
                seen.add((st.st_dev, st.st_ino))
        for name in names:
            path = here / name
            try:
                path.stat()
            except OSError as exc:
                if path.is_symlink():
                    why = (
                        "a loop of symbolic links" if exc.errno == errno.ELOOP else "a broken link"
                    )
                    notes.append(f"skipped {shown(path)}: {why}")
                    continue
            if path.suffix.lower() in SUFFIXES:
                found.append(path)
    return sorted(found)


def review_line(
    name: str, data: bytes, digest: str | None = None, mtime: float | None = None
) -> dict[str, Any]:
    """The log line of one file: its result and guesses, or the error that
    names what is wrong with it, with the SHA-256 of its bytes (its key) and
    when the file was last written (``mtime``, seconds since 1970: the date
    a player's progress puts the game at). Never raises for a bad file."""
    key: dict[str, Any] = {} if digest is None else {"sha256": digest}
    if mtime is not None:
        key["mtime"] = mtime
    try:
        r = review_file(Path(name), data)
    except ReviewError as exc:
        return {"path": name, "error": str(exc), **key}
    return line_of(r, name, key)


def line_of(r: Review, name: str, key: dict[str, Any]) -> dict[str, Any]:
    """The log line of a file already reviewed (``key``: its sha256 and
    mtime): what ``review_line`` writes, and the page's import too."""
    s, f, rec = r.summary, r.figures, r.record
    risk_sum = sum((j.risk for j in r.moves if j.gamble and j.risk is not None), Fraction(0))
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
        "ioe": f.ioe,
        "guesses": s.guesses,
        "needless_guesses": s.needless_guesses,
        "survival": fraction_text(s.survival),
        "risk_sum": fraction_text(risk_sum),
        **key,
    }


LOG_LINE_LIMIT = 1 << 20
"""The longest line a review log may have, in bytes: a line holds a path and
an error, a few kB at most. Reading no further keeps a file without newlines
from filling the memory."""

LOG_START = b'{"path": "'
"""How every line of a review log begins: what tells a line a kill cut short
from the last line of another file."""

_COUNTS = ("width", "height", "mines", "time_ms", "bbbv", "guesses", "needless_guesses")
_TEXTS = ("format", "status", "survival", "risk_sum")


def _log_item(raw: bytes) -> dict[str, Any]:
    """One line of a review log, checked for the fields the summary reads;
    ValueError says what is wrong."""
    try:
        item = json.loads(raw)
    except ValueError:
        raise ValueError("not JSON") from None
    if not isinstance(item, dict):
        raise ValueError("not a JSON object")
    if not isinstance(item.get("path"), str):
        raise ValueError("no path")
    if "sha256" in item and not isinstance(item["sha256"], str):
        raise ValueError("sha256 is not a string")
    if "mtime" in item and type(item["mtime"]) not in (int, float):
        raise ValueError("mtime is not a number")
    if "error" in item:
        if not isinstance(item["error"], str):
            raise ValueError("error is not a string")
        return item
    for key in _COUNTS:
        if type(item.get(key)) is not int:
            raise ValueError(f"{key} is not a whole number")
    for key in _TEXTS:
        if not isinstance(item.get(key), str):
            raise ValueError(f"{key} is not a string")
    if type(item.get("bbbv_per_s")) not in (int, float):
        raise ValueError("bbbv_per_s is not a number")
    if item.get("player") is not None and not isinstance(item["player"], str):
        raise ValueError("player is not a string")
    Fraction(item["risk_sum"])  # ValueError when it is not a fraction
    return item


def read_log(log: Path) -> list[dict[str, Any]]:
    """The lines of a review log (none when it is not there yet). A last line
    that a kill cut short is skipped (its file is reviewed again); any other
    line that is not a review log's is a ReviewError, so that a file named by
    mistake (a replay, notes) is never appended to."""
    name = shown(log)
    try:
        mode = log.stat().st_mode
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise ReviewError(f"cannot read {name}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(mode):
        raise ReviewError(f"--log {name}: not a regular file ({kind_of(mode)})")
    out: list[dict[str, Any]] = []
    number = 0
    try:
        with log.open("rb") as f:
            while raw := f.readline(LOG_LINE_LIMIT + 1):
                number += 1
                if not raw.endswith(b"\n"):
                    if len(raw) <= LOG_LINE_LIMIT and (
                        raw.startswith(LOG_START) or LOG_START.startswith(raw)
                    ):
                        number -= 1  # a line a kill cut short: not the log's
                        break
                    raise ReviewError(
                        f"--log {name} line {number}: not a review log (its last line"
                        " is not one minebender writes); name another file"
                    )
                if not raw.strip():
                    continue
                try:
                    out.append(_log_item(raw))
                except ValueError as exc:
                    raise ReviewError(
                        f"--log {name} line {number}: not a review log line ({exc});"
                        " name another file"
                    ) from None
    except OSError as exc:
        raise ReviewError(f"cannot read {name}: {exc.strerror or exc}") from None
    if number and not out:
        raise ReviewError(f"--log {name}: not a review log (no review line); name another file")
    return out


def line_key(line: dict[str, Any]) -> str:
    """What a log line is counted by: the SHA-256 of the file's bytes, so a
    file reviewed twice, or named by another path, is one game; the path for
    a line of an older log, or of a file that could not be read."""
    digest = line.get("sha256")
    return digest if isinstance(digest, str) else "path:" + line["path"]


Job = tuple[str, bytes, str, float | None]
"""A file to review: its name, bytes, SHA-256 and when it was last written."""

KEPT_REVIEWS = "; the files reviewed are in the log (rerun with --resume)"
"""What a stopped corpus run keeps, said after why it stopped."""


def _jobs(
    files: list[Path],
    done: set[str],
    keys: set[str],
    skipped: Callable[[], None],
    unreadable: Callable[[dict[str, Any]], None],
) -> Iterator[Job]:
    """Read each file once: its SHA-256 says whether the log has it already.
    A file that cannot be read gets its log line at once (``unreadable``)."""
    for path in files:
        name = str(path)
        try:
            data = read_regular(path, MAX_BYTES)
            mtime = path.stat().st_mtime
        except OSError as exc:
            keys.add("path:" + name)
            unreadable({"path": name, "error": f"{shown(path)}: {exc.strerror or exc}"})
            continue
        digest = file_digest(data)
        keys.add(digest)
        keys.add("path:" + name)  # a line of an older log, keyed by its path
        if digest in done or "path:" + name in done:
            skipped()
            continue
        yield name, data, digest, mtime


def review_job(job: Job) -> dict[str, Any]:
    """The log line of one file: what a worker, local or on a cluster, runs."""
    return review_line(*job)


def _drop_torn_tail(out: BinaryIO) -> None:
    """Cut a last line a kill left unfinished (``read_log`` has checked that it
    begins as a log line), so the next line starts clean: ended with a newline
    instead, it stayed in the log as a line that is not JSON."""
    size = out.seek(0, os.SEEK_END)
    if size == 0:
        return
    out.seek(max(0, size - LOG_LINE_LIMIT - 1))
    tail = out.read()
    if not tail.endswith(b"\n"):
        out.truncate(size - len(tail) + tail.rfind(b"\n") + 1)
    out.seek(0, os.SEEK_END)


def append_line(log: Path, line: dict[str, Any]) -> None:
    """Add one line to a review log (made if need be), flushed and synced,
    after cutting a last line a kill left unfinished."""
    with log.open("a+b") as out:
        _drop_torn_tail(out)
        out.write(json.dumps(line).encode("ascii") + b"\n")
        out.flush()
        os.fsync(out.fileno())


def run_corpus(
    files: list[Path],
    log: Path,
    *,
    workers: int,
    cluster: str | None,
    resume: bool,
    advance: Callable[[dict[str, Any]], None],
    skipped: Callable[[], None] = lambda: None,
) -> set[str]:
    """Review the files not yet in the log (all of them unless ``resume``),
    appending each line as it comes; the keys (``line_key``) of the files
    named, for ``summary_rows``. The log is read first, whole: a file that is
    not a review log is refused before a byte of it changes."""
    before = read_log(log)
    # a file that could not be read (no sha256) is tried again
    done = {line_key(line) for line in before if "sha256" in line or "error" not in line}
    if not resume:
        done = set()
    keys: set[str] = set()
    try:
        out = log.open("a+b")
    except OSError as exc:
        raise ReviewError(f"cannot write {shown(log)}: {exc.strerror or exc}") from None
    with out:
        _drop_torn_tail(out)

        def write(line: dict[str, Any]) -> None:
            # ASCII: a name that is not UTF-8 is kept as its escapes, not an error
            out.write(json.dumps(line).encode("ascii") + b"\n")
            out.flush()
            os.fsync(out.fileno())
            advance(line)

        # the batch runners of ``bench bot``: local processes or a Dask cluster
        jobs = _jobs(files, done, keys, skipped, write)
        try:
            if cluster:
                run_cluster(review_job, jobs, cluster, write, KEPT_REVIEWS)
            else:
                run_local(review_job, jobs, max(workers, 1), write, KEPT_REVIEWS)
        except (BatchError, GameFailed) as exc:
            raise ReviewError(str(exc)) from None
    return keys


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


def summary_rows(lines: Iterable[dict[str, Any]], keys: set[str] | None = None) -> list[Row]:
    """Per player and level: games, wins, mean 3BV/s of the won games, guesses
    and needless guesses per game, and the mean risk of the guesses taken.
    Each file counts once, by its ``line_key`` (the last line of it wins):
    a rerun without ``--resume`` appended every game a second time."""
    latest: dict[str, dict[str, Any]] = {}
    for line in lines:
        key = line_key(line)
        if keys is None or key in keys:
            latest.pop(key, None)
            latest[key] = line
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for line in latest.values():
        if "error" in line:
            continue
        group = (
            line.get("player") or "(no name)",
            level_of(line["width"], line["height"], line["mines"]),
        )
        groups.setdefault(group, []).append(line)
    rows = []
    for (player, level), items in sorted(groups.items()):
        won = [i for i in items if i["status"] == "won"]
        timed = [i for i in won if i["time_ms"] > 0]  # a win in 0 ms has no 3BV/s
        guesses = sum(i["guesses"] for i in items)
        risk = sum((Fraction(i["risk_sum"]) for i in items), Fraction(0))
        rows.append(
            Row(
                player,
                level,
                len(items),
                len(won),
                sum(i["bbbv_per_s"] for i in timed) / len(timed) if timed else 0.0,
                guesses / len(items),
                sum(i["needless_guesses"] for i in items) / len(items),
                risk / guesses if guesses else None,
            )
        )
    return rows

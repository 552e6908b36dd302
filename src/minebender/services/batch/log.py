"""The JSON-lines log of a batch: one result a line, each flushed and fsynced
as it is written, so a crash or a kill loses only games still being played and
``--resume`` can read back the rest (a torn last line is dropped).

The log is a file a person may name by mistake (``--resume /dev/zero``, a
big data file) or edit by hand, so it is read a line at a time, no line longer
than ``LINE_LIMIT`` bytes, and every field of a line is checked for its JSON
type: a line that says ``"won": 1`` or ``"game": "3"`` is refused with its
line number, never counted as something it does not say."""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import stat
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any, BinaryIO

from minebender import __version__
from minebender.services.batch.spec import BatchError, LogNotWritten, Result
from minebender.services.bot import BOUNDS
from minebender.values.files import shown
from minebender.values.jsontext import loads

__all__ = ["LINE_LIMIT", "ResultLog", "load_results", "parse_result", "read_results"]

LINE_LIMIT = 4096
"""The longest line a log may have, in bytes. A result line is about 250
bytes; a longer one is not a result, and reading no further than this keeps an
endless file (a device, a file without newlines) from filling the memory."""

_TEXT = ("level", "strategy", "first")
_OPTIONAL: dict[str, Any] = {"cpu_seconds": 0.0, "ceiling": None, "bound": None, "bot": None}


def _json(value: object) -> str:
    """A bad value as the line wrote it, cut short."""
    text = json.dumps(value)
    return text if len(text) <= 40 else f"{text[:40]}... ({len(text)} characters)"


def _count(data: dict[str, Any], key: str, hi: int | None = None) -> int:
    value = data[key]
    if type(value) is not int or value < 0 or (hi is not None and value >= hi):
        bound = f"from 0 to {hi - 1}" if hi is not None else "of at least 0"
        raise ValueError(f"{key} must be a whole number {bound}, got {_json(value)}")
    return value


def _seconds(data: dict[str, Any], key: str) -> float:
    value = data[key]
    if type(value) not in (int, float) or not math.isfinite(value) or value < 0:
        raise ValueError(f"{key} must be a number of at least 0, got {_json(value)}")
    return float(value)


def parse_result(text: str | bytes) -> Result:
    """One line of the log as a Result: a JSON object with every field of
    ``Result`` in its own JSON type (true or false for ``won``, a whole number
    and not a bool for the counts), ``cpu_seconds``, ``ceiling``, ``bound`` and ``bot``
    optional as older logs lack them; ValueError naming the first bad field.

    >>> parse_result('{"level": "beginner", "strategy": "fast", "first": "0,0", "seed": 1,'
    ...              ' "game": 3, "won": true, "guesses": 0, "moves": 9, "seconds": 0.01}').won
    True
    >>> parse_result('{"level": "beginner", "strategy": "fast", "first": "0,0", "seed": 1,'
    ...              ' "game": 3, "won": 1, "guesses": 0, "moves": 9, "seconds": 0.01}')
    Traceback (most recent call last):
    ...
    ValueError: won must be true or false, got 1
    """
    data = loads(text)
    if not isinstance(data, dict):
        raise ValueError(f"a result line is a JSON object, got {_json(data)}")
    fields = Result.__dataclass_fields__
    unknown = [key for key in data if key not in fields]
    if unknown:
        # a later minebender's log read by this one (a field it added), or a typo
        raise ValueError(
            f"unknown field {_json(unknown[0])} (a typo, or a log of a later minebender"
            f" than {__version__})"
        )
    missing = [key for key in fields if key not in data and key not in _OPTIONAL]
    if missing:
        raise ValueError(f"no {missing[0]} field")
    data = {**_OPTIONAL, **data}
    for key in _TEXT:
        if type(data[key]) is not str:
            raise ValueError(f"{key} must be a string, got {_json(data[key])}")
    if type(data["won"]) is not bool:
        raise ValueError(f"won must be true or false, got {_json(data['won'])}")
    ceiling, bound = data["ceiling"], data["bound"]
    if ceiling is not None and (
        type(ceiling) not in (int, float) or not 0 <= ceiling <= 1  # NaN fails too
    ):
        raise ValueError(f"ceiling must be null or a number from 0 to 1, got {_json(ceiling)}")
    if bound is not None and bound not in BOUNDS:
        raise ValueError(f"bound must be null or one of {', '.join(BOUNDS)}, got {_json(bound)}")
    bot = data["bot"]
    if bot is not None and (type(bot) is not int or bot < 1):
        raise ValueError(f"bot must be null or a whole number of at least 1, got {_json(bot)}")
    return Result(
        level=data["level"],
        strategy=data["strategy"],
        first=data["first"],
        seed=_count(data, "seed", 2**64),
        game=_count(data, "game"),
        won=data["won"],
        guesses=_count(data, "guesses"),
        moves=_count(data, "moves"),
        seconds=_seconds(data, "seconds"),
        cpu_seconds=_seconds(data, "cpu_seconds"),
        ceiling=None if ceiling is None else float(ceiling),
        bound=bound,
        bot=bot,
    )


RECORD_START = b'{"level": "'
"""How every line ResultLog writes begins (``json.dumps`` of a Result, its
first field first): the shape that tells a torn line of a killed run from
the last line of some other file."""


def _torn_record(raw: bytes) -> bool:
    """Whether an unfinished last line is the start of a result line: only
    such a line is a killed run's, to be cut off; any other is some other
    file's (a replay without a final newline), which must be left as it is."""
    return raw.startswith(RECORD_START) or RECORD_START.startswith(raw)


def read_results(path: Path) -> Iterator[Result]:
    """The results of a log, one at a time, read a line at a time (none of more
    than ``LINE_LIMIT`` bytes); none when there is no file yet. A torn last line
    that begins as a result line does (a killed run) is ignored; any other
    line that is not a result, or a file of blank lines, is a BatchError naming
    the file, the line and what is wrong: the run then leaves the file as it
    was."""
    name = shown(path)
    try:
        file = path.open("rb")
    except FileNotFoundError:
        return
    except OSError as exc:
        raise BatchError(f"cannot read {name}: {exc.strerror or exc}") from None
    with file:
        number = 0
        results = 0
        while True:
            try:
                raw = file.readline(LINE_LIMIT + 1)
            except OSError as exc:
                raise BatchError(f"cannot read {name}: {exc.strerror or exc}") from None
            if not raw:
                if number and not results:
                    raise BatchError(f"{name}: not a batch log (blank lines only)")
                return
            number += 1
            torn = not raw.endswith(b"\n")  # short of the limit: the end of the file
            if torn and len(raw) > LINE_LIMIT:
                raise BatchError(
                    f"{name} line {number}: not a result line (longer than"
                    f" {LINE_LIMIT} bytes: is it a batch log?)"
                )
            if torn and _torn_record(raw):  # the unfinished line of a killed run,
                return  # which ResultLog cuts off (a line is finished by its newline)
            if torn:
                raise BatchError(
                    f"{name} line {number}: not a batch log (its last line is not a"
                    " result line, and no run of minebender wrote it); name another file"
                )
            if not raw.strip():
                continue
            try:
                result = parse_result(raw)
            except ValueError as exc:
                raise BatchError(f"{name} line {number}: not a result line ({exc})") from None
            results += 1
            yield result


def load_results(path: Path) -> list[Result]:
    """Every result in a log, as ``read_results`` reads them."""
    return list(read_results(path))


class ResultLog:
    """Appends results as JSON lines, each flushed and fsynced as it is written."""

    def __init__(self, path: Path | None) -> None:
        """Open (creating) and lock the log at path; None keeps no log.

        Nothing in the file changes until the first result is written: the
        run reads the file first, and a file that is not a log (a plot or a
        notes file named by mistake) is refused as it was. Cutting a torn
        last line here had cut the last line of any such file. A log that
        cannot be written (a read-only disk) is opened for reading, so an
        archived run can still be summed up and plotted; only a game to add
        to it fails."""
        self._file: BinaryIO | None = None
        self._path = path
        self._clean = False
        """Whether a torn last line was looked for and cut (before the first write)."""
        self._read_only: OSError | None = None
        """Why the file was opened only for reading."""
        if path is None:
            return
        try:
            self._file = path.open("a+b")
        except OSError as exc:
            if exc.errno not in (errno.EROFS, errno.EACCES, errno.EPERM) or not path.is_file():
                raise BatchError(f"cannot write {shown(path)}: {exc.strerror or exc}") from None
            self._read_only = exc
            try:
                self._file = path.open("rb")
            except OSError as again:
                raise BatchError(f"cannot read {shown(path)}: {again.strerror or again}") from None
        try:
            self._lock(self._file, path)
        except OSError as exc:
            raise BatchError(f"cannot write {shown(path)}: {exc.strerror or exc}") from None

    @staticmethod
    def _lock(file: BinaryIO, path: Path) -> None:
        """One run at a time per log: two read the same games as missing, and
        both played every one of them into it. The lock goes with the file."""
        try:
            import fcntl
        except ImportError:  # not POSIX: no lock, as before
            return
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            return  # /dev/null, a pipe: every run opens the same one, and keeps nothing
        try:
            fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            file.close()
            raise BatchError(
                f"{shown(path)} is being written by another run; wait for it to end, or name"
                " another --resume file"
            ) from None
        except OSError:  # a file system without locks: go on without one
            return

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
        """Append one finished game as a line, synced to the disk before the next
        game is counted: a kill or a power cut then loses no game it reported."""
        if self._file is None:
            return
        if self._read_only is not None:
            exc = self._read_only
            raise LogNotWritten(
                f"cannot write {shown(self._path or '')}: {exc.strerror or exc}; the games"
                " written before are kept"
            )
        try:
            if not self._clean:
                self._drop_torn_tail(self._file)
                self._clean = True
            self._file.write((json.dumps(asdict(result)) + "\n").encode())
            self._file.flush()
            os.fsync(self._file.fileno())
        except OSError as exc:
            if exc.errno == errno.EINVAL:  # /dev/null, a pipe: nothing there to sync
                return
            raise LogNotWritten(
                f"cannot write {shown(self._path or '')}: {exc.strerror or exc}; the games"
                " written before are kept"
            ) from None

    def close(self) -> None:
        """Close the file; an error closing it is ignored: every line was
        written and synced as its game finished, and after a failed write the
        file still holds bytes it cannot write, which closing tries again."""
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()

"""The JSON-lines log of a batch: one result a line, each flushed and fsynced
as it is written, so a crash or a kill loses only games still being played and
``--resume`` can read back the rest (a torn last line is dropped)."""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path
from typing import BinaryIO

from minebender.batch.spec import BatchError, Result

__all__ = ["ResultLog", "load_results"]


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


class ResultLog:
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

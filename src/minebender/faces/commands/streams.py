"""The streams a command writes to, as ``minebender.faces.cli`` sets them up: stdout
that reports a failed write as an OutputError and writes every byte it is
given, stderr that never fails a command, unencodable characters escaped, and
the rich console that commands print with. They are their own module so that
cli.py holds only the command line.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import io
import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TextIO, cast

if TYPE_CHECKING:  # rich is imported only by the commands that print with it
    from rich.console import Console

__all__ = [
    "OUTPUT_ERRORS",
    "ClosedStdout",
    "OutputError",
    "Stderr",
    "Stdout",
    "console",
    "drop_stdout",
    "escape_unencodable",
]


OUTPUT_ERRORS = "minebender-output"
"""The error handler of stdout while a command runs (``_escape``, registered with codecs here)."""


def _escape(error: UnicodeError) -> tuple[bytes, int]:
    """What stdout writes for characters its encoding cannot: a byte of a file
    name that is not UTF-8 (read as a surrogate) as that byte, as ``ls`` shows
    it, and any other character as a ``\\u`` escape. In a Latin-1 or ASCII
    locale a best-time name such as "İsmail" ended ``stats`` with a traceback,
    and a folder named in Latin-1 ended ``serve`` at its first line."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = bytearray()
    for char in error.object[error.start : error.end]:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:
            out.append(code - 0xDC00)
        else:
            out += char.encode("ascii", "backslashreplace")
    return bytes(out), error.end


codecs.register_error(OUTPUT_ERRORS, _escape)


class OutputError(OSError):
    """Writing stdout failed (not a closed pipe, which ends a command quietly):
    raised by the stdout of ``main`` in place of the OSError, so ``main`` tells
    it from an OSError a command meets elsewhere (a file it cannot read)."""


class Stdout:
    """sys.stdout while a command runs: the same stream, but an OSError from
    writing or flushing it becomes an OutputError. A BrokenPipeError passes as
    it is: it has its own quiet ending.

    Under ``PYTHONUNBUFFERED`` (set in many containers) Python's stdout writes
    text straight to the file, and when one write() takes only part of it (a
    nearly full disk, a reader that closed the pipe) the rest is dropped
    without a word: ``solve``'s grid, one write of 400 kB, was cut short with
    exit status 0. Then this one writes the rest itself, until the file takes
    it all or says why not."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        buffer = getattr(stream, "buffer", None)
        self._raw = buffer if isinstance(buffer, io.RawIOBase) else None
        self.failed: OutputError | None = None
        """The first failed write: argparse swallows an OSError writing --help."""

    def write(self, text: str) -> int:
        try:
            if self._raw is not None:
                return self._write_whole(self._raw, text)
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            self.failed = self.failed or OutputError(exc.errno, exc.strerror)
            raise self.failed from exc

    def _write_whole(self, raw: io.RawIOBase, text: str) -> int:
        self._stream.flush()  # what the text layer holds goes first
        data = memoryview(text.encode(self._stream.encoding, self._stream.errors or "strict"))
        while data:
            data = data[raw.write(data) or 0 :]
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            self.failed = self.failed or OutputError(exc.errno, exc.strerror)
            raise self.failed from exc

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class ClosedStdout(io.TextIOBase):
    """What a command writes to when stdout is closed (``>&-``: Python's is
    None): every write fails as on a closed file, so the command ends with
    OUTPUT_ERROR, not with an AttributeError's traceback and status 1."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "stdout is closed")


class Stderr:
    """sys.stderr while a command runs: the same stream, but a message that
    cannot be written (``2>/dev/full``) is dropped, so the command still ends
    with the status that message went with: 2 for a bad file, not the 1 of an
    uncaught OSError, which a caller of ``solve`` reads as "no layout agrees".
    With stderr closed (``2>&-``, where Python's is None) messages go nowhere,
    rather than into stdout, where ``print(file=None)`` would put them in the
    middle of a ``--json`` answer."""

    def __init__(self, stream: TextIO | None) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        if self._stream is not None:
            with contextlib.suppress(OSError, ValueError):  # full, gone, or closed
                self._stream.write(text)
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self._stream is not None:
            with contextlib.suppress(OSError, ValueError):
                self._stream.flush()

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()

    def __getattr__(self, name: str) -> Any:
        if self._stream is None:
            raise AttributeError(name)
        return getattr(self._stream, name)


def drop_stdout() -> None:
    """Point stdout at /dev/null, so the flush at exit does not raise again with
    what is left in its buffer (Python's documented recipe for SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # no descriptor: a test's capture, or closed
        pass


def escape_unencodable(stream: TextIO | None) -> str | None:
    """Make stdout write what its encoding cannot as ``_escape`` does; the
    error handling it had, to be given back, or None when it was left as it was
    (a stream that cannot be reconfigured, or one that already never fails)."""
    before = getattr(stream, "errors", None)
    if stream is None or before not in ("strict", "surrogateescape"):
        return None
    try:
        cast(io.TextIOWrapper, stream).reconfigure(errors=OUTPUT_ERRORS)
    except (AttributeError, ValueError, OSError):
        return None
    return str(before)


def console(**options: Any) -> Console:
    """A rich Console for a command's output. Rich ends the program itself with
    status 1 when stdout is a closed pipe, which for ``solve`` would read as "no
    layout agrees"; this one lets the BrokenPipeError reach ``main``, which ends
    every command the same way."""
    from rich.console import Console

    class _PipeConsole(Console):
        def on_broken_pipe(self) -> None:
            """The reader of the output is gone (``| head``): print nothing more, and
            let ``cli`` end quietly with 141, as a shell tool does."""
            self.quiet = True  # print nothing more
            raise BrokenPipeError

    return _PipeConsole(**options)

"""Files a user names: read only when they are regular files, replaced only
whole, and named in messages on one line.

A name on the command line may be a FIFO (its open waits for a writer that
never comes), a device, or bytes that are not UTF-8, and it may hold a
newline. A file written in place is half-written when the disk fills or the
process is killed. So every command reads and writes such files here.

It needs only the standard library, so every layer may use it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

__all__ = ["kind_of", "read_regular", "replace_file", "replacing", "shown"]

_KINDS = (
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)


def shown(path: str | os.PathLike[str]) -> str:
    """A file's name for a message: the bytes that are not UTF-8 as ``\\xNN``
    and control characters escaped, so a name with a newline stays on its
    message's one line and stderr never meets a character it cannot encode.

    >>> shown("a\\nb.json"), shown(os.fsdecode(b"caf\\xe9.rmv")), shown("été.avf")
    ('a\\\\nb.json', 'caf\\\\xe9.rmv', 'été.avf')
    """
    out = []
    for char in os.fsdecode(path):
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:  # a byte that is not UTF-8, as os.fsdecode keeps it
            out.append(f"\\x{code - 0xDC00:02x}")
        elif code < 0x20 or 0x7F <= code < 0xA0 or code in (0x2028, 0x2029):
            out.append(repr(char)[1:-1])
        else:
            out.append(char)
    return "".join(out)


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, in words ("a FIFO")."""
    for test, words in _KINDS:
        if test(mode):
            return words
    return "a special file"


def _not_regular(mode: int) -> OSError:
    return OSError(0, f"not a regular file ({kind_of(mode)})")


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """The first ``limit + 1`` bytes of the regular file at path; an OSError
    whose strerror says "not a regular file" for anything else. The file is
    opened without waiting, so a FIFO is refused at once rather than hanging
    the command until a writer comes."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        if not stat.S_ISREG(mode):
            raise _not_regular(mode)
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(limit + 1)
    finally:
        os.close(fd)


def replace_file(path: str | os.PathLike[str], data: bytes) -> None:
    """Write data as the whole of the file at path, through a temporary file
    in the same folder, synced, then renamed over it (``replacing``)."""
    with replacing(path) as out:
        out.write(data)


@contextlib.contextmanager
def replacing(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A file to write the whole new content of path into, for a writer that
    streams (a dataset of millions of rows): a temporary file in the same
    folder, synced and renamed over path when the block ends, removed if it
    raises. So a full disk or a kill leaves the old file or the new one,
    never half of one. A link is followed, so the link stays and its target
    changes. A path that names something other than a regular file (a
    folder, a FIFO, a device) is refused, as renaming over it would replace
    the device itself."""
    target = Path(os.path.realpath(path))
    try:
        mode: int | None = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        raise _not_regular(mode)
    fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            if mode is not None:
                os.fchmod(out.fileno(), stat.S_IMODE(mode))
            else:  # mkstemp makes 0600: a new file gets the umask's usual mode
                umask = os.umask(0)
                os.umask(umask)
                os.fchmod(out.fileno(), 0o666 & ~umask)
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """Sync the folder, so the rename itself survives a power cut; some
    systems cannot open a folder, and then the rename is left to them."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)

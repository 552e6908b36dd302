"""``Database``: the connection to the games database, and its transactions.

The plumbing that ``Store``'s parts (``GameLog``, ``BestTimes``) share:
opening (creating the file, or only reading it), one transaction per action
with one wait for every lock in all, and errors of sqlite3 turned into
``StoreError``, the one error the interfaces put into words.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, Self
from urllib.parse import quote

from minebender.services.store.records import StoreError
from minebender.services.store.schema import (
    SCHEMA_VERSION,
    check_health,
    migrate,
    stored_version,
    why_unusable,
)

__all__ = ["BUSY_TIMEOUT_MS", "Database", "hold_for_server"]

BUSY_TIMEOUT_MS = 5000
"""How long a write waits for another process's lock before it fails."""


def _usable_path(target: Path) -> None:
    """Refuse a path the system cannot follow (a loop of symbolic links, a
    folder that cannot be searched) with the system's words: SQLite said only
    "unable to open database file", and a report "no games yet"."""
    try:
        target.stat()
    except FileNotFoundError:
        return  # made when the database is created
    except OSError as exc:
        raise StoreError(
            f"the database path {target} cannot be used: {exc.strerror or exc}"
        ) from None


def hold_for_server(path: str) -> BinaryIO | None:
    """Take the database for one server: an exclusive lock on ``PATH.lock``,
    held while the file returned stays open (the process's life). A second
    server on the same file kept its games in memory and served stale ones
    (revision 0 after the first server's revision 1); now it is refused in
    one line. None for ``:memory:``, or where the system has no locks."""
    if path == ":memory:":
        return None
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock
        return None
    real = Path(os.path.realpath(path))  # one lock for every spelling of the path
    lock = real.with_name(real.name + ".lock")
    try:
        file = lock.open("a+b")
    except OSError as exc:
        raise StoreError(f"cannot make the lock file {lock}: {exc.strerror or exc}") from None
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        file.seek(0)
        holder = file.read(32).decode("ascii", "replace").strip()
        file.close()
        who = f" (process {holder})" if holder.isdigit() else ""
        raise StoreError(
            f"another minebender server uses the database {path}{who}; stop it,"
            " or give this one another --db"
        ) from None
    except OSError:  # a file system without locks: go on without one
        return file
    with contextlib.suppress(OSError):
        file.truncate(0)
        file.write(f"{os.getpid()}\n".encode())
        file.flush()
    return file


class Database:
    """A connection to the games database; safe to share between threads."""

    def __init__(self, path: str | Path, *, read_only: bool = False) -> None:
        """Open the database at path, creating it (and its folder) if needed and
        bringing its schema up to date. ``read_only`` (``stats``, ``replay
        --last``): open it for reading only, changing nothing, so that a
        report works on a read-only disk and while another process writes;
        one of an older schema is opened as usual, to be brought up to date."""
        self.path = str(path)
        self._wait = threading.local()
        """``waiting``'s wait, for the thread in the block."""
        self._busy_ms = BUSY_TIMEOUT_MS
        """The write connection's busy_timeout, as last set."""
        if read_only and self.path != ":memory:" and self._open_read_only():
            return
        if self.path != ":memory:":
            target = Path(self.path)
            _usable_path(target)
            if target.is_dir():
                raise StoreError(f"the database path {target} is a folder, not a file")
            if target.exists() and not target.is_file():
                # /dev/null takes the schema and loses it at COMMIT (a disk I/O
                # error); a FIFO would hang the first read: refuse them up front.
                raise StoreError(f"the database path {target} is not a regular file")
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"cannot create the folder for {target}: {exc}") from exc
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(self._cannot_open(exc)) from exc
        try:
            self._db.row_factory = sqlite3.Row
            self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self._db.execute("PRAGMA synchronous = NORMAL")
            self._db.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as exc:
            self._close_quietly()
            raise StoreError(self._cannot_open(exc)) from exc
        self._lock = threading.RLock()
        self._reader, self._read_lock = self._db, self._lock
        try:
            if self.path != ":memory:":
                check_health(self._db, self.path)
            self._migrate()  # first: another program's database is refused untouched
            self._db.execute("PRAGMA journal_mode = WAL")
            if self.path != ":memory:":  # a second connection would be another database
                # Reads on a connection of their own: in WAL they never wait
                # for a write, not even one waiting for another process's lock.
                self._reader = sqlite3.connect(
                    self.path, check_same_thread=False, isolation_level=None
                )
                self._reader.row_factory = sqlite3.Row
                self._reader.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
                self._read_lock = threading.RLock()
        except sqlite3.Error as exc:
            self._close_quietly()
            raise StoreError(self._cannot_open(exc)) from exc
        except BaseException:
            self._close_quietly()  # a Store never made is never closed by its caller
            raise

    def _cannot_open(self, exc: sqlite3.Error) -> str:
        """Why the database cannot be opened, in words: SQLite says only "unable
        to open database file" for a folder that cannot be written (a read-only
        disk), where it must create the file or its -wal and -shm files."""
        why = f"cannot open the database {self.path}: {exc}"
        code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
        if code not in (0, 1, 14):  # not a generic error nor "unable to open": say which
            return why_unusable(self.path, exc)
        folder = Path(self.path).parent
        if self.path != ":memory:" and folder.is_dir() and not os.access(folder, os.W_OK):
            why += f" (the folder {folder} cannot be written: a read-only disk?)"
        elif (
            self.path != ":memory:"
            and Path(self.path).is_file()
            and not os.access(self.path, os.W_OK)
        ):
            why += " (the file is read-only: give it write permission, or name another file)"
        return why

    @staticmethod
    def _connect_read_only(uri: str) -> sqlite3.Connection:
        """A connection to uri that has read the database once (SQLite opens
        the file only at the first query)."""
        db = sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)
        try:
            db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
        except sqlite3.Error:
            db.close()
            raise
        return db

    def _open_read_only(self) -> bool:
        """Open self.path for reading only; False when its schema is older than
        this code's (then it is opened as usual, and brought up to date)."""
        target = Path(self.path)
        _usable_path(target)
        if not target.is_file():
            raise StoreError(f"the database path {target} is not a regular file")
        # as bytes: a name that is not UTF-8 (a Latin-1 folder) has no str to quote
        uri = f"file:{quote(os.fsencode(target.resolve()))}?mode=ro"
        try:
            self._db = self._connect_read_only(uri)
        except sqlite3.Error as exc:
            # On a read-only disk a WAL database without its -shm file opens
            # only as immutable, which reads the file alone: games still in
            # its -wal file would be missing from the report, without a word.
            if os.access(target.parent, os.W_OK):
                raise StoreError(self._cannot_open(exc)) from exc
            log = target.with_name(target.name + "-wal")
            if log.exists() and log.stat().st_size > 0:
                raise StoreError(
                    f"{log} holds games not yet in {target}. On this read-only disk they"
                    " cannot be read with it: copy the files to a folder that can be"
                    " written, and name the copy"
                ) from exc
            try:
                self._db = self._connect_read_only(uri + "&immutable=1")
            except sqlite3.Error as again:
                raise StoreError(self._cannot_open(again)) from again
        self._lock = threading.RLock()
        self._reader, self._read_lock = self._db, self._lock
        try:
            self._db.row_factory = sqlite3.Row
            self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            check_health(self._db, self.path)
            version = stored_version(self._db, self.path)
        except sqlite3.Error as exc:
            self._close_quietly()
            raise StoreError(self._cannot_open(exc)) from exc
        except BaseException:
            self._close_quietly()
            raise
        if version == SCHEMA_VERSION:
            return True
        self._close_quietly()
        return False

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction: all or nothing, written before it returns.

        Every sqlite3 error, from BEGIN to COMMIT (a disk that fails at the
        write, a database locked too long), leaves as a StoreError, the one
        error the interfaces turn into a message (exit 2, a 503) rather than a
        traceback.
        """
        wait = self._wait.seconds if hasattr(self._wait, "seconds") else BUSY_TIMEOUT_MS / 1000
        began = time.monotonic()
        # One wait in all, for the other requests of this process (which hold
        # the connection) and for another process's lock: queued behind a
        # write that waits for a lock held elsewhere, each write used to wait
        # its own 5 s in turn (the sixth player answered after 30 s).
        if not self._lock.acquire(timeout=wait):
            raise StoreError(
                f"the database {self.path} is not usable: database is locked"
                " (other writes of this program are waiting for it)"
            )
        try:
            db = self._db
            try:
                left_ms = int(max(0.0, wait - (time.monotonic() - began)) * 1000)
                if left_ms != self._busy_ms:  # the same from one write to the next, mostly
                    db.execute(f"PRAGMA busy_timeout = {left_ms}")
                    self._busy_ms = left_ms
                db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(f"the database {self.path} is not usable: {exc}") from exc
            try:
                yield db
            except BaseException as exc:
                self._rollback()
                if isinstance(exc, sqlite3.Error):
                    raise StoreError(f"cannot write the database {self.path}: {exc}") from exc
                raise
            try:
                db.execute("COMMIT")
            except sqlite3.Error as exc:
                self._rollback()
                raise StoreError(f"cannot write the database {self.path}: {exc}") from exc
        finally:
            self._lock.release()

    @contextmanager
    def waiting(self, seconds: float) -> Iterator[None]:
        """Wait at most ``seconds`` (not the usual 5 s) for another process's
        lock within this block, in this thread: for writes that are tried again
        soon anyway (the terminal's clock, moves it could not save), so that a
        database held locked elsewhere does not freeze the screen 5 s at each try."""
        before = getattr(self._wait, "seconds", None)
        self._wait.seconds = seconds
        try:
            yield
        finally:
            if before is None:
                del self._wait.seconds
            else:
                self._wait.seconds = before

    def checkpoint(self) -> None:
        """Copy what the write-ahead log holds into the database file itself,
        once a game is finished (or named, or a reset made): else about ten
        Beginner games live only in ``FILE-wal`` until SQLite's own checkpoint,
        and a copy of the file alone (a backup taken while the server runs) or a
        lost -wal file loses them.
        PASSIVE waits for nobody; one that cannot finish is done next time."""
        with self._lock, contextlib.suppress(sqlite3.Error):
            self._db.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def _rollback(self) -> None:
        """Undo the open transaction, if any: a failed ROLLBACK (the transaction
        already gone with a failed COMMIT) must not hide the error that led here."""
        with contextlib.suppress(sqlite3.Error):
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """The connection for a query outside any transaction of ours: its
        sqlite3 errors leave as a StoreError, as the transactions' do."""
        with self._read_lock:
            try:
                yield self._reader
            except sqlite3.Error as exc:
                raise StoreError(f"cannot read the database {self.path}: {exc}") from exc

    def _migrate(self) -> None:
        with self.transaction() as db:
            migrate(db, self.path)

    def close(self) -> None:
        """Close the connection (everything is already written)."""
        with self._lock, self._read_lock:
            self._close_quietly()

    def _close_quietly(self) -> None:
        """Close, ignoring sqlite3's error: closing loses nothing (every
        transaction is committed or rolled back), and its error would only hide
        the one being reported."""
        with contextlib.suppress(sqlite3.Error):
            self._db.close()
        reader = getattr(self, "_reader", None)
        if reader is not None and reader is not self._db:
            with contextlib.suppress(sqlite3.Error):
                reader.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        """The schema version of the open database."""
        with self.reading() as db:
            return int(db.execute("SELECT version FROM schema_version").fetchone()[0])

"""``Store``: the games database, one transaction per action."""

from __future__ import annotations

import contextlib
import hmac
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from minebender.session import Event, Session, level_name
from minebender.store.records import (
    BestTime,
    GameGivenUp,
    NotQualified,
    Statistics,
    StoreConflict,
    StoredGame,
    StoreError,
    event_of,
    hash_token,
    layout_text,
    spec_of,
)
from minebender.store.schema import SCHEMA_VERSION, migrate, stored_version

__all__ = ["BEST_TIMES_KEPT", "MAX_NAME_LENGTH", "NAME_RULE", "Store", "clean_name"]

BEST_TIMES_KEPT = 10
"""How many best times each level keeps."""

MAX_NAME_LENGTH = 32
NAME_RULE = f"a name must have 1 to {MAX_NAME_LENGTH} printable characters, not only spaces"


def clean_name(name: str) -> str:
    """A best-time name as it is kept: spaces at either end dropped, runs of
    them made one; a ValueError (``NAME_RULE``) unless 1 to ``MAX_NAME_LENGTH``
    printable characters are left. A control or zero-width character would
    show an empty or garbled name in the list, or move the text around it.

    >>> clean_name("  Ada   L. ")
    'Ada L.'
    """
    cleaned = " ".join(str(name).split())
    if not cleaned or len(cleaned) > MAX_NAME_LENGTH or not cleaned.isprintable():
        raise ValueError(NAME_RULE)
    return cleaned


BUSY_TIMEOUT_MS = 5000
"""How long a write waits for another process's lock before it fails."""

RANKED = "practice = 0 AND no_guess = 0 AND chosen = 0"
"""The games that count for statistics and best times, in SQL: ``SessionSpec.ranked``."""

QUALIFIES = (
    f"g.status = 'won' AND g.level != 'custom' AND {RANKED} AND g.best_reset = 0"
    " AND NOT EXISTS (SELECT 1 FROM events e WHERE e.game_id = g.id AND e.type = 'assist')"
    " AND NOT EXISTS (SELECT 1 FROM best_times b WHERE b.game_id = g.id)"
    f" AND ((SELECT COUNT(*) FROM best_times b WHERE b.level = g.level) < {BEST_TIMES_KEPT}"
    "  OR g.elapsed_ms < (SELECT b.elapsed_ms FROM best_times b WHERE b.level = g.level"
    f"  ORDER BY b.elapsed_ms, b.recorded_at, b.id LIMIT 1 OFFSET {BEST_TIMES_KEPT - 1}))"
)
"""A game ``g`` that may go into its level's best times (``Store.qualifies``), in
SQL: one rule for the game just won and for the search of a time left unnamed."""


def _new_id() -> str:
    """A game's id: 16 URL-safe characters, never a leading "-", which a
    command line takes for an option (``replay --game -x...`` was refused)."""
    while (gid := secrets.token_urlsafe(12)).startswith("-"):
        pass
    return gid


class Store:
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
        folder = Path(self.path).parent
        if self.path != ":memory:" and folder.is_dir() and not os.access(folder, os.W_OK):
            why += f" (the folder {folder} cannot be written: a read-only disk?)"
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
        if not target.is_file():
            raise StoreError(f"the database path {target} is not a regular file")
        uri = f"file:{quote(str(target.resolve()))}?mode=ro"
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
                    f"{log} holds games not yet in {target}, and on this read-only disk"
                    " they cannot be read with it: copy the files to a folder that can"
                    " be written, and name the copy"
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

    # ------------------------------------------------------------------
    # Plumbing
    # ------------------------------------------------------------------

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
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

    def _checkpoint(self) -> None:
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
    def _read(self) -> Iterator[sqlite3.Connection]:
        """The connection for a query outside any transaction of ours: its
        sqlite3 errors leave as a StoreError, as the transactions' do."""
        with self._read_lock:
            try:
                yield self._reader
            except sqlite3.Error as exc:
                raise StoreError(f"cannot read the database {self.path}: {exc}") from exc

    def _migrate(self) -> None:
        with self._tx() as db:
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

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        """The schema version of the open database."""
        with self._read() as db:
            return int(db.execute("SELECT version FROM schema_version").fetchone()[0])

    # ------------------------------------------------------------------
    # Games and events
    # ------------------------------------------------------------------

    def create_game(
        self,
        session: Session,
        *,
        token: str | None = None,
        interface: str = "web",
        game_id: str | None = None,
        created_at: float | None = None,
    ) -> str:
        """Store a new game (and any events it already has); returns its id.

        With a token, only its hash is kept: ``token_matches`` checks it later.
        """
        gid = game_id or _new_id()
        spec = session.spec
        b = spec.setup
        with self._tx() as db:
            try:
                db.execute(
                    "INSERT INTO games (id, token_hash, interface, level, width, height, mines,"
                    " seed, no_guess, practice, layout, created_at, chosen)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        gid,
                        None if token is None else hash_token(token),
                        interface,
                        level_name(spec.level),
                        b.width,
                        b.height,
                        b.mines,
                        spec.seed,
                        int(spec.no_guess),
                        int(spec.practice),
                        layout_text(spec),
                        time.time() if created_at is None else created_at,
                        int(spec.chosen),
                    ),
                )
            except sqlite3.IntegrityError as exc:
                raise StoreError(f"a game with id {gid!r} already exists") from exc
            self._write_events(db, gid, session, 0)
            self._write_finish(db, gid, session)
        return gid

    def append_event(self, game_id: str, seq: int, event: Event) -> None:
        """Store the seq-th event (from 0) of a game in its own transaction."""
        with self._tx() as db:
            self._insert_event(db, game_id, seq, event)

    def sync(self, game_id: str, session: Session) -> None:
        """Store the events of session not yet stored and, once it is over, finish
        it: all in one transaction. Call it after every action.

        The stored events must be the first of the session's: when another
        window (another process with the same database) has stored an action of
        its own since, this one is refused (``StoreConflict``) rather than
        leaving a log that neither window showed. When another window gave the
        game up for a new one, a new action is refused too (``GameGivenUp``):
        it was written into the finished game, and a win after it was lost.
        """
        with self._tx() as db:
            found = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
            row = db.execute("SELECT COUNT(*) FROM events WHERE game_id = ?", (game_id,))
            stored = int(row.fetchone()[0])
            if stored < len(session.events) and (found is None or found[0] == "abandoned"):
                raise GameGivenUp(
                    f"game {game_id} was abandoned in another window, for a new game;"
                    " this action is not saved"
                )
            if stored > len(session.events) or (
                stored and self._event_at(db, game_id, stored - 1) != session.events[stored - 1]
            ):
                raise StoreConflict(
                    f"game {game_id} was changed in another window since; this action is not saved"
                )
            self._write_events(db, game_id, session, stored)
            self._write_finish(db, game_id, session)
        if session.over:
            self._checkpoint()

    def save_clock(self, game_id: str, ms: int) -> None:
        """Keep an unfinished game's clock (``Session.now_ms``), so that a rebuilt
        session goes on from there and not from its last action. A game's clock
        never goes back: a second window on the same game whose clock stood still
        (too small to show the board) wrote its old time over the time played."""
        with self._tx() as db:
            db.execute(
                "UPDATE games SET clock_ms = MAX(COALESCE(clock_ms, 0), ?)"
                " WHERE id = ? AND status = 'playing'",
                (ms, game_id),
            )

    def abandon(self, game_id: str, session: Session) -> bool:
        """A new game replaces this one while it is still being played: a game
        started (its first click made) is finished as ``abandoned``, which counts
        as played and not won (it breaks the streak, as in Windows 7), so that
        starting over when in trouble does not protect the win rate; one not yet
        started is dropped, as nothing of it was played. Never resumed after.

        The time stored is the game time (``Session.elapsed_ms``, from the first
        click, as for a game won or lost), and the clock where it stopped is kept
        with it (``clock_ms``), so that the game rebuilt later shows that same time.

        Returns False (and changes nothing) when the game is not being played.
        """
        with self._tx() as db:
            row = db.execute(
                "SELECT 1 FROM games WHERE id = ? AND status = 'playing'", (game_id,)
            ).fetchone()
            if row is None:
                return False
            if not session.started:
                db.execute("DELETE FROM events WHERE game_id = ?", (game_id,))
                db.execute("DELETE FROM games WHERE id = ?", (game_id,))
                return True
            c = session.clicks
            db.execute(
                "UPDATE games SET status = 'abandoned', reason = NULL, finished_at = ?,"
                " elapsed_ms = ?, clock_ms = ?, bbbv = ?, clicks_left = ?, clicks_right = ?,"
                " clicks_chord = ?, clicks_assist = ? WHERE id = ?",
                (
                    time.time(),
                    session.elapsed_ms,
                    session.now_ms(),
                    session.bbbv,
                    c.left,
                    c.right,
                    c.chord,
                    c.assist,
                    game_id,
                ),
            )
        self._checkpoint()
        return True

    @staticmethod
    def _event_at(db: sqlite3.Connection, gid: str, seq: int) -> Event | None:
        row = db.execute(
            "SELECT type, x, y, t_ms, k FROM events WHERE game_id = ? AND seq = ?", (gid, seq)
        ).fetchone()
        return None if row is None else event_of(row)

    def finish(self, game_id: str, session: Session) -> None:
        """Record how a finished session ended (time, 3BV, clicks)."""
        if not session.over:
            raise StoreError(f"game {game_id} is not over yet")
        self.sync(game_id, session)

    def _insert_event(self, db: sqlite3.Connection, gid: str, seq: int, event: Event) -> None:
        x, y = (None, None) if event.pos is None else event.pos
        try:
            db.execute(
                "INSERT INTO events (game_id, seq, type, x, y, t_ms, k)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (gid, seq, event.type, x, y, event.t_ms, event.k),
            )
        except sqlite3.IntegrityError as exc:
            raise StoreError(f"cannot store event {seq} of game {gid!r}: {exc}") from exc

    def _write_events(self, db: sqlite3.Connection, gid: str, session: Session, start: int) -> None:
        for seq in range(start, len(session.events)):
            self._insert_event(db, gid, seq, session.events[seq])

    def _write_finish(self, db: sqlite3.Connection, gid: str, session: Session) -> None:
        if not session.over:
            return
        c = session.clicks
        db.execute(
            "UPDATE games SET status = ?, reason = ?, finished_at = ?, elapsed_ms = ?, bbbv = ?,"
            " clicks_left = ?, clicks_right = ?, clicks_chord = ?, clicks_assist = ?"
            " WHERE id = ? AND status = 'playing'",
            (
                "won" if session.won else "lost",
                session.lost_reason,
                time.time(),
                session.elapsed_ms,
                session.bbbv,
                c.left,
                c.right,
                c.chord,
                c.assist,
                gid,
            ),
        )

    def load(self, game_id: str) -> StoredGame | None:
        """The stored game with this id, or None."""
        with self._read() as db:
            row = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            events = db.execute(
                "SELECT type, x, y, t_ms, k FROM events WHERE game_id = ? ORDER BY seq",
                (game_id,),
            ).fetchall()
        return StoredGame(
            row["id"],
            spec_of(row),
            tuple(event_of(e) for e in events),
            row["interface"],
            row["created_at"],
            row["status"],
            row["token_hash"],
            row["clock_ms"],
        )

    def load_unfinished(self, interface: str | None = None, limit: int = 20) -> list[StoredGame]:
        """Unfinished games, the most recently created first (optionally of one interface)."""
        with self._read() as db:
            rows = db.execute(
                "SELECT id FROM games WHERE status = 'playing' AND (? IS NULL OR interface = ?)"
                " ORDER BY created_at DESC, rowid DESC LIMIT ?",
                (interface, interface, limit),
            ).fetchall()
        return [g for g in (self.load(r["id"]) for r in rows) if g is not None]

    def finished_games(self, interface: str | None = None, limit: int = 50) -> list[StoredGame]:
        """Games won or lost, the most recent first: for replays. An abandoned
        game has no end to replay (and its layout was never shown)."""
        with self._read() as db:
            rows = db.execute(
                "SELECT id FROM games WHERE status IN ('won', 'lost')"
                " AND (? IS NULL OR interface = ?)"
                " ORDER BY finished_at DESC, rowid DESC LIMIT ?",
                (interface, interface, limit),
            ).fetchall()
        return [g for g in (self.load(r["id"]) for r in rows) if g is not None]

    def token_matches(self, game_id: str, token: str) -> bool:
        """The game exists and token is its owner's (compared in constant time)."""
        with self._read() as db:
            row = db.execute("SELECT token_hash FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None or row["token_hash"] is None:
            return False
        return hmac.compare_digest(row["token_hash"], hash_token(token))

    # ------------------------------------------------------------------
    # Best times and statistics
    # ------------------------------------------------------------------

    def best_time_name(self, game_id: str) -> str | None:
        """The name a game's best time was recorded under, if it has one."""
        with self._read() as db:
            row = db.execute("SELECT name FROM best_times WHERE game_id = ?", (game_id,)).fetchone()
        return None if row is None else str(row["name"])

    def best_times(self, level: str, limit: int = BEST_TIMES_KEPT) -> list[BestTime]:
        """A level's best times, fastest first (ties: the earlier one first)."""
        with self._read() as db:
            rows = db.execute(
                "SELECT level, name, elapsed_ms, game_id, recorded_at FROM best_times"
                " WHERE level = ? ORDER BY elapsed_ms, recorded_at, id LIMIT ?",
                (level, limit),
            ).fetchall()
        return [BestTime(*tuple(r)) for r in rows]

    def qualifies(self, game_id: str) -> bool:
        """The game may go into its level's best times: a ranked game (not
        practice, not no-guess, not on a chosen board) of a standard level, won
        without the assist, fast enough, and not yet in them.

        A time is a record only of a board met for the first time and cleared
        alone: a chosen board may be one the player already knows, a no-guess
        board is another game, and the assist opens cells for the player.
        """
        with self._read() as db:
            row = db.execute(f"SELECT 1 FROM games g WHERE g.id = ? AND {QUALIFIES}", (game_id,))
            return row.fetchone() is not None

    def unnamed_best_time(self, interface: str | None = None) -> StoredGame | None:
        """The newest finished game (of one interface, if given) that is a best
        time neither named nor refused (``qualifies``, not ``name_declined``), or None.

        The terminal game asks for its name at the next start: the terminal was
        killed or closed while the name dialog was open. Searched among every
        game, not only the newest: a game lost or won slowly since (perhaps
        with another ``--seed``) must not make the best time unnameable.
        """
        with self._read() as db:
            row = db.execute(
                f"SELECT g.id FROM games g WHERE {QUALIFIES} AND g.name_declined = 0"
                " AND (? IS NULL OR g.interface = ?)"
                " ORDER BY g.finished_at DESC, g.rowid DESC LIMIT 1",
                (interface, interface),
            ).fetchone()
        return None if row is None else self.load(row["id"])

    def decline_best_time(self, game_id: str) -> None:
        """The player refused to name this game's best time (Cancel): remembered,
        so that it is not asked again, even by another run of the terminal game."""
        with self._tx() as db:
            db.execute("UPDATE games SET name_declined = 1 WHERE id = ?", (game_id,))
        self._checkpoint()

    def name_declined(self, game_id: str) -> bool:
        """The player refused to name this game's best time (``decline_best_time``)."""
        with self._read() as db:
            row = db.execute("SELECT name_declined FROM games WHERE id = ?", (game_id,)).fetchone()
        return row is not None and bool(row["name_declined"])

    def record_best_time(self, name: str, game_id: str) -> BestTime:
        """Put a won game in its level's best times under name."""
        try:
            name = clean_name(name)
        except ValueError as exc:
            raise NotQualified(str(exc)) from None
        if not self.qualifies(game_id):
            raise NotQualified(
                "this game does not qualify for the best times (any more): it was not a"
                " ranked win without the assist, or it was named already, faster times"
                " pushed it out, or the best times were reset"
            )
        with self._tx() as db:
            row = db.execute(
                "SELECT level, elapsed_ms FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            entry = BestTime(row["level"], name, row["elapsed_ms"], game_id, time.time())
            db.execute(
                "INSERT INTO best_times (level, name, elapsed_ms, game_id, recorded_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (entry.level, entry.name, entry.elapsed_ms, entry.game_id, entry.recorded_at),
            )
        self._checkpoint()
        return entry

    def reset_best_times(self) -> int:
        """Empty the best times of every level (Windows XP's Reset Scores); how
        many there were.

        Every game finished by now is marked, so that none of them comes back
        into the emptied lists: not a time left unnamed, which the terminal
        game would otherwise ask to name at its next start. A game still being
        played may still make a best time. The games and their replays stay.
        """
        with self._tx() as db:
            removed = db.execute("SELECT COUNT(*) FROM best_times").fetchone()[0]
            db.execute("DELETE FROM best_times")
            db.execute("UPDATE games SET best_reset = 1 WHERE status != 'playing'")
        self._checkpoint()
        return int(removed)

    def reset_statistics(self) -> int:
        """Start every level's statistics again from zero (Windows 7's Reset
        Statistics); how many finished ranked games they counted.

        Best times are not touched (``reset_best_times`` is the other reset),
        nor are the games and their replays: the games finished by now are
        marked as left out of the statistics.
        """
        with self._tx() as db:
            counted = db.execute(
                f"SELECT COUNT(*) FROM games WHERE {RANKED}"
                " AND status != 'playing' AND stats_reset = 0"
            ).fetchone()[0]
            db.execute("UPDATE games SET stats_reset = 1 WHERE status != 'playing'")
        self._checkpoint()
        return int(counted)

    def statistics(self, level: str) -> Statistics:
        """Played, won and streaks of a level's finished ranked games: practice,
        no-guess and chosen boards are not the game these numbers measure. An
        abandoned game counts as played and not won."""
        with self._read() as db:
            rows = db.execute(
                f"SELECT status FROM games WHERE level = ? AND {RANKED}"
                " AND status != 'playing' AND stats_reset = 0 ORDER BY finished_at, rowid",
                (level,),
            ).fetchall()
        played = won = current = best = 0
        for r in rows:
            played += 1
            if r["status"] == "won":
                won += 1
                current += 1
                best = max(best, current)
            else:
                current = 0
        return Statistics(level, played, won, current, best)

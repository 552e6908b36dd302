"""``GameLog``: the games and their events, written as they are played."""

from __future__ import annotations

import hmac
import json
import secrets
import sqlite3
import time

from minebender.services.session import Event, Session, level_name
from minebender.services.store.database import Database
from minebender.services.store.records import (
    FinishedGame,
    GameGivenUp,
    StoreConflict,
    StoredGame,
    StoreError,
    event_of,
    hash_token,
    layout_text,
    spec_of,
)

__all__ = ["FINISHED_ORDERS", "FINISHED_RESULTS", "GameLog"]

FINISHED_ORDERS = {
    "time": "g.status = 'won' DESC, g.elapsed_ms, g.finished_at DESC, g.rowid DESC",
    "date": "g.finished_at DESC, g.rowid DESC",
}
"""How the list of finished games may be sorted: the best times first (won
games fastest first, then the lost ones by time), or the newest first."""
FINISHED_RESULTS = ("won", "lost")


def _new_id() -> str:
    """A game's id: 16 URL-safe characters, never a leading "-", which a
    command line takes for an option (``replay --game -x...`` was refused)."""
    while (gid := secrets.token_urlsafe(12)).startswith("-"):
        pass
    return gid


class GameLog:
    """The games database's games: each created, its every action stored in
    its own transaction, finished or abandoned, and loaded again to be
    rebuilt or replayed."""

    def __init__(self, database: Database) -> None:
        self.database = database

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
        with self.database.transaction() as db:
            try:
                db.execute(
                    "INSERT INTO games (id, token_hash, interface, level, width, height, mines,"
                    " seed, no_guess, practice, layout, created_at, chosen, board_file)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                        spec.board_file,
                    ),
                )
            except sqlite3.IntegrityError as exc:
                raise StoreError(f"a game with id {gid!r} already exists") from exc
            self._write_events(db, gid, session, 0)
            self._write_finish(db, gid, session)
        return gid

    def append_event(self, game_id: str, seq: int, event: Event) -> None:
        """Store the seq-th event (from 0) of a game in its own transaction."""
        with self.database.transaction() as db:
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
        with self.database.transaction() as db:
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
            self.database.checkpoint()

    def save_clock(self, game_id: str, ms: int) -> None:
        """Keep an unfinished game's clock (``Session.now_ms``), so that a rebuilt
        session goes on from there and not from its last action. A game's clock
        never goes back: a second window on the same game whose clock stood still
        (too small to show the board) wrote its old time over the time played."""
        with self.database.transaction() as db:
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
        with self.database.transaction() as db:
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
        self.database.checkpoint()
        return True

    @staticmethod
    def _event_at(db: sqlite3.Connection, gid: str, seq: int) -> Event | None:
        row = db.execute(
            "SELECT type, x, y, t_ms, k, path FROM events WHERE game_id = ? AND seq = ?", (gid, seq)
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
                "INSERT INTO events (game_id, seq, type, x, y, t_ms, k, path)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (gid, seq, event.type, x, y, event.t_ms, event.k, _path_text(event)),
            )
        except sqlite3.IntegrityError as exc:
            raise StoreError(f"cannot store event {seq} of game {gid!r}: {exc}") from exc

    def _write_events(self, db: sqlite3.Connection, gid: str, session: Session, start: int) -> None:
        for seq in range(start, len(session.events)):
            self._insert_event(db, gid, seq, session.events[seq])
        if any(e.type == "practice" for e in session.events[start:]):
            # Practice switched on in play: the game is stored as a practice
            # game, so it is never ranked (no best time, no loss counted).
            db.execute("UPDATE games SET practice = 1 WHERE id = ?", (gid,))

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
        with self.database.reading() as db:
            row = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            events = db.execute(
                "SELECT type, x, y, t_ms, k, path FROM events WHERE game_id = ? ORDER BY seq",
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
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT id FROM games WHERE status = 'playing' AND (? IS NULL OR interface = ?)"
                " ORDER BY created_at DESC, rowid DESC LIMIT ?",
                (interface, interface, limit),
            ).fetchall()
        return [g for g in (self.load(r["id"]) for r in rows) if g is not None]

    def finished_games(self, interface: str | None = None, limit: int = 50) -> list[StoredGame]:
        """Games won or lost, the most recent first: for replays. An abandoned
        game has no end to replay (and its layout was never shown)."""
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT id FROM games WHERE status IN ('won', 'lost')"
                " AND (? IS NULL OR interface = ?)"
                " ORDER BY finished_at DESC, rowid DESC LIMIT ?",
                (interface, interface, limit),
            ).fetchall()
        return [g for g in (self.load(r["id"]) for r in rows) if g is not None]

    def finished_page(
        self,
        *,
        level: str | None = None,
        result: str | None = None,
        order: str = "time",
        offset: int = 0,
        limit: int = 50,
    ) -> tuple[int, list[FinishedGame]]:
        """One page of the finished games (won or lost: an abandoned game has no
        end to replay) of every interface, filtered by level and result, in the
        order named (``FINISHED_ORDERS``); with how many match in all."""
        if order not in FINISHED_ORDERS:
            raise ValueError(f"order must be one of {', '.join(FINISHED_ORDERS)}, got {order!r}")
        if result is not None and result not in FINISHED_RESULTS:
            raise ValueError(f"result must be won or lost, got {result!r}")
        where = (
            "g.status IN ('won', 'lost') AND (? IS NULL OR g.level = ?)"
            " AND (? IS NULL OR g.status = ?)"
        )
        args = (level, level, result, result)
        with self.database.reading() as db:
            total = db.execute(f"SELECT COUNT(*) FROM games g WHERE {where}", args).fetchone()[0]
            rows = db.execute(
                f"SELECT g.*, b.name AS player FROM games g"
                f" LEFT JOIN best_times b ON b.game_id = g.id WHERE {where}"
                f" ORDER BY {FINISHED_ORDERS[order]} LIMIT ? OFFSET ?",
                (*args, limit, offset),
            ).fetchall()
        games = [
            FinishedGame(
                r["id"],
                spec_of(r),
                r["status"],
                r["reason"],
                r["elapsed_ms"],
                r["bbbv"],
                r["finished_at"],
                r["interface"],
                r["player"],
            )
            for r in rows
        ]
        return int(total), games

    def token_matches(self, game_id: str, token: str) -> bool:
        """The game exists and token is its owner's (compared in constant time)."""
        with self.database.reading() as db:
            row = db.execute("SELECT token_hash FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None or row["token_hash"] is None:
            return False
        return hmac.compare_digest(row["token_hash"], hash_token(token))


def _path_text(event: Event) -> str | None:
    """A path's points as the store keeps them: JSON text of the flat list."""
    path = event.path
    return None if path is None else json.dumps(path, separators=(",", ":"))

"""The store's schema and its migrations.

``MIGRATIONS[i]`` takes a database from version i to i + 1; ``schema_version``
holds the version reached. A database newer than this code is refused rather
than damaged.
"""

from __future__ import annotations

import sqlite3

from minebender.services.store.records import StoreError

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "check_health", "migrate", "why_unusable"]

MIGRATIONS: tuple[str, ...] = (
    # 1: games, their events, best times.
    """
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        token_hash TEXT,
        interface TEXT NOT NULL,
        level TEXT NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        mines INTEGER NOT NULL,
        seed TEXT NOT NULL,
        no_guess INTEGER NOT NULL,
        practice INTEGER NOT NULL,
        layout TEXT,
        created_at REAL NOT NULL,
        status TEXT NOT NULL DEFAULT 'playing',
        reason TEXT,
        finished_at REAL,
        elapsed_ms INTEGER,
        bbbv INTEGER,
        clicks_left INTEGER,
        clicks_right INTEGER,
        clicks_chord INTEGER,
        clicks_assist INTEGER
    );
    CREATE INDEX games_by_level ON games (level, practice, finished_at);
    CREATE INDEX games_unfinished ON games (status, created_at);
    CREATE TABLE events (
        game_id TEXT NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        type TEXT NOT NULL,
        x INTEGER,
        y INTEGER,
        t_ms INTEGER NOT NULL,
        k INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    CREATE TABLE best_times (
        id INTEGER PRIMARY KEY,
        level TEXT NOT NULL,
        name TEXT NOT NULL,
        elapsed_ms INTEGER NOT NULL,
        game_id TEXT NOT NULL UNIQUE REFERENCES games (id),
        recorded_at REAL NOT NULL
    );
    CREATE INDEX best_by_level ON best_times (level, elapsed_ms);
    """,
    # 2: the clock of an unfinished game, saved while the player is there, so
    # that a killed server or terminal keeps the time played after the last action.
    """
    ALTER TABLE games ADD COLUMN clock_ms INTEGER;
    """,
    # 3: whether the player chose the board (a board code, a seed they gave):
    # such games are not ranked. Before, nothing said so: a stored game is taken
    # as dealt, unless it holds its layout (only a replay's board does), and its
    # best times stay where they were.
    """
    ALTER TABLE games ADD COLUMN chosen INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET chosen = 1 WHERE layout IS NOT NULL;
    """,
    # 4: a best time the player declined to name (Cancel in the name dialog), so
    # that the terminal game, which asks again at start for a time left unnamed
    # (a killed or closed terminal), does not ask again for one refused.
    """
    ALTER TABLE games ADD COLUMN name_declined INTEGER NOT NULL DEFAULT 0;
    """,
    # 5: Reset Scores and Reset Statistics. A reset marks the games finished
    # by then rather than keeping its date: a game left out stays out even if
    # the computer's clock is later set back, and its replay is kept.
    """
    ALTER TABLE games ADD COLUMN best_reset INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN stats_reset INTEGER NOT NULL DEFAULT 0;
    """,
    # 6: the list of finished games (the page's Replays), best times first.
    # Events may now be of the types `practice` and `mark`, which an older
    # minebender cannot read: it refuses this version rather than misread them.
    """
    CREATE INDEX games_finished_by_time ON games (status, elapsed_ms);
    """,
    # 7: the name of the .mbf file a board came from (SessionSpec.board_file),
    # so that the page still names it after a reload. Games stored before
    # have none: NULL.
    """
    ALTER TABLE games ADD COLUMN board_file TEXT;
    """,
    # 8: records of presses (replay version 3): events of the types `down`,
    # `up` (k the button), `marks` (k 1 on) and `path`, whose points are kept
    # as JSON text here. An older minebender refuses this version.
    """
    ALTER TABLE events ADD COLUMN path TEXT;
    """,
    # 9: help while playing: events of the types `hints` (the hints shown,
    # no cell) and `auto` (a click of auto play, k the button). A game that
    # holds one is never a best time; the index finds them per game. An older
    # minebender refuses this version rather than misread them.
    """
    CREATE INDEX events_by_type ON events (game_id, type);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)

OUR_TABLES = frozenset({"schema_version", "games", "events", "best_times"})
"""The tables the migrations make: a database with any other is not ours."""


def stored_version(db: sqlite3.Connection, path: str) -> int | None:
    """The schema version of the database at path, None for an empty one; a
    StoreError for another program's database, or one whose version was
    changed by hand or is newer than this code knows."""
    tables = {
        r[0]
        for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        if not r[0].startswith("sqlite_")  # SQLite's own
    }
    if not tables:
        return None
    others = tables - OUR_TABLES
    if "schema_version" not in tables or others:
        # Another program's database: adding minebender's tables to it (and
        # switching it to WAL for good) would change a file not ours.
        raise StoreError(
            f"{path} is not a minebender database: it holds other tables"
            f" ({', '.join(sorted(others)[:5])}); name a new file or a minebender database"
        )
    row = db.execute("SELECT version FROM schema_version").fetchone()
    version = 0 if row is None else row[0]
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise StoreError(
            f"the database {path} has an unreadable schema version ({version!r}):"
            " it was changed by something other than minebender"
        )
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"the database {path} has schema version {version}, newer than"
            f" this minebender knows ({SCHEMA_VERSION}); please upgrade minebender"
        )
    return version


def migrate(db: sqlite3.Connection, path: str) -> None:
    """Bring the schema up to SCHEMA_VERSION inside the caller's transaction."""
    try:
        version = stored_version(db, path)
        if version is None:
            db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        try:
            for script in MIGRATIONS[version or 0 :]:
                for statement in script.split(";"):
                    if statement.strip():
                        db.execute(statement)
        except sqlite3.OperationalError as exc:
            # "table games already exists", "duplicate column name": the
            # tables are of a later version than the one written down
            raise StoreError(
                f"the database {path} says schema version {version or 0}, but its tables"
                f" do not match it ({exc}): it was changed by something other than minebender"
            ) from exc
        db.execute("DELETE FROM schema_version")
        db.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
    except sqlite3.DatabaseError as exc:
        raise StoreError(why_unusable(path, exc)) from exc


_READONLY, _CORRUPT, _NOTADB, _BUSY, _LOCKED = 8, 11, 26, 5, 6
"""SQLite's primary result codes (``sqlite_errorcode & 0xFF``) told apart in words."""


def why_unusable(path: str, exc: sqlite3.Error) -> str:
    """What is wrong with the database at path, from SQLite's error code: a
    read-only file was called "not a minebender database", as was a damaged
    one or one locked by another program."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    if code == _READONLY:
        return (
            f"the database {path} is read-only ({exc}): give it write permission,"
            " or name another file"
        )
    if code == _CORRUPT:
        return f"the database {path} is damaged ({exc}): restore a copy, or name a new file"
    if code in (_BUSY, _LOCKED):
        return f"the database {path} is locked by another program ({exc}); try again"
    if code == _NOTADB:
        return f"{path} is not a minebender database: {exc}"
    return f"the database {path} cannot be used: {exc}"


def check_health(db: sqlite3.Connection, path: str) -> None:
    """Refuse a damaged database when it opens (``PRAGMA quick_check``): one
    whose last page was damaged was opened, and new games written beside it.
    The check reads every page once, a few milliseconds for a year of play."""
    rows = [str(row[0]) for row in db.execute("PRAGMA quick_check(1)").fetchall()]
    if rows != ["ok"]:
        what = " ".join(" ".join(rows).split())
        what = what if len(what) <= 80 else what[:80] + "..."
        raise StoreError(
            f"the database {path} is damaged (quick_check: {what}):"
            " restore a copy, or name a new file"
        )

"""Persistence of games in SQLite: one store for the web page and the terminal.

Every action is written as it happens, in its own transaction (``sync`` after
each action), so closing a tab, a crash or ``kill -9`` loses nothing: an
unfinished game is rebuilt exactly from its spec and event log
(``Session.rebuild``). Finished games keep their log (for replays), and best
times and statistics are read from them, so they survive restarts and can
never disagree with the games.

The database lives in the user's data folder unless a path is given or the
``MINEBENDER_DB`` environment variable names one. It uses WAL, so the web
server and a terminal game can share it; ``schema_version`` and ``MIGRATIONS``
let later versions change the schema without losing anyone's games.

>>> from minebender.session import Session, SessionSpec
>>> from minebender.types import Beginner, Pos
>>> store = open(":memory:")
>>> s = Session(SessionSpec(Beginner(), "doc"), clock=lambda: 0.0)
>>> gid = store.create_game(s, game_id="g1")
>>> _ = s.reveal(Pos(0, 0)); store.sync(gid, s)
>>> store.load(gid).session(clock=lambda: 0.0).knowledge == s.knowledge
True
"""

from pathlib import Path

from minebender.store.db import BEST_TIMES_KEPT, Store
from minebender.store.names import MAX_NAME_LENGTH, NAME_RULE, clean_name, joins
from minebender.store.records import (
    BestTime,
    FinishedGame,
    GameGivenUp,
    NotQualified,
    Statistics,
    StoreConflict,
    StoredGame,
    StoreError,
    default_path,
    hash_token,
)
from minebender.store.schema import MIGRATIONS, SCHEMA_VERSION

__all__ = [
    "BEST_TIMES_KEPT",
    "MAX_NAME_LENGTH",
    "MIGRATIONS",
    "NAME_RULE",
    "SCHEMA_VERSION",
    "BestTime",
    "FinishedGame",
    "GameGivenUp",
    "NotQualified",
    "Statistics",
    "Store",
    "StoreConflict",
    "StoreError",
    "StoredGame",
    "clean_name",
    "default_path",
    "hash_token",
    "joins",
    "open",
]


def open(path: str | Path | None = None, *, read_only: bool = False) -> Store:
    """Open (creating if needed) the store at path, ``$MINEBENDER_DB`` or the
    default; ``read_only`` for a command that only reads it (``Store``)."""
    return Store(default_path() if path is None else path, read_only=read_only)

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

>>> from minebender.services.session import Session, SessionSpec
>>> from minebender.values.types import Beginner, Pos
>>> store = open(":memory:")
>>> s = Session(SessionSpec(Beginner(), "doc"), clock=lambda: 0.0)
>>> gid = store.create_game(s, game_id="g1")
>>> _ = s.reveal(Pos(0, 0)); store.sync(gid, s)
>>> store.load(gid).session(clock=lambda: 0.0).knowledge == s.knowledge
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, Self, TypeVar

from minebender.services.store.best_times import BEST_TIMES_KEPT, BestTimes
from minebender.services.store.database import Database
from minebender.services.store.games import GameLog
from minebender.services.store.names import MAX_NAME_LENGTH, NAME_RULE, clean_name, joins
from minebender.services.store.records import (
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
from minebender.services.store.schema import MIGRATIONS, SCHEMA_VERSION

__all__ = [
    "BEST_TIMES_KEPT",
    "MAX_NAME_LENGTH",
    "MIGRATIONS",
    "NAME_RULE",
    "SCHEMA_VERSION",
    "BestTime",
    "BestTimes",
    "Database",
    "FinishedGame",
    "GameGivenUp",
    "GameLog",
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


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _part(
    name: str, method: Callable[Concatenate[Any, _P], _R]
) -> Callable[Concatenate[Store, _P], _R]:
    """``method`` of the part ``name`` of a Store, as a method of the Store:
    so callers say ``store.sync(...)`` without knowing which part keeps it."""

    @functools.wraps(method)
    def forward(store: Store, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        return getattr(getattr(store, name), method.__name__)(*args, **kwargs)  # type: ignore[no-any-return]

    return forward


class Store:
    """The games database: one connection (``Database``) shared by its games
    (``GameLog``) and its best times and statistics (``BestTimes``), which the
    store holds and whose methods it offers as its own; safe to share between
    threads."""

    def __init__(self, path: str | Path, *, read_only: bool = False) -> None:
        """Open the database at path (``Database``: created if needed, or
        ``read_only`` for a command that only reads)."""
        self.database = Database(path, read_only=read_only)
        self.games = GameLog(self.database)
        self.best = BestTimes(self.database, self.games)

    @property
    def path(self) -> str:
        """The database's path, as given (``:memory:`` for one in memory)."""
        return self.database.path

    @property
    def schema_version(self) -> int:
        """The schema version of the open database."""
        return self.database.schema_version

    def waiting(self, seconds: float) -> AbstractContextManager[None]:
        """Wait at most ``seconds`` for another process's lock (``Database.waiting``)."""
        return self.database.waiting(seconds)

    def close(self) -> None:
        """Close the connection (everything is already written)."""
        self.database.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    create_game = _part("games", GameLog.create_game)
    append_event = _part("games", GameLog.append_event)
    sync = _part("games", GameLog.sync)
    save_clock = _part("games", GameLog.save_clock)
    abandon = _part("games", GameLog.abandon)
    finish = _part("games", GameLog.finish)
    load = _part("games", GameLog.load)
    load_unfinished = _part("games", GameLog.load_unfinished)
    finished_games = _part("games", GameLog.finished_games)
    finished_page = _part("games", GameLog.finished_page)
    token_matches = _part("games", GameLog.token_matches)
    best_time_name = _part("best", BestTimes.best_time_name)
    best_times = _part("best", BestTimes.best_times)
    qualifies = _part("best", BestTimes.qualifies)
    unnamed_best_time = _part("best", BestTimes.unnamed_best_time)
    decline_best_time = _part("best", BestTimes.decline_best_time)
    name_declined = _part("best", BestTimes.name_declined)
    record_best_time = _part("best", BestTimes.record_best_time)
    reset_best_times = _part("best", BestTimes.reset_best_times)
    reset_statistics = _part("best", BestTimes.reset_statistics)
    statistics = _part("best", BestTimes.statistics)


def open(path: str | Path | None = None, *, read_only: bool = False) -> Store:
    """Open (creating if needed) the store at path, ``$MINEBENDER_DB`` or the
    default; ``read_only`` for a command that only reads it (``Store``)."""
    return Store(default_path() if path is None else path, read_only=read_only)

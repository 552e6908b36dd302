"""What the store hands out: stored games, best times, statistics, and its errors."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from minebender.services.session import (
    Clock,
    Event,
    EventType,
    Session,
    SessionSpec,
    level_from_name,
)
from minebender.values.types import Level, Pos

__all__ = [
    "BestTime",
    "FinishedGame",
    "GameGivenUp",
    "NotQualified",
    "Statistics",
    "StoreConflict",
    "StoreError",
    "StoredGame",
    "default_path",
    "event_of",
    "hash_token",
    "layout_text",
    "spec_of",
]


class StoreError(Exception):
    """The store cannot do what was asked; the message says why."""


class NotQualified(StoreError):
    """A best time that cannot be named: the name breaks the rule, or the game
    is not (or no longer) among its level's best. Not a fault of the database,
    which answers every other StoreError."""


class StoreConflict(StoreError):
    """The stored game moved on without this session (another window played it):
    the session is out of date and should be loaded again."""


class GameGivenUp(StoreConflict):
    """Another window gave the stored game up for a new one (``Store.abandon``):
    it is over, counted as lost, and nothing more of it is played."""


def default_path() -> Path:
    """``$MINEBENDER_DB`` if set, else ``minebender.db`` in the user's data folder."""
    env = os.environ.get("MINEBENDER_DB")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("minebender")) / "minebender.db"


def hash_token(token: str) -> str:
    """How a game's secret token is kept: only its SHA-256, never the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as stored: its id, spec, events and where it stands."""

    id: str
    spec: SessionSpec
    events: tuple[Event, ...]
    interface: str
    created_at: float
    status: str
    token_hash: str | None
    clock_ms: int | None = None
    """The game's clock as last saved (``Store.save_clock``), None if never."""

    def session(self, clock: Clock = time.monotonic) -> Session:
        """The session rebuilt from the log, exactly as it was after the last action,
        its timer going on from the clock last saved."""
        return Session.rebuild(self.spec, self.events, clock, self.clock_ms)


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game (won or lost) as the list of replays shows it: what it
    was and how it ended, without its events (``StoreLog.load`` has them)."""

    id: str
    spec: SessionSpec
    status: str
    reason: str | None
    elapsed_ms: int
    bbbv: int | None
    finished_at: float
    interface: str
    player: str | None
    """The name its time was recorded under among the best times, if any."""


@dataclass(frozen=True, slots=True)
class BestTime:
    """One entry of a level's best times."""

    level: str
    name: str
    elapsed_ms: int
    game_id: str
    recorded_at: float


@dataclass(frozen=True, slots=True)
class Statistics:
    """A level's record of finished ranked games (``SessionSpec.ranked``)."""

    level: str
    played: int
    won: int
    current_streak: int
    best_streak: int

    @property
    def win_percent(self) -> float:
        """Won games as a percentage of played ones (0 when none were played)."""
        return round(100.0 * self.won / self.played, 1) if self.played else 0.0


def layout_text(spec: SessionSpec) -> str | None:
    """A chosen layout as it is stored: one row a line, ``*`` a mine; None when
    the seed alone makes the board."""
    if spec.layout is None:
        return None
    return "\n".join("".join("*" if m else "." for m in row) for row in spec.layout)


def spec_of(row: sqlite3.Row) -> SessionSpec:
    """The ``SessionSpec`` a stored game's row was created with."""
    level: Level = level_from_name(row["level"], row["width"], row["height"], row["mines"])
    layout = None
    if row["layout"]:
        layout = tuple(tuple(c == "*" for c in line) for line in row["layout"].split("\n"))
    return SessionSpec(
        level,
        row["seed"],
        bool(row["no_guess"]),
        bool(row["practice"]),
        layout,
        chosen=bool(row["chosen"]),
        board_file=row["board_file"],
    )


def event_of(row: sqlite3.Row) -> Event:
    """The ``Event`` of a stored events row."""
    kind: EventType = row["type"]
    pos = None if row["x"] is None else Pos(row["x"], row["y"])
    path = None if row["path"] is None else json.loads(row["path"])
    return Event.of(kind, pos, row["t_ms"], row["k"], path)

"""A person's games in the store, the same for the terminal and the web server.

Like the midend of Tatham's mines.c, this sits below both interfaces and above
the store. It holds the rules of a person's games once: which game to resume or
start, that a game replaced while being played is abandoned (counted as lost),
that a best time waits for its name until it is named or refused, and what the
store said of each move. The interfaces call it and show the typed outcome it
returns; they decide nothing of this themselves.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from minebender.rules.game import setup
from minebender.services.session import Clock, Session, SessionSpec, level_name
from minebender.services.store import (
    BestTime,
    GameGivenUp,
    Store,
    StoreConflict,
    StoredGame,
    StoreError,
)
from minebender.values.types import NAMED_LEVELS, Beginner, Custom, Level

__all__ = [
    "ACTION_WAIT_S",
    "RETRY_WAIT_S",
    "AbandonOutcome",
    "Abandoned",
    "AtStake",
    "Changed",
    "GameRecord",
    "GivenUp",
    "Interface",
    "NotPlaying",
    "SaveOutcome",
    "Saved",
    "Unsaved",
    "at_stake",
    "last_name",
    "restart_spec",
    "resume_or_new",
    "waiting_game",
]

Interface = Literal["terminal", "web"]
"""How the store tells the games of one interface from the other's."""

RETRY_WAIT_S = 0.1
"""How long a write that is tried again soon waits for a lock held elsewhere."""

ACTION_WAIT_S = 0.5
"""How long a move's write waits for a lock held elsewhere: minebender's own
writes take milliseconds, and the screen waits with it."""


@dataclass(frozen=True, slots=True)
class Saved:
    """The store has every move of the game."""


@dataclass(frozen=True, slots=True)
class GivenUp:
    """Another window gave the game up for a new one: it counts as lost, and
    the last move is not taken. The store's words say so."""

    reason: str


@dataclass(frozen=True, slots=True)
class Changed:
    """Another window played the game since: the last move is not taken, and
    the game is read again from the store. The store's words say so."""

    reason: str


@dataclass(frozen=True, slots=True)
class Unsaved:
    """The store could not write (a lock held elsewhere, a full disk): why."""

    reason: str


SaveOutcome = Saved | GivenUp | Changed | Unsaved
"""What the store said of the moves handed to it."""


@dataclass(frozen=True, slots=True)
class Abandoned:
    """The game replaced is given up: kept as abandoned when it was started,
    dropped when it was not (nothing of it was played). ``counted``: it counts
    as lost in the statistics (started and ranked), which the player is told."""

    kept: bool
    counted: bool


@dataclass(frozen=True, slots=True)
class NotPlaying:
    """The game is over already (won, lost, abandoned, here or elsewhere):
    nothing was given up."""


AbandonOutcome = Abandoned | NotPlaying | Unsaved
"""What giving a game up for a new one did."""


AtStake = Literal["ranked", "unranked", "best_time"]
"""What a game would lose to a new game in its place (``at_stake``)."""


def at_stake(
    session: Session, *, best_time_pending: bool, abandoned: bool = False
) -> AtStake | None:
    """What a new game in this one's place would cost the player, so that an
    interface asks first (as Windows 7 does) and says what is lost.

    ``"ranked"``: a ranked game in play, started; left, it counts as lost, and
    switching practice on gives up its chance of a best time. ``"unranked"``: an
    unranked game in play, started; left, it is given up and counted nowhere.
    ``"best_time"``: a game won with a best time not yet named nor refused.
    None: nothing is lost (not started, over, or given up already).
    """
    if abandoned:
        return None
    if session.over:
        return "best_time" if session.won and best_time_pending else None
    if not session.started:
        return None
    return "ranked" if session.spec.ranked else "unranked"


class GameRecord:
    """One game of a person as the store keeps it: its id (None until it is
    first stored) and the interface it is played in."""

    def __init__(self, store: Store, interface: Interface, game_id: str | None = None) -> None:
        self.store = store
        self.interface: Interface = interface
        self.game_id = game_id

    def create(self, session: Session, *, token: str | None = None) -> str:
        """Store session as a new game now (the web stores a game at once, with
        the hash of the token that owns it); its id. Raises ``StoreError``."""
        self.game_id = self.store.create_game(session, token=token, interface=self.interface)
        return self.game_id

    def record(self, session: Session, wait_s: float | None = ACTION_WAIT_S) -> SaveOutcome:
        """Store the session's new moves (and its end, once over), stored first
        at its first move (an untouched board is not worth keeping). Waits
        ``wait_s`` at most for a lock held elsewhere (None: the store's usual
        wait, for a server that answers no one else from this thread)."""
        wait = contextlib.nullcontext() if wait_s is None else self.store.waiting(wait_s)
        try:
            with wait:
                if self.game_id is None:
                    self.create(session)
                else:
                    self.store.sync(self.game_id, session)
        except GameGivenUp as exc:
            return GivenUp(str(exc))
        except StoreConflict as exc:
            return Changed(str(exc))
        except StoreError as exc:
            return Unsaved(str(exc))
        return Saved()

    def save_clock(self, session: Session, wait_s: float = RETRY_WAIT_S) -> None:
        """Keep the clock of the game being played, so that a killed interface
        loses no time played after the last move (only the time away). Raises
        ``StoreError``; the next save comes soon, so it waits only a moment."""
        if self.game_id is not None and session.started and not session.over:
            with self.store.waiting(wait_s):
                self.store.save_clock(self.game_id, session.now_ms())

    def stored(self) -> StoredGame | None:
        """The game as the store has it now (another window may have played it)."""
        return None if self.game_id is None else self.store.load(self.game_id)

    def reload(self, clock: Clock | None = None) -> Session | None:
        """The game as the store has it now, as a session to go on with."""
        stored = self.stored()
        if stored is None:
            return None
        return stored.session() if clock is None else stored.session(clock)

    def make_practice(
        self, session: Session, wait_s: float | None = ACTION_WAIT_S
    ) -> SaveOutcome | NotPlaying:
        """Practice switched on in the game in play (``Session.make_practice``),
        stored at once: from here it is never ranked, so never a best time nor
        a loss in the statistics. A practice game already needs nothing
        (``Saved``); a game over is ``NotPlaying``."""
        if session.over:
            return NotPlaying()
        if session.make_practice() is None:
            return Saved()
        return self.record(session, wait_s)

    def went_on_elsewhere(self, session: Session) -> Session | None:
        """The game as stored, when another window went on with it while this
        one stood still (a pause, a terminal too small): it made moves since, or
        its clock ran further. Going on from its own clock, this window would
        win the game in 10 s played for 30, a best time it was not. None when
        the stored game is this one, or is not the same game any more (the
        next move says so). Raises ``StoreError``."""
        stored = self.stored()
        if stored is None or tuple(stored.events[: len(session.events)]) != tuple(session.events):
            return None
        ahead = stored.clock_ms is not None and stored.clock_ms > session.now_ms()
        if len(stored.events) > len(session.events) or ahead:
            return stored.session(session.clock)
        return None

    def abandon(self, session: Session) -> AbandonOutcome:
        """A new game replaces this one: if it is still being played it is given
        up (``Store.abandon``), else pressing n when in trouble would keep a
        loss out of the statistics, and it would be resumed later."""
        if self.game_id is None or session.over:
            return NotPlaying()
        try:
            changed = self.store.abandon(self.game_id, session)
        except StoreError as exc:
            return Unsaved(str(exc))
        if not changed:
            return NotPlaying()
        return Abandoned(kept=session.started, counted=session.started and session.spec.ranked)

    def qualifies(self) -> bool:
        """The game just won goes into its level's best times."""
        return self.game_id is not None and self.store.qualifies(self.game_id)

    def best_time_pending(self) -> bool:
        """The game is a best time that the player has not yet named nor
        refused (a time named goes out of ``qualifies`` by itself)."""
        return self.qualifies() and not (
            self.game_id is not None and self.store.name_declined(self.game_id)
        )

    def decline_best_time(self) -> None:
        """The player refused to name the best time just made: not asked again."""
        if self.game_id is not None:
            self.store.decline_best_time(self.game_id)

    def record_best_time(self, name: str) -> BestTime:
        """Put the game just won in the best times under name."""
        if self.game_id is None:
            raise ValueError("no game to record")
        return self.store.record_best_time(name, self.game_id)


def last_name(store: Store) -> str | None:
    """The name of the best time recorded last, of any level, if there is one:
    offered for the next, as Windows XP offers the name typed last time (most
    often the same player at the same computer)."""
    times = [t for level in NAMED_LEVELS for t in store.best_times(level)]
    return max(times, key=lambda t: t.recorded_at).name if times else None


def restart_spec(spec: SessionSpec) -> SessionSpec:
    """Windows 7's Restart this game: the same board dealt again (the same seed,
    so the same mines for the same first click). The player has seen it, so the
    new game is chosen, never ranked."""
    return replace(spec, chosen=True)


def resume_or_new(
    store: Store,
    *,
    interface: Interface,
    level: Level | None,
    seed: str | None,
    no_guess: bool,
    new: bool,
    new_seed: Callable[[], str],
) -> tuple[Session, str | None]:
    """The session to play and its stored id (None for a new game).

    First, the newest finished game that is a best time neither named nor
    refused (``Store.unnamed_best_time``): the interface was killed or closed
    while the name dialog was open, and the time must not be lost (it asks for
    the name again), not even when other games were finished since. Else it
    resumes the newest unfinished game, of the level asked for if one was; a
    seed asks for that exact board, so it always starts a new game, on a chosen
    board (the player may know it: not ranked). Otherwise the board is dealt
    with ``new_seed``, the seam tests use to pick a ranked board.
    """
    if not new and seed is None:
        done = store.unnamed_best_time(interface=interface)
        if done is not None:
            with contextlib.suppress(ValueError):  # a board this version cannot deal
                return done.session(), done.id
        for stored in store.load_unfinished(interface=interface):
            spec = stored.spec
            if level is not None and (
                level_name(spec.level) != level_name(level) or spec.setup != setup(level)
            ):
                continue
            if no_guess and not spec.no_guess:
                continue
            try:
                return stored.session(), stored.id
            except ValueError:
                continue  # e.g. a no-guess game when no-guess boards are unavailable
    spec = SessionSpec(level or Beginner(), seed or new_seed(), no_guess, chosen=seed is not None)
    return Session(spec), None


def waiting_game(store: Store, interface: Interface, game_id: str | None) -> str | None:
    """The level (``"Expert"``, ``"Custom 20x12 (40 mines)"``) of the unfinished game a
    plain ``play`` would resume, when it is not ``game_id``, the game about to
    be played: a new game of another level leaves it saved, and a player who
    is not told may think it lost. None when no other game waits."""
    for stored in store.load_unfinished(interface=interface):
        try:
            stored.session()
        except ValueError:
            continue  # not resumed (resume_or_new skips it too)
        if stored.id == game_id:
            return None
        level = stored.spec.level
        name = level_name(level).capitalize()
        if isinstance(level, Custom):
            s = stored.spec.setup
            name += f" {s.width}x{s.height} ({s.mines} mines)"
        return name
    return None

"""The terminal game's link to the store: which game to resume, and every
action written as it happens.

The store (``minebender.store``) does the work; this module only decides the
terminal's policy: a game is stored from its first action (an untouched board
is not worth keeping), a game replaced by a new one while still being played
is abandoned (``Store.abandon``: it counts as lost, and never comes back), and
``minebender play`` first shows a best time left unnamed (the terminal was
killed or closed while the name dialog was open), else resumes the newest
unfinished terminal game of the level asked for.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from minebender.game import setup
from minebender.session import Session, SessionSpec, level_name
from minebender.store import BestTime, Store, StoredGame
from minebender.types import NAMED_LEVELS, Beginner, Level

__all__ = ["INTERFACE", "Saver", "resume_or_new"]

RETRY_WAIT_S = 0.1
"""How long a write that is tried again soon waits for a lock held elsewhere."""

ACTION_WAIT_S = 0.5
"""How long a move's write waits for a lock held elsewhere: minebender's own
writes take milliseconds, and the screen waits with it."""

INTERFACE = "terminal"
"""How the store tells terminal games from web games."""


class Saver:
    """Writes the app's current session to the store after every action."""

    def __init__(self, store: Store, game_id: str | None = None) -> None:
        self.store = store
        self.game_id = game_id

    def record(self, session: Session, wait_s: float = ACTION_WAIT_S) -> None:
        """Store the session's new events (and its end, once over), waiting
        ``wait_s`` at most for a lock held elsewhere (the terminal waits with
        it: a refusal is tried again every second, not waited out for 5 s)."""
        with self.store.waiting(wait_s):
            self._record(session)

    def _record(self, session: Session) -> None:
        if self.game_id is None:
            self.game_id = self.store.create_game(session, interface=INTERFACE)
        else:
            self.store.sync(self.game_id, session)

    def record_soon(self, session: Session) -> None:
        """``record``, waiting only a moment for a lock held elsewhere: a try
        again of moves not yet saved, made every second until it works."""
        self.record(session, RETRY_WAIT_S)

    def save_clock(self, session: Session) -> None:
        """Keep the clock of the game being played, so that a killed terminal
        loses no time played after the last action (only the time away)."""
        if self.game_id is not None and session.started and not session.over:
            with self.store.waiting(RETRY_WAIT_S):  # the next save comes in a second
                self.store.save_clock(self.game_id, session.now_ms())

    def reload(self) -> Session | None:
        """The game as the store has it now (after another window played it)."""
        stored = self.stored()
        return None if stored is None else stored.session()

    def stored(self) -> StoredGame | None:
        """The stored game, as the store has it now."""
        return None if self.game_id is None else self.store.load(self.game_id)

    def new_game(self, replaced: Session | None = None) -> None:
        """The next action belongs to a new game. The game it replaces, if still
        being played, is abandoned: else pressing n when in trouble would keep a
        loss out of the statistics, and ``play`` would resume it later."""
        gid, self.game_id = self.game_id, None
        if gid is not None and replaced is not None and not replaced.over:
            self.store.abandon(gid, replaced)

    def decline_best_time(self) -> None:
        """The player refused to name the best time just made: not asked again."""
        if self.game_id is not None:
            self.store.decline_best_time(self.game_id)

    def best_time_pending(self) -> bool:
        """The current game is a best time that the player has not yet named nor
        refused (a time named goes out of ``qualifies`` by itself)."""
        return self.qualifies() and not (
            self.game_id is not None and self.store.name_declined(self.game_id)
        )

    def qualifies(self) -> bool:
        """The game just won goes into its level's best times."""
        return self.game_id is not None and self.store.qualifies(self.game_id)

    def last_name(self) -> str | None:
        """The name of the best time recorded last, of any level, if there is
        one: offered for the next, as Windows XP offers the name typed last time
        (most often the same player at the same computer)."""
        times = [t for level in NAMED_LEVELS for t in self.store.best_times(level)]
        return max(times, key=lambda t: t.recorded_at).name if times else None

    def record_best_time(self, name: str) -> BestTime:
        """Put the game just won in the best times under name."""
        if self.game_id is None:
            raise ValueError("no game to record")
        return self.store.record_best_time(name, self.game_id)


def resume_or_new(
    store: Store,
    *,
    level: Level | None,
    seed: str | None,
    no_guess: bool,
    new: bool,
    new_seed: Callable[[], str],
) -> tuple[Session, str | None]:
    """The session to play and its stored id (None for a new game).

    First, the newest finished terminal game that is a best time neither named
    nor refused (``Store.unnamed_best_time``): the terminal was killed or closed
    while the name dialog was open, and the time must not be lost (the app asks
    for the name again), not even when other games were finished since (a game
    on another ``--seed``, lost and left with q). Else it resumes the newest
    unfinished terminal game, of the level asked for if one was; a seed asks
    for that exact board, so it always starts a new game, on a chosen board
    (the player may know it: not ranked). Otherwise the board is dealt with
    ``new_seed``, the seam tests use to pick a ranked board.
    """
    if not new and seed is None:
        done = store.unnamed_best_time(interface=INTERFACE)
        if done is not None:
            with contextlib.suppress(ValueError):  # a board this version cannot deal
                return done.session(), done.id
        for stored in store.load_unfinished(interface=INTERFACE):
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

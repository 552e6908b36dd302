"""The live games of the web server: sessions in memory, each action stored at once.

The hub owns the rule that a game belongs to whoever holds its token: the
token is made here, handed out once, and only its hash is kept (in memory and
in the store). Sessions live in memory for speed; the store is the truth, so
after a restart (or when a game was evicted from memory) a game is rebuilt
from its event log, exactly.

The hub's work with the store (and the solver of the assist) runs in worker
threads, so that a slow answer (a database another process holds locked, a
long search) holds up that request alone, not every player's; ``Live.lock``
keeps each game to one action at a time, a mutex guards the games in memory,
and the store is safe to share between threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from minebender.faces.web.views import proof_of
from minebender.services import player_games
from minebender.services.player_games import (
    Abandoned,
    Changed,
    GameRecord,
    GivenUp,
    Saved,
    SaveOutcome,
    Unsaved,
)
from minebender.services.session import (
    Clock,
    Event,
    EventType,
    HandInput,
    Session,
    SessionSpec,
    new_seed,
)
from minebender.services.store import BestTime, NotQualified, Store, StoreError, hash_token
from minebender.values.types import Pos
from minebender.values.words import cut

_T = TypeVar("_T")

__all__ = [
    "ActionRefused",
    "Forbidden",
    "GameChanged",
    "GameNotFound",
    "GivenUpElsewhere",
    "Hub",
    "Live",
    "NotPlaying",
    "SaveFailed",
]


INTERFACE: player_games.Interface = "web"
"""How the store tells web games from terminal games."""

WATCH_S = 12.0
"""How long the clock of a game shown in a page runs without a word from it:
the page says it is there every 5 s, so only a page that is gone (a crashed
browser, a lost network) lets this run out; then the time away is not counted."""


class GameNotFound(LookupError):
    """No game has this id.

    The hub's errors say in their words what the player reads (the routes
    answer them as they are, ``web.errors``): only the hub knows what it did."""


class Forbidden(PermissionError):
    """The token does not own the game."""


class SaveFailed(RuntimeError):
    """The store could not write; the game is left as it was stored. The words
    say what was not saved, then the store's ``reason``."""

    def __init__(self, doing: str, reason: str) -> None:
        super().__init__(f"{doing}: {reason}")
        self.reason = reason


class NotPlaying(RuntimeError):
    """The game is over (won, lost or abandoned): it cannot be abandoned."""


class ActionRefused(ValueError):
    """The session would not take the action (no no-guess board fits these
    mines): nothing was taken."""


class GameChanged(RuntimeError):
    """Another server on the same database played this game since: the action was
    not taken, and the game is read again from the store on the next request."""


class GivenUpElsewhere(GameChanged):
    """Another window (through another server) gave this game up for a new one:
    it is over for good, counted as lost (``player_games.GivenUp``)."""


@dataclass(slots=True)
class Live:
    """A game in memory: its session, its owner's token hash, and a lock so that
    one action at a time reaches it (the action runs in a worker thread)."""

    id: str
    session: Session
    token_hash: str
    qualifies: bool = False
    proof: dict[str, Any] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    tabs: dict[str, float] = field(default_factory=dict)
    """The pages showing the game, each with the clock time it last said so."""
    gone: bool = False
    """Dropped from memory (``Hub.forget``, or evicted): a request that held it
    loads the game again, as the store has it."""
    abandoned: bool = False
    """A new game replaced this one while it was being played (``Hub.abandon``):
    it is over for good, though its session still reads as playing."""


class Hub:
    """Live games by id, backed by the store."""

    def __init__(
        self,
        store: Store,
        clock: Clock = time.monotonic,
        make_seed: Callable[[], str] = new_seed,
        capacity: int = 5000,
    ) -> None:
        self.store = store
        self.clock = clock
        self.make_seed = make_seed
        self.capacity = capacity
        self._live: OrderedDict[str, Live] = OrderedDict()
        self._mutex = threading.Lock()
        """Guards ``_live``: the store's work runs in worker threads, so that a
        database locked by another process holds up no other request."""

    def record(self, gid: str) -> GameRecord:
        """The game as the store keeps it, in the service of a person's games."""
        return GameRecord(self.store, INTERFACE, gid)

    def create(self, spec: SessionSpec) -> tuple[Live, str]:
        """Start a game; returns it and the token that owns it (given out only here)."""
        token = secrets.token_urlsafe(24)
        session = Session(spec, self.clock)
        try:
            gid = GameRecord(self.store, INTERFACE).create(session, token=token)
        except StoreError as exc:
            raise SaveFailed("could not save the new game", str(exc)) from exc
        live = Live(gid, session, hash_token(token))
        self._keep(live)
        return live, token

    def cached(self, gid: str, token: str) -> Live | None:
        """The game if it is in memory and token owns it, without a word to the
        store (so on the event loop); None when it must be loaded (``get``)."""
        with self._mutex:
            live = self._live.get(gid)
            if live is not None:
                self._live.move_to_end(gid)
        if live is not None and not hmac.compare_digest(live.token_hash, hash_token(token)):
            raise Forbidden(f"this token does not own game {gid!r}")
        return live

    def get(self, gid: str, token: str) -> Live:
        """The game, if token owns it: from memory, else loaded from the store."""
        live = self.cached(gid, token)
        if live is not None:
            return live
        stored = self.store.load(gid)
        if stored is None:
            raise GameNotFound(f"no game with id {cut(gid)}")
        if stored.token_hash is None:
            raise Forbidden(f"this token does not own game {gid!r}")
        # An abandoned game's clock stands at the time stored: rebuilt on the
        # running clock, it gained the milliseconds until it was stopped.
        frozen = stored.status == "abandoned"
        clock = (lambda: 0.0) if frozen else self.clock
        live = Live(gid, stored.session(clock), stored.token_hash)
        if stored.status == "playing":
            # The pages that showed it spoke to a server now gone: as after
            # any word from a page, its clock runs WATCH_S more, and stops
            # then unless a page (or an action) says the player is there.
            live.session.watch_window = WATCH_S
            live.session.resume()
        if stored.status == "won":
            # a time refused in any window (or the terminal) is not asked again
            live.qualifies = self.record(gid).best_time_pending()
        if stored.status == "abandoned":
            live.abandoned = True
            live.session.stop()  # at the clock stored when it was given up
        with self._mutex:
            # loaded by another request meanwhile: one Live a game, one lock
            live = self._live.get(gid) or live
        self._keep(live)
        if not hmac.compare_digest(live.token_hash, hash_token(token)):
            raise Forbidden(f"this token does not own game {gid!r}")
        return live

    def act(self, live: Live, kind: EventType, pos: Pos | None) -> Event | None:
        """Take one action and store it before answering; None once the game is
        over, abandoned included."""
        if live.abandoned:
            return None
        try:
            event = live.session.play(kind, pos)
        except ValueError as exc:  # e.g. no no-guess board fits these mines
            raise ActionRefused(f"the action was not taken: {exc}") from exc
        if event is not None:
            self._store_moves(live)
        return event

    def take(self, live: Live, hands: list[HandInput], marks: bool) -> list[Event]:
        """Take a page's batch of presses (``Session.take``) and store them
        before answering; nothing once the game is over, abandoned included."""
        if live.abandoned:
            return []
        try:
            events = live.session.take(hands, marks)
        except ValueError as exc:  # e.g. no no-guess board fits these mines
            raise ActionRefused(f"the press was not taken: {exc}") from exc
        if events:
            self._store_moves(live)
        return events

    def _store_moves(self, live: Live) -> None:
        """Store what was played before answering; once won, ask whether it is
        a best time."""
        s = live.session
        outcome = self.record(live.id).record(s, wait_s=None)
        self._answer(live, outcome, "could not save the action, it was not taken")
        if s.won:
            try:
                live.qualifies = self.record(live.id).qualifies()
            except StoreError:
                # The win is stored; whether it is a best time is asked again
                # when the game is next loaded (a reload of the page).
                self.forget(live.id)

    def helped(self, live: Live, play: Callable[[Session], _T]) -> _T:
        """Help played on the game in play for the player (hints shown, auto
        play: ``play`` logs its events on the session), stored before
        answering; ``NotPlaying`` once it is over or abandoned."""
        if live.abandoned or live.session.over:
            raise NotPlaying(f"game {live.id!r} is over: there is nothing to help with")
        logged = len(live.session.events)
        done = play(live.session)
        if len(live.session.events) > logged:
            self._store_moves(live)
        return done

    def practice(self, live: Live) -> None:
        """Make the game in play a practice game (``Session.make_practice``),
        stored before answering: never ranked from here, so never a best time
        nor a loss in the statistics. Nothing changes for a practice game
        already; ``NotPlaying`` once it is over or abandoned."""
        if live.abandoned:
            raise NotPlaying(f"game {live.id!r} is over: it cannot become practice")
        outcome = self.record(live.id).make_practice(live.session, wait_s=None)
        if isinstance(outcome, player_games.NotPlaying):
            raise NotPlaying(f"game {live.id!r} is over: it cannot become practice")
        self._answer(live, outcome, "could not save the switch to practice")

    def restart(self, live: Live) -> tuple[Live, str, bool]:
        """Windows 7's Restart this game: the game in play is given up (as for a
        new game: ``abandon``) and the same board is dealt again as a new game
        (the same seed: the same mines for the same first click). The player
        has seen it, so the new game is chosen, never ranked. Also says whether
        the game given up counts as lost."""
        counted = False
        try:
            if not (live.abandoned or live.session.over):
                counted = self.abandon(live).counted
            new, token = self.create(player_games.restart_spec(live.session.spec))
        except NotPlaying:
            raise NotPlaying(f"game {live.id!r} was finished in another window") from None
        except SaveFailed as exc:
            raise SaveFailed("could not restart the game", exc.reason) from None
        return new, token, counted

    def _answer(self, live: Live, outcome: SaveOutcome, doing: str) -> None:
        """What the store said of the moves, as the hub's errors (a failure to
        save says what it was ``doing``): on failure the game is dropped from
        memory, as the store's version is the truth."""
        match outcome:
            case Saved():
                return
            case GivenUp(reason):
                self.forget(live.id)
                raise GivenUpElsewhere(reason)
            case Changed(reason):
                self.forget(live.id)
                raise GameChanged(reason)
            case Unsaved(reason):
                self.forget(live.id)
                raise SaveFailed(doing, reason)

    def abandon(self, live: Live) -> Abandoned:
        """The page starts a new game in place of this one while it is being
        played: a started game is finished as abandoned (played, not won), one
        not started is dropped (``Store.abandon``). ``NotPlaying`` if it is over.
        Says whether it counts as lost, so that the page need not work it out."""
        s = live.session
        if live.abandoned or s.over:
            raise NotPlaying(f"game {live.id!r} is not being played")
        # The clock stands still from here: the time answered, the one stored
        # and the one a restarted server rebuilds are one (they differed by the
        # tens of milliseconds the write took).
        running = not s.paused
        s.pause()
        match self.record(live.id).abandon(s):
            case Unsaved(reason):
                if running:
                    s.resume()
                raise SaveFailed(f"could not save game {live.id!r} as given up", reason)
            case Abandoned() as outcome:
                pass
            case _:  # finished by another server on the same database
                self.forget(live.id)
                raise NotPlaying(f"game {live.id!r} is not being played")
        live.abandoned = True
        s.stop()  # its time is the one just stored, for good
        if not s.started:
            self.forget(live.id)  # dropped: nothing of it is kept
        return outcome

    def decline_best_time(self, live: Live) -> None:
        """The player refused to name the best time just made: it is not asked
        again, in this page or any other (``GameRecord.decline_best_time``)."""
        try:
            self.record(live.id).decline_best_time()
        except StoreError as exc:
            raise SaveFailed("the refusal was not saved", str(exc)) from exc
        live.qualifies = False

    def name_best_time(self, live: Live, name: str) -> BestTime:
        """Put the game's time among its level's best under name. Asked once: a
        time taken (``NotQualified``: a reset, or another window named it) is not
        offered again; one the store could not save stays nameable."""
        try:
            entry = self.record(live.id).record_best_time(name)
        except NotQualified:
            live.qualifies = False
            raise
        except StoreError as exc:
            raise SaveFailed("the best time was not saved", str(exc)) from exc
        live.qualifies = False
        return entry

    def reset_best_times(self) -> int:
        """Empty every level's best times (``Store.reset_best_times``); how many
        there were. A won game in memory no longer offers its name dialog."""
        try:
            removed = self.store.reset_best_times()
        except StoreError as exc:
            raise SaveFailed("could not reset the best times", str(exc)) from exc
        with self._mutex:
            lives = list(self._live.values())
        for live in lives:
            live.qualifies = False
        return removed

    def reset_statistics(self) -> int:
        """Start every level's statistics from zero (``Store.reset_statistics``);
        how many finished ranked games they counted."""
        try:
            return self.store.reset_statistics()
        except StoreError as exc:
            raise SaveFailed("could not reset the statistics", str(exc)) from exc

    def proof(self, live: Live) -> dict[str, Any] | None:
        """Why the hint cell was safe (``views.proof_of``), worked out once and kept.

        Asked for apart from the action: the search for the fewest numbers can
        take far longer than the assist itself, and the answer must not wait.
        """
        if live.proof is None:
            live.proof = proof_of(live.session)
        return live.proof

    def presence(self, live: Live, here: bool, tab: str = "") -> None:
        """A page of the game is shown (``here``), or hidden or closed: the clock
        runs while some page shows the game, and stops by itself ``WATCH_S`` after
        the last word of every page (a crashed browser says nothing). It is saved
        each time, so a restarted server goes on from the time played. An
        abandoned game has no clock left to run: nothing changes."""
        if live.abandoned:
            return
        s = live.session
        now = self.clock()
        if here:
            live.tabs[tab] = now
        else:
            live.tabs.pop(tab, None)
        for other, seen in list(live.tabs.items()):
            if now - seen > WATCH_S:
                del live.tabs[other]  # gone without a word
        if live.tabs:
            s.watch_window = WATCH_S
            s.resume()
        else:
            s.pause()
        self._save_clock(live)

    def _save_clock(self, live: Live) -> None:
        s = live.session
        if not s.started or s.over or live.abandoned:
            return
        try:
            self.store.save_clock(live.id, s.now_ms())
        except StoreError as exc:
            raise SaveFailed("could not save the clock", str(exc)) from exc

    def forget(self, gid: str) -> None:
        """Drop a game from memory (the store still has it)."""
        with self._mutex:
            live = self._live.pop(gid, None)
        if live is not None:
            live.gone = True

    def _keep(self, live: Live) -> None:
        evicted: list[Live] = []
        with self._mutex:
            self._live[live.id] = live
            self._live.move_to_end(live.id)
            while len(self._live) > self.capacity:
                evicted.append(self._live.popitem(last=False)[1])
        for old in evicted:
            old.gone = True
            # Rebuilt later, it goes on from here (or, unsaved, from its last action).
            with contextlib.suppress(SaveFailed):
                self._save_clock(old)

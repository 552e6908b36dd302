"""``Session``: one person's game, from before the first click to the end screen."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from minebender.formats.boardtext import format_board
from minebender.rules.game import Game
from minebender.services.session.board import assist_k, bbbv, bbbv_solved, layout_for
from minebender.services.session.presses import Cell, Hands, Meaning
from minebender.services.session.values import (
    BUTTONS,
    MAX_PATH_POINTS,
    Auto,
    Button,
    Clicks,
    Clock,
    Event,
    EventType,
    HandInput,
    Hints,
    Mark,
    MarksOption,
    Path,
    Practice,
    Press,
    Release,
    SessionSpec,
)
from minebender.values.types import (
    Assist,
    Chord,
    Covered,
    Exploded,
    Flag,
    Flagged,
    Knowledge,
    Layout,
    Lost,
    Playing,
    Pos,
    Reveal,
    Setup,
    Shown,
    Status,
    Tile,
    Won,
)

__all__ = ["DISPLAY_LIMIT_S", "Session", "shown_seconds"]

DISPLAY_LIMIT_S = 999
"""The timer shows at most this many seconds, as Windows XP's does."""


def shown_seconds(elapsed_ms: int, started: bool) -> int:
    """What Windows XP's timer shows: 0 before the first click, 1 from the
    first click on, then one more each whole second, stopping at 999. The
    time itself (best times, statistics, replays) keeps its milliseconds.

    >>> shown_seconds(0, False), shown_seconds(0, True), shown_seconds(999, True)
    (0, 1, 1)
    >>> shown_seconds(1000, True), shown_seconds(5_000_000, True)
    (2, 999)
    """
    if not started:
        return 0
    return min(DISPLAY_LIMIT_S, elapsed_ms // 1000 + 1)


_CLICKS: dict[str, tuple[Button, bool | None]] = {
    "reveal": ("left", None),
    "flag": ("right", False),
    "chord": ("middle", None),
    "mark": ("right", True),
}
"""The click that does each cell action of the flat form (with the Marks
option it needs): the actions of older records, played through the rule."""

_COVERED = Covered()
_FLAGGED = Flagged()
_PLAYING = Playing()


# --------------------------------------------------------------------------
# The session
# --------------------------------------------------------------------------


@dataclass
class Session:
    """One person's game, from before the first click to the end screen.

    Mutable by design (it is the state of a UI); the game inside is an
    immutable ``Game``. A face hands it what the player did: ``press`` and
    ``release`` of a button on a cell, ``path``, ``assist``, ``make_practice``.
    The rule of ``session.presses`` decides what each press does, and
    ``moves`` lists the cell actions they came to. Each call returns the
    ``Event`` it logged, or None when the game is already over (a finished
    game ignores input and counts no clicks). ``reveal``, ``flag``, ``chord``
    and ``mark`` are a click of the button that does it, for programs.
    """

    spec: SessionSpec
    clock: Clock = field(default=time.monotonic, repr=False)
    events: list[Event] = field(default_factory=list)
    game: Game | None = None
    clicks: Clicks = field(default_factory=Clicks)
    first_ms: int | None = None
    first_pos: Pos | None = None
    """The first click's cell, once made: a board code gives the same board
    only to a first click there, so the end of a game names it with the code."""
    end_ms: int | None = None
    moves: list[Event] = field(default_factory=list)
    """The cell actions the events came to, with their times (reveal, flag,
    chord, mark, assist, practice): what review and the replay formats of
    other clients need. A record of older versions holds them itself."""
    marks_on: bool = False
    """The Marks (?) option as the record last set it (``MarksOption``)."""
    hinted: bool = False
    """The hints were shown in this game (a ``Hints`` event): never a best time."""
    auto_clicks: int = 0
    """The clicks auto play made for the player (``Auto`` events): never a best time."""
    _hands: Hands = field(default_factory=Hands, repr=False)
    _pre_flags: set[Pos] = field(default_factory=set, repr=False)
    _marks: set[Pos] = field(default_factory=set, repr=False)
    _origin: float = field(default=0.0, repr=False)
    _offset_ms: int = field(default=0, repr=False)
    _bbbv: int | None = field(default=None, repr=False)
    _paused_ms: int | None = field(default=None, repr=False)
    _until: float | None = field(default=None, repr=False)
    _stopped: bool = field(default=False, repr=False)
    watch_window: float | None = field(default=None, repr=False)
    """Seconds the clock runs after the last sign of the player (``contact``),
    for a player whose page promises to be heard from that often (a heartbeat):
    a browser that crashes or loses the network stops the clock by itself.
    None (the default): the clock runs until ``pause``."""

    def __post_init__(self) -> None:
        self._origin = self.clock()
        if self.events:
            log, self.events = list(self.events), []
            for event in log:
                self._apply(event)
            self._offset_ms = log[-1].t_ms

    @classmethod
    def rebuild(
        cls,
        spec: SessionSpec,
        events: Iterable[Event],
        clock: Clock = time.monotonic,
        clock_ms: int | None = None,
    ) -> Session:
        """The session these events make, its timer going on from the last event,
        or from ``clock_ms`` (the time last saved with ``now_ms``) if that is later:
        the time played after the last action is kept, the time away is not."""
        session = cls(spec, clock, list(events))
        if clock_ms is not None and session.events:
            session._offset_ms = max(session._offset_ms, clock_ms)
        return session

    # ------------------------------------------------------------------
    # Queries
    # ------------------------------------------------------------------

    @property
    def setup(self) -> Setup:
        """The board's size and mine count."""
        return self.spec.setup

    @property
    def started(self) -> bool:
        """The first click has happened and the mines are placed."""
        return self.game is not None

    @property
    def status(self) -> Status:
        """Playing, Won or Lost, as the core game says."""
        return _PLAYING if self.game is None else self.game.status

    @property
    def over(self) -> bool:
        """Won or lost."""
        return type(self.status) is not Playing

    @property
    def won(self) -> bool:
        """Every safe cell was revealed."""
        return type(self.status) is Won

    @property
    def layout(self) -> Layout | None:
        """The mines, once placed. Interfaces must not show it while playing."""
        return None if self.game is None else self.game.layout

    @property
    def flags(self) -> frozenset[Pos]:
        """The cells the player has flagged."""
        return frozenset(self._pre_flags) if self.game is None else self.game.flags

    @property
    def marks(self) -> frozenset[Pos]:
        """The covered cells with a question mark: the player's notes, not
        knowledge. They live here, beside the game, never in ``Game``: a ? is
        no flag (not for the counter, chording or the laws' display)."""
        return frozenset(self._marks)

    @property
    def knowledge(self) -> Knowledge:
        """What the player sees (all hidden before the first click)."""
        if self.game is None:
            b = self.setup
            return Knowledge.blank(b.width, b.height, b.mines)
        return self.game.knowledge

    def board_text(self) -> str:
        """What the player sees, flags included, as board text (docs/formats.md),
        the format ``minebender solve`` reads: a position out of a game. A won
        game's mines are flagged, as the screen shows them (and its counter, 0)."""
        k = self.knowledge
        flags = self.flags
        if self.won:
            flags = frozenset(
                Pos(x, y) for y in range(k.height) for x in range(k.width) if k.hidden(Pos(x, y))
            )
        return format_board(k, flags)

    @property
    def mines_left(self) -> int:
        """The mine counter: mines minus flags, negative with too many flags."""
        if self.won:
            return 0
        return self.setup.mines - len(self.flags)

    def now_ms(self) -> int:
        """Milliseconds since the session began, by its clock (continuing after a
        rebuild, standing still while paused or once the watch window ran out)."""
        if self._paused_ms is not None:
            return self._paused_ms
        t = self.clock()
        if self._until is not None:
            t = min(t, self._until)
        return self._offset_ms + max(0, round((t - self._origin) * 1000))

    @property
    def paused(self) -> bool:
        """The clock stands still: the player is away (``pause``, or no sign of
        them within the watch window)."""
        return self._paused_ms is not None or (
            self._until is not None and self.clock() > self._until
        )

    def pause(self) -> None:
        """Stop the clock while the player is away (the page hidden or closed), as
        Windows XP's timer stops while its window is minimised. Any action, or
        ``resume``, starts it again from where it stood. Before the first click
        and after the end there is no clock to stop."""
        if self._paused_ms is None and self.started and not self.over:
            self._paused_ms = self.now_ms()

    def stop(self) -> None:
        """Stop the clock for good: the game was given up for a new one
        (abandoned), and its time is the one stored then. Unlike ``pause``,
        nothing starts it again: a page still showing the game must not make
        the time of a game no longer played grow."""
        self.pause()
        self._stopped = True

    def resume(self) -> None:
        """The player is there: the clock runs again from where it stood (after
        ``pause`` or a watch window that ran out), and with a watch window it runs
        that much longer. Every action does this too."""
        if self._stopped:
            return
        t = self.clock()
        if self.paused:
            self._offset_ms, self._origin = self.now_ms(), t
            self._paused_ms = None
        self._until = None if self.watch_window is None else t + self.watch_window

    @property
    def elapsed_ms(self) -> int:
        """The game time: from the first click to now, or to the end once over."""
        if self.first_ms is None:
            return 0
        end = self.end_ms if self.end_ms is not None else self.now_ms()
        return max(0, end - self.first_ms)

    @property
    def timer(self) -> int:
        """What the timer shows, as Windows XP's: 1 at the first click, then
        whole seconds, stopping at 999 (``shown_seconds``)."""
        return shown_seconds(self.elapsed_ms, self.started)

    @property
    def bbbv(self) -> int | None:
        """The layout's 3BV, once the mines are placed."""
        if self.game is None:
            return None
        if self._bbbv is None:
            self._bbbv = bbbv(self.game.layout)
        return self._bbbv

    @property
    def bbbv_solved(self) -> int:
        """The part of the 3BV done so far."""
        if self.game is None:
            return 0
        return bbbv_solved(self.game.layout, self.game.knowledge)

    @property
    def efficiency(self) -> float | None:
        """3BV done per click (left, right, chord and assist), in percent; None
        before any click.

        A press of the assist counts as a click: the cells it opens are 3BV
        done, and without it a game won with the assist's help showed 200%."""
        clicks = self.clicks.total + self.clicks.assist
        if clicks == 0 or self.game is None:
            return None
        return round(100.0 * self.bbbv_solved / clicks, 1)

    @property
    def bbbv_per_s(self) -> float | None:
        """3BV done per second of game time."""
        ms = self.elapsed_ms
        if self.game is None or ms <= 0:
            return None
        return round(self.bbbv_solved * 1000.0 / ms, 3)

    def display(self) -> tuple[tuple[Tile, ...], ...]:
        """What the screen shows (only flags and covered cells before the first click)."""
        if self.game is not None:
            return self.game.display()
        b = self.setup
        return tuple(
            tuple(_FLAGGED if Pos(x, y) in self._pre_flags else _COVERED for x in range(b.width))
            for y in range(b.height)
        )

    def assist_start(self) -> Pos:
        """Where the assist opens the board when pressed before the first click: the centre."""
        b = self.setup
        return Pos(b.width // 2, b.height // 2)

    # ------------------------------------------------------------------
    # Actions
    # ------------------------------------------------------------------

    def press(
        self, button: Button, pos: Pos | None, marks: bool | None = None, ago_ms: int = 0
    ) -> Event | None:
        """A button goes down on ``pos`` (None: off the board). ``marks`` is
        the face's Marks (?) option: when it differs from the record's, the
        change is logged first, so that the record alone says what the press
        meant. ``ago_ms``: it happened that long before now (a page sends
        its presses in batches); never before the last event."""
        self.resume()
        if marks is not None and marks != self.marks_on and not self.over:
            self.act(Event(MarksOption(marks), self._stamp(ago_ms)))
        return self.act(Event(Press(button, pos), self._stamp(ago_ms)))

    def release(self, button: Button, pos: Pos | None, ago_ms: int = 0) -> Event | None:
        """A button comes up on ``pos`` (None: off the board), ``ago_ms`` ago."""
        self.resume()
        return self.act(Event(Release(button, pos), self._stamp(ago_ms)))

    def path(self, points: tuple[tuple[int, int, int], ...], ago_ms: int = 0) -> Event | None:
        """Where the pointer went: points (dt, px, py) as ``Path`` says, the
        first one ``ago_ms`` ago. Kept for replays; it changes nothing on
        the board. None for an empty path or a game over."""
        if not points or self.over:
            return None
        t = self._stamp(ago_ms)
        last: Event | None = None
        for i in range(0, len(points), MAX_PATH_POINTS):
            last = self.act(Event(Path(points[i : i + MAX_PATH_POINTS]), t))
        return last

    def _stamp(self, ago_ms: int) -> int:
        """The time of an event ``ago_ms`` before now, never before the last one."""
        last = self.events[-1].t_ms if self.events else 0
        return max(last, self.now_ms() - max(0, ago_ms))

    def take(self, hands: Iterable[HandInput], marks: bool | None = None) -> list[Event]:
        """A face's batch of presses and releases, in order, each with the
        pointer's path before it: what the page sends. Returns the events
        logged (none once the game is over)."""
        logged: list[Event] = []
        before: tuple[int, Hands] | None = None  # the session before the last press
        for h in hands:
            if h.path:
                first = h.path[0][0]
                points = tuple((first - ago, x, y) for ago, x, y in h.path)
                event = self.path(points, first)
                logged += [event] if event else []
            if h.down:
                before = (len(self.events), replace(self._hands, held=set(self._hands.held)))
                event = self.press(h.button, h.pos, marks, h.ago_ms)
            else:
                try:
                    event = self.release(h.button, h.pos, h.ago_ms)
                except ValueError:
                    if before and self.events and isinstance(self.events[-1].move, Press):
                        self._unpress(*before)
                    raise
            logged += [event] if event else []
        return logged

    def _unpress(self, count: int, hands: Hands) -> None:
        """Take back the press (and the Marks option logged with it) of a
        release that failed (no no-guess board fits the mines): a press of
        the left or middle button changes nothing else, so the session is
        as it was."""
        while len(self.events) > count and isinstance(self.events[-1].move, (Press, MarksOption)):
            if isinstance(self.events[-1].move, MarksOption):
                self.marks_on = not self.events[-1].move.on
            self.events.pop()
        self._hands = hands

    def click(self, button: Button, pos: Pos | None, marks: bool | None = None) -> Event | None:
        """A press and release of one button on ``pos``, at once: what a key
        of the terminal or a program does. Returns the release's event (the
        press's when the game ended at it)."""
        before = (len(self.events), replace(self._hands, held=set(self._hands.held)))
        down = self.press(button, pos, marks)
        try:
            up = self.release(button, pos)
        except ValueError:
            self._unpress(*before)
            raise
        return up or down

    def reveal(self, pos: Pos) -> Event | None:
        """Left click: reveal pos (the first one places the mines around it)."""
        return self.click("left", pos)

    def flag(self, pos: Pos) -> Event | None:
        """Right click, Marks off: toggle the flag of a hidden cell (allowed
        before the first click)."""
        return self.click("right", pos, marks=False)

    def chord(self, pos: Pos) -> Event | None:
        """The middle button on a number: reveal its unflagged neighbours if
        the flags add up."""
        return self.click("middle", pos)

    def mark(self, pos: Pos) -> Event | None:
        """Right click with Marks (?) on, as in Windows XP: a flag becomes a
        ?, a ? becomes covered, a covered cell gets a flag."""
        return self.click("right", pos, marks=True)

    def assist(self) -> Event | None:
        """The no-guess assist: opens a safe cell when stuck, loses with a Hint if not."""
        k = assist_k(self.spec.seed, self.clicks.assist)
        self.resume()
        return self.act(Event(Assist(k), self.now_ms()))

    def show_hints(self) -> Event | None:
        """The player has the hints shown: logged once, as a ``hints`` event
        that counts no click and changes nothing on the board, so that the
        record says the game was played with them. None before the first
        click (there is nothing to hint: the first click is always safe),
        once the game is over, or when it is logged already."""
        if not self.started or self.over or self.hinted:
            return None
        self.resume()
        return self.act(Event(Hints(), self._stamp(0)))

    def auto(self, button: Button, pos: Pos) -> Event | None:
        """One click of auto play for the player: ``button`` pressed and
        released on ``pos``, its meaning and count decided by the rule of
        presses (with Marks off, a right click toggles a flag), logged as an
        ``auto`` event of its own. None once the game is over."""
        self.resume()
        return self.act(Event(Auto(button, pos), self._stamp(0)))

    def make_practice(self) -> Event | None:
        """Switch practice on in the game in play: from here it is a practice game
        (``spec.practice``), never ranked, so never a best time nor a loss in the
        statistics. Logged as a ``practice`` event, which counts no click; None
        once the game is over, or when it is a practice game already."""
        if self.spec.practice:
            return None
        self.resume()
        return self.act(Event(Practice(), self.now_ms()))

    def play(self, kind: EventType, pos: Pos | None, k: int = 0) -> Event | None:
        """What the player did in its flat form, timed now: for an interface
        that receives input as data, such as the web server. ``down`` and
        ``up`` are a press and a release of button ``BUTTONS[k]``; ``reveal``,
        ``flag``, ``chord`` and ``mark`` are a click of the button that does
        it (``click``), so they go through the rule of presses too. A
        ValueError names what is wrong (a reveal without a cell, an assist
        with one); None once the game is over."""
        Event.of(kind, pos, 0, k, [0, 0, 0] if kind == "path" else None)  # checks the form
        if kind == "practice":
            return self.make_practice()
        if kind == "assist":
            return self.assist()
        if kind == "marks":
            self.resume()
            return self.act(Event(MarksOption(k == 1), self.now_ms()))
        if kind in ("down", "up"):
            button = BUTTONS[k]
            return self.press(button, pos) if kind == "down" else self.release(button, pos)
        if kind not in _CLICKS:
            raise ValueError(f"a {kind} event is not played by hand")
        button, marks = _CLICKS[kind]
        return self.click(button, pos, marks)

    def act(self, event: Event) -> Event | None:
        """Take one logged event; None (and nothing logged) once the game is over."""
        if self.over:
            return None
        self._apply(event)
        return event

    def cell(self, pos: Pos | None) -> Cell:
        """What the pointer is on, as the rule of presses reads it."""
        b = self.setup
        if pos is None or not (0 <= pos.x < b.width and 0 <= pos.y < b.height):
            return "off"
        if self._hidden(pos):
            if pos in self.flags:
                return "flagged"
            return "marked" if pos in self._marks else "covered"
        assert self.game is not None
        seen = self.game.knowledge.seen(pos)
        return "number" if isinstance(seen, Shown) and seen.n > 0 else "open"

    def _apply(self, event: Event) -> None:
        """Take the event: what it means first, then its effect on the game
        (placing the mines can fail, for a no-guess board with no room), then
        the log and the counts, so a failure leaves the session as it was."""
        move = event.move
        if isinstance(move, (Press, Release)):
            hands = replace(self._hands, held=set(self._hands.held))
            if isinstance(move, Press):
                meaning = hands.press(move.button, move.pos, self.cell(move.pos), self.marks_on)
            else:
                meaning = hands.release(move.button, move.pos, self.cell(move.pos))
            self._take(meaning, event.t_ms)
            self._hands = hands
            self.events.append(event)
            self._count(meaning)
        elif isinstance(move, Path):
            self.events.append(event)
        elif isinstance(move, MarksOption):
            self.marks_on = move.on
            self.events.append(event)
        elif isinstance(move, Hints):
            self.hinted = True
            self.events.append(event)
        elif isinstance(move, Auto):
            self._auto(move, event)
        else:
            # the assist, practice, and the cell actions of older records
            self._effect(event)
            self.events.append(event)
            self.moves.append(event)
            match move:
                case Reveal():
                    self.clicks.left += 1
                case Flag() | Mark():
                    self.clicks.right += 1
                case Chord():
                    self.clicks.chord += 1
                case Assist():
                    self.clicks.assist += 1
        if self.over and self.end_ms is None:
            self.end_ms = event.t_ms

    def _auto(self, move: Auto, event: Event) -> None:
        """A click of auto play: a press and a release through the rule, with
        hands of its own (the player's may be holding a button) and Marks off."""
        hands = Hands()
        down = hands.press(move.button, move.pos, self.cell(move.pos), False)
        self._take(down, event.t_ms)
        up = hands.release(move.button, move.pos, self.cell(move.pos))
        self._take(up, event.t_ms)
        self.events.append(event)
        self.auto_clicks += 1
        self._count(down)
        self._count(up)

    def _take(self, meaning: Meaning, t_ms: int) -> None:
        """Play the cell action a press came to, and list it in ``moves``."""
        if meaning.move is not None:
            action = Event(meaning.move, t_ms)
            self._effect(action)
            self.moves.append(action)

    def _count(self, meaning: Meaning) -> None:
        if meaning.count == "left":
            self.clicks.left += 1
        elif meaning.count == "right":
            self.clicks.right += 1
        elif meaning.count == "double":
            self.clicks.chord += 1

    def _effect(self, event: Event) -> None:
        """What a cell action, the assist or practice does to the game."""
        b = self.setup
        move = event.move
        pos = event.pos
        on_board = pos is not None and 0 <= pos.x < b.width and 0 <= pos.y < b.height
        if isinstance(move, Practice):
            # The spec is a frozen value: the session takes the practice one.
            self.spec = replace(self.spec, practice=True)
        elif isinstance(move, Mark):
            if on_board:
                self._cycle_mark(move.pos)
        elif isinstance(move, (Press, Release, Path, MarksOption, Hints, Auto)):
            raise TypeError(f"an input is no cell action: {move!r}")
        elif self.game is not None:
            self.game = self.game.step(move)
        elif isinstance(move, Flag):
            if on_board:
                self._pre_flags ^= {move.pos}
        elif isinstance(move, Assist) or (
            isinstance(move, Reveal) and on_board and move.pos not in self._pre_flags
        ):
            first = self.assist_start() if isinstance(move, Assist) else move.pos
            self.game = self._first_game(first).open(first)
            self.first_ms = event.t_ms
            self.first_pos = first
        # otherwise: a chord on a blank board, a click off it or on a flag does nothing
        if self._marks and not isinstance(move, Mark):
            # a ? goes with its cell: revealed, or flagged over
            flags = self.flags
            self._marks = {p for p in self._marks if self._hidden(p) and p not in flags}

    def _hidden(self, pos: Pos) -> bool:
        return self.game is None or self.game.knowledge.hidden(pos)

    def _cycle_mark(self, pos: Pos) -> None:
        """A flag becomes a ?, a ? becomes covered, a covered cell gets a ?."""
        if not self._hidden(pos):
            return
        if pos in self.flags:
            if self.game is None:
                self._pre_flags.discard(pos)
            else:
                self.game = self.game.step(Flag(pos))
            self._marks.add(pos)
        else:
            self._marks ^= {pos}

    def _first_game(self, first: Pos) -> Game:
        """The fresh game the first click starts: mines placed around it, early flags kept."""
        b = self.setup
        layout = self.spec.layout
        if layout is None:
            layout = layout_for(b, self.spec.seed, first, self.spec.no_guess)
        game = Game.fresh(b.width, b.height, layout)
        for p in sorted(self._pre_flags):
            game = game.step(Flag(p))
        return game

    @property
    def lost_reason(self) -> str | None:
        """``"blast"`` or ``"hint"`` for a lost game (the laws' Exploded and AssistTooEarly)."""
        status = self.status
        if type(status) is Lost:
            return "blast" if isinstance(status.reason, Exploded) else "hint"
        return None

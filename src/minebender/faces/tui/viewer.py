"""The replay viewer: a finished game played back on the terminal board.

The replay (``minebender.formats.replay``) holds the layout and every event with its
time; the viewer plays the events on a ``Session`` once, keeps each step's
``display()``, and then moves through them on a timer (``--speed``) or by keys.
Stepping back is free because every step is an immutable snapshot.

Another client's file (.avf .rmv .evf .mvf .rawvf) is no minebender replay: it has
no seed, and its floods stop at flags. review reads it as a ``Record`` and
plays it again on ``Game`` by the client's rule (``review.play``); the viewer
takes its steps from there, so it shows what review judges.
"""

from __future__ import annotations

import time
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.timer import Timer

from minebender.faces.tui.base import BoardApp
from minebender.faces.tui.line_fit import dropping, fit
from minebender.faces.tui.marks import LEGEND, marks_of, timeline
from minebender.faces.tui.screens import KeysScreen
from minebender.formats.replay import MAX_SPEED, MIN_SPEED, Replay, tile_name
from minebender.rules.game import Game
from minebender.services.game_view import face_of
from minebender.services.keys import VIEWER_KEYS
from minebender.services.review.chance import percent_text
from minebender.services.review.coach import Proof, coach
from minebender.services.review.judge import Judged, judge
from minebender.services.review.own import judge_replay, review_moves
from minebender.services.review.play import Played, played
from minebender.services.review.pointer import Hover, record_hovers, replay_hovers
from minebender.services.review.record import Record
from minebender.services.session import FILE_SEED, Event, Session, level_name, shown_seconds
from minebender.values.types import Exploded, Flagged, Lost, Playing, Pos, Setup, Status, Tile, Won

__all__ = [
    "MAX_GAP_S",
    "ReplayApp",
    "Step",
    "lesson_text",
    "record_steps",
    "steps",
    "verdict_text",
]

MAX_GAP_S = 2.0
"""The longest wait at speed 1 with nothing happening (no move, the pointer
still): a long think is cut short."""

TICK_S = 0.04
"""How often the board is drawn again while playing: the pointer moves
between the moves (25 times a second)."""

MAX_TICK_S = 0.25
"""The most wall time one tick plays: after a stall (a busy machine, the
process suspended by ctrl+z) the replay goes on where it was, not further."""

LEAD_MS = 500
"""At speed 1, the time from the blank board to the first move when the
record has no pointer before it."""


@dataclass(frozen=True, slots=True)
class Step:
    """The board after ``index`` events of the replay (0: before any)."""

    index: int
    event: Event | None
    what: str
    """The event in words (``describe``)."""
    tiles: tuple[tuple[Tile, ...], ...]
    mines_left: int
    elapsed_ms: int
    status: Status
    marks: frozenset[Pos] = frozenset()
    """The player's question marks then."""
    started: bool = False
    """The first click was made: the timer shows 1 from there."""


def steps(replay: Replay) -> list[Step]:
    """Every state of the replayed game, from the blank board to the end: one
    a move, as review judges them (a click that did nothing is a move too)."""
    s = Session(replay.spec, clock=lambda: 0.0)
    out = [Step(0, None, "start", s.display(), s.mines_left, 0, s.status)]
    for i, event in enumerate(review_moves(replay), 1):
        what = describe(event, out[-1].tiles)
        s.act(event)
        end = s.end_ms if s.end_ms is not None else event.t_ms
        elapsed = 0 if s.first_ms is None else max(0, end - s.first_ms)
        step = Step(
            i, event, what, s.display(), s.mines_left, elapsed, s.status, s.marks, s.started
        )
        out.append(step)
    return out


def record_steps(record: Record, plays: Iterable[Played] | None = None) -> list[Step]:
    """Every state of another client's game, one a move, as review plays it
    again (its floods stop at flags; ``plays`` when played already). The time
    counts from the first click that opened a cell, as review's figures count it."""
    game = Game.fresh(record.width, record.height, record.layout)
    out = [Step(0, None, "start", game.display(), record.mines, 0, game.status)]
    first_ms: int | None = None
    for p in played(record) if plays is None else plays:
        event, after = p.move, p.after
        if first_ms is None and not p.started and after.knowledge is not p.before.knowledge:
            first_ms = event.t_ms
        won = isinstance(after.status, Won)
        mines_left = 0 if won else record.mines - len(after.flags)
        elapsed = 0 if first_ms is None else max(0, event.t_ms - first_ms)
        what = describe(event, out[-1].tiles)
        step = Step(
            p.index + 1, event, what, after.display(), mines_left, elapsed, after.status,
            started=first_ms is not None,
        )  # fmt: skip
        out.append(step)
    return out


def describe(event: Event, before: tuple[tuple[Tile, ...], ...]) -> str:
    """An event in words, given the board it was played on: ``reveal (4, 4)``.
    A flag event toggles, so on a flagged cell it is ``unflag``."""
    pos = event.pos
    if pos is None:
        return event.type
    if pos.x < 0 or pos.y < 0:
        return "click off the board"
    flagged = event.type == "flag" and isinstance(before[pos.y][pos.x], Flagged)
    return f"{'unflag' if flagged else event.type} ({pos.x}, {pos.y})"


def verdict_text(judged: Judged | None) -> str:
    """A move's review in a few words: ``risk 33.3% forced guess``, ``safe``;
    nothing for a flag, a move that opened nothing and the first click."""
    if judged is None or judged.verdict in ("flag", "mark", "practice", "no effect", "first click"):
        return ""
    if judged.risk is None or judged.risk == 0:
        return judged.verdict
    return f"risk {percent_text(judged.risk)} {judged.verdict}"


def lesson_text(proof: Proof) -> str:
    """Before a needless guess (or a click on a certain mine): what the player
    could have seen, in a few words (``(7, 0) safe by (5, 1) (6, 1)``)."""
    numbers = " ".join(f"({p.x}, {p.y})" for p in proof.numbers)
    total = " + mines left" if proof.uses_total else ""
    what = "a mine" if proof.mine else "safe"
    return f"next: ({proof.cell.x}, {proof.cell.y}) {what} by {numbers}{total}"


def _replay_title(replay: Replay) -> str:
    """The level, the name of its best time if any, and whether its seed
    deals this board (edited, or dealt by a version that placed mines otherwise)."""
    who = f" by {replay.player}" if replay.player else ""
    if replay.spec.seed == FILE_SEED:  # its seed deals another board: it has no code
        who += ", a board from a file"
    elif not replay.dealt():
        who += ", not its code's board"
    return level_name(replay.spec.level) + who


def _record_title(record: Record) -> str:
    """The board and the client that recorded it: another client's file has no level."""
    who = ", ".join(x for x in (record.software, record.player) if x)
    board = f"{record.width}x{record.height}/{record.mines}"
    return f"{board} ({who})" if who else board


class ReplayApp(BoardApp):
    """Plays a replay back step by step; keys pause, step, rewind and change speed."""

    BOARD_ACTIONS = frozenset(
        {
            *("play_pause", "step_forward", "step_back", "to_start", "to_end"),
            *("faster", "slower", "next_guess", "previous_guess"),
        }
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(b.keys, b.action, b.label, show=b.footer, key_display=b.display)
        for key in VIEWER_KEYS
        for b in key.bindings
    ]
    """Built from the viewer's key table, which its F1 screen and ``replay --help`` show."""

    def __init__(
        self, replay: Replay | Record, *, speed: float = 1.0, paused: bool = False
    ) -> None:
        """``speed`` from MIN_SPEED to MAX_SPEED (``--speed``, the keys' range).
        A Record is another client's file, as review reads it."""
        if not MIN_SPEED <= speed <= MAX_SPEED:
            raise ValueError(f"speed must be from {MIN_SPEED:g} to {MAX_SPEED:g}, got {speed!r}")
        super().__init__()
        self.judged: list[Judged]
        """Each event's review (docs/review.md): shown on the status line."""
        self.hovers: list[Hover]
        """Where the pointer went, on the steps' clock (none: the cursor shows
        the cell of each move)."""
        if isinstance(replay, Record):
            self._setup = Setup(replay.width, replay.height, replay.mines)
            self.title_text = _record_title(replay)
            plays = list(played(replay))  # played once: the steps and the judge share it
            self.steps = record_steps(replay, plays)
            self.judged = judge(plays)
            self.hovers = record_hovers(replay)  # on the moves' scale, as self.times
        else:
            self._setup = replay.spec.setup
            self.title_text = _replay_title(replay)
            self.steps = steps(replay)
            self.judged = judge_replay(replay)
            self.hovers = replay_hovers(replay)
        self.proofs = {p.move: p for p in coach(self.judged).proofs}
        """The proof before each needless guess, by the guess' index."""
        self.guesses = [j.played.index for j in self.judged if j.guess]
        self.times = [s.event.t_ms for s in self.steps if s.event is not None]
        """When each move was played (move i+1 at ``times[i]``)."""
        self._hover_times = [h.t_ms for h in self.hovers]
        first = self.times[0] if self.times else 0
        self.start_ms = min([first - LEAD_MS, *self._hover_times[:1]])
        """The clock of the blank board: the first move comes LEAD_MS after
        it, or the pointer's first point is there."""
        self.index = 0
        self.now_ms = self.start_ms
        """The moment shown, on the record's clock: the pointer's place."""
        self.speed = speed
        self.paused = paused
        self._timer: Timer | None = None
        self._wall = 0.0

    @property
    def setup(self) -> Setup:
        """The size of the board of the game replayed."""
        return self._setup

    def on_mount(self) -> None:
        super().on_mount()
        self._draw()
        self._schedule()

    # ------------------------------------------------------------------
    # Playing
    # ------------------------------------------------------------------

    @property
    def at_end(self) -> bool:
        """The last step is shown."""
        return self.index == len(self.steps) - 1

    @property
    def hover(self) -> Hover | None:
        """Where the pointer is at the moment shown; None before its first point."""
        k = bisect_right(self._hover_times, self.now_ms) - 1
        return self.hovers[k] if k >= 0 else None

    def _next_ms(self) -> int | None:
        """The time of the next thing that happens after the moment shown:
        the next move, or the pointer's next change."""
        later = [self.times[self.index]] if self.index < len(self.times) else []
        k = bisect_right(self._hover_times, self.now_ms)
        if k < len(self._hover_times):
            later.append(self._hover_times[k])
        return min(later) if later else None

    def check_size(self, size: Size | None = None) -> None:
        """Also hold the replay while the board is hidden (it would play on
        unseen), go on once it is shown again, and fit the status line to the
        new width."""
        super().check_size(size)
        self._draw()
        self._schedule()

    def _schedule(self) -> None:
        """Play on (a tick every TICK_S) unless paused, at the end or hidden."""
        playing = not self.paused and not self.at_end and not self.too_small
        if playing and self._timer is None:
            self._wall = time.monotonic()
            self._timer = self.set_interval(TICK_S, self._tick)
        elif not playing and self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _tick(self) -> None:
        """Move the moment on by the time since the last tick (MAX_TICK_S at
        most) times the speed, cutting a wait with nothing happening to MAX_GAP_S."""
        wall = time.monotonic()
        passed = min(wall - self._wall, MAX_TICK_S) * 1000 * self.speed
        self._wall = wall
        if self.paused or self.at_end or self.too_small:
            self._schedule()
            return
        upcoming = self._next_ms()
        if upcoming is not None and upcoming - self.now_ms > MAX_GAP_S * 1000:
            self.now_ms = upcoming - round(MAX_GAP_S * 1000)
        self.now_ms += round(passed)
        index = bisect_right(self.times, self.now_ms)
        self._show_at(index, self.now_ms)

    def _show_at(self, index: int, now_ms: int) -> None:
        self.index = max(0, min(index, len(self.steps) - 1))
        self.now_ms = now_ms
        self._draw()
        self._schedule()

    def _go(self, index: int) -> None:
        """To the board after ``index`` moves, at the moment of its move."""
        index = max(0, min(index, len(self.steps) - 1))
        self._show_at(index, self.times[index - 1] if index else self.start_ms)

    def _draw(self) -> None:
        step = self.steps[self.index]
        event = step.event
        hover = self.hover
        if hover is not None:
            cursor, pressed = hover.cell, hover.pressed
        else:
            cursor = event.pos if event is not None and event.pos is not None else None
            pressed = False
        judged = self.judged[step.index - 1] if step.index else None
        marks = marks_of(judged, self.proofs.get(step.index))
        self.show(
            tuple(tuple(map(tile_name, row)) for row in step.tiles),
            mines_left=step.mines_left,
            seconds=shown_seconds(step.elapsed_ms, step.started),
            face=face_of(step.status),
            cursor=cursor,
            line=self._status_line(step),
            marks=step.marks,
            painted=marks.cells,
            painted_wide=marks.wide,
            pressed=pressed,
        )
        self._draw_timeline()

    def _draw_timeline(self) -> None:
        """The guesses on a line in the board's bottom border (as wide as the
        border leaves for a label), and the legend under the status line
        when the terminal has a row for it."""
        width = 2 * self.setup.width - 3  # a corner, a space each side
        self.board.border_subtitle = timeline(self.times, self.judged, self.now_ms, width)
        legend = self.rows_below >= 1 and self.terminal.width >= LEGEND.cell_length
        self.end_panel.display = legend
        if legend:
            self.end_panel.update(LEGEND)

    def _status_line(self, step: Step) -> str:
        """Level, step, event and how it stands, shortened to the terminal's
        width by leaving out the level, then the event, then the step number:
        the outcome and its time (or the speed) are always there."""
        speed = f"speed {self.speed:g}"
        match step.status:
            case Won():
                state = f"won in {step.elapsed_ms / 1000:.3f} s"
            case Lost(Exploded()):
                state = "lost: a mine went off"
            case Lost():
                state = "lost: assist pressed too early"
            case Playing():
                state = f"paused · {speed}" if self.paused else speed
        judged = self.judged[step.index - 1] if step.index else None
        said = verdict_text(judged)
        proof = self.proofs.get(step.index)  # the move after this step was needless
        if proof is not None:
            said = f"{said} · {lesson_text(proof)}" if said else lesson_text(proof)
        parts = [
            self.title_text,
            f"step {step.index}/{len(self.steps) - 1}",
            step.what,
            said,
            state,
        ]
        if not parts[3]:
            del parts[3]
            return fit(dropping(parts, drop=[0, 2, 1]), self.terminal.width)
        return fit(dropping(parts, drop=[0, 3, 2, 1]), self.terminal.width)

    # ------------------------------------------------------------------
    # Keys
    # ------------------------------------------------------------------

    def action_play_pause(self) -> None:
        """Pause, or play on (from the start again once at the end)."""
        if self.paused and self.at_end:
            self.index, self.now_ms = 0, self.start_ms
        self.paused = not self.paused
        self._draw()
        self._schedule()

    def action_step_forward(self) -> None:
        """One step on (pauses)."""
        self.paused = True
        self._go(self.index + 1)

    def action_step_back(self) -> None:
        """One step back (pauses)."""
        self.paused = True
        self._go(self.index - 1)

    def action_to_start(self) -> None:
        """Back to the blank board (pauses)."""
        self.paused = True
        self._go(0)

    def action_to_end(self) -> None:
        """To the end of the game."""
        self._go(len(self.steps) - 1)

    def action_next_guess(self) -> None:
        """To the board before the next guess (pauses): its proof, if it was
        needless, is on the status line. A key that does nothing says why."""
        self.paused = True
        later = [g for g in self.guesses if g > self.index]
        if later:
            self._go(later[0])
        else:
            self.notify("no guess after this move")

    def action_previous_guess(self) -> None:
        """To the board before the previous guess (pauses)."""
        self.paused = True
        earlier = [g for g in self.guesses if g < self.index]
        if earlier:
            self._go(earlier[-1])
        else:
            self.notify("no guess before this move")

    def action_keys(self) -> None:
        """Show every key of the viewer, as play's F1 shows play's; the
        replay waits while they cover the board, then plays on if it played."""
        playing = not self.paused
        self.paused = True
        self._schedule()

        def play_on(_: object) -> None:
            if playing:
                self.paused = False
                self._draw()
                self._schedule()

        self.push_screen(KeysScreen(VIEWER_KEYS), play_on)

    def action_faster(self) -> None:
        """Play twice as fast (up to MAX_SPEED, never slower)."""
        self.speed = max(self.speed, min(self.speed * 2, MAX_SPEED))
        self._draw()
        self._schedule()

    def action_slower(self) -> None:
        """Play half as fast (down to MIN_SPEED, never faster)."""
        self.speed = min(self.speed, max(self.speed / 2, MIN_SPEED))
        self._draw()
        self._schedule()

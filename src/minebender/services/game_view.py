"""What a face shows of a game: one typed view, built from the session alone.

The page and the terminal paint this and nothing else: the tiles, the mine
counter, the clock, the face, the status, the clicks. So the clock's rule
(Windows XP's: 1 from the first click, stopping at 999) and the face's mood
are decided here once; a face only shows the digits it is given and moves
them on by one at each tick the view schedules.

While a game is on, a view holds only what the player may know: the tiles of
``Session.display()`` (which the laws keep free of the layout), counters and
clicks. The seed and the 3BV are facts about the layout, so they come in
``end`` only once the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from minebender.formats.replay import tile_name
from minebender.services.player_games import AtStake, at_stake
from minebender.services.session import DISPLAY_LIMIT_S, Session, board_code, level_name
from minebender.values import types
from minebender.values.types import Boom, Hidden, Lost, Pos, Shown, Won

__all__ = [
    "ClockView",
    "EndView",
    "Face",
    "GameView",
    "Status",
    "changed_cells",
    "clock_view",
    "face_of",
    "game_view",
    "tile_rows",
]

Status = Literal["playing", "won", "lost", "abandoned"]
Face = Literal["smile", "cool", "dead"]
"""The face's mood: playing (or not started), won, lost. A face may show its
own "oh" while a button is held on the board: that is painting, not state."""


@dataclass(frozen=True, slots=True)
class ClockView:
    """The timer as it shows: ``shown`` whole seconds (0 before the first
    click, 1 from it, at most ``limit``). While ``running``, ``shown`` goes up
    by one ``next_tick_ms`` from now and then every second, up to ``limit``."""

    shown: int
    running: bool
    next_tick_ms: int
    limit: int
    elapsed_ms: int
    """The exact time, for the end screen and the best times."""


@dataclass(frozen=True, slots=True)
class Clicks:
    """The clicks as the rule of presses counted them, and the assists."""

    left: int
    right: int
    chord: int
    assist: int


@dataclass(frozen=True, slots=True)
class EndView:
    """What a finished game may tell: the board's code (None for a board from a
    file), the first click, the 3BV and the figures, whether it is a best time
    waiting for a name, and the cell that lost it."""

    code: str | None
    first: Pos | None
    bbbv: int | None
    bbbv_solved: int
    bbbv_per_s: float | None
    efficiency: float | None
    best_time: bool
    at: Pos | None


@dataclass(frozen=True, slots=True)
class GameView:
    """A game as a face shows it to its owner."""

    level: str
    width: int
    height: int
    mines: int
    status: Status
    reason: str | None
    tiles: tuple[tuple[str, ...], ...]
    """Tile names row by row (``replay.tile_name``): covered, flagged, 0-8,
    blast, hint, mine, wrong_flag."""
    marks: tuple[Pos, ...]
    """The player's ? on covered cells, drawn over their tiles, in order."""
    counter: int
    """What the mine counter shows: mines less flags (it may go below 0)."""
    clock: ClockView
    face: Face
    clicks: Clicks
    started: bool
    paused: bool
    practice: bool
    no_guess: bool
    ranked: bool
    board_file: str | None
    at_stake: AtStake | None
    """What a new game in its place would cost: a face asks first."""
    revision: int
    """One more with each move, ? and practice: another window's change shows."""
    end: EndView | None
    hinted: bool = False
    """The hints were shown in this game: never a best time."""
    auto_clicks: int = 0
    """The clicks auto play made for the player: never a best time."""


_SEEN_NAMES = {Hidden: "covered", Boom: "blast"}
_NUMBERS = tuple(str(n) for n in range(9))


def tile_rows(session: Session) -> tuple[tuple[str, ...], ...]:
    """The names of ``session.display()``, row by row.

    During play the laws make every tile a function of what the player sees
    and their flags alone (``law display_play``), so they are named straight
    from the knowledge: several times faster than building Tile values first,
    which matters on Expert with many players. A finished game goes through
    ``display()``. A test checks that both ways always agree.
    """
    if session.over or session.game is None:
        return tuple(tuple(map(tile_name, row)) for row in session.display())
    out: list[list[str]] = []
    numbers, seen_names = _NUMBERS, _SEEN_NAMES
    for row in session.knowledge.rows:
        out.append([numbers[s.n] if type(s) is Shown else seen_names[type(s)] for s in row])
    for p in session.flags:
        out[p.y][p.x] = "flagged"
    return tuple(map(tuple, out))


def changed_cells(before: GameView, after: GameView) -> tuple[Pos, ...] | None:
    """The cells that look different (their tile or their ?), row by row;
    None when the boards differ in size (a face then paints every cell)."""
    if (before.width, before.height) != (after.width, after.height):
        return None
    marks = set(before.marks) ^ set(after.marks)
    return tuple(
        Pos(x, y)
        for y, (old, new) in enumerate(zip(before.tiles, after.tiles, strict=True))
        for x, (a, b) in enumerate(zip(old, new, strict=True))
        if a != b or Pos(x, y) in marks
    )


def clock_view(session: Session) -> ClockView:
    """The clock alone, for a face that ticks between views."""
    ms = session.elapsed_ms
    shown = session.timer
    running = session.started and not session.over and not session.paused
    if shown >= DISPLAY_LIMIT_S:
        running = False
    return ClockView(shown, running, 1000 - ms % 1000 if running else 0, DISPLAY_LIMIT_S, ms)


def face_of(status: types.Status) -> Face:
    """The face's mood in a game of this status: cool once won, dead once lost,
    else smiling (the replay viewer asks it of each step too)."""
    if isinstance(status, Won):
        return "cool"
    return "dead" if isinstance(status, Lost) else "smile"


def _status(session: Session, abandoned: bool) -> Status:
    if abandoned and not session.over:
        return "abandoned"
    if session.won:
        return "won"
    return "lost" if session.over else "playing"


def _end(session: Session, qualifies: bool) -> EndView | None:
    if not session.over:
        return None
    st = session.status
    return EndView(
        code=board_code(session.spec),
        # the code's board is this one only from the first click
        first=session.first_pos,
        bbbv=session.bbbv,
        bbbv_solved=session.bbbv_solved,
        bbbv_per_s=session.bbbv_per_s,
        efficiency=session.efficiency,
        best_time=qualifies,
        at=st.reason.pos if isinstance(st, Lost) else None,
    )


def game_view(session: Session, *, qualifies: bool = False, abandoned: bool = False) -> GameView:
    """The view of a game for its owner. An abandoned game is shown as it was
    left, with nothing more (its board may be dealt again by its code, but it
    was never cleared nor lost: no end screen). ``qualifies``: a won game
    whose time is a best time waiting for its name."""
    b = session.setup
    status = _status(session, abandoned)
    c = session.clicks
    return GameView(
        level=level_name(session.spec.level),
        width=b.width,
        height=b.height,
        mines=b.mines,
        status=status,
        reason=session.lost_reason,
        tiles=tile_rows(session),
        marks=tuple(sorted(session.marks, key=lambda p: (p.x, p.y))),
        counter=session.mines_left,
        clock=clock_view(session),
        face=face_of(session.status),
        clicks=Clicks(c.left, c.right, c.chord, c.assist),
        started=session.started,
        paused=session.paused,
        practice=session.spec.practice,
        no_guess=session.spec.no_guess,
        ranked=session.spec.ranked,
        board_file=session.spec.board_file,
        at_stake=at_stake(session, best_time_pending=qualifies, abandoned=abandoned),
        revision=len(session.events),
        end=_end(session, qualifies),
        hinted=session.hinted,
        auto_clicks=session.auto_clicks,
    )

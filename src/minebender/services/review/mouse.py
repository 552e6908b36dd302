"""Mouse events of a recorded game, turned into the game's actions by the one
rule of presses.

Arbiter, Viennasweeper, Metasweeper and Minesweeper Clone all work as
Windows' Minesweeper does, and so does ms_toollib when it replays their files.
Their events (``lc`` a left press, ``lr`` its release...) are presses and
releases of a button, so they become the session's ``Press`` and ``Release``
and ``session.presses.Hands`` decides what each does and how it counts, as it
does for minebender's own games. Two kinds are the clients' own: ``cc`` (both
buttons down, ms_toollib's name for the press that joins the other) is a
press of each button not yet down, and ``pf`` (a flag a client placed before
the first click, Viennasweeper's pre-flags) a right click.

A click that did nothing still counts (on an opened cell, off the board): it
is kept as a move that does nothing there (``record.idle_click``). Before the
first click the clients count no click until a flag is placed (``figures``):
so a left click off the board then, with no flag, is no move at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from minebender.rules.game import Game
from minebender.services.review.play import advance, cell_at
from minebender.services.review.record import idle_click
from minebender.services.session import Button, Event, Hands, Press, Release
from minebender.values.types import Flag, Layout, Pos

__all__ = ["MouseEvent", "actions_of", "inputs_of"]


@dataclass(frozen=True, slots=True)
class MouseEvent:
    """One event of a recording: ms since its start, the kind (``lc`` left
    press, ``lr`` left release, ``rc``/``rr`` right, ``mc``/``mr`` middle,
    ``cc`` both pressed, ``pf`` a pre-flag, ``mv`` a move) and the cell under
    the pointer (a cell off the board when the pointer was outside it)."""

    t_ms: int
    kind: str
    pos: Pos


_BUTTON: dict[str, Button] = {"l": "left", "r": "right", "m": "middle"}


def inputs_of(events: Iterable[MouseEvent]) -> Iterator[Event]:
    """The presses and releases of ``events`` (times of 0 or more), in order;
    a move of the pointer is none."""
    for e in events:
        if e.kind == "cc":
            yield Event(Press("left", e.pos), e.t_ms)
            yield Event(Press("right", e.pos), e.t_ms)  # a button already down stays so
        elif e.kind == "pf":
            yield Event(Press("right", e.pos), e.t_ms)
            yield Event(Release("right", e.pos), e.t_ms)
        elif len(e.kind) == 2 and e.kind[0] in _BUTTON and e.kind[1] in "cr":
            button = _BUTTON[e.kind[0]]
            yield Event((Press if e.kind[1] == "c" else Release)(button, e.pos), e.t_ms)


def actions_of(
    width: int, height: int, layout: Layout, inputs: Iterable[Event]
) -> tuple[tuple[Event, ...], int | None]:
    """The cell actions of another client's presses, each played on the board
    the ones before leave (by the clients' rule: floods stop at flags), until
    the game ends; and the time of the first that opened a cell (None if
    none did). The rule reads the presses as ms_toollib does
    (``Hands(toollib=True)``), whose figures review matches."""
    game = Game.fresh(width, height, layout)
    hands = Hands(toollib=True)
    actions: list[Event] = []
    opened_ms: int | None = None
    right_at: tuple[Pos | None, int] = (None, 0)  # the cell and time of the last right press
    for e in inputs:
        if not game.playing:
            break
        press = e.move
        if not isinstance(press, (Press, Release)):
            continue
        cell = cell_at(game, press.pos)
        pos = None if cell == "off" else press.pos
        if isinstance(press, Press):
            meaning = hands.press(press.button, pos, cell, marks=False)
            right_at = (pos, e.t_ms) if press.button == "right" else right_at
        else:
            meaning = hands.release(press.button, pos, cell, early=opened_ms is None)
        move = meaning.move
        if move is None and meaning.count is not None:
            if meaning.count == "left" and opened_ms is None and not game.flags:
                continue  # off the board before the first click, no flag placed: no click
            if meaning.count == "right":  # counted at its release, made at its press
                action = Event(idle_click("right", right_at[0]), right_at[1])
            else:
                action = Event(idle_click(meaning.count, pos), e.t_ms)
        elif move is None:
            continue
        else:
            action = Event(move, e.t_ms)
        actions.append(action)
        before = game
        game, _ = advance(game, action, opened_ms is not None, True)
        if opened_ms is None and not isinstance(move, Flag):
            opened_ms = None if game.knowledge is before.knowledge else e.t_ms
    return tuple(actions), opened_ms

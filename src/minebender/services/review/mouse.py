"""Mouse events of a recorded game, turned into the game's actions.

Arbiter, Viennasweeper, Metasweeper and Minesweeper Clone all work as
Windows' Minesweeper does, and so does ms_toollib when it replays their files:

- a right press on a covered cell puts or takes a flag at once;
- a left release opens the cell under the pointer;
- both buttons down make a chord, done at the first of them to come up (or at
  the middle button's release), where the pointer then is; the other button's
  release does nothing after it;
- a right press on an opened cell that turns into a chord is part of the chord,
  and not counted as a right click.

Before the first click a left release off the board is no click at all (the
game has not started). ``pf`` events are flags a client placed before the
first click (Viennasweeper's pre-flags).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from minebender.services.review.record import Move
from minebender.values.types import Pos

__all__ = ["MouseEvent", "moves_of"]


@dataclass(frozen=True, slots=True)
class MouseEvent:
    """One event of a recording: ms since its start, the kind (``lc`` left
    press, ``lr`` left release, ``rc``/``rr`` right, ``mc``/``mr`` middle,
    ``cc`` both pressed, ``pf`` a pre-flag, ``mv`` a move) and the cell under
    the pointer (a cell off the board when the pointer was outside it)."""

    t_ms: int
    kind: str
    pos: Pos


@dataclass
class _Buttons:
    left: bool = False
    right: bool = False
    chording: bool = False
    spent: bool = False  # the button still down was part of a chord: its release does nothing
    held_right: MouseEvent | None = None  # a right press on an opened cell, counted at its release


def moves_of(
    events: Iterable[MouseEvent], covered: Callable[[Pos], bool], started: Callable[[], bool]
) -> Iterator[Move]:
    """The actions of ``events``, one at a time. ``covered(pos)`` says whether
    the cell is covered on the board the actions before leave, and
    ``started()`` whether the first click was made: the caller plays each
    action before asking for the next."""
    b = _Buttons()
    for e in events:
        kind = e.kind
        if kind == "mv":
            continue
        if kind == "pf":
            yield Move(e.t_ms, "flag", e.pos)
        elif kind == "lc":
            b.left, b.spent = True, False
            if b.right:
                b.chording = True
        elif kind == "rc":
            b.right = True
            if b.left:
                b.chording = True
            elif covered(e.pos):
                yield Move(e.t_ms, "flag", e.pos)
            else:
                b.held_right = e
        elif kind == "cc":
            b.left = b.right = b.chording = True
            b.held_right = None
        elif kind == "lr":
            b.left = False
            if b.chording:
                b.chording, b.held_right, b.spent = False, None, True
                yield Move(e.t_ms, "chord", e.pos)
            elif b.spent:
                b.spent = b.right
            elif started() or covered(e.pos):
                yield Move(e.t_ms, "reveal", e.pos)
        elif kind == "rr":
            b.right = False
            if b.chording:
                b.chording, b.held_right, b.spent = False, None, True
                yield Move(e.t_ms, "chord", e.pos)
            elif b.held_right is not None:
                held, b.held_right = b.held_right, None
                yield Move(held.t_ms, "flag", held.pos)
            elif b.spent and not b.left:
                b.spent = False
        elif kind == "mr":
            yield Move(e.t_ms, "chord", e.pos)

"""Auto play until a guess: every certainly safe cell played for the player,
in one of three styles, until the next move would be a guess.

Each click goes to the session as an ``auto`` event (``Session.auto``): the
rule of presses decides what it does and how it counts, the record keeps it
apart from the player's own clicks, and a game that used it is never a best
time. What is certain comes from what the player sees only
(``find_settled``: the solver never sees the layout).

The styles (docs/web.md, Auto Play), each acting in reading order on the
cells settled, then settling the board again with what its clicks opened:

- ``flags``: flag every certain mine not yet flagged, then left-click every
  safe covered cell still covered.
- ``no_flags``: left-click every safe covered cell still covered; never flag.
- ``efficiency``: fewest clicks. A chord on a number opens its safe covered
  neighbours at the cost of one click plus a right click for each mine
  beside it not yet flagged. It is made, with those flags first, when it
  opens more cells than it costs clicks; the number whose chord saves the
  most goes first. Otherwise the first safe covered cell is left-clicked.

In every style a flag on a safe cell is taken off (a right click) before the
cell is opened, and a ? on a mine is taken off before it is flagged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from minebender.rules.solver.safety import find_settled
from minebender.services.session import Button, Session
from minebender.values.types import Pos, Shown

__all__ = ["STYLES", "AutoRun", "Style", "play_until_guess"]

_ZERO = Shown(0)

Style: TypeAlias = Literal["flags", "no_flags", "efficiency"]
STYLES: tuple[Style, ...] = ("flags", "no_flags", "efficiency")


@dataclass(frozen=True, slots=True)
class AutoRun:
    """What one run of auto play did: the clicks it made, why it stopped
    (``guess``: no covered cell is certainly safe; ``won``; ``not_started``:
    the first click is the player's; ``over``: the game was over already, as
    certain moves never lose), and a sentence saying so."""

    clicks: int
    stopped: Literal["guess", "won", "not_started", "over"]
    message: str


def play_until_guess(session: Session, style: Style) -> AutoRun:
    """Play every certain move of ``session`` in ``style`` until none is left."""
    if style not in STYLES:
        raise ValueError(f"style must be one of {', '.join(STYLES)}, got {style!r}")
    if session.over:
        return AutoRun(0, "over", "The game is over: there is nothing to play.")
    if not session.started:
        return AutoRun(
            0, "not_started", "The first click is yours: it is always safe, and nothing is known."
        )
    before = session.auto_clicks
    while not session.over:
        found = find_settled(session.knowledge)
        if found is None:
            break  # no layout agrees: cannot happen in a real game
        safe = [p for p in found[0] if session.knowledge.hidden(p)]
        mines = found[1]
        if style == "flags":
            for m in mines:
                _flag(session, m)
        if not safe:
            break
        if style == "efficiency":
            _efficient_round(session, set(safe), set(mines))
        else:
            for p in safe:
                _open(session, p)
    made = session.auto_clicks - before
    clicks = f"{made} click{'s' if made != 1 else ''}"
    if session.won:
        return AutoRun(made, "won", f"Auto play won the game in {clicks}.")
    if session.over:
        return AutoRun(made, "over", f"Auto play ended the game in {clicks}.")
    return AutoRun(
        made,
        "guess",
        f"Auto play stopped after {clicks}: no cell is certainly safe, the next move is a guess.",
    )


def _click(session: Session, button: Button, pos: Pos) -> None:
    session.auto(button, pos)


def _open(session: Session, pos: Pos) -> None:
    """Left-click a safe cell still covered, its flag taken off first."""
    if session.over or not session.knowledge.hidden(pos):
        return
    if pos in session.flags:
        _click(session, "right", pos)
    _click(session, "left", pos)


def _flag_cost(session: Session, pos: Pos) -> int:
    """The right clicks that flag a covered cell: none on a flag, two on a ?
    (the first takes it off), else one."""
    if pos in session.flags:
        return 0
    return 2 if pos in session.marks else 1


def _flag(session: Session, pos: Pos) -> None:
    for _ in range(_flag_cost(session, pos)):
        _click(session, "right", pos)


def _chord_value(
    session: Session, number: Pos, safe: set[Pos], mines: set[Pos]
) -> tuple[int, list[Pos]] | None:
    """The clicks a chord on ``number`` saves over clicking its safe covered
    neighbours one by one, and the mines it needs flagged first; None when a
    chord there is not certain to open only safe cells (a neighbour undecided,
    or a flag on a cell that is not a certain mine) or opens nothing."""
    k = session.knowledge
    flags = session.flags
    opened, need = 0, []
    for q in k.neighbours(number):
        if not k.hidden(q):
            continue
        if q in mines:
            if q not in flags:
                need.append(q)
        elif q in safe and q not in flags:
            opened += 1
        else:
            return None
    if not opened:
        return None
    cost = 1 + sum(_flag_cost(session, q) for q in need)
    return opened - cost, need


def _efficient_round(session: Session, safe: set[Pos], mines: set[Pos]) -> None:
    """Open every cell of ``safe`` with as few clicks as the chords allow."""
    k = session.knowledge
    while not session.over and any(k.hidden(p) for p in safe):
        numbers = {
            q
            for p in safe
            if k.hidden(p)
            for q in k.neighbours(p)
            if (seen := k.seen(q)) != _ZERO and isinstance(seen, Shown)
        }
        best: tuple[int, int, int, Pos, list[Pos]] | None = None
        for n in numbers:
            value = _chord_value(session, n, safe, mines)
            if value is not None and value[0] > 0:
                key = (-value[0], n.y, n.x, n, value[1])
                best = key if best is None or key[:3] < best[:3] else best
        if best is not None:
            _, _, _, number, need = best
            for m in need:
                _flag(session, m)
            _click(session, "middle", number)
        else:
            _open(session, min((p for p in safe if k.hidden(p)), key=lambda p: (p.y, p.x)))
        k = session.knowledge

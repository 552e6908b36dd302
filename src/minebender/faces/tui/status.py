"""What the terminal game's status line says: the level while a game is on,
how it ended once it is over, and why a win asks no name for a best time.

It reads the game's view (``services.game_view``: its status, why it was
lost, its clock, its kind) and the spec the player chose it by (the seed
they gave, a board from a file): no rule of the game is decided here.
Each is given longest first, then in shorter forms that leave out what
matters least (``line_fit.dropping``), for the app to pick the one that fits
the terminal (``line_fit.fit``): the outcome and its time are always there.
"""

from __future__ import annotations

from minebender.faces.tui.line_fit import dropping
from minebender.services.game_view import GameView
from minebender.services.session import SessionSpec

__all__ = ["no_best_time", "status_lines"]


def status_lines(view: GameView, spec: SessionSpec, *, resumed: bool, then: str = "") -> list[str]:
    """The status line, longest first, then shorter forms. A finished game's
    says how it ended, then why no best time is asked (if its kind is why),
    then ``then`` (the key for what comes next, given up first); a game being
    played names its level, ``resumed`` if it was brought back, its seed if
    the player chose it (or that its board came from a file), and whether it
    is no-guess (the seed given up first)."""
    v = view
    if v.status == "won":
        why = no_best_time(v, spec)
        won = [
            f"You won in {v.clock.elapsed_ms / 1000:.3f} s!",
            "" if why is None else f"No best time: {why}.",
            then,
        ]
        return list(dropping(won, drop=[2, 1], sep=" "))
    if v.status == "lost":
        if v.reason == "blast":
            return list(dropping(["Boom! You revealed a mine.", then], drop=[1], sep=" "))
        brief = "Too early: ✓ was provably safe."
        longer = "Too early: ✓ is a cell you could prove safe."
        return [f"{longer} {then}".strip(), f"{brief} {then}".strip(), brief]
    name = v.level
    if name == "custom":
        name = f"custom {v.width}x{v.height}x{v.mines}"
    again = "resumed " if resumed else ""
    # The seed gives the board away: a dealt board keeps it to itself while
    # it is on (as the web page keeps its code), or the board could be
    # learnt with --seed in another window and then played for a best time.
    # A chosen board's seed is the one the player gave; a board from a file
    # has a seed that deals another board, so it is named for what it is.
    if v.board_file is not None:
        seed = f"board of {v.board_file}"
    elif spec.layout is not None:
        seed = "board from a file"
    else:
        seed = f"seed {spec.seed}" if spec.chosen else ""
    extra = "no-guess" if v.no_guess else ""
    return list(dropping([f"{again}{name}", seed, extra], drop=[1]))


def no_best_time(view: GameView, spec: SessionSpec) -> str | None:
    """Why a won game cannot be a best time, in a word or two, if its kind is
    why (the store's rule, ``Store.qualifies``): None for a game that may be
    one (if fast enough), so that a player who sees no name asked knows why."""
    if view.practice:
        return "practice"
    if view.no_guess:
        return "no-guess board"
    if spec.chosen:
        return "chosen board"
    if view.clicks.assist:
        return "assisted"
    if view.auto_clicks:
        return "auto play"
    if view.hinted:
        return "hints shown"
    if view.level == "custom":
        return "custom field"
    return None

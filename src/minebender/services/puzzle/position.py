"""Make Unique and Minimize of a position as a player left it: its numbers,
its flags, and a symmetry the numbers shown are to keep.

A position need not name a layout, so one that fits is chosen (``a_layout``,
seeded by the caller's text: the same board gives the same answer). The
player's flags lead the choice: each is made a mine while some layout still
fits with it. The answer keeps the flags the layout agrees with and takes
off the others, naming them: a flag on a cell the only layout makes safe is
a mistake the player would want to hear of, and it could not stay where
Make Unique shows a number.
"""

from __future__ import annotations

from dataclasses import dataclass

from minebender.formats.boardtext import Board, format_board
from minebender.services.puzzle.orbits import check_symmetry
from minebender.services.puzzle.unique import a_layout, is_unique, make_unique, minimize
from minebender.services.puzzle.values import Puzzle
from minebender.values.seeded import Stream
from minebender.values.types import Pos

__all__ = ["LAYOUT_TRIES", "Edited", "minimized_position", "unique_position"]

LAYOUT_TRIES = 20
"""Layouts tried by Make Unique with a symmetry before it gives up: a layout
whose orbits free of mines leave more than one layout fitting, or that puts
a mine on an image of a number shown, is dropped for another."""


@dataclass(frozen=True, slots=True)
class Edited:
    """A position made unique or minimized: the layout chosen with the numbers
    it showed (``before``), the result, the flags kept and those taken off."""

    before: Puzzle
    puzzle: Puzzle
    flags: frozenset[int]
    """The player's flags on mines of the layout: they stay."""
    unflagged: frozenset[int]
    """The player's flags on cells the layout makes safe: taken off."""

    def board_text(self) -> str:
        """The result as board text, the flags kept written ``F``."""
        w = self.puzzle.width
        return format_board(self.puzzle.knowledge(), [Pos(i % w, i // w) for i in self.flags])


def _flags(board: Board) -> frozenset[int]:
    w = board.knowledge.width
    return frozenset(p.y * w + p.x for p in board.flags)


def _edited(before: Puzzle, after: Puzzle, flags: frozenset[int]) -> Edited:
    return Edited(before, after, flags & after.mines, flags - after.mines)


def unique_position(board: Board, seed_text: str, symmetry: str = "none") -> Edited:
    """The position with a small set of numbers added, of a layout that fits
    it, so that only that layout fits (``make_unique``); with a symmetry, up
    to ``LAYOUT_TRIES`` layouts are tried. ValueError saying why none did."""
    check_symmetry(symmetry)
    flags = _flags(board)
    why = ""
    for attempt in range(LAYOUT_TRIES if symmetry != "none" else 1):
        text = seed_text if attempt == 0 else f"{seed_text} {attempt}"
        before = a_layout(board.knowledge, Stream.from_text(text), flags, symmetry)
        try:
            return _edited(before, make_unique(before, symmetry), flags)
        except ValueError as exc:
            why = str(exc)
            if is_unique(before):  # the one layout: another try chooses it again
                break
    raise ValueError(f"{why} (of the layouts that fit, {attempt + 1} tried)")


def minimized_position(board: Board, seed_text: str, symmetry: str = "none") -> Edited:
    """The position with its numbers hidden while its one layout still fits
    (``minimize``, by orbits with a symmetry). ValueError when more than one
    layout fits, or the numbers that keep the symmetry leave more than one."""
    check_symmetry(symmetry)
    flags = _flags(board)
    before = a_layout(board.knowledge, Stream.from_text(seed_text), flags)
    if not is_unique(before):
        raise ValueError("more than one layout fits this board: make it unique first")
    return _edited(before, minimize(before, symmetry=symmetry), flags)

"""The puzzle value: a layout and the numbers shown of it.

A puzzle is a board where some safe cells show their number and every other
cell is hidden; the player knows the total number of mines and must find
where they are. Cells are flat indexes ``y * width + x``, as in the solver.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from minebender.formats.boardtext import format_board
from minebender.rules.solver.reading import Numbers, cells_of, neighbour_masks
from minebender.values.types import HIDDEN, SHOWN, Knowledge, Seen

__all__ = ["HasPuzzle", "Puzzle", "numbers_of", "puzzle_of"]


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A layout (``mines``) and the safe cells that show their number (``shown``).

    Both are sets of flat indexes. ``__post_init__`` refuses a shown mine or a
    cell off the board, so every Puzzle is one a player could be given.
    """

    width: int
    height: int
    mines: frozenset[int]
    shown: frozenset[int]
    mine_mask: int = field(init=False, repr=False, compare=False)
    """The mines as a bit set (bit i: flat index i)."""
    hidden_mask: int = field(init=False, repr=False, compare=False)
    """The cells that show nothing, as a bit set."""

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise ValueError(f"a puzzle needs at least one cell, got {self.width}x{self.height}")
        cells = self.width * self.height
        for name, where in (("mine", self.mines), ("shown cell", self.shown)):
            off = [i for i in where if not 0 <= i < cells]
            if off:
                raise ValueError(f"{name} {off[0]} is off the {self.width}x{self.height} board")
        both = self.mines & self.shown
        if both:
            i = min(both)
            raise ValueError(f"cell ({i % self.width}, {i // self.width}) is a mine and shown")
        object.__setattr__(self, "mine_mask", _mask(self.mines))
        object.__setattr__(self, "hidden_mask", ((1 << cells) - 1) & ~_mask(self.shown))

    @property
    def total(self) -> int:
        """The number of mines, which the player is told."""
        return len(self.mines)

    def number(self, i: int) -> int:
        """The number of cell i: the mines next to it."""
        return (neighbour_masks(self.width, self.height)[i] & self.mine_mask).bit_count()

    def knowledge(self) -> Knowledge:
        """What the player is given: the shown numbers, the total, the rest hidden."""
        w = self.width
        mask = self.mine_mask
        around = neighbour_masks(w, self.height)
        flat: list[Seen] = [HIDDEN] * (w * self.height)
        for i in self.shown:
            flat[i] = SHOWN[(around[i] & mask).bit_count()]
        rows = tuple(tuple(flat[y * w : y * w + w]) for y in range(self.height))
        return Knowledge(w, self.height, self.total, rows)

    def board_text(self) -> str:
        """The puzzle as board text (docs/formats.md) with the header ``WxHxN``."""
        return format_board(self.knowledge())

    def solution(self) -> list[str]:
        """The layout, a string a row: ``*`` a mine, ``.`` a safe cell."""
        w = self.width
        return [
            "".join("*" if y * w + x in self.mines else "." for x in range(w))
            for y in range(self.height)
        ]

    def with_shown(self, shown: frozenset[int]) -> Puzzle:
        """The same layout showing other numbers."""
        return Puzzle(self.width, self.height, self.mines, shown)


class HasPuzzle(Protocol):
    """What holds a puzzle, as ``make_puzzle``'s ``Made`` does."""

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle held."""
        ...


def puzzle_of(p: Puzzle | HasPuzzle) -> Puzzle:
    """The puzzle itself, or the one a ``Made`` holds: docs/puzzles.md passes
    ``make_puzzle(...)`` straight to ``grade``, and a reader would expect that
    to work for every function that takes a puzzle."""
    if isinstance(p, Puzzle):
        return p
    inner = getattr(p, "puzzle", None)
    if not isinstance(inner, Puzzle):
        raise TypeError(f"a Puzzle (or what make_puzzle gives) is needed, got {type(p).__name__}")
    return inner


def _mask(cells: frozenset[int]) -> int:
    """A set of flat indexes as a bit set (one int parse, not a shift per cell)."""
    if not cells:
        return 0
    flags = ["0"] * (max(cells) + 1)
    for i in cells:
        flags[i] = "1"
    return int("".join(reversed(flags)), 2)


def numbers_of(
    width: int,
    height: int,
    total: int | None,
    mine_mask: int,
    shown: list[int],
    unknown: int | None = None,
    known_mines: int = 0,
) -> Numbers:
    """The solver's reading of a puzzle: each shown number next to a cell still
    unknown, with the mines it still needs. ``unknown`` (default: every cell not
    shown) leaves out cells already settled; cells left out count as safe, or
    as mines when in ``known_mines``, whose count ``total`` must already exclude.

    Built from bit sets, not from a Knowledge, so that a check costs no board
    of objects: the generator makes hundreds of checks per puzzle."""
    around = neighbour_masks(width, height)
    hidden = (
        (((1 << (width * height)) - 1) & ~sum(1 << i for i in shown))
        if unknown is None
        else unknown
    )
    scopes = []
    for i in shown:
        scope = around[i] & hidden
        if scope:
            need = (around[i] & mine_mask).bit_count() - (around[i] & known_mines).bit_count()
            scopes.append((i, scope, need))
    return Numbers(width, height, total, 0, tuple(cells_of(hidden)), hidden, tuple(scopes), None)

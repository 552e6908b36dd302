"""What the subcommands and the benchmarks share: UsageError and the reading of
the options they have in common (a level name, WxHxM, X,Y, a run's rs).

It lives in the services layer, below both: the benchmarks (services) and the
``minebender`` command (interfaces) read the same options the same way, and
imports point down only, so neither may take them from the other's modules.
``minebender.cli`` re-exports UsageError, which it turns into exit status 2.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from minebender.game import setup
from minebender.types import Custom, Pos, Setup

if TYPE_CHECKING:
    from minebender.batch import RunSpec

__all__ = [
    "UsageError",
    "board_rs",
    "checked_board",
    "level_name",
    "note_if_limited",
    "parse_custom",
    "parse_first",
]


class UsageError(Exception):
    """Bad usage or input: printed as one line on stderr, exit status 2."""


def level_name(text: str) -> str:
    """A level name as typed, in the case the level tables use: every --level
    takes any case (``Expert``, ``EXPERT``), as ``play --level`` always did."""
    return text.strip().lower()


def parse_custom(text: str) -> Setup:
    """WxHxM as a custom level, limited as Windows XP limits it (``setup``).

    >>> parse_custom("8x8x99")
    Setup(width=9, height=9, mines=71)
    """
    try:
        return setup(Custom.from_text(text.replace(" ", "")))
    except ValueError:
        raise UsageError(
            f"--custom must look like 30x16x99 (width x height x mines), got {text!r}"
        ) from None


def note_if_limited(command: str, option: str, text: str, size: Setup) -> None:
    """Say on stderr when the custom field ``text`` (WxHxM) asked for was limited
    to ``size``, as Windows XP limits it: a board other than the one asked for is
    never played or printed without a word. Every command says it the same way."""
    parts = text.strip().lower().split("x")
    asked = tuple(int(p) for p in parts) if len(parts) == 3 else None
    if asked != (size.width, size.height, size.mines):
        print(
            f"minebender {command}: note: {option} {text} is limited to"
            f" {size.width}x{size.height}x{size.mines} as Windows XP limits it",
            file=sys.stderr,
        )


def parse_first(text: str, size: Setup) -> Pos:
    """X,Y as a cell of the board.

    >>> parse_first("3,0", Setup(9, 9, 10))
    Pos(x=3, y=0)
    """
    parts = text.split(",")
    if len(parts) != 2:
        raise UsageError(f"--first must look like X,Y (column,row from 0), got {text!r}")
    try:
        x, y = (int(p) for p in parts)
    except ValueError:
        raise UsageError(f"--first must look like X,Y (column,row from 0), got {text!r}") from None
    if not (0 <= x < size.width and 0 <= y < size.height):
        raise UsageError(f"--first {x},{y} is off the {size.width}x{size.height} board")
    return Pos(x, y)


def board_rs(seed: int, index: int) -> list[int]:
    """The rs of board ``index`` of a run with ``seed``: [low 32 bits, high 32 bits, index].

    >>> board_rs(2**32 + 5, 1)
    [5, 1, 1]
    """
    return [seed % 2**32, seed // 2**32 % 2**32, index % 2**32]


def checked_board(spec: RunSpec, command: str) -> Setup:
    """The board of a run of games, or a UsageError naming what is wrong; a custom
    field that the laws limited is noted on stderr, as ``generate`` notes it."""
    from minebender.batch import LEVELS, BatchError
    from minebender.batch.spec import level_key

    try:
        board = spec.check()
    except BatchError as exc:
        raise UsageError(str(exc)) from None
    if level_key(spec.level) not in LEVELS:  # a custom WxHxM, maybe limited
        note_if_limited(command, "--level", spec.level, board)
    return board

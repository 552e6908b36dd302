"""What a batch plays and what one game of it gives: the run's fields checked
in one place, the result line every other part of a batch reads or writes,
and the errors a batch reports."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from minebender.rules.game import setup
from minebender.services.bot import (
    BOT_VERSION,
    BOUNDS,
    STRATEGIES,
    Bound,
    StrategyName,
    first_click,
)
from minebender.values.types import NAMED_LEVELS, Custom, Level, Setup
from minebender.values.words import either

__all__ = ["LEVELS", "BatchError", "GameFailed", "Result", "RunSpec", "logged_level"]

LEVELS = NAMED_LEVELS


class BatchError(Exception):
    """A batch cannot run as asked (bad argument, unreadable log, no cluster)."""


class GameFailed(BatchError):
    """A game raised an error or its worker died; finished games are in the log."""


class LogNotWritten(BatchError):
    """The ``--resume`` log cannot be written (a full disk): the games written
    to it before are kept."""


def logged_level(level: Level) -> str:
    """The level as a results line names it: ``beginner``, ``intermediate`` or
    ``expert``, and a custom field as the size it is played at (``5x5x3`` is
    limited to ``9x9x10``, the games of both). The one spelling, used to write
    a line and to tell whether a line is of a run (``RunSpec.same_run``), so
    that logs written before and after stay one run.

    >>> logged_level(NAMED_LEVELS["expert"]), logged_level(Custom(5, 5, 3))
    ('expert', '9x9x10')
    """
    return _logged_level(level)


@cache  # same_run asks it for every line of a log (millions, maybe): 2.6 us each
def _logged_level(level: Level) -> str:
    board = setup(level)  # raises TypeError on a non-level, such as the text "expert"
    if isinstance(level, Custom):
        return f"{board.width}x{board.height}x{board.mines}"
    return next(name for name, named in NAMED_LEVELS.items() if named == level)


@dataclass(frozen=True, slots=True)
class RunSpec:
    """What a batch plays: the level, the strategy, the first click, the seed, how
    many, and whether each game also bounds what perfect play wins of it (and
    with which bound). The level is a ``Level``, read once where it is typed
    (``types.read_level``); ``logged_level`` names it in the log."""

    level: Level
    strategy: StrategyName
    first: str
    seed: int
    games: int
    ceiling: bool = False
    bound: Bound = "two-move"

    def check(self) -> Setup:
        """The board of this run; raises BatchError naming a bad field. See
        ``pinned`` for the run to actually play."""
        board = setup(self.level)  # a TypeError, not a BatchError: no level is a bug
        if self.strategy not in STRATEGIES:
            raise BatchError(f"unknown strategy {self.strategy!r}: use {either(STRATEGIES)}")
        if not 0 <= self.seed < 2**64:
            raise BatchError(f"--seed must be from 0 to {2**64 - 1}, got {self.seed}")
        if self.bound not in BOUNDS:
            raise BatchError(f"unknown bound {self.bound!r}: use {either(BOUNDS)}")
        if self.games < 1:
            raise BatchError(f"--games must be at least 1, got {self.games}")
        try:
            first_click(board, self.first)
        except ValueError as exc:
            raise BatchError(str(exc)) from None
        return board

    def pinned(self, board: Setup) -> RunSpec:
        """This run with its first click as the cell ``x,y`` rather than a name:
        what the log records, so a name whose cell changes in a later version
        (``tuned`` is a measured choice) never joins games of two clicks, and
        ``tuned`` and ``2,3`` on Expert are one run, as they are the same games.
        A custom field is pinned to the size it is played at for the same reason
        (``5x5x3`` is limited to ``9x9x10``, the games of both)."""
        click = first_click(board, self.first)
        level = self.level
        if isinstance(level, Custom):
            level = Custom(board.width, board.height, board.mines)
        return replace(self, level=level, first=f"{click.x},{click.y}")

    def same_run(self, line: dict[str, Any]) -> bool:
        """Whether a results line was played by this run (level, strategy, first click
        and seed) and by this bot (``BOT_VERSION``): only such lines may be resumed,
        since another run's game n is another game, and another bot's game n is
        the same board played otherwise."""
        return (
            line.get("level") == logged_level(self.level)
            and line.get("strategy") == self.strategy
            and line.get("first") == self.first
            and line.get("seed") == self.seed
            and line.get("bot") == BOT_VERSION
        )


@dataclass(frozen=True, slots=True)
class Result:
    """One finished game, as one line of the log."""

    level: str
    strategy: str
    first: str
    seed: int
    game: int
    won: bool
    guesses: int
    moves: int
    seconds: float
    cpu_seconds: float = 0.0
    ceiling: float | None = None
    """What perfect play wins of this game at most (``bot.ceiling``); None when
    the run did not ask for it. Logs written before it existed have none."""
    bound: str | None = None
    """Which bound ``ceiling`` is (``bot.BOUNDS``); None without a ceiling, and
    in logs written before there was a choice, where it is the two-move one."""
    bot: int | None = None
    """The ``BOT_VERSION`` that played the game; None in logs written before it
    was recorded, whose bot is not known."""

    def bound_kind(self) -> str | None:
        """Which bound this game carries, None when it carries none."""
        if self.ceiling is None:
            return None
        return self.bound or "two-move"

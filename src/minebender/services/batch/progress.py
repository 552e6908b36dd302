"""The progress bar of a batch, on stderr and only on a terminal unless asked.
Rich is imported only when a bar is shown, so quiet and scripted runs skip it."""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["ProgressBar"]


class ProgressBar:
    """A rich progress bar on a terminal (games, win rate so far, time left),
    for ``total`` games of which ``done`` (``wins`` of them won) are already
    played; ``label`` says what they are (the level and the player)."""

    def __init__(self, label: str, total: int, done: int, wins: int, show: bool | None) -> None:
        self._wins = wins
        self._done = done
        self._bar: Any = None
        if show is None:
            show = sys.stderr.isatty()
        if not show:
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        self._bar = Progress(
            TextColumn(label.replace("[", "\\[")),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("win {task.fields[rate]}"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
        )
        self._task = self._bar.add_task("games", total=total, completed=done, rate=self._rate())

    def _rate(self) -> str:
        return f"{self._wins / self._done:.1%}" if self._done else "-"

    def advance(self, won: bool) -> None:
        """One more game finished (won or not): the bar moves and shows the win rate so far."""
        self._done += 1
        self._wins += won
        if self._bar is not None:
            self._bar.update(self._task, advance=1, rate=self._rate())

    def __enter__(self) -> ProgressBar:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()

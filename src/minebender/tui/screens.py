"""The dialogs over the board: a name for a new best time, and the scores.

Both are modal: while one is open the board ignores its keys, and ``escape``
closes it.
"""

from __future__ import annotations

import getpass
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from minebender.commands.stats import render_report
from minebender.store import MAX_NAME_LENGTH

__all__ = ["NameScreen", "ScoresScreen", "default_name"]


def default_name() -> str:
    """The name offered for a best time: the user's login name, if it can be found."""
    try:
        return getpass.getuser()[:MAX_NAME_LENGTH]
    except (OSError, KeyError):
        return ""


class NameScreen(ModalScreen[str | None]):
    """Asks a name for a new best time; enter keeps it, escape skips it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "skip", "skip")]
    DEFAULT_CSS = """
    NameScreen { align: center middle; }
    NameScreen > Vertical {
        width: 44; height: auto; padding: 1 2;
        border: round $accent; background: $surface;
    }
    NameScreen Input { margin-top: 1; }
    """

    def __init__(self, level: str, seconds: float) -> None:
        super().__init__()
        self.level = level
        self.seconds = seconds

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                f"A best time for {self.level}: {self.seconds:.3f} s!\n"
                "Your name (enter saves, escape skips):"
            )
            yield Input(value=default_name(), max_length=MAX_NAME_LENGTH, id="name")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = " ".join(event.value.split())
        if name:
            self.dismiss(name)

    def action_skip(self) -> None:
        """Keep no best time for this game."""
        self.dismiss(None)


class ScoresScreen(ModalScreen[None]):
    """Statistics and best times per level, the same report as ``minebender stats``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,s,q", "close", "close"),
    ]
    DEFAULT_CSS = """
    ScoresScreen { align: center middle; }
    ScoresScreen > VerticalScroll {
        width: 64; max-width: 100%; height: auto; max-height: 100%;
        padding: 0 1; border: round $accent; background: $surface;
    }
    """

    def __init__(self, report: dict[str, Any]) -> None:
        super().__init__()
        self.report = report

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(render_report(self.report, best=3, compact=True), id="report")
            yield Static("escape closes", id="hint")

    def action_close(self) -> None:
        """Back to the board."""
        self.dismiss(None)

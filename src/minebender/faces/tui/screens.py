"""The dialogs over the board: a name for a new best time, the scores, a
custom field, and the list of keys.

All are modal: while one is open the board ignores its keys, and ``escape``
closes it. Each has its own key footer, over the board's: the board's says
``q quit``, but in a dialog q closes it, or is a letter typed in its field.
"""

from __future__ import annotations

import getpass
from typing import Any, ClassVar, TypeVar

from rich.console import RenderableType
from rich.table import Table
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Static

from minebender.services.keys import GAME_KEYS, Key
from minebender.services.scores_report import render_report
from minebender.services.store import MAX_NAME_LENGTH, clean_name, joins
from minebender.values.types import Custom, Level

_T = TypeVar("_T")

__all__ = [
    "AskScreen",
    "CustomScreen",
    "KeysScreen",
    "NameInput",
    "NameScreen",
    "ScoresScreen",
    "TextScreen",
    "default_name",
    "key_grid",
]


def key_grid(keys: tuple[Key, ...] = GAME_KEYS) -> Table:
    """The key table as two columns: a description that wraps goes on under
    itself, not under the keys, however narrow the terminal."""
    grid = Table.grid(padding=(0, 2, 0, 0))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    for key in keys:
        grid.add_row(key.keys, key.does)
    return grid


def default_name() -> str:
    """The name offered for a best time: the user's login name, if it can be found."""
    try:
        return getpass.getuser()[:MAX_NAME_LENGTH]
    except (OSError, KeyError):
        return ""


class AskScreen(ModalScreen[_T | None]):
    """A small box over the board that asks for one line of text: the look and
    the escape key (None: nothing chosen) that the name and Custom dialogs share.
    Its footer names escape only: q is a letter of the text."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "skip", "cancel")]
    DEFAULT_CSS = """
    AskScreen { align: center middle; }
    AskScreen > Vertical {
        width: 44; max-width: 100%; height: auto; padding: 1 2;
        border: round $accent; background: $surface;
    }
    AskScreen Input { margin-top: 1; }
    """

    def action_skip(self) -> None:
        """Close, choosing nothing."""
        self.dismiss(None)


class NameInput(Input):
    """The name field, taking the characters that join an emoji as well
    (``store.joins``): Textual's field takes only what Python calls printable,
    and 🏳️‍🌈 was kept as 🏳️🌈, a name the page would have kept whole."""

    async def _on_key(self, event: events.Key) -> None:
        # Textual calls Input's own handler after this one, unless prevented:
        # a printable key is left to it, a joiner is taken here alone.
        if event.character is not None and len(event.character) == 1 and joins(event.character):
            event.stop()
            event.prevent_default()
            if self.selection.is_empty:
                self.insert_text_at_cursor(event.character)
            else:
                self.replace(event.character, *self.selection)


class NameScreen(AskScreen[str]):
    """Asks a name for a new best time; enter keeps it, escape skips it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "skip", "skip")]

    def __init__(self, level: str, seconds: float, name: str | None = None) -> None:
        """``name`` is offered in the field (else the login name, ``default_name``)."""
        super().__init__()
        self.level = level
        self.seconds = seconds
        self.name_offered = default_name() if name is None else name[:MAX_NAME_LENGTH]

    def compose(self) -> ComposeResult:
        with Vertical():
            # The time on a line of its own: wrapped at a space, "s!" would
            # go to the next line without its number.
            yield Static(
                f"A best time for {self.level}:\n{self.seconds:.3f} s!\n"
                "Your name (enter saves, escape skips):"
            )
            yield NameInput(value=self.name_offered, max_length=MAX_NAME_LENGTH, id="name")
            yield Static("", id="name-error")
        yield Footer(compact=True)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            self.dismiss(clean_name(event.value))
        except ValueError as exc:
            # the store's own rule, so the dialog never takes a name it refuses
            self.query_one("#name-error", Static).update(f"{str(exc).capitalize()}; escape skips.")


class ScoresScreen(ModalScreen[None]):
    """Statistics and best times per level, the same report as ``minebender stats``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,s,q", "close", "close", key_display="esc/s/q"),
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
            yield Static(render_report(self.report, compact=True), id="report")
            yield Static("escape closes", id="hint")
        yield Footer(compact=True)

    def action_close(self) -> None:
        """Back to the board."""
        self.dismiss(None)


class CustomScreen(AskScreen[Level]):
    """Asks for a Custom Field as WIDTHxHEIGHTxMINES; the laws clamp it as
    Windows XP's Custom dialog does, and the game says when they did; escape
    keeps the game as it is."""

    def __init__(self, current: str) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                "Custom field, as WIDTHxHEIGHTxMINES (width 9..30, height 9..25,"
                " mines 10..999; others are clamped). Enter plays, escape cancels:"
            )
            yield Input(value=self.current, max_length=32, id="custom")
            yield Static("", id="custom-error")
        yield Footer(compact=True)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            level = Custom.from_text(event.value)
        except ValueError as exc:
            self.query_one("#custom-error", Static).update(str(exc))
            return
        self.dismiss(level)


class TextScreen(ModalScreen[None]):
    """A box of text over the board, closed by escape or a subclass's keys:
    the keys list and the end screen are both one, differing in their text,
    keys and width."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "close", key_display="esc/q")
    ]
    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > VerticalScroll {
        max-width: 100%; height: auto; max-height: 100%;
        padding: 0 1; border: round $accent; background: $surface;
    }
    """
    WIDTH: ClassVar[int] = 64

    def __init__(self, *parts: tuple[RenderableType, str]) -> None:
        """``parts``: (text, id) of each block, top to bottom."""
        super().__init__()
        self.parts = parts

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.styles.width = self.WIDTH
            for text, block in self.parts:
                yield Static(text, id=block)
            yield Static("escape closes", id="hint")
        yield Footer(compact=True)

    def action_close(self) -> None:
        """Back to the board."""
        self.dismiss(None)


class KeysScreen(TextScreen):
    """Every key, for a footer that has room for only the commonest."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q", "close", "close", key_display="esc/F1/q")
    ]

    def __init__(self, keys: tuple[Key, ...] = GAME_KEYS) -> None:
        super().__init__((key_grid(keys), "keys"))

"""The small parts of the bar above the board: the mine counter, the face, the
assist button and the timer, drawn as Windows XP draws them (red digits on
black, a face that is the new-game button)."""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import Static

from minebender.services.game_view import Face as Mood

__all__ = ["ASSIST_LABEL", "AssistButton", "Face", "Led", "face_text", "led_text"]


def led_text(value: int) -> str:
    """Three digits, as XP's counters show them; negative counts keep their sign.

    >>> led_text(7), led_text(-3), led_text(1234), led_text(-120)
    ('007', '-03', '999', '-99')
    """
    value = max(-99, min(999, value))
    return f"-{-value:02d}" if value < 0 else f"{value:03d}"


_FACES: dict[Mood, str] = {"smile": ":)", "cool": "B)", "dead": "X("}


def face_text(mood: Mood) -> str:
    """The face of the view's mood: smiling while playing, sunglasses after a
    win, crossed eyes after a loss.

    >>> face_text("smile"), face_text("cool"), face_text("dead")
    (':)', 'B)', 'X(')
    """
    return _FACES[mood]


class Led(Static):
    """A three-digit display: the mine counter or the timer."""

    _shown = ""

    def show(self, value: int) -> None:
        """Show value (clamped to what three digits hold); redraws only on a change."""
        text = led_text(value)
        if text != self._shown:
            self._shown = text
            self.update(text)


class Face(Static):
    """The face; clicking it starts a new game, like XP's."""

    class Pressed(Message):
        """The face was clicked."""

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Pressed())


ASSIST_LABEL = "[assist]"
"""The assist button's word, in brackets. It was "?", which a covered cell
marked with a question mark also shows; then a bare "assist", which read
with the timer after it as a label ("assist 000"), as if it counted
assists. In brackets it is a button; with the counter and the timer three
columns wide it still fits the bar of the narrowest board (9 cells, 21
columns), a column apart from each of its neighbours."""


class AssistButton(Static):
    """The no-guess assist: opens a safe cell when you are stuck, loses if you are not."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(ASSIST_LABEL, id=id, markup=False)

    class Pressed(Message):
        """The assist was clicked."""

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Pressed())

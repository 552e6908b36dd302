"""The terminal game: a Textual app that plays a ``Session`` and paints its
typed view (``services.game_view``: tiles by name, counter, clock, face,
status) with Windows XP's colours, plus the replay viewer."""

from minebender.faces.tui.app import MinebenderApp
from minebender.faces.tui.board import BoardWidget

__all__ = ["BoardWidget", "MinebenderApp"]

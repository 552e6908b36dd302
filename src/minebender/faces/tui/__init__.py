"""The terminal game: a Textual app that plays a ``Session`` and shows
``Game.display()`` with Windows XP's colours, plus the replay viewer."""

from minebender.faces.tui.app import MinebenderApp
from minebender.faces.tui.board import BoardWidget

__all__ = ["BoardWidget", "MinebenderApp"]

"""The terminal's games in the store: ``player_games`` bound to the terminal.

The rules (which game to resume, that a game replaced while being played is
abandoned, that a best time waits for its name) live in ``player_games``, the
service the web server uses too; this module only names the interface, so that
the terminal resumes its own games and never the web page's.
"""

from __future__ import annotations

import functools

from minebender import player_games
from minebender.player_games import GameRecord
from minebender.store import Store

__all__ = ["INTERFACE", "Saver", "resume_or_new"]

INTERFACE: player_games.Interface = "terminal"
"""How the store tells terminal games from web games."""


class Saver(GameRecord):
    """The game the terminal plays, as the store keeps it."""

    def __init__(self, store: Store, game_id: str | None = None) -> None:
        super().__init__(store, INTERFACE, game_id)


resume_or_new = functools.partial(player_games.resume_or_new, interface=INTERFACE)
"""The terminal game to play and its stored id (``player_games.resume_or_new``)."""

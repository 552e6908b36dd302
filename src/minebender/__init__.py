"""minebender: Minesweeper with laws, an exact solver and a no-guess assist.

The public API (see docs/API.md) is importable from here::

    import minebender as mb
    game = mb.Game.fresh(3, 1, ((False, False, True),))
"""

from minebender.game import Game, place_mines, setup
from minebender.solver import Analysis, analyse
from minebender.types import (
    Action,
    Assist,
    AssistTooEarly,
    Beginner,
    Blast,
    Boom,
    Chord,
    Covered,
    Custom,
    Expert,
    Exploded,
    Flag,
    Flagged,
    Hidden,
    Hint,
    Intermediate,
    Knowledge,
    Layout,
    Level,
    Lost,
    LostReason,
    Mine,
    Number,
    Playing,
    Pos,
    Reveal,
    Seen,
    Setup,
    Shown,
    Status,
    Tile,
    Won,
    WrongFlag,
)

__all__ = [
    "Action",
    "Analysis",
    "Assist",
    "AssistTooEarly",
    "Beginner",
    "Blast",
    "Boom",
    "Chord",
    "Covered",
    "Custom",
    "Expert",
    "Exploded",
    "Flag",
    "Flagged",
    "Game",
    "Hidden",
    "Hint",
    "Intermediate",
    "Knowledge",
    "Layout",
    "Level",
    "Lost",
    "LostReason",
    "Mine",
    "Number",
    "Playing",
    "Pos",
    "Reveal",
    "Seen",
    "Setup",
    "Shown",
    "Status",
    "Tile",
    "Won",
    "WrongFlag",
    "analyse",
    "place_mines",
    "setup",
]

__version__ = "0.1.0"

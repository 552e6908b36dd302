"""minebender: Minesweeper with laws, an exact solver and a no-guess assist.

The public API (see docs/api.md) is importable from here::

    import minebender as mb
    game = mb.Game.fresh(3, 1, ((False, False, True),))

The package is grouped by role: ``values`` (the small types), ``rules`` (the
laws' game, the solver, no-guess boards), ``formats`` (files and texts),
``services`` (sessions, the store, review, the bot...) and ``faces`` (the
command, the web server, the terminal). The names modules had before the
grouping (``minebender.rules.game``, ``minebender.rules.solver``...) still import the
same modules (``_aliases``).
"""

from minebender import _aliases
from minebender.rules.game import Game, place_mines, setup
from minebender.rules.noguess import NoGuessError, place_mines_no_guess
from minebender.rules.solver import Analysis, Explanation, analyse, explain
from minebender.values.types import (
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
    "Explanation",
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
    "NoGuessError",
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
    "explain",
    "place_mines",
    "place_mines_no_guess",
    "setup",
]

__version__ = "0.4.0"

_aliases.install()

"""The bot: a player that sees only what a person sees and uses the exact solver.

``play_game`` plays one whole game through the public Game API; ``choose``
is the decision on one view. See ``minebender.services.bot.strategy`` for how it guesses
and ``minebender.services.bot.ceiling`` (``bot.sampled_ceiling``, sharper) for how far
from perfect play it is.
"""

from minebender.services.bot.ceiling import BEST_PLAY, guess_ceiling
from minebender.services.bot.play import (
    BOT_VERSION,
    BOUNDS,
    FIRST_CLICKS,
    Bound,
    GameRecord,
    PlayerView,
    View,
    bot_decision,
    bot_move,
    first_click,
    game_words,
    play_game,
)
from minebender.services.bot.strategy import STRATEGIES, Decision, StrategyName, choose

__all__ = [
    "BEST_PLAY",
    "BOT_VERSION",
    "BOUNDS",
    "FIRST_CLICKS",
    "STRATEGIES",
    "Bound",
    "Decision",
    "GameRecord",
    "PlayerView",
    "StrategyName",
    "View",
    "bot_decision",
    "bot_move",
    "choose",
    "first_click",
    "game_words",
    "guess_ceiling",
    "play_game",
]

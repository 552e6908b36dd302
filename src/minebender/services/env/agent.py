"""``BotAgent``: minebender's bot as an agent of the environment.

It reads only the observation, as any agent would: the codes become the
``Knowledge`` the bot takes (``tilecodes.knowledge_of_codes``), the bot
decides, and the agent hands back reveal actions one at a time. Its first
click is the bot's (``bot.first_click``), and a decision of several safe
cells is played out before the next is asked for, as ``bot.play_game`` does,
so through the environment it wins as often as ``bench bot`` says.
"""

from __future__ import annotations

from collections import deque

import numpy as np
from numpy.typing import NDArray

from minebender.formats.tilecodes import COVERED, knowledge_of_codes
from minebender.rules.game import setup
from minebender.services.bot import StrategyName, bot_decision, first_click
from minebender.services.bot.play import PlayerView
from minebender.values.types import Custom, Pos

__all__ = ["BotAgent"]


class BotAgent:
    """Picks the bot's actions from observations of a board of this size.

    ``guesses`` counts the moves it made that were not provably safe.
    """

    def __init__(
        self,
        width: int,
        height: int,
        mines: int,
        strategy: StrategyName = "strong",
        first: str = "tuned",
    ) -> None:
        self.width, self.height, self.mines = width, height, mines
        self.strategy: StrategyName = strategy
        self.first = first_click(setup(Custom(width, height, mines)), first)
        self.guesses = 0
        self._queue: deque[Pos] = deque()

    def act(self, observation: NDArray[np.int8]) -> int:
        """The reveal action (``action_of(REVEAL, ...)``) the bot makes on this screen."""
        codes = observation.ravel()
        if bool((codes == COVERED).all()):
            self._queue.clear()
            return self._reveal(self.first)
        while self._queue:
            pos = self._queue.popleft()
            if codes[pos.y * self.width + pos.x] == COVERED:
                return self._reveal(pos)
        knowledge = knowledge_of_codes(codes.tolist(), self.width, self.mines)
        decision = bot_decision(PlayerView(knowledge), self.strategy)
        self.guesses += decision.guess
        self._queue.extend(decision.cells)
        return self._reveal(self._queue.popleft())

    def _reveal(self, pos: Pos) -> int:
        return pos.y * self.width + pos.x  # REVEAL's block comes first

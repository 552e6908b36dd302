"""``BOT_VERSION`` names how the bot plays: a batch log keeps games of one
version apart from another's, and a Dask worker of another version is refused.
That is only worth anything if the version changes whenever the play does, so
this test plays a fixed set of games (every strategy, every named level, with
the two-move bound) and compares a digest of how each went with the digest
recorded for the current version.

When it fails, the bot now plays some game differently: raise
``minebender.services.bot.BOT_VERSION`` by one and record the new digest below under
the new number (keep the old ones: they say which play each version had).
Changing only the digest, with the version left as it was, would let old logs
be resumed into the new bot's win rate.
"""

from __future__ import annotations

import hashlib
import json

from minebender.rules.game import setup
from minebender.services.bot import BOT_VERSION, STRATEGIES, play_game
from minebender.values.types import Beginner, Expert, Intermediate, Setup

DIGESTS = {
    1: "20b1e907b603aa37695eff666ce507e7f85e0e5e98b0bacde77602c13dba1b81",
    # 2 searches the endgame exactly up to 1,000 layouts, not 3,000: none of
    # these games meets an endgame of 1,000 to 3,000 layouts, so they go as in 1
    2: "20b1e907b603aa37695eff666ce507e7f85e0e5e98b0bacde77602c13dba1b81",
    # 3 adds the perfect strategy (exact endgames up to 20,000 layouts); the
    # fast and strong strategies play these games as in 2
    3: "4120ceebfc0d3f14f5ee7ddc79558590e465119ee28033453c3427b238480e53",
}
"""The digest of the games below, by the bot version that played them."""

GAMES: list[tuple[Setup, int]] = [
    (setup(Beginner()), 40),
    (setup(Intermediate()), 20),
    (setup(Expert()), 12),
]
"""Each level, and how many of its games (seed 2026) are played per strategy:
enough that every kind of move comes up (the single-number rules, the solver,
closed groups, a pair, the endgame search, second-order safety and the fast
strategy's safest cell) in a few seconds."""


def play_digest() -> str:
    """SHA-256 of every game's record (result, moves, guesses, the bound) and
    final screen, for every strategy and level of ``GAMES``."""
    h = hashlib.sha256()
    for board, count in GAMES:
        for strategy in STRATEGIES:
            for i in range(count):
                record, game = play_game(board, 2026, i, strategy, ceiling=True)
                screen = [",".join(map(repr, row)) for row in game.display()]
                line = [strategy, i, record.won, record.moves, record.guesses, record.ceiling]
                h.update(json.dumps([*line, screen]).encode())
    return h.hexdigest()


def test_bot_version_changes_when_the_play_does() -> None:
    digest = play_digest()
    assert BOT_VERSION in DIGESTS, f"record BOT_VERSION {BOT_VERSION}'s digest: {digest}"
    assert digest == DIGESTS[BOT_VERSION], (
        f"the bot plays these games differently from bot version {BOT_VERSION}: raise"
        f" minebender.services.bot.BOT_VERSION and record {digest} for it"
        " (see this module's docstring)"
    )
    assert list(DIGESTS) == sorted(DIGESTS) and max(DIGESTS) == BOT_VERSION

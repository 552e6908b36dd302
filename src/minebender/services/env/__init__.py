"""minebender as a Gymnasium environment (``pip install 'minebender[env]'``).

Importing this module registers the environments, so one line makes one::

    env = gymnasium.make("minebender.env:minebender/Expert-v0", exact_info=True)

``minebender/Beginner-v0``, ``minebender/Intermediate-v0`` and
``minebender/Expert-v0`` play those levels; ``minebender/Custom-v0`` takes
``width``, ``height`` and ``mines``. docs/research.md has the spaces, the
rewards, ``info`` and the vector form.
"""

from __future__ import annotations

try:
    import gymnasium
except ImportError:  # the core needs no gymnasium: say how to get it
    raise ImportError(
        "minebender.services.env needs gymnasium: pip install 'minebender[env]'"
    ) from None

from minebender.services.env.agent import BotAgent
from minebender.services.env.game_env import (
    CHORD,
    FLAG,
    KINDS,
    REVEAL,
    MinebenderEnv,
    action_mask,
    action_of,
    cell_of,
    exact_info,
)

__all__ = [
    "CHORD",
    "ENV_IDS",
    "FLAG",
    "KINDS",
    "REVEAL",
    "BotAgent",
    "MinebenderEnv",
    "action_mask",
    "action_of",
    "cell_of",
    "exact_info",
]

ENV_IDS = {
    "minebender/Beginner-v0": "beginner",
    "minebender/Intermediate-v0": "intermediate",
    "minebender/Expert-v0": "expert",
    "minebender/Custom-v0": "custom",
}
"""Each registered id and the level it plays."""

for _id, _level in ENV_IDS.items():
    if _id not in gymnasium.registry:  # a second import (a reload) registers nothing twice
        gymnasium.register(
            id=_id,
            entry_point="minebender.services.env.game_env:MinebenderEnv",
            kwargs={"level": _level},
        )

"""``minebender bench env``: the bot played through the Gymnasium environment,
its win rate beside the published one, and the environment's steps per
second with and without ``exact_info``.

Board ``i`` is the environment's episode after ``reset(seed=SEED + i)``.
The environment's own time (``step``) is timed apart from the bot's (its
decisions), so the figure says what an agent of its own would see. Both are
processor time of this process: what a step costs on an idle core, however
busy the machine is with other work.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass

from minebender.services.batch import wilson
from minebender.services.env import BotAgent, MinebenderEnv
from minebender.values.types import Level

__all__ = ["PUBLISHED", "EnvRun", "measure", "run"]

PUBLISHED = {"beginner": 0.9716, "intermediate": 0.8927, "expert": 0.5435}
"""The bot's win rates of docs/bot.md (1,000,000 Beginner games, 230,000
Intermediate, 100,000 Expert), the rates it must reach through the environment."""


@dataclass(frozen=True, slots=True)
class EnvRun:
    """One pass over the boards: with or without exact info."""

    exact_info: bool
    games: int
    wins: int
    steps: int
    env_seconds: float
    bot_seconds: float

    @property
    def env_steps_per_s(self) -> float:
        """Steps per second of the environment alone."""
        return self.steps / self.env_seconds if self.env_seconds else 0.0

    @property
    def steps_per_s(self) -> float:
        """Steps per second with the bot's decisions counted."""
        total = self.env_seconds + self.bot_seconds
        return self.steps / total if total else 0.0


def measure(level: Level, games: int, seed: int, exact_info: bool) -> EnvRun:
    """Play ``games`` boards with the bot through the environment."""
    env = MinebenderEnv(level, exact_info=exact_info)
    wins = steps = 0
    env_s = bot_s = 0.0
    for i in range(games):
        agent = BotAgent(env.width, env.height, env.mines)
        t = time.process_time()
        obs, _ = env.reset(seed=seed + i)
        env_s += time.process_time() - t
        reward, done = 0.0, False
        while not done:
            t = time.process_time()
            action = agent.act(obs)
            t2 = time.process_time()
            obs, reward, terminated, truncated, _ = env.step(action)
            t3 = time.process_time()
            bot_s += t2 - t
            env_s += t3 - t2
            steps += 1
            done = terminated or truncated
        wins += reward > 0
    return EnvRun(exact_info, games, wins, steps, env_s, bot_s)


VECTOR_BOARDS = 8
"""Boards of the vector form's pass: Gymnasium's SyncVectorEnv, as ``make_vec`` makes it."""


def measure_vector(level: Level, steps: int, seed: int) -> tuple[int, float]:
    """Steps of every board of the vector form, under an agent that draws a
    masked action at random (so the time is the environment's): the steps
    taken, and their processor time."""
    import gymnasium
    import numpy as np

    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: MinebenderEnv(level) for _ in range(VECTOR_BOARDS)]
    )
    space = envs.single_action_space
    space.seed(seed)
    _, info = envs.reset(seed=seed)
    spent = 0.0
    for _ in range(steps):
        actions = np.array([space.sample(mask=m) for m in info["action_mask"]])
        t = time.process_time()
        _, _, _, _, info = envs.step(actions)
        spent += time.process_time() - t
    envs.close()
    return steps * VECTOR_BOARDS, spent


def run(level: Level, name: str, games: int, seed: int, as_json: bool) -> int:
    """Measure both passes and print their figures; the exit status."""
    runs = [measure(level, games, seed, exact) for exact in (False, True)]
    vector_steps, vector_s = measure_vector(level, max(runs[0].steps // VECTOR_BOARDS, 1), seed)
    vector_rate = vector_steps / vector_s if vector_s else 0.0
    low, high = wilson(runs[0].wins, games)
    published = PUBLISHED.get(name)
    if as_json:
        out = {
            "level": name,
            "games": games,
            "seed": seed,
            "win_rate": runs[0].wins / games,
            "interval": [low, high],
            "published": published,
            "runs": [
                {
                    **asdict(r),
                    "env_steps_per_s": r.env_steps_per_s,
                    "steps_per_s": r.steps_per_s,
                }
                for r in runs
            ],
            "vector": {"boards": VECTOR_BOARDS, "steps": vector_steps, "steps_per_s": vector_rate},
        }
        print(json.dumps(out))
        return 0
    said = "" if published is None else f"; docs/bot.md: {published:.2%}"
    print(f"{name}: the bot through the environment, {games} boards (seeds {seed} on)")
    print(
        f"  won {runs[0].wins} of {games}: {runs[0].wins / games:.1%}"
        f" (95% interval {low:.1%} to {high:.1%}){said}"
    )
    for r in runs:
        what = "exact_info=True " if r.exact_info else "exact_info=False"
        print(
            f"  {what}: {r.steps:,} steps, environment {r.env_steps_per_s:,.0f} steps/s,"
            f" with the bot's decisions {r.steps_per_s:,.0f} steps/s"
        )
    print(
        f"  SyncVectorEnv, {VECTOR_BOARDS} boards, masked random actions: {vector_steps:,} steps,"
        f" {vector_rate:,.0f} steps/s"
    )
    if runs[0].wins != runs[1].wins:  # exact info is for the agent: it changes no game
        print("  note: the two passes won differently, which exact info should never cause")
        return 1
    return 0

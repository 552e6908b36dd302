"""The task a worker runs: a few games of a run, played start to finish. It
lives in a module of its own, light to import, because process pools and Dask
workers find it by name to unpickle it."""

from __future__ import annotations

from minebender.rules.game import setup
from minebender.services.batch.spec import Result, RunSpec, logged_level
from minebender.services.bot import BOT_VERSION, play_game

__all__ = ["play_chunk"]


def play_chunk(spec: RunSpec, indexes: list[int]) -> tuple[list[Result], str | None]:
    """Play games ``indexes`` of a run (the task a worker runs): the finished
    games, and what went wrong if a game raised (the games after it are not played)."""
    board = setup(spec.level)
    level = logged_level(spec.level)
    out: list[Result] = []
    for i in indexes:
        try:
            record, _ = play_game(
                board,
                spec.seed,
                i,
                spec.strategy,
                spec.first,
                ceiling=spec.ceiling,
                bound_kind=spec.bound,
            )
        except Exception as exc:  # a bot bug: name the game so it can be replayed
            return out, f"seed {spec.seed} game {i} failed: {type(exc).__name__}: {exc}"
        out.append(
            Result(
                level,
                spec.strategy,
                spec.first,
                spec.seed,
                i,
                record.won,
                record.guesses,
                record.moves,
                round(record.seconds, 6),
                round(record.cpu_seconds, 6),
                record.ceiling,
                spec.bound if spec.ceiling else None,
                BOT_VERSION,  # this worker's: on a cluster, maybe not the client's
            )
        )
    return out, None

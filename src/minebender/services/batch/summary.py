"""The figures of a batch: win rate with its Wilson interval, guesses and time
per game, and how fast this run played. Kept apart from running so a finished
log can be summed up or plotted without starting any workers."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from minebender.services.batch.spec import Result, RunSpec, logged_level
from minebender.services.bot import BOT_VERSION

__all__ = ["Summary", "mean_interval", "summarize", "wilson"]


def wilson(wins: float, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default).

    ``wins`` may be a sum of per-game values in [0, 1] rather than a count: a
    Bernoulli variable has the largest variance of any with its mean on [0, 1],
    so the interval is then on the safe (wide) side, and unlike the plain
    normal interval it stays sound near 100%, where most ceilings are."""
    if games == 0:
        return (0.0, 1.0)
    if wins in (0, games):
        edge = z * z / (games + z * z)
        return (0.0, edge) if wins == 0 else (1.0 - edge, 1.0)
    p = min(1.0, max(0.0, wins / games))  # a float sum may stray past the ends
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float], z: float = 1.959964) -> tuple[float, float, float]:
    """The mean of values in [-1, 1] with its normal-approximation interval (95% by
    default), clamped to [-1, 1]; the whole range when there are too few to say.
    For paired differences, whose spread the games themselves must tell."""
    n = len(values)
    if n == 0:
        return 0.0, -1.0, 1.0
    mean = sum(values) / n
    if n == 1:
        return mean, -1.0, 1.0
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * spread / math.sqrt(n)
    return mean, max(-1.0, mean - half), min(1.0, mean + half)


@dataclass(frozen=True, slots=True)
class Summary:
    """The figures of a batch. ``played`` games ran now, in ``seconds`` of wall time.
    The level is named as the log names it (``logged_level``), as its JSON gives it."""

    level: str
    strategy: str
    first: str
    seed: int
    games: int
    wins: int
    win_rate: float
    ci95: tuple[float, float]
    guesses_per_game: float
    seconds_per_game: float
    cpu_seconds_per_game: float
    played: int
    seconds: float
    games_per_second: float | None
    workers: int
    cluster: str | None
    ceiling: float | None = None
    """What perfect play from the same first click wins of these games at most
    (``bot.ceiling``), when every game has a bound; else None."""
    ceiling_ci95: tuple[float, float] | None = None
    room: float | None = None
    """ceiling - win_rate: how much a better player could gain, at most."""
    room_ci95: tuple[float, float] | None = None
    """Its interval, from the paired per-game differences (narrower than the
    two intervals side by side, since both figures come from the same games)."""
    bound: str | None = None
    """Which bound ``ceiling`` is (``bot.BOUNDS``), None without one."""
    bot: int = BOT_VERSION
    """The ``BOT_VERSION`` that played every game counted (``--resume`` takes
    no other bot's games)."""


def summarize(
    spec: RunSpec,
    results: Iterable[Result],
    played: int,
    seconds: float,
    workers: int,
    cluster: str | None,
) -> Summary:
    """The figures of a batch: the results of every game asked for (those resumed
    from the file too), and how many of them this run played, in how long, on
    how many workers or which cluster."""
    rs = list(results)
    n = len(rs)
    wins = sum(r.won for r in rs)
    bounds = [r.ceiling for r in rs if r.ceiling is not None]
    # One kind of bound over every game, named as the games name it: a run
    # without --ceiling over a log of sampled bounds called them two-move.
    kinds = {r.bound_kind() for r in rs}
    kind = next(iter(kinds)) if len(kinds) == 1 else None
    ceiling = room = None
    ceiling_ci95 = room_ci95 = None
    if n and len(bounds) == n and kind is not None:
        ceiling = sum(bounds) / n
        ceiling_ci95 = wilson(sum(bounds), n)
        room, lo, hi = mean_interval([b - r.won for b, r in zip(bounds, rs, strict=True)])
        room_ci95 = (lo, hi)
    return Summary(
        logged_level(spec.level),
        spec.strategy,
        spec.first,
        spec.seed,
        n,
        wins,
        wins / n if n else 0.0,
        wilson(wins, n),
        sum(r.guesses for r in rs) / n if n else 0.0,
        sum(r.seconds for r in rs) / n if n else 0.0,
        sum(r.cpu_seconds for r in rs) / n if n else 0.0,
        played,
        seconds,
        played / seconds if played and seconds > 0 else None,
        workers if played else 0,  # of the games played now: none worked
        cluster,
        ceiling,
        ceiling_ci95,
        room,
        room_ci95,
        kind if ceiling is not None else None,
    )

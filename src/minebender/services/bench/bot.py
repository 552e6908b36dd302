"""What ``minebender bench bot`` prints of a run: the bot's win rate with its
95% interval, the bound on perfect play, games per second, games per
CPU-second with the build that played them, and guesses per game.
``commands.bench.bot`` reads the options and plays the batch.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict
from typing import TYPE_CHECKING

from minebender.services.bench.build import build_name, solver_build

if TYPE_CHECKING:
    from minebender.services.batch.summary import Summary

__all__ = ["games_per_cpu_second", "report"]


def games_per_cpu_second(summary: Summary) -> float | None:
    """Games played per second of processor time in the workers: the bot's own
    speed, which neither the other work of the machine nor the number of
    workers changes as it changes wall time. None when the log recorded no
    processor time (lines written before it was)."""
    cpu = summary.cpu_seconds_per_game
    return 1.0 / cpu if cpu > 0 else None


def report(summary: Summary, as_json: bool) -> None:
    """Print the figures of a run: one JSON object (``--json``), else lines. A
    custom level is named by the board played, as the log names it."""
    if as_json:
        out = asdict(summary)
        out["ci95"] = list(summary.ci95)
        for key in ("ceiling_ci95", "room_ci95"):
            value = out[key]
            out[key] = None if value is None else list(value)
        out["solver"] = solver_build()
        out["games_per_cpu_second"] = games_per_cpu_second(summary)
        out["build"] = build_name()
        print(json.dumps(out))
        sys.stdout.flush()  # before any error about the plot
        return
    lo, hi = summary.ci95
    n = summary.workers
    where = f"cluster {summary.cluster}" if summary.cluster else f"{n} local worker{'s' * (n != 1)}"
    print(
        f"bot {summary.level} ({summary.strategy},"
        f" first click ({summary.first.replace(',', ', ')})), "
        f"seed {summary.seed}: {_count(summary.games, 'game')}; bot version {summary.bot};"
        f" solver {solver_build()}"
    )
    print(
        f"win rate {summary.win_rate:.2%}  (95% Wilson interval {lo:.2%} .. {hi:.2%}; "
        f"{_count(summary.wins, 'win')})"
    )
    _print_ceiling(summary)
    if summary.games_per_second is not None:
        print(
            f"{summary.games_per_second:.2f} games/s on {where} "
            f"({_count(summary.played, 'game')} played now in {summary.seconds:.1f} s)"
        )
    else:
        print("all games were already in the resume file")
    cpu = summary.cpu_seconds_per_game
    print(
        f"guesses per game {summary.guesses_per_game:.2f}; per game "
        f"{summary.seconds_per_game * 1000:.1f} ms of wall time in a worker"
        + (f", {cpu * 1000:.1f} ms of processor time" if cpu > 0 else "")
    )
    rate = games_per_cpu_second(summary)
    if rate is not None:  # logs written before processor time was recorded have none
        print(f"{rate:.1f} games per CPU-second ({build_name()} build)")
        cores = os.cpu_count() or 1
        print(
            f"(processor time says about {cores / cpu:.0f} games/s on {_count(cores, 'idle core')})"
        )
    sys.stdout.flush()  # before any error about the plot


def _count(n: int, word: str) -> str:
    """``1 game``, ``2 games``."""
    return f"{n} {word}{'s' * (n != 1)}"


def _print_ceiling(summary: Summary) -> None:
    """The ``--ceiling`` lines: what perfect play could win, and the bot's gap to it."""
    if summary.ceiling is None or summary.ceiling_ci95 is None or summary.room_ci95 is None:
        return
    lo, hi = summary.ceiling_ci95
    room = 100 * (summary.room or 0.0)
    print(f"perfect play from this first click wins at most {summary.ceiling:.2%} of such games")
    print(f"({summary.bound} bound; 95% interval {lo:.2%} .. {hi:.2%})")
    print(f"on these games the bot is {_gap(summary.room or 0.0, summary.room_ci95)}")
    if room < 0:
        print("(the bound holds on average over many games, not game by game: play more games)")


def _gap(room: float, interval: tuple[float, float]) -> str:
    """The bot's distance to the bound in points, ``room`` (bound - win rate) and
    its interval given as fractions, with the interval of the distance the words
    name, so its sign agrees with them: above the bound, that of win - bound,
    the interval of ``room`` negated.

    >>> _gap(0.0172, (-0.0038, 0.0381))
    '1.72 points below that bound (interval -0.38 .. 3.81)'
    >>> _gap(-0.0172, (-0.0381, 0.0038))
    '1.72 points above that bound (interval -0.38 .. 3.81)'
    """
    lo, hi = 100 * interval[0], 100 * interval[1]
    if room < 0:
        lo, hi = 0.0 - hi, 0.0 - lo
    side = "below" if room >= 0 else "above"
    return f"{abs(100 * room):.2f} points {side} that bound (interval {lo:.2f} .. {hi:.2f})"

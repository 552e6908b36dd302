"""The plot of a batch: the win rate with its 95% interval of each run.
Matplotlib is an optional extra, imported only when a plot is asked.

A bar is one run: games of one level, strategy, first click and seed, played
by one bot version, with one kind of bound or none (``--ceiling`` keeps its
games apart, as ``--resume`` does), each game counted once. Games of several
runs in one log are never pooled into one bar, so no bar counts a game twice
or mixes in games the run did not play. The run being reported is drawn
from its own figures, the ones its text prints."""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from minebender.services.batch.spec import LEVELS, BatchError, Result
from minebender.services.batch.summary import Summary, wilson
from minebender.values.files import replace_file, shown

__all__ = ["Bar", "RunKey", "bars", "plot_results", "run_key"]

RunKey = tuple[str, str, str, int, str | None, int | None]
"""level, strategy, first click, seed, the bound its games carry (or None), and
the bot version that played them (None: not recorded)."""


def run_key(r: Result) -> RunKey:
    """The settings of the run a result belongs to."""
    return (r.level, r.strategy, r.first, r.seed, r.bound_kind(), r.bot)


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar: a run's settings and its wins of its games."""

    key: RunKey
    wins: int
    games: int
    this_run: bool = False

    @property
    def label(self) -> str:
        """The bar's caption: what was played (level, strategy, first click, seed),
        and how many games, so that two bars are never told apart by colour alone."""
        level, strategy, first, seed, bound, bot = self.key
        lines = [level, f"{strategy}, first {first}, seed {seed}"]
        if bound is not None:
            lines.append(f"{bound} bound")
        lines.append("bot version not recorded" if bot is None else f"bot version {bot}")
        lines.append(f"{self.games} game{'s' * (self.games != 1)}" + " (this run)" * self.this_run)
        return "\n".join(lines)


def bars(results: Iterable[Result], run: Summary | None = None) -> list[Bar]:
    """The bars of a plot: ``run`` first when given, with exactly its games and
    wins, then one bar for each other run in ``results``, in level order. Each
    game of a run is counted once (the first line of it, as ``--resume`` takes
    it); lines with the settings of ``run`` are its own games, or games past
    its ``--games``, and are not drawn again."""
    mine = (
        None if run is None else (run.level, run.strategy, run.first, run.seed, run.bound, run.bot)
    )
    groups: dict[RunKey, dict[int, bool]] = {}
    for r in results:
        key = run_key(r)
        if key != mine:
            groups.setdefault(key, {}).setdefault(r.game, r.won)
    order = {name: i for i, name in enumerate(LEVELS)}
    keys = sorted(
        groups,
        key=lambda k: (order.get(k[0], len(order)), k[0], k[1:3], k[3], k[4] or "", k[5] or 0),
    )
    out = [Bar(key, sum(groups[key].values()), len(groups[key])) for key in keys]
    if run is not None and mine is not None:
        out.insert(0, Bar(mine, run.wins, run.games, this_run=True))
    return out


def plot_results(results: Iterable[Result], path: Path, run: Summary | None = None) -> None:
    """Draw the win rate with its 95% interval of each run (``bars``)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise BatchError("--plot needs matplotlib: pip install 'minebender[cluster]'") from None
    drawn = [b for b in bars(results, run) if b.games]
    rates, lows, highs = [], [], []
    for bar in drawn:
        lo, hi = wilson(bar.wins, bar.games)
        rate = bar.wins / bar.games
        rates.append(rate * 100)
        lows.append((rate - lo) * 100)
        highs.append((hi - rate) * 100)
    colours = ["#dd8452" if b.this_run else "#4c72b0" for b in drawn]
    fig, ax = plt.subplots(figsize=(max(4.0, 2.6 * len(drawn)), 4.4))
    ax.bar(range(len(drawn)), rates, yerr=[lows, highs], capsize=6, color=colours)
    for i, rate in enumerate(rates):
        ax.text(i, rate + highs[i] + 1, f"{rate:.1f}%", ha="center")
    ax.set_xticks(range(len(drawn)), [b.label for b in drawn], fontsize=8)
    ax.set_ylim(0, 110)  # room for the label of a bar whose interval reaches 100%
    ax.set_ylabel("win rate, % (95% Wilson interval)")
    ax.set_title("minebender bot")
    fig.tight_layout()
    image = io.BytesIO()
    try:
        fig.savefig(image, format="png")
        # whole or not at all: a full disk must not leave half a picture
        replace_file(path, image.getvalue())
    except OSError as exc:
        raise BatchError(f"cannot write {shown(path)}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)

"""The plot of a batch: the win rate with its 95% interval for each level and
strategy. Matplotlib is an optional extra, imported only when a plot is asked."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from minebender.batch.spec import LEVELS, BatchError, Result
from minebender.batch.summary import wilson

__all__ = ["plot_results"]


def plot_results(results: Iterable[Result], path: Path) -> None:
    """Draw the win rate with its 95% interval for each level (and strategy)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise BatchError("--plot needs matplotlib: pip install 'minebender[cluster]'") from None
    groups: dict[tuple[str, str], list[bool]] = {}
    for r in results:
        groups.setdefault((r.level, r.strategy), []).append(r.won)
    order = {name: i for i, name in enumerate(LEVELS)}
    keys = sorted(groups, key=lambda k: (order.get(k[0], len(order)), k[0], k[1]))
    rates, lows, highs, labels = [], [], [], []
    for key in keys:
        won = groups[key]
        wins = sum(won)
        lo, hi = wilson(wins, len(won))
        rate = wins / len(won)
        rates.append(rate * 100)
        lows.append((rate - lo) * 100)
        highs.append((hi - rate) * 100)
        labels.append(f"{key[0]}\n{key[1]}, {len(won)} games")
    fig, ax = plt.subplots(figsize=(max(4.0, 2.4 * len(keys)), 4.0))
    ax.bar(range(len(keys)), rates, yerr=[lows, highs], capsize=6, color="#4c72b0")
    for i, rate in enumerate(rates):
        ax.text(i, rate + highs[i] + 1, f"{rate:.1f}%", ha="center")
    ax.set_xticks(range(len(keys)), labels, fontsize=9)
    ax.set_ylim(0, 105)
    ax.set_ylabel("win rate, % (95% Wilson interval)")
    ax.set_title("minebender bot")
    fig.tight_layout()
    try:
        fig.savefig(path)
    except OSError as exc:
        raise BatchError(f"cannot write {path}: {exc}") from None
    finally:
        plt.close(fig)

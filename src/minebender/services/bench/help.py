"""Help while playing, measured: ``minebender bench help``.

For each level asked, ``count`` boards (session seeds ``help-SEED-i``) are
opened in the centre. Each is played by auto play until the first guess in
every style, and the clicks each style made are summed: the figures that
docs/web.md gives for the styles. Then one game a board is played with the
hints alone (their safe cells by auto play, their best guess taken) to its
end, and ``hints_of`` is timed on every position it met, apart for a
position with safe cells (no layouts counted) and one that needs the best
guess (the analysis board's best move).
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field

from minebender.rules.game import setup
from minebender.services.autoplay import STYLES, Style, play_until_guess
from minebender.services.bench.percentile import percentile
from minebender.services.hints import hints_of
from minebender.services.session import Session, SessionSpec, level_name
from minebender.values import words
from minebender.values.types import Level, Pos

__all__ = ["Figures", "measure", "run"]


@dataclass(slots=True)
class Figures:
    """One level's figures: each style's clicks until the first guess, summed
    over the boards; the boards where Fewest Clicks took no more than both
    others; and the times of ``hints_of`` in ms, with safe cells and without."""

    boards: int = 0
    clicks: dict[Style, int] = field(default_factory=lambda: dict.fromkeys(STYLES, 0))
    fewest: int = 0
    safe_ms: list[float] = field(default_factory=list)
    guess_ms: list[float] = field(default_factory=list)


def _opened(level: Level, seed: str) -> Session:
    s = Session(SessionSpec(level, seed), clock=lambda: 0.0)
    b = s.setup
    s.reveal(Pos(b.width // 2, b.height // 2))
    return s


def _hinted_game(s: Session, f: Figures) -> None:
    """Play s with the hints alone to its end, timing each position's hints."""
    while not s.over:
        t0 = time.perf_counter()
        h = hints_of(s.knowledge)
        (f.safe_ms if h.safe else f.guess_ms).append(1000 * (time.perf_counter() - t0))
        if h.safe:
            play_until_guess(s, "efficiency")
        elif h.guess is not None:
            s.reveal(h.guess)
        else:
            break


def measure(level: Level, seed: int, count: int) -> Figures:
    """The figures of ``count`` boards of ``level`` from ``seed``."""
    f = Figures()
    for i in range(count):
        name = f"help-{seed}-{i}"
        made: dict[Style, int] = {}
        for style in STYLES:
            made[style] = play_until_guess(_opened(level, name), style).clicks
            f.clicks[style] += made[style]
        f.fewest += made["efficiency"] <= min(made["flags"], made["no_flags"])
        f.boards += 1
        _hinted_game(_opened(level, name), f)
    return f


def _times(ms: list[float]) -> str:
    if not ms:
        return f"{0:>6} {'-':>7} {'-':>7} {'-':>7}"
    return (
        f"{len(ms):>6} {statistics.median(ms):>7.1f} {percentile(ms, 0.95):>7.1f} {max(ms):>7.1f}"
    )


HEADER = (
    f"{'level':<22} {'boards':>6} {'flags':>7} {'no flags':>8} {'fewest':>7} {'fewest<=':>8}"
    f" | {'safe':>6} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}"
    f" | {'guess':>6} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}"
)


def run(levels: list[Level], count: int, seed: int) -> int:
    """Measure each level and print a line of figures for it; the exit status."""
    print(
        f"help while playing: {words.count(count, 'board')} per level, seed {seed}, first click"
        " in the centre"
    )
    print(
        "clicks of auto play until the first guess, summed, per style (Flag Mines, No Flags,"
        " Fewest Clicks); fewest<=: boards where Fewest Clicks took no more than both others"
    )
    print("then hints_of timed on every position of a game played with the hints alone")
    print(HEADER)
    for level in levels:
        f = measure(level, seed, count)
        b = setup(level)
        label = f"{level_name(level)} {b.width}x{b.height}x{b.mines}"
        c = f.clicks
        print(
            f"{label:<22} {f.boards:>6} {c['flags']:>7} {c['no_flags']:>8} {c['efficiency']:>7}"
            f" {f.fewest:>8} | {_times(f.safe_ms)} | {_times(f.guess_ms)}",
            flush=True,
        )
    return 0

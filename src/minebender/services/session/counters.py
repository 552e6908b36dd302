"""The live counters a player may show while playing, as Arbiter and
Metasweeper show them: the time, 3BV done of the board's, 3BV/s, the
estimated finish, IOE and the clicks.

Worked out here, from the session, so the page and the terminal only paint
them and can never disagree. They are off by default: the board's 3BV says a
little of the layout (how many openings and lone numbers it has), which a
player who wants no such help never sees.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from minebender.services.session.play import Session

__all__ = ["Counters", "live_counters"]


@dataclass(frozen=True, slots=True)
class Counters:
    """A game's counters at one moment. ``estimate_ms``: the time the game
    would take at its 3BV/s so far (None before any 3BV is done); ``ioe``:
    3BV done per click, the assist counted as a click (None before one)."""

    elapsed_ms: int
    bbbv_solved: int
    bbbv: int | None
    bbbv_per_s: float | None
    estimate_ms: int | None
    ioe: float | None
    clicks: int

    def to_json(self) -> dict[str, Any]:
        """The object ``GET /api/games/{id}/counters`` answers (docs/web.md)."""
        return {
            "elapsed_ms": self.elapsed_ms,
            "bbbv_solved": self.bbbv_solved,
            "bbbv": self.bbbv,
            "bbbv_per_s": self.bbbv_per_s,
            "estimate_ms": self.estimate_ms,
            "ioe": self.ioe,
            "clicks": self.clicks,
        }

    def text(self) -> str:
        """The counters in one line, as the page and the terminal show them."""
        dash = "\u2013"
        total = dash if self.bbbv is None else str(self.bbbv)
        per_s = dash if self.bbbv_per_s is None else f"{self.bbbv_per_s:.3f}"
        est = dash if self.estimate_ms is None else f"{self.estimate_ms / 1000:.1f} s"
        ioe = dash if self.ioe is None else f"{self.ioe:.3f}"
        return (
            f"Time {self.elapsed_ms / 1000:.1f} s \u00b7 3BV {self.bbbv_solved}/{total}"
            f" \u00b7 3BV/s {per_s} \u00b7 Est. {est} \u00b7 IOE {ioe} \u00b7 Clicks {self.clicks}"
        )


def live_counters(session: Session) -> Counters:
    """The counters of the session now."""
    ms = session.elapsed_ms
    done = session.bbbv_solved
    total = session.bbbv
    clicks = session.clicks.total + session.clicks.assist
    estimate = None if not done or total is None or ms <= 0 else round(ms * total / done)
    return Counters(
        ms,
        done,
        total,
        session.bbbv_per_s,
        estimate,
        round(done / clicks, 3) if clicks else None,
        clicks,
    )

"""Auto play until a guess (services/autoplay.py): its three styles open the
same cells, each click goes through the rule of presses as an ``auto`` event,
and the efficiency style needs the fewest clicks."""

from __future__ import annotations

import pytest

from minebender.rules.solver.safety import find_settled
from minebender.services.autoplay import STYLES, AutoRun, Style, play_until_guess
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner, Expert, Intermediate, Level, Pos

SEEDS = [f"auto{i}" for i in range(6)]
LEVELS: list[Level] = [Beginner(), Intermediate(), Expert()]


def played(level: Level, seed: str, style: Style) -> tuple[Session, AutoRun]:
    """A game of level on seed, opened in its centre, then auto-played."""
    s = Session(SessionSpec(level, seed), clock=lambda: 0.0)
    b = s.setup
    s.reveal(Pos(b.width // 2, b.height // 2))
    return s, play_until_guess(s, style)


def opened(s: Session) -> frozenset[Pos]:
    k = s.knowledge
    return frozenset(p for p in k.cells() if not k.hidden(p))


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: type(lv).__name__)
def test_the_efficiency_style_uses_the_fewest_clicks(level: Level) -> None:
    """On every seeded board each style opens the same cells and stops where
    nothing is certain; the efficiency style never needs more clicks than
    the others, and over the boards fewer."""
    totals = dict.fromkeys(STYLES, 0)
    for seed in SEEDS:
        runs = {style: played(level, seed, style) for style in STYLES}
        assert len({opened(s) for s, _ in runs.values()}) == 1, seed
        for style, (s, run) in runs.items():
            assert run.stopped in ("guess", "won"), (seed, style)
            settled = find_settled(s.knowledge)
            assert settled is not None
            if run.stopped == "guess":
                assert not [p for p in settled[0] if s.knowledge.hidden(p)]
            totals[style] += run.clicks
        clicks = {style: run.clicks for style, (_, run) in runs.items()}
        assert clicks["efficiency"] <= min(clicks["flags"], clicks["no_flags"]), (seed, clicks)
    assert totals["efficiency"] < totals["no_flags"] < totals["flags"], totals


@pytest.mark.parametrize("style", STYLES)
def test_each_auto_click_is_one_click_of_the_rule(style: Style) -> None:
    """Every auto event counts as exactly one left, right or double click, so
    the record replays to the same game and counts."""
    s, run = played(Intermediate(), "auto4", style)
    assert run.stopped == "guess"
    assert run.clicks == s.auto_clicks == s.clicks.total - 1  # the first click was the player's
    assert sum(e.type == "auto" for e in s.events) == run.clicks
    again = Session.rebuild(s.spec, s.events, clock=lambda: 0.0)
    assert again.knowledge == s.knowledge and again.flags == s.flags and again.clicks == s.clicks
    settled = find_settled(s.knowledge)
    assert settled is not None
    certain = set(settled[1])
    if style == "no_flags":
        assert not s.flags
    elif style == "flags":
        assert s.flags == certain  # at a guess: every certain mine is flagged
    else:
        assert s.flags <= certain and s.clicks.chord > 0


def test_auto_play_clears_a_wrong_flag_before_it_opens_the_cell() -> None:
    s = Session(SessionSpec(Beginner(), "auto0"), clock=lambda: 0.0)
    s.reveal(Pos(4, 4))
    settled = find_settled(s.knowledge)
    assert settled is not None and settled[0]
    wrong = settled[0][0]
    s.flag(wrong)
    run = play_until_guess(s, "no_flags")
    assert not s.knowledge.hidden(wrong) and wrong not in s.flags and run.clicks > 0


def test_auto_play_before_the_first_click_leaves_it_to_the_player() -> None:
    s = Session(SessionSpec(Beginner(), "auto0"), clock=lambda: 0.0)
    run = play_until_guess(s, "efficiency")
    assert (run.clicks, run.stopped, s.events) == (0, "not_started", [])
    with pytest.raises(ValueError, match="style must be one of"):
        play_until_guess(s, "fast")  # type: ignore[arg-type]

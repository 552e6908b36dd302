"""Uniform layouts (``bot.sampling``) and the sharper bound on perfect play
(``bot.sampled_ceiling``, ``bench bot --ceiling sampled``).

The bound is checked exactly: given every consistent layout once instead of
draws, it must never fall below what perfect play wins (the plain expectimax
of ``reference.expectimax``) and never rise above the two-move bound. The
sampler is checked against brute-force enumeration: every draw agrees with
the view, and each layout comes up as often as its equal share says.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

import minebender as mb
from minebender import Knowledge, Layout
from minebender.faces.cli import main
from minebender.rules.game import setup
from minebender.services.batch import RunSpec, run_batch
from minebender.services.bot import guess_ceiling, play_game
from minebender.services.bot.sampled_ceiling import ceiling_draws, sampled_ceiling
from minebender.services.bot.sampling import LayoutSampler
from minebender.values.seeded import Stream
from minebender.values.types import Beginner, Intermediate
from reference.brute import consistent_layouts
from reference.expectimax import best_win
from reference.views import random_view, view_of_rows

SIZES = [(3, 3), (4, 3), (3, 4), (4, 2)]


def flat(layout: Layout) -> frozenset[int]:
    width = len(layout[0])
    return frozenset(y * width + x for y, row in enumerate(layout) for x, m in enumerate(row) if m)


def stuck_views(seed: int, count: int) -> list[tuple[Knowledge, mb.Analysis]]:
    """Small random views that force a guess between at least two layouts."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        view = random_view(rng, SIZES, reveal=0.35)
        analysis = mb.analyse(view)
        if analysis.consistent and not analysis.safe and analysis.solutions >= 2:
            out.append((view, analysis))
    return out


@pytest.mark.slow
@pytest.mark.heavy
def test_with_every_layout_the_bound_is_between_perfect_play_and_two_moves() -> None:
    sharper = exact = 0
    for view, analysis in stuck_views(11, 80):
        every = [flat(lay) for lay in consistent_layouts(view)]
        bound = sampled_ceiling(view, every, analysis)
        perfect = best_win(view)
        two_move = guess_ceiling(view, analysis)
        assert perfect - 1e-9 <= bound <= two_move + 1e-9, view
        if bound < two_move - 1e-9:
            sharper += 1
            exact += bound == pytest.approx(perfect)
    assert sharper >= 5  # playing the safe cells out does tighten it
    assert exact >= 1  # down to perfect play itself where the game ends a guess later


@pytest.mark.slow
@pytest.mark.parametrize(
    "rows, mines",
    [
        (["1...1", ".....", "....."], 4),  # two components tied by the count, 7 cells outside
        (["1.1..", ".....", "....."], 3),  # one component holding 1 or 2 mines
    ],
)
@pytest.mark.heavy
def test_every_draw_agrees_with_the_view_and_draws_are_uniform(rows: list[str], mines: int) -> None:
    view = view_of_rows(rows, mines)
    analysis = mb.analyse(view)
    every = {flat(lay) for lay in consistent_layouts(view)}
    assert analysis.solutions == len(every) >= 20
    sampler = LayoutSampler(view, analysis)
    rng = Stream(b"5")
    draws = 300 * len(every)
    seen = Counter(sampler.sample(rng) for _ in range(draws))
    assert set(seen) == every  # each draw consistent, every layout reached
    expected = draws / len(every)
    chi2 = sum((n - expected) ** 2 / expected for n in seen.values())
    assert chi2 < len(every) + 6 * (2 * len(every)) ** 0.5  # far past a 1-in-10^6 tail


def test_draws_are_fixed_by_the_game_seed_pair() -> None:
    view, analysis = stuck_views(3, 1)[0]
    a = ceiling_draws(view, analysis, 2026, 7, 20)
    assert a == ceiling_draws(view, analysis, 2026, 7, 20)
    assert a != ceiling_draws(view, analysis, 2026, 8, 20)


def test_the_sampler_needs_a_known_total_and_a_consistent_view() -> None:
    view = view_of_rows(["1.", ".."], 1)
    with pytest.raises(ValueError, match="how many mines"):
        LayoutSampler(view.with_mines(None), mb.analyse(view.with_mines(None)))
    bad = view_of_rows(["3.", ".."], 1)
    with pytest.raises(ValueError, match="no layout agrees"):
        LayoutSampler(bad, mb.analyse(bad))


@pytest.mark.slow
@pytest.mark.heavy
def test_sampled_games_are_the_same_games_with_a_lower_bound_on_average() -> None:
    board = setup(Intermediate())
    games = [0, 1, 2, 4]  # 2 and 4 reach a heuristic guess, 0 and 1 do not
    two = [play_game(board, 2026, i, ceiling=True)[0] for i in games]
    sharp = [play_game(board, 2026, i, ceiling=True, bound_kind="sampled")[0] for i in games]
    assert [r.won for r in two] == [r.won for r in sharp]
    pairs = [(a.ceiling or 0.0, b.ceiling or 0.0) for a, b in zip(two, sharp, strict=True)]
    guessed = [(a, b) for a, b in pairs if a not in (0.0, 1.0)]
    assert len(guessed) == 2
    assert sum(b for _, b in guessed) < sum(a for a, _ in guessed)
    assert all(a == b for a, b in pairs if a in (0.0, 1.0))  # no guess: the result itself


def test_bench_bot_sampled_ceiling_replays_games_of_the_other_bound(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "s.jsonl"
    argv = ["bench", "bot", "--level", "beginner", "--games", "40", "--seed", "3", "--json"]
    assert main([*argv, "--workers", "1", "--resume", str(log), "--ceiling"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert two["bound"] == "two-move"
    assert main([*argv, "--workers", "2", "--resume", str(log), "--ceiling", "sampled"]) == 0
    sharp = json.loads(capsys.readouterr().out)
    assert sharp["bound"] == "sampled" and sharp["wins"] == two["wins"]
    lines = [json.loads(t) for t in log.read_text().splitlines()]
    kinds = Counter(d["bound"] for d in lines)
    assert kinds == {"two-move": 40, "sampled": 40}
    sampled = [d["ceiling"] for d in lines if d["bound"] == "sampled"]
    assert sharp["ceiling"] == pytest.approx(sum(sampled) / 40)
    # asked for the two-move bound again: every game is in the log already
    assert main([*argv, "--workers", "1", "--resume", str(log), "--ceiling"]) == 0
    assert json.loads(capsys.readouterr().out)["played"] == 0


def test_old_logs_without_a_bound_name_hold_two_move_bounds(tmp_path: Path) -> None:
    log = tmp_path / "old.jsonl"
    spec = RunSpec(Beginner(), "fast", "inset", 5, 10, True)
    _, results = run_batch(spec, 1, resume=log, progress=False)
    lines = [json.loads(t) for t in log.read_text().splitlines()]
    for d in lines:
        del d["bound"]  # as written before there was a choice of bound
    log.write_text("".join(json.dumps(d) + "\n" for d in lines))
    summary, again = run_batch(spec, 1, resume=log, progress=False)
    assert summary.played == 0 and summary.bound == "two-move"
    assert [r.ceiling for r in again] == [r.ceiling for r in results]


def test_bench_bot_names_a_bad_bound(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["bench", "bot", "--games", "1", "--ceiling", "exact"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "--ceiling" in err and "two-move" in err and "sampled" in err
    assert "Traceback" not in err

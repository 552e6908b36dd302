"""The bound on perfect play (``bot.ceiling``) and ``bench bot --ceiling``.

The bound must never fall below what perfect play really wins: checked
against the plain expectimax of ``reference.expectimax`` (written from the
rules alone) on every stuck view among many small random ones.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import minebender as mb
from minebender import Hidden, Knowledge
from minebender.faces.cli import main
from minebender.rules.game import setup
from minebender.services.batch import RunSpec, run_batch
from minebender.services.bot import guess_ceiling, play_game
from minebender.services.bot.strategy import two_move_survival
from minebender.values.types import Beginner, Intermediate, Pos, Shown
from reference.expectimax import best_win
from reference.views import random_view


@pytest.mark.slow
@pytest.mark.heavy
def test_the_ceiling_is_never_below_perfect_play() -> None:
    rng = random.Random(11)
    checked = tight = 0
    for _ in range(500):
        view = random_view(rng, [(3, 3), (4, 3), (3, 4), (4, 2)], reveal=0.35)
        analysis = mb.analyse(view)
        if not analysis.consistent or analysis.safe or analysis.solutions < 2:
            continue
        perfect = best_win(view)
        bound = guess_ceiling(view, analysis)
        assert bound >= perfect - 1e-9, view
        safest = max(1 - float(p) for row in analysis.probabilities for p in row if p is not None)
        assert bound <= safest + 1e-9  # two moves survive no more often than one
        checked += 1
        tight += bound == pytest.approx(perfect)
    assert checked >= 60
    assert tight >= checked // 10  # and exact on views that end within two moves


def test_a_last_coin_flip_is_bounded_by_one_half() -> None:
    """Two hidden cells, one mine: whichever is revealed either loses or wins the
    game at once, and winning counts as surviving (it once counted as a loss)."""
    view = Knowledge(2, 1, 1, ((Hidden(), Hidden()),))
    analysis = mb.analyse(view)
    assert two_move_survival(view, analysis, Pos(0, 0)) == pytest.approx(0.5)
    assert guess_ceiling(view) == pytest.approx(0.5)


def test_a_view_with_a_safe_cell_has_no_forced_guess() -> None:
    view = Knowledge(3, 1, 1, ((Shown(0), Hidden(), Hidden()),))
    with pytest.raises(ValueError, match="provably safe"):
        guess_ceiling(view)


def test_a_game_without_heuristic_guesses_is_bounded_by_its_result() -> None:
    """Games where every move was best play get their own result as the bound;
    the others a probability from their first heuristic guess."""
    board = setup(Intermediate())
    seen = set()
    for i in range(40):
        record, _ = play_game(board, 3, i, ceiling=True)
        assert record.ceiling is not None and 0.0 <= record.ceiling <= 1.0
        if record.guesses == 0:
            assert record.ceiling == 1.0 and record.won
        seen.add(record.ceiling in (0.0, 1.0))
        plain, _ = play_game(board, 3, i)
        assert plain.ceiling is None and plain.won == record.won
    assert seen == {True, False}  # both kinds occur in 40 games


def test_bench_bot_ceiling_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "b.jsonl"
    argv = ["bench", "bot", "--level", "beginner", "--games", "80", "--seed", "3"]
    assert main([*argv, "--workers", "1", "--resume", str(log), "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert plain["ceiling"] is None and plain["room"] is None
    # asked again with --ceiling: the games without a bound are played again for one
    assert main([*argv, "--workers", "2", "--resume", str(log), "--json", "--ceiling"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["wins"] == plain["wins"]
    lines = [json.loads(t) for t in log.read_text().splitlines()]
    bounds = {d["game"]: d["ceiling"] for d in lines if d["ceiling"] is not None}
    assert sorted(bounds) == list(range(80))
    assert out["ceiling"] == pytest.approx(sum(bounds.values()) / 80)
    assert out["room"] == pytest.approx(out["ceiling"] - out["win_rate"])
    lo, hi = out["ceiling_ci95"]
    assert lo <= out["ceiling"] <= hi <= 1.0
    lo, hi = out["room_ci95"]
    assert lo <= out["room"] <= hi


def test_bench_bot_ceiling_text(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "bot", "--level", "beginner", "--games", "30", "--workers", "1"]
    assert main([*argv, "--ceiling"]) == 0
    text = capsys.readouterr().out
    assert "perfect play from this first click wins at most" in text
    assert main(argv) == 0
    assert "perfect play" not in capsys.readouterr().out


def test_the_ceiling_does_not_change_the_games() -> None:
    spec = RunSpec(Beginner(), "fast", "inset", 5, 40)
    plain, a = run_batch(spec, workers=1, progress=False)
    bounded, b = run_batch(RunSpec(Beginner(), "fast", "inset", 5, 40, True), 1, progress=False)
    assert [r.won for r in a] == [r.won for r in b]
    assert plain.ceiling is None and bounded.ceiling is not None
    assert bounded.ceiling >= 0.0

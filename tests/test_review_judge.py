"""The review's risks, checked against an independent count, and its verdicts.

The count here shares nothing with the solver: it walks every mine/safe
assignment of the cells next to a number (one cell at a time, dropping an
assignment as soon as a number is broken), and weights each by the ways to
put the other mines among the cells away from every number."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from minebender.formats import replay
from minebender.services.review import review_file
from minebender.services.review.judge import Judged
from minebender.services.review.report import Review
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner, Hidden, Knowledge, Pos, Shown
from review_files import DATA, PREFLAGS_RMV


def brute_force(k: Knowledge, cells: list[Pos]) -> tuple[Fraction, dict[Pos, Fraction]]:
    """The chance that every cell of ``cells`` is safe, and each hidden cell's
    chance of a mine, given the view k (its numbers and its total of mines)."""
    w, h = k.width, k.height
    hidden = [Pos(x, y) for y in range(h) for x in range(w) if type(k.rows[y][x]) is Hidden]
    numbers = []
    for y in range(h):
        for x in range(w):
            seen = k.rows[y][x]
            if type(seen) is Shown:
                around = [
                    Pos(x + dx, y + dy)
                    for dx in (-1, 0, 1)
                    for dy in (-1, 0, 1)
                    if 0 <= x + dx < w and 0 <= y + dy < h and (dx or dy)
                ]
                hid = [p for p in around if type(k.rows[p.y][p.x]) is Hidden]
                if hid:
                    numbers.append((seen.n, hid))
    front = sorted({p for _, hid in numbers for p in hid})
    outside = [p for p in hidden if p not in set(front)]
    index = {p: i for i, p in enumerate(front)}
    assert k.mines is not None
    total = k.mines
    weight_all = 0
    weight_safe = 0
    mine_weight = dict.fromkeys(hidden, 0)
    checks = [
        [(n, [index[p] for p in hid]) for n, hid in numbers if max(index[p] for p in hid) == i]
        for i in range(len(front))
    ]
    wanted = [index[p] for p in cells if p in index]
    assert all(p in index for p in cells)  # a chord's cells touch its number
    value = [0] * len(front)

    def walk(i: int) -> None:
        nonlocal weight_all, weight_safe
        if i == len(front):
            m = sum(value)
            rest = total - m
            if not 0 <= rest <= len(outside):
                return
            ways = comb(len(outside), rest)
            weight_all += ways
            if not any(value[j] for j in wanted):
                weight_safe += ways
            for j, p in enumerate(front):
                if value[j]:
                    mine_weight[p] += ways
            if outside:
                each = comb(len(outside) - 1, rest - 1) if rest else 0
                for p in outside:
                    mine_weight[p] += each
            return
        for v in (0, 1):
            value[i] = v
            if all(sum(value[j] for j in idx) == n for n, idx in checks[i]):
                walk(i + 1)
        value[i] = 0

    walk(0)
    assert weight_all > 0
    return Fraction(weight_safe, weight_all), {
        p: Fraction(c, weight_all) for p, c in mine_weight.items()
    }


def check_every_risk(r: Review) -> int:
    """Every risk, safe_existed and best of a review against the brute force;
    how many moves were checked."""
    checked = 0
    for j in r.moves:
        p = j.played
        if not p.started or not p.before.playing:
            continue
        k = p.before.knowledge
        targets: list[Pos] = []
        if j.risk is not None and p.move.type == "reveal":
            assert p.move.pos is not None
            targets = [p.move.pos]
        elif j.risk is not None and p.move.type == "chord":
            assert p.move.pos is not None
            targets = p.before.chord_targets(p.move.pos)
        all_safe, probs = brute_force(k, targets)
        if j.risk is not None:
            assert j.risk == 1 - all_safe, (p.index, p.move)
        assert j.safe_existed == any(v == 0 for v in probs.values())
        lowest = min(probs.values())
        assert j.best is not None and probs[j.best] == lowest == j.best_risk
        checked += 1
    return checked


@pytest.mark.parametrize(
    "name",
    [
        "test_rmv2_16px_preflags.rmv",
        "test_rmv2_24px.rmv",
        "test_rmv2_24px_preflags.rmv",
        "test_rmv2_utf8_nonascii.rmv",
    ],
)
def test_every_risk_of_a_real_replay_matches_an_independent_count(name: str) -> None:
    r = review_file(DATA / name)
    assert check_every_risk(r) == sum(1 for j in r.moves if j.played.started)


def test_the_preflags_replay_has_the_guesses_the_count_gives() -> None:
    r = review_file(PREFLAGS_RMV)
    guesses = [j for j in r.moves if j.guess]
    assert [(j.played.index, j.verdict) for j in guesses] == [(10, "riskier than the best guess")]
    assert r.summary.survival == 1 - guesses[0].risk  # type: ignore[operator]


def verdict_is_consistent(j: Judged) -> None:
    if j.risk is None:
        assert j.verdict in ("flag", "practice", "no effect")
    elif j.verdict == "first click":
        assert j.risk == 0 and not j.played.started
    elif j.risk == 0:
        assert j.verdict in ("safe", "assist")
    elif j.risk == 1:
        assert j.verdict in ("certain mine", "assist too early")
    elif j.safe_existed:
        assert j.verdict == "needless guess"
    elif j.best_risk is not None and j.risk > j.best_risk:
        assert j.verdict == "riskier than the best guess"
    else:
        assert j.verdict == "forced guess"


def test_the_expert_replay_verdicts_follow_the_risks() -> None:
    r = review_file(DATA / "test_rmv1_utf8_basic.rmv")
    for j in r.moves:
        verdict_is_consistent(j)
    assert r.summary.guesses == sum(j.guess for j in r.moves)
    survival = Fraction(1)
    for j in r.moves:
        if j.guess:
            survival *= 1 - j.risk  # type: ignore[operator]
    assert r.summary.survival == survival
    assert r.figures.status == "won" and r.summary.lost_at is None


def own_replay(tmp_path: Path, lose: bool) -> Path:
    """A minebender Beginner game saved as a replay: won by revealing every
    safe cell, or lost on the first mine after a few reveals."""
    s = Session(SessionSpec(Beginner(), "review"), clock=lambda: 0.0)
    s.flag(Pos(0, 0))
    s.reveal(Pos(4, 4))
    assert s.layout is not None
    cells = [Pos(x, y) for y in range(9) for x in range(9)]
    if lose:
        s.reveal(next(p for p in cells if s.layout[p.y][p.x]))
    else:
        for p in cells:
            if not s.layout[p.y][p.x]:
                s.reveal(p)
    path = tmp_path / "game.json"
    path.write_text(replay.dumps(replay.from_session(s)))
    return path


def test_a_minebender_replay_is_reviewed(tmp_path: Path) -> None:
    r = review_file(own_replay(tmp_path, lose=False))
    assert r.record.format == "minebender-replay"
    assert r.figures.status == "won"
    assert r.figures.zini is not None and 0 < r.figures.zini <= r.figures.bbbv
    assert [j.verdict for j in r.moves[:2]] == ["flag", "first click"]
    assert check_every_risk(r) > 0
    for j in r.moves:
        verdict_is_consistent(j)


def test_a_lost_minebender_replay_says_where(tmp_path: Path) -> None:
    r = review_file(own_replay(tmp_path, lose=True))
    assert r.figures.status == "lost"
    assert r.summary.lost_at == 2
    last = r.moves[-1]
    assert last.risk is not None and last.risk > 0
    assert r.summary.survival == 1 - last.risk


def test_the_json_is_the_documented_shape() -> None:
    r = review_file(PREFLAGS_RMV)
    out = json.loads(json.dumps(r.to_json()))
    assert list(out) == [
        "file", "format", "software", "player", "width", "height", "mines", "layout",
        "result", "stats", "moves", "summary", "coaching",
    ]  # fmt: skip
    assert out["format"] == "rmv" and out["file"] == PREFLAGS_RMV.name
    assert len(out["layout"]) == 8 and all(len(row) == 8 for row in out["layout"])
    assert sum(row.count("*") for row in out["layout"]) == out["mines"] == 10
    assert set(out["result"]) == {"status", "time_ms"}
    assert set(out["stats"]) == {
        "bbbv", "bbbv_solved", "bbbv_per_s", "clicks", "ioe", "rqp", "zini", "corr", "thrp",
        "stnb",
    }  # fmt: skip
    clicks = out["stats"]["clicks"]
    assert clicks["total"] == clicks["left"] + clicks["right"] + clicks["double"]
    assert len(out["moves"]) == clicks["total"]  # every action, those that change nothing too
    for m in out["moves"]:
        assert set(m) == {
            "t_ms", "type", "x", "y", "risk", "safe_existed", "best", "best_risk", "verdict"
        }  # fmt: skip
        if m["type"] == "flag":
            assert m["risk"] is None
        if m["risk"] is not None:
            f = Fraction(m["risk"])
            assert m["risk"] == (
                str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
            )
    assert {"guesses", "needless_guesses", "survival"} <= set(out["summary"])
    coaching = out["coaching"]
    assert set(coaching) == {
        "proofs", "guesses", "idle_clicks", "idle_ms", "luck", "safest_luck"
    }  # fmt: skip
    for p in coaching["proofs"]:
        assert set(p) == {"move", "cell", "numbers", "uses_total", "smallest", "mine"}
    for g in coaching["guesses"]:
        assert set(g) == {"move", "risk", "best", "best_risk", "safer"}
        assert g["safer"] == (Fraction(g["best_risk"]) < Fraction(g["risk"]))
        assert out["moves"][g["move"]]["risk"] == g["risk"]


def test_a_first_click_on_a_mine_is_a_guess_at_the_boards_odds(tmp_path: Path) -> None:
    from review_files import MINES_9, evf_by_recorder

    path = evf_by_recorder(tmp_path / "boom.evf", MINES_9, 9, 9, [("l", 0, 0)])
    r = review_file(path)
    (only,) = r.moves
    assert only.risk == Fraction(10, 81) and only.verdict == "forced guess"
    assert r.summary.lost_at == 0 and r.summary.survival == Fraction(71, 81)


def test_a_click_on_a_proven_mine_is_called_so(tmp_path: Path) -> None:
    s = Session(SessionSpec(Beginner(), "view"), clock=lambda: 0.0)
    s.reveal(Pos(4, 4))
    for p in (Pos(x, y) for y in range(9) for x in range(9)):
        if s.over:
            break
        if s.knowledge.hidden(p):
            s.reveal(p)
    path = tmp_path / "game.json"
    path.write_text(replay.dumps(replay.from_session(s)))
    last = review_file(path).moves[-1]
    assert (last.risk, last.verdict) == (1, "certain mine")


def test_a_game_made_practice_in_play_lists_it_and_goes_on(tmp_path: Path) -> None:
    s = Session(SessionSpec(Beginner(), "practice"), clock=lambda: 0.0)
    s.reveal(Pos(4, 4))
    s.make_practice()
    assert s.layout is not None
    s.reveal(next(Pos(x, y) for y in range(9) for x in range(9) if s.layout[y][x]))
    path = tmp_path / "game.json"
    path.write_text(replay.dumps(replay.from_session(s)))
    r = review_file(path)
    assert [j.verdict for j in r.moves][:2] == ["first click", "practice"]
    move = r.to_json()["moves"][1]
    assert (move["type"], move["x"], move["y"], move["risk"]) == ("practice", None, None, None)
    assert r.summary.lost_at == 2


def test_a_mark_takes_a_flag_away_and_counts_as_a_right_click(tmp_path: Path) -> None:
    s = Session(SessionSpec(Beginner(), "marks"), clock=lambda: 0.0)
    s.reveal(Pos(4, 4))
    hidden = next(p for p in (Pos(x, 0) for x in range(9)) if s.knowledge.hidden(p))
    s.flag(hidden)
    s.mark(hidden)  # the flag becomes a ?
    assert hidden not in s.flags
    assert s.layout is not None
    s.reveal(next(Pos(x, y) for y in range(9) for x in range(9) if s.layout[y][x]))
    path = tmp_path / "game.json"
    path.write_text(replay.dumps(replay.from_session(s)))
    r = review_file(path)
    assert [j.verdict for j in r.moves][1:3] == ["flag", "mark"]
    assert hidden not in r.moves[2].played.after.flags
    assert r.figures.clicks.right == s.clicks.right == 2

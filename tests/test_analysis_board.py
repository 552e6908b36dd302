"""The analysis board's extras against brute force on small boards: dead cells,
the best move, win chances in small endgames, and minimal conflicts.

Brute force lists every layout of the board (``reference.brute``), so the
boards stay at 10 cells or fewer.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings

import minebender as mb
from minebender.formats.boardtext import parse
from minebender.rules.solver import analyse_within
from minebender.rules.solver.analysis import counting_work
from minebender.rules.solver.conflict import conflict
from minebender.rules.solver.system import build_system
from minebender.services import analysis_board
from minebender.services.analysis_board import (
    FIRST_WORK,
    WARM_UP_SIZES,
    _warm_board,
    best_move,
    dead_cells,
    first_json,
    follow_json,
    stage_json,
    study,
    study_json,
    warm_up,
    win_chances,
)
from minebender.services.bench.positions import lattice, real_play, wide_lattice
from minebender.services.bot.walked import walked_layouts
from minebender.services.guess_figures import candidates
from minebender.values.seeded import Stream
from minebender.values.types import Boom, Hidden, Knowledge, Pos, Shown
from reference import brute, defs
from reference.endgames import ENDGAME
from reference.expectimax import best_win
from reference.views import random_view
from strategies import knowledges


def _hidden(view: Knowledge) -> list[Pos]:
    return [p for p in view.cells() if type(view.seen(p)) is Hidden]


@settings(max_examples=300, deadline=None)
@given(knowledges(max_side=4, max_cells=10))
@pytest.mark.heavy
def test_dead_cells_show_one_number_wherever_they_are_safe(view: Knowledge) -> None:
    """A dead cell is hidden, not a certain mine, and shows the same number in
    every consistent layout where it is safe; every other such cell is live."""
    analysis = mb.analyse(view)
    layouts = brute.solver_layouts(view)
    w, h = view.width, view.height
    expected = []
    if layouts:
        for p in _hidden(view):
            safe_in = [lay for lay in layouts if not defs.mine(lay, p)]
            if safe_in and len({defs.adj_mines(w, h, lay, p) for lay in safe_in}) == 1:
                expected.append(p)
    assert dead_cells(view, analysis) == sorted(expected, key=lambda p: (p.y, p.x))


@settings(max_examples=300, deadline=None)
@given(knowledges(max_side=4, max_cells=10))
def test_best_move_is_safe_when_a_safe_cell_exists(view: Knowledge) -> None:
    """The best move is a provably safe cell when there is one; else a hidden
    cell that some layout leaves safe, its survival chance named exactly; and
    none exactly when no layout agrees or nothing but mines is hidden."""
    analysis = mb.analyse(view)
    layouts = brute.solver_layouts(view)
    best = best_move(view, analysis)
    hidden = _hidden(view)
    could_be_safe = [p for p in hidden if any(not defs.mine(lay, p) for lay in layouts)]
    if not layouts or not could_be_safe:
        assert best.cell is None and best.reason
        return
    assert best.cell in could_be_safe
    safe = [p for p in hidden if not any(defs.mine(lay, p) for lay in layouts)]
    if safe:
        assert best.cell in safe
        assert "is safe" in best.reason
    else:
        survive = Fraction(sum(not defs.mine(lay, best.cell) for lay in layouts), len(layouts))
        assert f"safe with chance {survive.numerator}/{survive.denominator}" in best.reason


def test_win_chances_are_those_of_perfect_play() -> None:
    """Each candidate's chance to win is that of revealing it now and playing
    perfectly after (a plain expectimax over the layouts), exactly: on 150
    random small views with several layouts, safe cells or not."""
    rng = random.Random(30)
    checked = 0
    while checked < 150:
        view = random_view(rng, [(3, 3), (4, 2), (4, 3), (3, 4)], reveal=0.4)
        analysis = mb.analyse(view)
        layouts = brute.consistent_layouts(view)
        if len(layouts) < 2:
            assert win_chances(view, analysis) is None
            continue
        chances = win_chances(view, analysis)
        assert chances is not None
        undecided = [
            p for p in _hidden(view) if 0 < sum(defs.mine(lay, p) for lay in layouts) < len(layouts)
        ]
        assert [p for p, _ in chances] == sorted(undecided, key=lambda p: (p.y, p.x))
        for p, chance in chances:
            assert abs(float(chance) - best_win(view, p)) < 1e-9
            assert len(layouts) % chance.denominator == 0
        checked += 1


def test_the_exact_best_move_wins_as_often_as_best_play() -> None:
    """In an endgame the exact stage names a move and its chance to win: the
    chance of best play from the view (a plain expectimax), reached by that
    move; the bot's move is kept when it wins as often, and a safe cell stays
    the move beside which nothing is lost. On 150 random small views."""
    rng = random.Random(31)
    checked = kept = 0
    while checked < 150:
        view = random_view(rng, [(3, 3), (4, 2), (4, 3), (3, 4)], reveal=0.4)
        analysis = mb.analyse(view)
        layouts = brute.consistent_layouts(view)
        stages: dict[str, Any] = {}
        study(lambda s, into=stages: into.__setitem__(*s), view)
        exact = stages["perfect"]
        if len(layouts) < 2:
            assert exact is None
            continue
        assert exact is not None and exact.win is not None and exact.cell is not None
        assert abs(float(exact.win) - best_win(view)) < 1e-9
        said = f"{exact.win.numerator}/{exact.win.denominator} ({float(exact.win):.1%})"
        if exact.win == 1:
            said = "wins without a guess"
        assert said in exact.reason
        bot = stages["best"]
        if analysis.safe:
            assert exact.cell == bot.cell and exact.reason.startswith(bot.reason)
        else:
            assert abs(best_win(view, exact.cell) - float(exact.win)) < 1e-9
            if abs(best_win(view, bot.cell) - float(exact.win)) < 1e-9:
                assert exact.cell == bot.cell
                kept += 1
        checked += 1
    assert kept >= 20  # the rule was used (29 times with this seed)


def test_an_exact_move_that_is_not_the_bot_s_leads_the_guesses_again() -> None:
    """When the exact search's move is not the bot's, the guesses' figures
    come again, led by it, between the move and the win chances."""
    view = parse(ENDGAME)
    stages: list[tuple[str, Any]] = []
    study(stages.append, view)
    names = [name for name, _ in stages]
    assert names[-5:] == ["candidates", "dead", "perfect", "candidates", "win_chances"]
    got = dict(stages)
    bot = next(value for name, value in stages if name == "best")
    exact = got["perfect"]
    assert bot.cell == Pos(23, 15) and exact.cell == Pos(28, 15)
    assert exact.win == Fraction(307, 408) == max(w for _, w in got["win_chances"])
    assert got["candidates"][0].cell == exact.cell
    assert got["candidates"] == candidates(view, mb.analyse(view), exact.cell)


def test_win_chances_come_as_they_are_found_the_safest_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While the search runs, the chances found so far are sent again and again
    (``win_partial``), each list holding the last and one more, row by row;
    the guesses are searched the safest first, and the whole list comes
    last. Sent at every guess here (no pause between them)."""
    monkeypatch.setattr(analysis_board, "PARTIAL_SECONDS", 0.0)
    view = parse(ENDGAME)
    analysis = mb.analyse(view)
    stages: list[tuple[str, Any]] = []
    study(stages.append, view)
    partial = [value for name, value in stages if name == "win_partial"]
    whole = dict(stages)["win_chances"]
    assert len(partial) == len(whole) > 10
    assert [len(found) for found in partial] == list(range(1, len(whole) + 1))
    assert partial[-1] == whole == sorted(whole, key=lambda item: (item[0].y, item[0].x))
    order = [next(iter(set(b) - set(a))) for a, b in itertools.pairwise([[], *partial])]
    risks = [analysis.probability(p) for p, _ in order]
    assert risks == sorted(risks) and len(set(risks)) > 1
    json_lines = [stage_json(view, stage) for stage in stages[-2:]]
    assert set(json_lines[0]) == {"win_partial"} and json_lines[1]["win_partial"] is None


def _satisfiable(view: Knowledge, keep: set[Pos], with_total: bool) -> bool:
    """Some layout agrees with the numbers at keep (and the total, when asked):
    shown cells hold no mine, revealed mines hold one."""
    hidden = _hidden(view)
    mine_cells = {p for p in view.cells() if type(view.seen(p)) is Boom}
    for bits in itertools.product((False, True), repeat=len(hidden)):
        mines = mine_cells | {p for p, b in zip(hidden, bits, strict=True) if b}
        if with_total and view.mines is not None and len(mines) != view.mines:
            continue
        if all(
            sum(q in mines for q in view.neighbours(p)) == view.seen(p).n  # type: ignore[union-attr]
            for p in keep
        ):
            return True
    return False


@settings(max_examples=400, deadline=None)
@given(knowledges(max_side=4, max_cells=10))
def test_conflicts_are_minimal_impossible_sets(view: Knowledge) -> None:
    """On a view no layout agrees with, the conflict's numbers (with the total
    when named) agree with no layout, and dropping any one of them, or the
    total, leaves a set some layout agrees with. A consistent view has none."""
    numbers = {p for p in view.cells() if type(view.seen(p)) is Shown}
    found = conflict(view)
    if _satisfiable(view, numbers, True):
        assert found is None
        return
    assert found is not None
    keep = set(found.numbers)
    assert keep <= numbers
    assert list(found.numbers) == sorted(keep, key=lambda p: (p.y, p.x))
    assert not _satisfiable(view, keep, found.uses_total)
    for p in keep:
        assert _satisfiable(view, keep - {p}, found.uses_total)
    if found.uses_total:
        assert _satisfiable(view, keep, False)


def test_conflict_names_the_total_when_it_is_needed() -> None:
    """Two separate 1s need two mines; a total of one makes them impossible."""
    view = parse("6x1x1\n.1..1.\n")
    found = conflict(view)
    assert found is not None
    assert found.uses_total and set(found.numbers) == {Pos(1, 0), Pos(4, 0)}
    assert "the total number of mines" in str(found)


def test_study_sends_its_stages_in_order() -> None:
    """The analysis first, then the best move, the 50/50s, the sets no click
    can split and the guesses' figures. In an endgame the dead cells come
    next and the exact search last (the best move it finds, then every
    guess's chance); elsewhere the exact stages are empty at once and the
    dead cells come last. On an impossible board the conflict comes right
    after the analysis."""
    first = ["best", "fifties", "guess_sets", "candidates"]
    stages: list[str] = []
    study(lambda s: stages.append(s[0]), parse("3x1x1\n1..\n"))
    assert stages == ["analysis", *first, "dead", "perfect", "win_chances"]
    stages.clear()
    study(lambda s: stages.append(s[0]), parse("3x1\n1.0\n"))
    assert stages == ["analysis", "conflict", *first, "perfect", "win_chances", "dead"]
    stages.clear()
    got: dict[str, Any] = {}
    study(lambda s: got.__setitem__(*s), parse("10x10x10\n" + "..........\n" * 10))
    assert list(got) == ["analysis", *first, "perfect", "win_chances", "dead"]
    assert got["perfect"] is None and got["win_chances"] is None


@settings(max_examples=300, deadline=None)
@given(knowledges(max_side=4, max_cells=10))
def test_a_bounded_analysis_is_the_analysis_or_nothing(view: Knowledge) -> None:
    """Law: ``analyse_within`` gives ``analyse``'s answer when the counting
    work is within its bound, and None past it (a bound of -1 refuses all)."""
    work = counting_work(build_system(view))
    assert analyse_within(view, work) == mb.analyse(view)
    assert analyse_within(view, work - 1) is None
    assert analyse_within(view, -1) is None


def test_real_play_is_within_the_first_stages_bound_and_lattices_are_not() -> None:
    """Every view of real play (a game of each level) has its first stage made
    where it is asked; a lattice of numbers two apart (k=5 on 30x24) goes to
    a child."""
    for level in ("beginner", "intermediate", "expert"):
        for position in real_play(level, 40, 7):
            assert first_json(position.knowledge) is not None, (level, position.name)
    assert first_json(lattice(5, 1).knowledge) is None


def test_the_first_stage_and_the_rest_are_the_whole_study() -> None:
    """``first_json`` then ``follow_json`` send what ``study_json`` sends, line
    for line, on a consistent board and an impossible one."""
    for text in ("4x3x2\n1...\n....\n.2..\n", "3x2\n1.0\n111\n", "3x1x1\n1..\n"):
        view = parse(text)
        whole: list[dict[str, object]] = []
        study_json(whole.append, view)
        rest: list[dict[str, object]] = []
        follow_json(rest.append, view)
        assert [first_json(view), *rest] == whole
        assert counting_work(build_system(view)) <= FIRST_WORK


def test_dead_cells_past_their_time_are_not_worked_out() -> None:
    """A lattice of numbers: no layout can be drawn, each cell is a whole count."""
    view = wide_lattice(16, 1).knowledge
    assert dead_cells(view, mb.analyse(view), seconds=0.0) is None


def test_stage_json_of_an_impossible_board() -> None:
    view = parse("3x2\n1.0\n111\n")
    got: dict[str, object] = {}
    study(lambda s: got.update(stage_json(view, s)), view)
    assert got["consistent"] is False
    assert got["conflict"] in ([[0, 0], [2, 0]], [[1, 1], [2, 1]], [[2, 0], [2, 1]])
    assert got["best"] is None and got["dead"] == [] and got["win_chances"] is None


@settings(max_examples=300, deadline=None)
@given(knowledges(max_side=4, max_cells=10))
def test_walked_layouts_are_distinct_and_consistent(view: Knowledge) -> None:
    """The local search gives only layouts that agree with the view (its mine
    total included, when known), each once."""
    analysis = mb.analyse(view)
    found = walked_layouts(view, analysis, 5, 2_000, Stream(b"1"))
    consistent = {
        frozenset(p.y * view.width + p.x for p in view.cells() if defs.mine(lay, p))
        for lay in brute.solver_layouts(view)
    }
    assert len(set(found)) == len(found) <= 5
    assert set(found) <= consistent
    if len(consistent) >= 1 and analysis.consistent:
        assert found  # small boards: the walk always finds one


def test_the_warm_up_analyses_a_real_position_of_each_size() -> None:
    """A spare child's warm-up (``limited.warm``) must do the work a real
    analysis does: consistent boards with a front, a step per size."""
    assert sum(1 for _ in warm_up()) == len(WARM_UP_SIZES)
    for width, height in WARM_UP_SIZES:
        k = _warm_board(width, height)
        found = mb.analyse(k)
        assert (k.width, k.height) == (width, height)
        assert found.consistent and not found.unique
        assert found.safe or any(
            0 < p < 1 for row in found.probabilities for p in row if p is not None
        )

"""The endgame search against brute force on small boards.

``enumerate_layouts`` must list exactly the layouts that agree with the view
(checked against every layout of the board), and ``best_endgame_move`` must
find the exact best win probability, checked against a plain expectimax over
those layouts (``reference.expectimax``), written from the rules alone.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import assume, given, settings

import minebender as mb
from minebender import Boom, Hidden, Knowledge, Pos
from minebender.services.bot.endgame import Endgame, best_endgame_move, candidate_wins, endgame
from minebender.services.bot.layouts import enumerate_layouts
from reference import brute, defs
from reference.expectimax import best_win
from reference.views import random_view, stuck_views, view_of_rows
from strategies import knowledges

SIZES = [(3, 3), (4, 2), (4, 3), (3, 4)]


def _mines_of(cells: list[Pos], layout: int) -> frozenset[Pos]:
    return frozenset(p for i, p in enumerate(cells) if layout >> i & 1)


@settings(max_examples=300, deadline=None)
@given(knowledges(max_side=4, max_cells=10))
def test_enumerated_layouts_are_exactly_the_consistent_ones(view: Knowledge) -> None:
    analysis = mb.analyse(view)
    assume(analysis.consistent)
    found = enumerate_layouts(view, analysis, 10_000)
    assert found is not None
    cells, layouts = found
    assert len(layouts) == len(set(layouts)) == analysis.solutions
    expected = set()
    for layout in brute.solver_layouts(view):
        mines = {p for p in view.cells() if defs.mine(layout, p)}
        assert analysis.mines <= mines
        booms = {p for p in view.cells() if type(view.seen(p)) is Boom}
        expected.add(frozenset(mines - analysis.mines - booms))
    assert {_mines_of(cells, lay) for lay in layouts} == expected


def test_enumeration_gives_up_past_the_limit() -> None:
    view = Knowledge(4, 4, 3, tuple(tuple(Hidden() for _ in range(4)) for _ in range(4)))
    analysis = mb.analyse(view)
    assert analysis.solutions == 560
    assert enumerate_layouts(view, analysis, 559) is None
    found = enumerate_layouts(view, analysis, 560)
    assert found is not None and len(found[1]) == 560


def test_cells_away_from_every_number_cost_only_the_layouts_they_make() -> None:
    """A wide open board with one mine left: 81 layouts, listed at once (not every
    way to put any number of mines on 81 cells)."""
    rows = tuple(tuple(Hidden() for _ in range(9)) for _ in range(9))
    view = Knowledge(9, 9, 1, rows)
    found = enumerate_layouts(view, mb.analyse(view), 1_000)
    assert found is not None
    assert sorted(found[1]) == [1 << i for i in range(81)]
    unknown_total = Knowledge(
        3, 3, None, tuple(tuple(Hidden() for _ in range(3)) for _ in range(3))
    )
    found = enumerate_layouts(unknown_total, mb.analyse(unknown_total), 1_000)
    assert found is not None and len(found[1]) == 2**9


def _check_exact(view: Knowledge) -> None:
    """The search's value is the exact best, and its cell reaches that value."""
    analysis = mb.analyse(view)
    found = best_endgame_move(view, analysis, limit=1_000)
    assert found is not None
    cell, value = found
    assert value == pytest.approx(best_win(view))
    assert best_win(view, first=cell) == pytest.approx(value)
    assert type(view.seen(cell)) is Hidden and cell not in analysis.mines


def test_endgame_search_finds_the_exact_best_win_probability() -> None:
    """On every stuck view among 600 random small ones (no cell provably safe,
    several layouts)."""
    rng = random.Random(2026)
    checked = 0
    for view, _ in stuck_views(rng, SIZES, 0.4, 600):
        _check_exact(view)
        checked += 1
    assert checked >= 100


@pytest.mark.slow
@pytest.mark.heavy
def test_cut_offs_keep_the_search_exact_on_bigger_positions() -> None:
    """On 16-cell boards with 12 to 200 layouts, where whole candidates are cut
    off half evaluated and most sets reached deep down hold two layouts."""
    rng = random.Random(7)
    checked = 0
    for _ in range(400):
        view = random_view(rng, [(4, 4), (5, 3), (3, 5)], reveal=0.3)
        analysis = mb.analyse(view)
        hidden = sum(type(view.seen(p)) is Hidden for p in view.cells())
        if analysis.safe or not 12 <= analysis.solutions <= 200 or hidden > 12:
            continue
        _check_exact(view)
        checked += 1
        if checked == 10:
            break
    assert checked == 10


def check_every_chance(view: Knowledge, analysis: mb.Analysis, found: Endgame, limit: int) -> None:
    """Each cell's exact chance (``candidate_wins``) is the plain expectimax's
    after revealing that cell, and the best guess's chance is the largest."""
    chances = candidate_wins(view, analysis, limit)
    assert chances is not None
    for cell, chance in chances:
        assert float(chance) == pytest.approx(best_win(view, first=cell))
    best = found.best()
    assert best is not None and best[1] == max(chance for _, chance in chances)


def test_every_cells_chance_is_the_expectimax_after_revealing_it() -> None:
    """On stuck random views, some of them cut into regions the search wins
    apart, each cell's exact chance (``candidate_wins``) is the plain
    expectimax's after revealing that cell."""
    rng = random.Random(4242)
    checked = apart = 0
    for view, analysis in stuck_views(rng, [(6, 2), (4, 3), (3, 4)], 0.6, 600):
        found = endgame(view, analysis, 1_000)
        assert found is not None
        apart += len(found.search.regions) > 1
        check_every_chance(view, analysis, found, 1_000)
        checked += 1
    assert checked >= 30 and apart >= 3


def test_two_traps_apart_are_won_as_the_product_of_their_chances() -> None:
    """Two 50/50 pairs that no number ties, with the total known: four
    layouts, won only when both coin flips come right (1/4), searched as two
    regions."""
    view = view_of_rows(["..", "11", "00", "11", ".."], 2)
    analysis = mb.analyse(view)
    assert analysis.solutions == 4
    found = endgame(view, analysis, 100)
    assert found is not None and len(found.search.regions) == 2
    best = found.best()
    assert best is not None and best[1] == Fraction(1, 4) == pytest.approx(best_win(view))


def test_bench_endgame_times_the_endgames_of_real_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every endgame timed has from 2 to --limit layouts, and the bands count
    each once, in their own band."""
    from minebender.faces.cli import main
    from minebender.rules.game import setup
    from minebender.services.bench.endgame import BANDS, time_endgames
    from minebender.values.types import Beginner

    timings = time_endgames(setup(Beginner()), 60, 3, 500, "strong", "tuned")
    assert timings and all(2 <= t.layouts <= 500 for t in timings)
    assert all(t.regions >= 1 and t.positions >= 0 for t in timings)
    assert (
        main(
            [
                "bench",
                "endgame",
                "--level",
                "beginner",
                "--games",
                "60",
                "--seed",
                "3",
                "--limit",
                "500",
                "--json",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert sum(band["endgames"] for band in out["bands"]) == len(timings)
    for band in out["bands"]:
        high = min(b for b in BANDS if b >= band["high"])
        assert band["low"] <= band["high"] <= high
        assert 0 <= band["best_median"] <= band["best_max"]


def test_groups_played_apart_and_cut_short_searches_stay_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On long thin boards, where revealed columns cut the undecided cells into
    groups that the search plays apart once their mine counts are fixed, every
    cell's chance is still the plain expectimax's, and the best is the largest."""
    from minebender.services.bot import perfect
    from minebender.services.bot.perfect import Perfect

    # A class compiled by mypyc calls its own methods directly: no patch sees
    # them, so the split is counted on the plain build only.
    plain = Path(perfect.__file__ or "").suffix == ".py"
    factored = 0
    factor = Perfect._factor

    def counting(self: Perfect, *args: int) -> tuple[int, int] | None:
        nonlocal factored
        found = factor(self, *args)  # type: ignore[arg-type]
        factored += found is not None
        return found

    monkeypatch.setattr(Perfect, "_factor", counting)
    rng = random.Random(31)
    checked = 0
    for view, analysis in stuck_views(rng, [(7, 2), (6, 2), (5, 3)], 0.45, 300):
        if analysis.solutions > 60:
            continue
        chances = candidate_wins(view, analysis, 1_000)
        assert chances is not None
        for cell, chance in chances:
            assert float(chance) == pytest.approx(best_win(view, first=cell))
        best = best_endgame_move(view, analysis, 1_000)
        assert best is not None and best[1] == max(chance for _, chance in chances)
        checked += 1
    assert checked >= 20
    assert factored >= 5 or not plain


def test_bench_endgame_lists_each_endgame_from_a_number_of_layouts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--from`` leaves out the endgames of two layouts; ``--each`` lists every one
    timed, the same as the bands count."""
    from minebender.faces.cli import main

    args = ["bench", "endgame", "--level", "beginner", "--games", "60", "--seed", "3"]
    assert main([*args, "--limit", "500", "--from", "3", "--each", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["endgames"] and all(3 <= e["layouts"] <= 500 for e in out["endgames"])
    assert len(out["endgames"]) == sum(band["endgames"] for band in out["bands"])
    assert main([*args, "--limit", "500", "--from", "3", "--each"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].split() == ["layouts", "regions", "positions", "best", "guess", "every", "cell"]
    assert len(lines) == 3 + len(out["endgames"])
    assert main([*args, "--limit", "500", "--from", "600"]) == 2
    assert "--from" in capsys.readouterr().err


def test_the_stored_hard_endgames_are_real_stuck_endgames_of_the_bench_size() -> None:
    """Each board of ``bench endgame --hard`` reads back, agrees with some
    layout, has no provably safe cell and 1,000 to 20,000 layouts."""
    from minebender.formats.boardtext import parse_board
    from minebender.services.bench.hard_endgames import HARD_ENDGAMES

    assert len(HARD_ENDGAMES) >= 5
    for hard in HARD_ENDGAMES:
        view = parse_board(hard.board).knowledge
        found = mb.analyse(view)
        assert found.consistent and not found.safe, hard.note
        assert 1_000 <= found.solutions <= 20_000, hard.note


def test_bench_endgame_hard_lists_each_stored_endgame(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--hard`` times every stored endgame once (here one small stand-in):
    one line each, or one JSON object with its layouts."""
    from minebender.faces.cli import main
    from minebender.services.bench import endgame as bench
    from minebender.services.bench.hard_endgames import HardEndgame

    small = HardEndgame("three pockets", "6x2x2\n.1..1.\n.1..1.\n")
    monkeypatch.setattr(bench, "HARD_ENDGAMES", (small, small))
    assert main(["bench", "endgame", "--hard", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [e["layouts"] for e in out["endgames"]] == [16, 16]
    assert all(e["regions"] == 1 and e["positions"] > 0 for e in out["endgames"])
    assert main(["bench", "endgame", "--hard"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].split() == ["layouts", "regions", "positions", "best", "guess", "every", "cell"]
    assert [line.split()[0] for line in lines[3:]] == ["16", "16"]

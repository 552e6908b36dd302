"""The solver's fast paths give the same answers as the full count.

``find_safe`` and ``first_safe`` decide safety from sets of possible mine
counts, never counting layouts; cheap deductions settle cells before any
counting; lattices stress one big component. Each is checked against
``analyse`` (itself checked against brute force elsewhere), on random views
and on positions from real play. Speed is measured by ``minebender bench
solver``, never here.
"""

from __future__ import annotations

import argparse
import random
from fractions import Fraction

import pytest

from minebender import Boom, Hidden, Knowledge, Pos, Shown
from minebender.rules.solver import analyse, find_safe, first_safe, small
from minebender.rules.solver.reading import read_numbers
from minebender.rules.solver.safety import settled
from minebender.rules.solver.system import build_system
from minebender.services.bench.positions import lattice, real_play
from needs import PEERS


def _random_view(rng: random.Random) -> Knowledge:
    """A view that usually agrees with some layout, and sometimes does not."""
    w, h = rng.randint(1, 7), rng.randint(1, 6)
    mines = set(rng.sample(range(w * h), rng.randint(0, w * h)))
    share = rng.random()
    rows = []
    for y in range(h):
        row: list[Hidden | Shown | Boom] = []
        for x in range(w):
            i = y * w + x
            if rng.random() >= share:
                row.append(Hidden())
            elif i in mines:
                row.append(Boom() if rng.random() < 0.2 else Hidden())
            else:
                n = sum(
                    (yy * w + xx) in mines
                    for yy in range(y - 1, y + 2)
                    for xx in range(x - 1, x + 2)
                    if 0 <= xx < w and 0 <= yy < h
                )
                row.append(Shown(rng.randint(0, 8) if rng.random() < 0.1 else n))
        rows.append(tuple(row))
    total: int | None = len(mines) if rng.random() < 0.7 else None
    if total is not None and rng.random() < 0.1:
        total = rng.randint(0, w * h)
    return Knowledge(w, h, total, tuple(rows))


VIEWS = [_random_view(random.Random(seed)) for seed in range(1500)]
REAL = [p.knowledge for level in ("beginner", "intermediate") for p in real_play(level, 25, 7)]


def _row_by_row(cells: frozenset[Pos]) -> list[Pos]:
    return sorted(cells, key=lambda p: (p.y, p.x))


def test_some_random_views_are_inconsistent_and_most_are_not() -> None:
    consistent = sum(analyse(v).consistent for v in VIEWS)
    assert 100 < consistent < len(VIEWS) - 100


@pytest.fixture(params=["listed", "swept"])
def counting(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Small components are listed (``solver.small``) unless listing is
    switched off, when the sweeps count them: every fast path is checked both
    ways."""
    way: str = request.param
    monkeypatch.setattr(small, "LISTABLE", 10**9 if way == "listed" else 0)
    return way


@pytest.mark.parametrize("chunk", range(5))
def test_find_safe_is_the_safe_set_of_analyse(chunk: int, counting: str) -> None:
    for view in VIEWS[chunk::5] + REAL[chunk::5]:
        assert find_safe(view) == _row_by_row(analyse(view).safe), view


@pytest.mark.parametrize("chunk", range(5))
def test_settled_mines_are_the_certain_mines_of_analyse(chunk: int, counting: str) -> None:
    for view in VIEWS[chunk::5] + REAL[chunk::5]:
        a = analyse(view)
        found = settled(build_system(view))
        assert (found is None) == (not a.consistent)
        if found is not None:
            w = view.width
            assert {Pos(i % w, i // w) for i in found[1]} == a.mines


def test_first_safe_is_provably_safe_or_the_player_is_stuck(counting: str) -> None:
    for view in VIEWS + REAL:
        a = analyse(view)
        p = first_safe(view)
        if p is None:
            assert not a.safe
        else:
            assert p in a.safe


def test_inconsistent_view_makes_every_hidden_cell_safe() -> None:
    view = Knowledge(3, 1, None, ((Hidden(), Shown(3), Hidden()),))
    assert find_safe(view) == [Pos(0, 0), Pos(2, 0)]
    assert first_safe(view) in (Pos(0, 0), Pos(2, 0))


def test_cheap_deductions_settle_cells_before_counting() -> None:
    # 1 1 .   the left 1 has one hidden neighbour: a mine, and then the
    # . . .   right 1 is full, so its other hidden neighbours are safe.
    view = Knowledge(3, 2, None, ((Shown(1), Shown(1), Hidden()), (Shown(1), Hidden(), Hidden())))
    system = build_system(view)
    assert system.known_mines == (4,)
    assert set(system.known_safe) == {2, 5}
    assert not system.groups
    a = analyse(view)
    assert a.mines == {Pos(1, 1)} and a.safe == {Pos(2, 0), Pos(2, 1)}


def test_cheap_deductions_name_a_number_they_cannot_satisfy() -> None:
    # 2 0 0   the 2 needs both hidden cells, the 0 beside it none of them:
    # . . 0   the first pass of the deductions already finds them at odds.
    top = (Shown(2), Shown(0), Shown(0))
    view = Knowledge(3, 2, None, (top, (Hidden(), Hidden(), Shown(0))))
    system = build_system(view)
    assert system.contradiction == "the number at (1, 0) cannot be satisfied"
    assert not analyse(view).consistent
    # . 2 .   found in the second pass: the 2 and the outer 1s make both
    # 1 1 1   hidden cells mines in the first, and only then is the middle 1
    # 0 0 0   (which allows one of them) seen to be over its count.
    rows = (
        (Hidden(), Shown(2), Hidden()),
        (Shown(1), Shown(1), Shown(1)),
        (Shown(0), Shown(0), Shown(0)),
    )
    system = build_system(Knowledge(3, 3, None, rows))
    assert system.contradiction == "the number at (1, 1) cannot be satisfied"
    assert not analyse(Knowledge(3, 3, None, rows)).consistent


def test_reading_names_the_first_number_that_cannot_be_right() -> None:
    # The one-loop reading hands these views to the number-by-number one,
    # which names the first bad number row by row.
    #
    # 0 3 .   the 3 has one hidden neighbour, so it asks more than it can
    # 0 0 1   hold; the 1 after it is never reached.
    rows = ((Shown(0), Shown(3), Hidden()), (Shown(0), Shown(0), Shown(1)))
    numbers = read_numbers(Knowledge(3, 2, None, rows))
    assert numbers.contradiction == "the 3 at (1, 0) cannot be satisfied"
    # 0 0 0   a number with no hidden neighbour must be a 0.
    # 0 1 0
    rows = ((Shown(0),) * 3, (Shown(0), Shown(1), Shown(0)))
    numbers = read_numbers(Knowledge(3, 2, 1, rows))
    assert numbers.contradiction == "the 1 at (1, 1) cannot be satisfied"
    assert not analyse(Knowledge(3, 2, 1, rows)).consistent
    # * 2 .   a revealed mine counts towards the 2, which then needs one
    # . 1 .   more; the 1 is already satisfied by the mine.
    rows = ((Boom(), Shown(2), Hidden()), (Hidden(), Shown(1), Hidden()))
    numbers = read_numbers(Knowledge(3, 2, 2, rows))
    assert numbers.contradiction is None and numbers.booms == 1
    assert [(i, need) for i, _, need in numbers.scopes] == [(1, 1), (4, 0)]
    assert numbers.hidden == (2, 3, 5)


def test_a_lattice_is_consistent_and_one_component() -> None:
    view = lattice(4, seed=3).knowledge
    assert (view.width, view.height, view.mines) == (30, 24, 150)
    assert sum(type(s) is Shown for row in view.rows for s in row) == 16
    system = build_system(view)
    assert len(system.components) == 1
    a = analyse(view)
    assert a.consistent
    total = sum(p for row in a.probabilities for p in row if p is not None)
    assert total == Fraction(150)


def test_real_play_positions_replay_the_same_way() -> None:
    first = [p.knowledge for p in real_play("beginner", 10, 3)]
    again = [p.knowledge for p in real_play("beginner", 10, 3)]
    assert first == again
    assert all(analyse(v).consistent for v in first)


def test_bench_solver_reports_a_missing_peer_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    from minebender.faces.commands.bench import solver as bench
    from minebender.faces.commands.options import UsageError

    real_import = builtins.__import__

    def no_peer(name: str, *args: object, **kwargs: object) -> object:
        if name == "ms_toollib":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_peer)
    args = argparse.Namespace(seed="1", peer="ms_toollib", quick=True, peer_limit=None, clock="cpu")
    with pytest.raises(UsageError, match="ms_toollib is not installed"):
        bench.run(args)


def test_bench_measures_and_checks_against_the_peer() -> None:
    pytest.importorskip("ms_toollib", reason=PEERS)
    from minebender.services.bench import solver as bench

    positions = real_play("beginner", 5, 1)
    row = bench._measure("real play", positions, bench.load_peer(), bench.CLOCKS["cpu"])
    assert row.count == 5 and len(row.ours) == 5 and row.peer is not None and len(row.peer) == 5
    assert row.agree == "yes"


@pytest.mark.parametrize(("k", "seed"), [(5, 1), (5, 4), (6, 2), (6, 6)])
def test_big_components_give_the_same_answers_whatever_the_order(
    k: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a big component the order is chosen by estimate and race and only live
    states are counted; with the plain greedy order and every state, the exact
    answers must be the same."""
    from minebender.rules.solver import choose

    view = lattice(k, seed=seed).knowledge
    assert max(len(c.groups) for c in build_system(view).components) >= choose.BIG
    chosen = analyse(view)
    safe = find_safe(view)
    monkeypatch.setattr(choose, "BIG", 10**9)
    assert analyse(view) == chosen
    assert find_safe(view) == safe

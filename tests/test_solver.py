"""The solver against brute force: every field of Analysis, on thousands of
small positions.

Positions come from real layouts with some cells revealed, then sometimes
spoiled (wrong numbers, Boom cells where there is no mine, a wrong or unknown
total), so consistent, inconsistent and unknown-total views are all covered.
The brute force (``reference.brute``) counts the layouts one by one.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minebender import Boom, Hidden, Knowledge, Pos, Seen, Shown, analyse
from minebender.rules.solver import small
from minebender.rules.solver.analysis import tail_weights
from reference import brute, defs
from strategies import knowledges


def assert_matches_brute(v: Knowledge) -> None:
    """Every field of analyse(v) equals the brute-force count."""
    want = brute.brute_analysis(v)
    got = analyse(v)
    where = f"\n  knowledge={v!r}"
    assert got.consistent == want.consistent, f"consistent{where}"
    assert got.solutions == want.solutions, f"solutions {got.solutions} != {want.solutions}{where}"
    assert got.unique == want.unique, f"unique{where}"
    assert got.safe == want.safe, f"safe {sorted(got.safe)} != {sorted(want.safe)}{where}"
    assert got.mines == want.mines, f"mines {sorted(got.mines)} != {sorted(want.mines)}{where}"
    for p, prob in want.probabilities.items():
        have = got.probability(p)
        assert isinstance(have, Fraction) and have == prob, f"probability {p}: {have}{where}"
    if v.mines is not None:  # Stuck is LAWS.bend's, whose views always carry the total
        assert (not got.safe) == brute.stuck(v), f"Stuck{where}"


def random_knowledge(rng: random.Random, max_cells: int = 10) -> Knowledge:
    """A random small view: a real layout partly revealed, sometimes spoiled."""
    w = rng.randint(1, 5)
    h = rng.randint(1, max(1, min(4, max_cells // w)))
    density = rng.choice([0.1, 0.25, 0.4, 0.6])
    layout = tuple(tuple(rng.random() < density for _ in range(w)) for _ in range(h))
    reveal = rng.choice([0.2, 0.4, 0.6, 0.8])
    rows: list[list[Seen]] = []
    for y in range(h):
        row: list[Seen] = []
        for x in range(w):
            p = Pos(x, y)
            if rng.random() >= reveal:
                row.append(Hidden())
            elif defs.mine(layout, p):
                row.append(Boom())
            else:
                row.append(Shown(defs.adj_mines(w, h, layout, p)))
        rows.append(row)
    if rng.random() < 0.3:
        x, y = rng.randrange(w), rng.randrange(h)
        rows[y][x] = rng.choice([Hidden(), Boom(), Shown(rng.randint(0, 8))])
    total = defs.total_mines(layout)
    mines = rng.choice([total, total, total, None, rng.randint(0, w * h + 1)])
    return Knowledge(w, h, mines, tuple(tuple(r) for r in rows))


@pytest.mark.parametrize("counting", ["listed", "swept"])
@pytest.mark.parametrize("seed", range(6))
def test_solver_matches_brute_force_on_random_positions(
    seed: int, counting: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Small components are listed (solver.small) unless listing is switched
    # off, when the sweep counts them: both ways must match brute force.
    monkeypatch.setattr(small, "LISTABLE", 10**9 if counting == "listed" else 0)
    rng = random.Random(seed)
    kinds = {"consistent": 0, "inconsistent": 0, "unknown total": 0}
    for _ in range(500):
        v = random_knowledge(rng)
        assert_matches_brute(v)
        kinds["consistent" if brute.solver_layouts(v) else "inconsistent"] += 1
        kinds["unknown total"] += v.mines is None
    assert min(kinds.values()) > 25, kinds  # every kind of position was checked


@settings(max_examples=300)
@given(knowledges())
def test_solver_matches_brute_force(v: Knowledge) -> None:
    assert_matches_brute(v)


@pytest.mark.parametrize(
    ("rows", "mines", "solutions", "safe", "certain"),
    [
        # ? 1 ?  with one mine: two layouts, no safe cell.
        ("?1?", 1, 2, "", ""),
        # 1 ?  the 1 has one hidden neighbour: a certain mine.
        ("1?", 1, 1, "", "1,0"),
        # 0 ?  a zero: its neighbour is safe, and the total 1 cannot be placed.
        ("0?", 1, 0, "1,0", "1,0"),
        # 0 ? with an unknown total: one layout, the empty one.
        ("0?", None, 1, "1,0", ""),
        # * 2  a Boom and a 2 on a 2x1 board: the 2 is impossible.
        ("*2", 1, 0, "", ""),
        # ? ? ? with no number and an unknown total: 2**3 layouts.
        ("???", None, 8, "", ""),
    ],
)
def test_solver_on_hand_counted_positions(
    rows: str, mines: int | None, solutions: int, safe: str, certain: str
) -> None:
    def seen(c: str) -> Seen:
        return Hidden() if c == "?" else Boom() if c == "*" else Shown(int(c))

    v = Knowledge(len(rows), 1, mines, (tuple(seen(c) for c in rows),))
    a = analyse(v)

    def cells(s: str) -> frozenset[Pos]:
        return frozenset(Pos(*map(int, c.split(","))) for c in s.split() if c)

    assert a.solutions == solutions
    assert a.consistent == (solutions > 0)
    assert a.safe == cells(safe)
    assert a.mines == cells(certain)
    assert_matches_brute(v)


def test_consistent_layouts_agrees_with_the_literal_definition() -> None:
    """The fast form of ``consistent`` in the brute force is the definition's,
    and the solver's "any total" reading of ``mines=None`` is the union of the
    definition over every total (while the definition itself admits no layout
    for a view without one)."""
    rng = random.Random(7)
    unknown = 0
    for _ in range(150):
        v = random_knowledge(rng, max_cells=8)
        every = brute.all_layouts(v.width, v.height)
        listed = brute.consistent_layouts(v)
        assert listed == [layout for layout in every if defs.consistent(v, layout)], v
        fast = set(listed)
        if v.mines is None:
            unknown += 1
            assert fast == set()
            size = v.width * v.height
            totals = [Knowledge(v.width, v.height, n, v.rows) for n in range(size + 1)]
            union = {lay for t in totals for lay in every if defs.consistent(t, lay)}
            assert set(brute.solver_layouts(v)) == union, v
        else:
            assert set(brute.solver_layouts(v)) == fast, v
    assert unknown > 10


@given(st.integers(0, 80), st.integers(-3, 120), st.integers(0, 90))
def test_the_outside_s_weights_are_the_binomials(outside: int, free: int, top: int) -> None:
    """Each weight is worked out from the one before (one ``comb`` of 100,000
    cells takes 40 ms): they must still be exactly ``comb(outside, free - t)``."""
    want = [comb(outside, free - t) if 0 <= free - t <= outside else 0 for t in range(top + 1)]
    assert tail_weights(free, outside, top) == want

"""Small components are counted by listing their solutions (``solver.small``):
the listing must give what the sweep gives, on hand-counted components and
on real play, where nearly every component is small."""

from __future__ import annotations

from math import comb

import pytest

from minebender import Hidden, Knowledge, Shown, analyse
from minebender.bench.positions import real_play
from minebender.solver import small
from minebender.solver.choose import best_plan
from minebender.solver.sweep import backward, counts, forward
from minebender.solver.system import build_system


def row_view(numbers: list[int], mines: int | None) -> Knowledge:
    """A row of shown numbers over a row of hidden cells."""
    top = tuple(Shown(n) for n in numbers)
    bottom = tuple(Hidden() for _ in numbers)
    return Knowledge(len(numbers), 2, mines, (top, bottom))


def test_listing_a_one_two_one_finds_its_two_solutions() -> None:
    # 1 2 1 over three hidden cells: a mine under each 1, none in the middle,
    # is the only layout (the 2 sees all three, each 1 sees two).
    system = build_system(row_view([1, 2, 1], None))
    (component,) = system.components
    solutions = small.list_solutions(system, component)
    layouts = sorted(taken for _, _, taken in solutions)
    assert layouts == [(1, 0, 1)]
    assert small.poly_of(solutions) == [0, 0, 1]


def test_listing_weights_a_group_by_its_binomials() -> None:
    # 1 1 1 1 over four hidden cells: the outer pairs are groups of two cells
    # (each touching two numbers), so a solution with one mine there counts 2.
    system = build_system(row_view([1, 1, 1, 1], None))
    (component,) = system.components
    solutions = small.list_solutions(system, component)
    plan, _ = best_plan(system, component)
    assert small.poly_of(solutions) == counts(forward(plan))
    sizes = [len(system.groups[g].cells) for g in component.groups]
    for mines, ways, taken in solutions:
        assert mines == sum(taken)
        want = 1
        for size, m in zip(sizes, taken, strict=True):
            want *= comb(size, m)
        assert ways == want


def test_an_impossible_component_has_no_solutions() -> None:
    # 2 1 2: each 2 needs both its hidden cells, so the middle cell's
    # neighbours hold at least 3 mines where its 1 allows one. Without the
    # cheap deductions, the listing itself must find no solution.
    system = build_system(row_view([2, 1, 2], None), deduce=False)
    (component,) = system.components
    assert small.list_solutions(system, component) == []
    assert not analyse(row_view([2, 1, 2], None)).consistent


@pytest.mark.parametrize("level", ["intermediate", "expert"])
def test_listing_and_sweep_agree_on_every_component_of_real_play(level: str) -> None:
    listed = 0
    for position in real_play(level, 60, 5):
        system = build_system(position.knowledge)
        for component in system.components:
            if len(component.groups) < 2 or not small.listable(system, component):
                continue
            listed += 1
            solutions = small.list_solutions(system, component)
            plan, _ = best_plan(system, component)
            tables = forward(plan)
            poly = counts(tables)
            assert small.poly_of(solutions) == poly
            weight = [3**a + a for a in range(len(poly))]  # any weight will do
            assert small.group_totals(component, solutions, weight) == backward(
                plan, tables, weight
            )
    assert listed > 30  # real play has many small components


@pytest.mark.parametrize("level", ["beginner", "intermediate", "expert"])
def test_analyse_is_the_same_listed_or_swept(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    views = [p.knowledge for p in real_play(level, 40, 9)]
    default = [analyse(v) for v in views]
    monkeypatch.setattr(small, "LISTABLE", 0)
    assert [analyse(v) for v in views] == default

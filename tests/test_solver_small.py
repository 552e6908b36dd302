"""Small components are counted by listing their solutions (``solver.small``):
the listing must give what the sweep gives, on hand-counted components and
on real play, where nearly every component is small."""

from __future__ import annotations

from math import comb

import pytest

from minebender import Hidden, Knowledge, Shown, analyse
from minebender.rules.solver import small
from minebender.rules.solver.choose import best_plan
from minebender.rules.solver.sweep import backward, counts, forward
from minebender.rules.solver.system import build_system
from minebender.services.bench.positions import real_play


def row_view(numbers: list[int], mines: int | None) -> Knowledge:
    """A row of shown numbers over a row of hidden cells."""
    top = tuple(Shown(n) for n in numbers)
    bottom = tuple(Hidden() for _ in numbers)
    return Knowledge(len(numbers), 2, mines, (top, bottom))


def test_listing_a_one_two_one_finds_its_only_layout() -> None:
    # 1 2 1 over three hidden cells: a mine under each 1, none in the middle,
    # is the only layout (the 2 sees all three, each 1 sees two).
    system = build_system(row_view([1, 2, 1], None))
    (component,) = system.components
    solutions = small.list_solutions(system, component)
    layouts = sorted(taken for _, _, taken in solutions)
    assert layouts == [(1, 0, 1)]
    assert small.poly_of(solutions) == [0, 0, 1]


def test_listing_weights_a_group_by_its_binomials() -> None:
    # . . . .   every other cell hidden: the 2 alone sees the left column (3
    # . 2 1 .   cells), the 1 alone the right column (3), both the 4 cells
    # . . . .   above and below them. m mines in the middle leave 2 - m on
    # the left and 1 - m on the right: m = 0 gives C(3,2) C(3,1) = 9 ways with
    # 3 mines, m = 1 gives C(3,1) C(4,1) = 12 ways with 2.
    hidden = (Hidden(),) * 4
    view = Knowledge(4, 3, None, (hidden, (Hidden(), Shown(2), Shown(1), Hidden()), hidden))
    system = build_system(view)
    (component,) = system.components
    assert sorted(len(system.groups[g].cells) for g in component.groups) == [3, 3, 4]
    solutions = small.list_solutions(system, component)
    assert small.poly_of(solutions) == [0, 0, 12, 9]
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

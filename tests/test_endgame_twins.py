"""The bound of the endgame search on layouts no reveal can tell apart.

``Region.most`` says at most how many layouts of a set any play wins: one of
each block of layouts that agree but for which of some twin cells hold the
mines. The bound is sound only if two layouts of one block show the same
number on every cell that is safe in both, so that is checked here on the
board itself (``reference.defs``), and every cell's chance is still the plain
expectimax's on boards with such twins.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from minebender import Boom, Knowledge, Pos, analyse
from minebender.services.bot.endgame import candidate_wins, endgame
from minebender.services.bot.perfect import Region
from reference import defs
from reference.expectimax import best_win
from reference.views import stuck_views, view_of_rows
from test_endgame import check_every_chance

SIZES = [(5, 3), (3, 5), (7, 2), (4, 3)]


def _board(view: Knowledge, cells: list[Pos], layout: int, certain: frozenset[Pos]) -> defs.Layout:
    """The whole board of a listed layout: its mines, the proven ones and the booms."""
    mines = {p for i, p in enumerate(cells) if layout >> i & 1} | certain
    mines |= {p for p in view.cells() if type(view.seen(p)) is Boom}
    return tuple(tuple(Pos(x, y) in mines for x in range(view.width)) for y in range(view.height))


def _twin_regions(
    rng: random.Random, tries: int
) -> list[tuple[Knowledge, list[Pos], frozenset[Pos], Region]]:
    out = []
    for view, analysis in stuck_views(rng, SIZES, 0.3, tries):
        if analysis.solutions > 80:
            continue
        found = endgame(view, analysis, 80)
        assert found is not None
        for region in found.search.regions:
            if region.steps:
                out.append((view, found.cells, frozenset(analysis.mines), region))
    return out


def test_layouts_of_one_block_show_one_number_wherever_both_are_safe() -> None:
    """Two layouts that ``most`` counts once differ in mines and agree on every
    number a cell safe in both would show; the blocks are classes (two layouts
    each in one block with a third are in one block together), and ``most``
    of any set is how many blocks it meets."""
    rng = random.Random(99)
    regions = _twin_regions(rng, 1_000)
    assert len(regions) >= 20
    merged = 0
    for view, cells, certain, region in regions:
        n = len(region.layouts)
        block = list(range(n))
        for i, j in combinations(range(n), 2):
            if region.most(1 << i | 1 << j) == 1:
                merged += 1
                a = _board(view, cells, region.layouts[i], certain)
                b = _board(view, cells, region.layouts[j], certain)
                assert a != b
                for p in view.cells():
                    if not defs.mine(a, p) and not defs.mine(b, p):
                        w, h = view.width, view.height
                        assert defs.adj_mines(w, h, a, p) == defs.adj_mines(w, h, b, p)
                block[j] = min(block[j], block[i])
        for i, j in combinations(range(n), 2):
            together = region.most(1 << i | 1 << j) == 1
            assert together == (block[i] == block[j])
        for _ in range(5):
            chosen = [i for i in range(n) if rng.random() < 0.5]
            s = sum(1 << i for i in chosen)
            assert region.most(s) == len({block[i] for i in chosen})
    assert merged >= 20


@pytest.mark.slow
def test_every_cells_chance_stays_exact_with_twins() -> None:
    """On stuck random views whose layouts fall into blocks of twins, each
    cell's exact chance is the plain expectimax's after revealing it."""
    rng = random.Random(7)
    checked = 0
    for view, analysis in stuck_views(rng, SIZES, 0.3, 1_000):
        if analysis.solutions > 150:
            continue
        found = endgame(view, analysis, 150)
        assert found is not None
        if not any(region.steps for region in found.search.regions):
            continue
        check_every_chance(view, analysis, found, 150)
        checked += 1
        if checked == 20:
            break
    assert checked == 20


def test_two_pockets_tied_only_by_the_total_are_won_exactly() -> None:
    """Two 2x4 pockets that no number joins, each with a 50/50 next to the
    numbers and twin cells behind it, tied by the total alone: searched as
    one region, every cell's chance is the plain expectimax's."""
    view = view_of_rows(["..11..", "..11.."], 3)
    analysis = analyse(view)
    assert not analysis.safe and analysis.solutions == 16
    found = endgame(view, analysis, 1_000)
    assert found is not None and len(found.search.regions) == 1
    assert found.search.regions[0].steps
    chances = candidate_wins(view, analysis, 1_000)
    assert chances is not None and len(chances) == 8
    for cell, chance in chances:
        assert float(chance) == pytest.approx(best_win(view, first=cell))

"""The analysis board's guess figures, checked against every layout listed
by brute force on small views: each candidate's chance to be safe, to give
progress and to survive the move after; and the 50/50s, whose two cells a
swap of their mine turns into a layout no other cell tells apart."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

from minebender.formats.boardtext import parse_board
from minebender.rules.solver import analyse
from minebender.services.bot.strategy import two_move_survival
from minebender.services.guess_figures import Candidate, candidates, fifties
from minebender.values.types import Hidden, Knowledge, Pos, Shown, neighbours
from reference.views import mine_sets


def _brute(k: Knowledge, layouts: list[frozenset[Pos]], p: Pos) -> tuple[Fraction, ...]:
    """(safe, progress, second-move safety) of revealing p, from the layouts."""
    hidden = [
        Pos(x, y) for y, row in enumerate(k.rows) for x, s in enumerate(row) if type(s) is Hidden
    ]
    rest = [q for q in hidden if q != p]
    groups: dict[int, list[frozenset[Pos]]] = {}
    for mines in layouts:
        if p not in mines:
            groups.setdefault(sum(q in mines for q in k.neighbours(p)), []).append(mines)
    n = len(layouts)
    safe = sum(map(len, groups.values()))
    progress = Fraction(0)
    second = Fraction(0)
    for group in groups.values():
        share = Fraction(len(group), n)
        sure = [q for q in rest if not any(q in g for g in group)]
        cleared = all(all(q in g for g in group) for q in rest)
        if sure or cleared:
            progress += share
            second += share
        else:
            best = max(sum(q not in g for g in group) for q in rest)
            second += share * Fraction(best, len(group))
    return Fraction(safe, n), progress, second


def _random_view(rng: random.Random) -> Knowledge:
    w, h = rng.randint(2, 5), rng.randint(2, 4)
    cells = w * h
    mines = set(rng.sample(range(cells), rng.randint(1, max(1, cells // 3))))
    open_ = rng.random() * 0.7
    rows = []
    for y in range(h):
        row: list[Hidden | Shown] = []
        for x in range(w):
            i = y * w + x
            if i in mines or rng.random() >= open_:
                row.append(Hidden())
            else:
                n = sum(q.y * w + q.x in mines for q in neighbours(w, h, Pos(x, y)))
                row.append(Shown(n))
        rows.append(tuple(row))
    total = len(mines) if rng.random() < 0.8 else None
    return Knowledge(w, h, total, tuple(rows))


def _views(count: int) -> list[Knowledge]:
    rng = random.Random(4242)
    return [_random_view(rng) for _ in range(count)]


@pytest.mark.parametrize("k", _views(100))
def test_each_candidates_figures_are_those_of_every_layout(k: Knowledge) -> None:
    """Safety, progress and second-move safety, exactly as the listed layouts
    give them; and the second-move safety is the bot's own two-move figure."""
    analysis = analyse(k)
    found = candidates(k, analysis, None)
    if found is None:
        assert (
            not analysis.consistent
            or analysis.safe
            or all(p in (None, 1) for row in analysis.probabilities for p in row)
        )
        return
    layouts = mine_sets(k)
    for c in found:
        assert (c.safe, c.progress, c.second) == _brute(k, layouts, c.cell), c
        assert c.safe == 1 - analysis.probability(c.cell)
        assert float(c.second) == pytest.approx(two_move_survival(k, analysis, c.cell), abs=1e-12)
        assert c.progress <= c.second <= c.safe
    keys = [(-c.second, -c.progress, -c.safe) for c in found]
    assert keys == sorted(keys)


def _swapped(mines: frozenset[Pos], a: Pos, b: Pos) -> frozenset[Pos]:
    return (mines - {a, b}) | ({b} if a in mines else {a})


@pytest.mark.parametrize("k", _views(100))
def test_every_fifty_is_a_coin_flip_no_click_can_settle(k: Knowledge) -> None:
    """For every pair named: never two mines (and always one for a 50/50);
    swapping its mine gives a layout of the view in which every other cell
    that is safe shows the same number, so no later click tells them apart."""
    analysis = analyse(k)
    layouts = set(mine_sets(k))
    for fifty in fifties(k, analysis):
        a, b = fifty.cells
        held = [len({a, b} & mines) for mines in layouts]
        assert 2 not in held and 1 in held
        assert (0 in held) == (fifty.kind == "pseudo")
        for mines in layouts:
            if len({a, b} & mines) != 1:
                continue
            other = _swapped(mines, a, b)
            assert other in layouts
            for y in range(k.height):
                for x in range(k.width):
                    q = Pos(x, y)
                    if q in (a, b) or q in mines:
                        continue
                    assert sum(r in mines for r in k.neighbours(q)) == sum(
                        r in other for r in k.neighbours(q)
                    )


@pytest.mark.parametrize("k", _views(100))
def test_the_fifties_are_every_pair_the_definition_names(k: Knowledge) -> None:
    """Every pair at most two apart, of one probability, never two mines,
    whose cells are told apart by known mines only: no pair is missed."""
    analysis = analyse(k)
    layouts = mine_sets(k)
    probs = analysis.probabilities
    cells = [
        Pos(x, y) for y, row in enumerate(probs) for x, p in enumerate(row) if p not in (None, 0, 1)
    ]
    want = []
    for a, b in combinations(cells, 2):
        if max(abs(a.x - b.x), abs(a.y - b.y)) > 2 or probs[a.y][a.x] != probs[b.y][b.x]:
            continue
        apart = (set(k.neighbours(a)) ^ set(k.neighbours(b))) - {a, b}
        held = {len({a, b} & mines) for mines in layouts}
        if apart <= analysis.mines and 2 not in held:
            want.append(((a, b), "pseudo" if 0 in held else "50/50"))
    assert [(f.cells, f.kind) for f in fifties(k, analysis)] == want


def test_a_pair_pinned_at_the_edge_is_a_50_50() -> None:
    """The two cells beside a column of 1s: one mine, and the safe cells
    beyond them touch both, so nothing will ever tell them apart."""
    k = parse_board("4x2x1\n1...\n1...\n").knowledge
    assert [(f.cells, f.kind) for f in fifties(k, analyse(k))] == [
        ((Pos(1, 0), Pos(1, 1)), "50/50")
    ]


def test_a_pair_that_may_hold_no_mine_is_a_pseudo_50_50() -> None:
    """Two rows with a 1 in the middle of each: each end column holds one
    mine or none, never two, and its cells touch the same cells."""
    k = parse_board("5x2x2\n..1..\n..1..\n").knowledge
    found = fifties(k, analyse(k))
    assert [f.cells for f in found] == [
        (Pos(0, 0), Pos(0, 1)),
        (Pos(1, 0), Pos(1, 1)),
        (Pos(3, 0), Pos(3, 1)),
        (Pos(4, 0), Pos(4, 1)),
    ]
    assert {f.kind for f in found} == {"pseudo"}


def test_a_pair_a_safe_cell_can_split_is_no_50_50() -> None:
    """The pair of the edge with a third row: the hidden safe cells below it
    touch one of the two only, and once revealed tell them apart."""
    k = parse_board("4x3x1\n1...\n1...\n....\n").knowledge
    analysis = analyse(k)
    assert Pos(1, 2) in analysis.safe
    assert analysis.probability(Pos(1, 0)) == analysis.probability(Pos(1, 1)) == Fraction(1, 2)
    assert fifties(k, analysis) == []


def test_hand_counted_figures_of_a_guess() -> None:
    """Two rows, a 1 in the middle of each, two mines: one mine in the four
    cells beside the 1s, one in the four at the ends, 16 layouts. The corner
    is safe in 12. It shows 0 in 4 of them (its neighbours are safe), 2 in 2
    (the cells beyond the 1s are then safe), and 1 in 6, which settle
    nothing, the safest cell then being safe 5 times in 6: progress 6/16,
    second-move safety (6 + 5) / 16."""
    k = parse_board("5x2x2\n..1..\n..1..\n").knowledge
    found = {c.cell: c for c in candidates(k, analyse(k), None) or []}
    assert found[Pos(0, 0)] == Candidate(
        Pos(0, 0), Fraction(3, 4), Fraction(3, 8), Fraction(11, 16)
    )

"""Sets of three or four cells no click can split (``guess_sets``), against
the definition of docs/analyse.md read literally over every layout of small
views, and against perfect play: revealing any of their cells now loses
nothing."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from minebender.formats.boardtext import parse_board
from minebender.rules.solver import analyse
from minebender.services.guess_figures import fifties
from minebender.services.guess_sets import GuessSet, guess_sets
from minebender.values.types import Hidden, Knowledge, Pos, Shown, neighbours
from reference.expectimax import best_win
from reference.views import mine_sets

Mines = frozenset[Pos]


def _near(k: Knowledge, q: Pos, mines: Mines) -> int:
    return sum(r in mines for r in k.neighbours(q))


def _unsplittable(k: Knowledge, layouts: list[Mines], s: set[Pos]) -> bool:
    """The third condition: in every layout each cell of s is safe in some
    twin, and shows one number in all the twins where it is safe. Twins share
    the mines outside s and the number of every safe cell outside s: no click
    outside s tells them apart."""
    outside = [q for q in k.cells() if q not in s]
    twins: dict[tuple[Mines, tuple[int | None, ...]], list[Mines]] = {}
    for lay in layouts:
        seen = tuple(None if q in lay else _near(k, q, lay) for q in outside)
        twins.setdefault((lay - s, seen), []).append(lay)
    for group in twins.values():
        for c in s:
            if len({_near(k, c, t) for t in group if c not in t}) != 1:
                return False
    return True


def _by_definition(k: Knowledge, pairs: list[frozenset[Pos]]) -> list[tuple[tuple[Pos, ...], str]]:
    """Every set docs/analyse.md names, found by trying each set of 4 and then
    of 3 undecided cells, any two at most two apart."""
    layouts = mine_sets(k)
    hidden = [p for p in k.cells() if type(k.seen(p)) is Hidden]
    count = {p: sum(p in lay for lay in layouts) for p in hidden}
    undecided = [p for p in hidden if 0 < count[p] < len(layouts)]
    out: list[tuple[tuple[Pos, ...], str]] = []
    for size in (4, 3):
        for cells in combinations(sorted(undecided, key=lambda p: (p.y, p.x)), size):
            s = set(cells)
            if any(max(abs(a.x - b.x), abs(a.y - b.y)) > 2 for a, b in combinations(cells, 2)):
                continue
            if any(pair <= s for pair in pairs) or any(s < set(big) for big, _ in out):
                continue
            outside = {q for c in cells for q in k.neighbours(c)} - s
            if not all(
                q not in undecided
                or (k.mines is not None and all(q in k.neighbours(c) for c in cells))
                for q in outside
            ):
                continue
            if _unsplittable(k, layouts, s):
                none = any(not (lay & s) for lay in layouts)
                out.append((cells, "pseudo" if none else "forced"))
    return sorted(out, key=lambda item: [(p.y, p.x) for p in item[0]])


SHAPES = [(2, 2), (2, 2), (3, 1), (1, 3), (2, 1)]


def _view_with_holes(rng: random.Random, sizes: list[tuple[int, int]]) -> Knowledge:
    """A random layout on a small board with a patch of a few covered cells,
    the cells around it often mines, and the cells further out covered at
    random: the views where sets of cells lie closed in by numbers and mines."""
    w, h = rng.choice(sizes)
    pw, ph = rng.choice(SHAPES)
    x, y = rng.randrange(w - pw + 1), rng.randrange(h - ph + 1)
    patch = {Pos(x + dx, y + dy) for dx in range(pw) for dy in range(ph)}
    ring = {q for p in patch for q in neighbours(w, h, p)} - patch
    cells = [Pos(x, y) for y in range(h) for x in range(w)]
    mines = {p for p in cells if rng.random() < (0.5 if p in patch else 0.7 if p in ring else 0.2)}
    covered = patch | mines | {p for p in cells if p not in ring and rng.random() < 0.2}
    rows = tuple(
        tuple(
            Hidden()
            if Pos(x, y) in covered
            else Shown(sum(q in mines for q in neighbours(w, h, Pos(x, y))))
            for x in range(w)
        )
        for y in range(h)
    )
    return Knowledge(w, h, len(mines) if rng.random() < 0.85 else None, rows)


SIZES = [(w, h) for w in (4, 5, 6) for h in (4, 5)]


def _views(count: int, hidden: int, sizes: list[tuple[int, int]] = SIZES) -> list[Knowledge]:
    """``count`` views of ``_view_with_holes`` with at most ``hidden`` covered cells."""
    rng = random.Random(42)
    out: list[Knowledge] = []
    while len(out) < count:
        k = _view_with_holes(rng, sizes)
        if sum(type(s) is Hidden for row in k.rows for s in row) <= hidden:
            out.append(k)
    return out


def _found(k: Knowledge) -> list[GuessSet]:
    analysis = analyse(k)
    return guess_sets(k, analysis, fifties(k, analysis))


@pytest.mark.slow
def test_the_sets_are_those_the_definition_names() -> None:
    """On 400 random small views with closed-in patches, the sets found are
    exactly those the definition names, read over every layout; enough are
    found to make the check bite (pseudo sets are rare on boards this small:
    ``test_a_pseudo_set`` has one)."""
    found = 0
    for k in _views(400, 16):
        analysis = analyse(k)
        pairs = fifties(k, analysis)
        got = [(s.cells, s.kind) for s in guess_sets(k, analysis, pairs)]
        want = _by_definition(k, [frozenset(f.cells) for f in pairs])
        assert got == want, k
        found += len(got)
    assert found >= 12


@pytest.mark.slow
def test_revealing_a_cell_of_a_set_now_loses_nothing() -> None:
    """Perfect play after revealing any cell of a named set wins exactly as
    often as perfect play: the guess waits there in every way of playing."""
    checked = 0
    for k in _views(300, 12, [(4, 3), (3, 4), (4, 4)]):
        if k.mines is None:
            continue
        for found in _found(k):
            best = best_win(k)
            for c in found.cells:
                assert best_win(k, first=c) == pytest.approx(best), (k, c)
            checked += 1
    assert checked >= 10


def test_a_2x2_box_with_a_mine_on_either_diagonal_is_forced() -> None:
    """JSMinesweeper's box: the four corner cells are closed in by numbers and
    a mine the numbers prove (2, 2), and the numbers allow either diagonal
    only. A revealed cell of the box shows the same number on both, so the
    box is one guess at even odds, wherever it is taken; no pair in it is a
    50/50 (a pair of it holds two mines or none)."""
    k = parse_board("4x4x3\n..10\n..21\n12.1\n0111\n").knowledge
    analysis = analyse(k)
    assert analysis.solutions == 2
    assert fifties(k, analysis) == []
    box = (Pos(0, 0), Pos(1, 0), Pos(0, 1), Pos(1, 1))
    assert guess_sets(k, analysis, []) == [GuessSet(box, "forced")]
    assert best_win(k) == pytest.approx(0.5)
    assert all(best_win(k, first=c) == pytest.approx(0.5) for c in box)


def test_a_line_of_three_with_two_mines_is_a_set() -> None:
    """Three cells along the top edge between certain mines (the 2s prove those
    of the second row, the total the corners), the 4 below them saying two of
    the three are mines: any two may be, each cell shows one number whenever
    it is safe, and no pair of them is a 50/50 (it is sometimes two mines)."""
    found = _found(parse_board("5x3x8\n.....\n..4..\n22222\n").knowledge)
    assert [(s.cells, s.kind) for s in found] == [((Pos(1, 0), Pos(2, 0), Pos(3, 0)), "forced")]


def test_a_pseudo_set() -> None:
    """Three cells of the top left corner: the fourth, (1, 1), is next to all
    three and undecided, so the count on the three can vary, from none to
    two. Among the layouts with one mine or two, no click tells the three
    apart; the definition read over the 77 layouts names the same set."""
    k = parse_board("5x5x10\n...20\n...31\n..6..\n3....\n1....\n").knowledge
    analysis = analyse(k)
    corner = (Pos(0, 0), Pos(1, 0), Pos(0, 1))
    assert analysis.solutions == 77
    assert [(s.cells, s.kind) for s in _found(k)] == [(corner, "pseudo")]
    assert _by_definition(k, []) == [(corner, "pseudo")]


def test_two_columns_a_row_of_numbers_twists_are_one_set() -> None:
    """A pattern of real Expert play: two columns of two cells, a column of
    numbers between them. The 4s beside each column give it one mine, and
    the 3 below sees the lower cell of each, one mine between them: the
    mines lie on one diagonal or the other. Neither column is a 50/50 (the
    3 sees one of its cells only), but the four cells are one set, and any
    of them is as good a guess as the best."""
    k = parse_board("5x4x8\n..2..\n4.4.4\n..3..\n22222\n").knowledge
    analysis = analyse(k)
    assert analysis.solutions == 2 and fifties(k, analysis) == []
    cells = (Pos(1, 0), Pos(3, 0), Pos(1, 1), Pos(3, 1))
    assert guess_sets(k, analysis, []) == [GuessSet(cells, "forced")]
    assert _by_definition(k, []) == [(cells, "forced")]
    assert all(best_win(k, first=c) == pytest.approx(best_win(k)) for c in cells)

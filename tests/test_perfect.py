"""Perfect play on small boards (``bot.perfect_board``, ``bench perfect``)
against a plain expectimax written from the rules alone (``reference.expectimax``).

``any``: the chance from the all-hidden board is the expectimax's best. The
laws' first click: the board is dealt after it, so its chance is the
expectimax after the number it shows, weighted by the layouts that show it;
which cells may hold a mine is written out here from docs/LAWS.bend.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations

import pytest

from minebender import Hidden, Knowledge, Pos, Shown
from minebender.faces.cli import main
from minebender.services.bot.perfect_board import perfect_play
from reference.expectimax import best_win

BOARDS = [(1, 1), (2, 1), (3, 1), (2, 2), (3, 2), (4, 2), (3, 3)]


def _hidden(w: int, h: int, mines: int) -> Knowledge:
    return Knowledge(w, h, mines, tuple(tuple(Hidden() for _ in range(w)) for _ in range(h)))


def _opening_chance(w: int, h: int, mines: int, first: Pos) -> float:
    """Deal ``mines`` uniformly on the cells the law allows (not the click; not
    next to it either when there is room), reveal the click, play on perfectly."""
    cells = [Pos(x, y) for y in range(h) for x in range(w)]
    near = [p for p in cells if max(abs(p.x - first.x), abs(p.y - first.y)) <= 1]
    pool = (
        [p for p in cells if p not in near]
        if mines + len(near) <= len(cells)
        else [p for p in cells if p != first]
    )
    by_number: dict[int, int] = {}
    for chosen in combinations(pool, mines):
        n = sum(1 for p in chosen if p in near)
        by_number[n] = by_number.get(n, 0) + 1
    total = sum(by_number.values())
    out = 0.0
    for n, count in by_number.items():
        rows = tuple(
            tuple(Shown(n) if Pos(x, y) == first else Hidden() for x in range(w)) for y in range(h)
        )
        out += count / total * best_win(Knowledge(w, h, mines, rows))
    return out


@pytest.mark.parametrize(("w", "h"), BOARDS)
def test_any_first_click_wins_what_the_expectimax_wins(w: int, h: int) -> None:
    """With the mines dealt before the first click, the chance is the best of
    the all-hidden board, and the best first click reaches it."""
    for mines in range(w * h):
        found = perfect_play(w, h, mines, "any")
        view = _hidden(w, h, mines)
        assert float(found.chance) == pytest.approx(best_win(view))
        if mines > 0:
            assert best_win(view, first=found.best_first) == pytest.approx(float(found.chance))


@pytest.mark.parametrize(("w", "h"), BOARDS)
def test_the_laws_first_click_wins_what_the_expectimax_wins(w: int, h: int) -> None:
    """Under the laws' first click, the chance is the best over first clicks of
    the expectimax after it, and the best first click reaches it."""
    cells = [Pos(x, y) for y in range(h) for x in range(w)]
    for mines in range(w * h):
        found = perfect_play(w, h, mines, "opening")
        best = max(_opening_chance(w, h, mines, p) for p in cells)
        assert float(found.chance) == pytest.approx(best)
        assert _opening_chance(w, h, mines, found.best_first) == pytest.approx(best)


def test_the_published_four_by_four_board_is_won_961_times_in_1820() -> None:
    """The "optimal Minesweeper" challenge's 4x4 board with 4 mines, mines
    dealt before the first click: 961 of its 1,820 layouts are won."""
    found = perfect_play(4, 4, 4, "any")
    assert found.chance == Fraction(961, 1820)
    assert found.positions > 0


def test_bench_perfect_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["bench", "perfect", "--size", "3x2", "--mines", "2", "--first", "any", "--json"]) == 0
    )
    out = json.loads(capsys.readouterr().out)
    found = perfect_play(3, 2, 2, "any")
    assert out["chance"] == f"{found.chance.numerator}/{found.chance.denominator}"
    assert out["best_first"] == [found.best_first.x, found.best_first.y]
    assert out["positions"] == found.positions
    assert out["seconds"] >= 0


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--size", "4y4", "--mines", "2"], "--size must be WxH"),
        (["--size", "9x9", "--mines", "2"], "each side must be from 1 to 8"),
        (["--size", "3x3", "--mines", "9"], "--mines"),
        (["--size", "3x3", "--mines", "2", "--first", "corner"], "--first must be any or opening"),
        (["--size", "8x8", "--mines", "20"], "that can be searched"),
    ],
)
def test_bench_perfect_names_a_bad_option_on_one_line(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bench", "perfect", *args]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err

"""``explain``: the shown numbers it names prove the cell on their own, and no
smaller set of numbers does.

Checked by brute force over every assignment of the hidden cells of small
boards, with only the named numbers as constraints: revealed cells stay known
safe, the other numbers are forgotten. Sets of assignments are ints used as
bit sets, so each check is a few big-int ANDs.
"""

from __future__ import annotations

import importlib
import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest

from minebender import Boom, Hidden, Knowledge, Pos, Shown
from minebender.faces.cli import main
from minebender.formats.boardtext import parse
from minebender.rules.solver import analyse, explain
from minebender.rules.solver.reading import read_numbers

explain_module = importlib.import_module("minebender.rules.solver.explain")


def _view(seed: int) -> Knowledge:
    """A small board from a random layout with a random share of it revealed."""
    rng = random.Random(seed)
    w, h = rng.choice([(3, 3), (4, 3), (4, 4), (5, 3), (5, 4)])
    cells = [Pos(x, y) for y in range(h) for x in range(w)]
    mines = set(rng.sample(cells, rng.randint(1, max(1, len(cells) // 3))))
    revealed = {p for p in cells if p not in mines and rng.random() < 0.55}
    if rng.random() < 0.15 and mines:
        revealed.add(next(iter(mines)))  # one Boom now and then
    rows = []
    for y in range(h):
        row: list[Hidden | Shown | Boom] = []
        for x in range(w):
            p = Pos(x, y)
            if p not in revealed:
                row.append(Hidden())
            elif p in mines:
                row.append(Boom())
            else:
                n = sum(Pos(x + dx, y + dy) in mines for dx in (-1, 0, 1) for dy in (-1, 0, 1))
                row.append(Shown(n))
        rows.append(tuple(row))
    total = len(mines) if rng.random() < 0.8 else None
    return Knowledge(w, h, total, tuple(rows))


class Brute:
    """Every assignment of the hidden cells, with one bit set per fact."""

    def __init__(self, view: Knowledge) -> None:
        self.view = view
        self.hidden = [p for p in view.cells() if view.hidden(p)]
        index = {p: i for i, p in enumerate(self.hidden)}
        assignments = range(1 << len(self.hidden))
        booms = sum(type(view.seen(p)) is Boom for p in view.cells())
        self.all = (1 << len(assignments)) - 1
        self.number: dict[Pos, int] = {}
        for p in view.cells():
            s = view.seen(p)
            if type(s) is not Shown:
                continue
            around = view.neighbours(p)
            mask = sum(1 << index[q] for q in around if q in index)
            need = s.n - sum(type(view.seen(q)) is Boom for q in around)
            self.number[p] = sum(1 << a for a in assignments if (a & mask).bit_count() == need)
        self.total = self.all
        if view.mines is not None:
            left = view.mines - booms
            self.total = sum(1 << a for a in assignments if a.bit_count() == left)
        self.mine = {p: sum(1 << a for a in assignments if a >> index[p] & 1) for p in index}

    def settles(self, numbers: tuple[Pos, ...], total: bool, pos: Pos, mine: bool) -> bool:
        """Every assignment that agrees with these facts has (mine) or lacks a mine at pos."""
        agree = self.total if total else self.all
        for p in numbers:
            agree &= self.number[p]
        bad = agree & ~self.mine[pos] if mine else agree & self.mine[pos]
        return bad == 0


def _cases() -> list[tuple[int, Knowledge, Pos]]:
    out = []
    for seed in range(200):
        view = _view(seed)
        if sum(view.hidden(p) for p in view.cells()) > 12:
            continue
        a = analyse(view)
        if not a.consistent:
            continue
        for p in sorted(a.safe | a.mines):
            out.append((seed, view, p))
    return out


CASES = _cases()


def test_there_are_enough_cases() -> None:
    assert len(CASES) >= 150
    assert any(explain(v, p).uses_total for _, v, p in CASES)  # type: ignore[union-attr]


@pytest.mark.parametrize(("seed", "view", "pos"), CASES[::2], ids=lambda c: str(c)[:12])
def test_explanation_alone_proves_it_and_nothing_smaller_does(
    seed: int, view: Knowledge, pos: Pos
) -> None:
    e = explain(view, pos)
    assert e is not None
    a = analyse(view)
    assert e.mine == (pos in a.mines)
    brute = Brute(view)
    assert brute.settles(e.numbers, e.uses_total, pos, e.mine)
    assert e.smallest
    everything = tuple(brute.number)
    if e.uses_total:
        assert not brute.settles(everything, False, pos, e.mine), "the total is needed"
    for size in range(len(e.numbers)):
        for smaller in itertools.combinations(everything, size):
            assert not brute.settles(smaller, e.uses_total, pos, e.mine), smaller


def test_out_of_time_the_answer_still_proves_the_cell(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no time at all, only the first candidate set is tried and nothing is
    trimmed: the answer is every number that could matter, still a proof, and
    it says a smaller set may exist."""
    monkeypatch.setattr(explain_module, "SECONDS", 0.0)
    fell_back = 0
    for _, view, pos in CASES[1::2]:
        e = explain(view, pos)
        assert e is not None
        assert Brute(view).settles(e.numbers, e.uses_total, pos, e.mine)
        if not e.smallest:
            fell_back += 1
            assert str(e).endswith("(a smaller set may exist)")
    assert fell_back >= 10


EXPERT_EIGHT = """30x16x99
..............................
.....................2........
...............21112..4.......
...............1000123..21....
...............10011112211....
...............1001.100112....
...............223321013.3....
...............2...1002..3....
................3321002.31....
................21000011......
.................100111.......
.................2101.........
..................212.........
..............................
..............................
..............................
"""
"""A real Expert view whose smallest proof for (23, 1) has 8 numbers: the search
tries every smaller connected set (2,766 of them) and the 4,000-set budget
runs out inside size 8."""


def test_a_trimmed_proof_of_the_first_size_not_tried_in_full_is_smallest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every set smaller than 8 had been tried and none proved the cell, yet the
    8 numbers the trimming kept were said to be perhaps not the fewest."""
    monkeypatch.setattr(explain_module, "SECONDS", 60.0)  # the budget ends it, not the time
    e = explain(parse(EXPERT_EIGHT), Pos(23, 1))
    assert e is not None and not e.mine and not e.uses_total
    assert len(e.numbers) == 8 and e.smallest
    assert not str(e).endswith("(a smaller set may exist)")


def test_a_cell_the_view_does_not_settle_has_no_explanation() -> None:
    view = Knowledge(3, 1, None, ((Hidden(), Shown(1), Hidden()),))
    assert explain(view, Pos(0, 0)) is None


def test_the_total_alone_can_be_the_explanation() -> None:
    view = Knowledge(3, 1, 0, ((Hidden(), Hidden(), Hidden()),))
    e = explain(view, Pos(1, 0))
    assert e is not None
    assert (e.numbers, e.uses_total, e.mine) == ((), True, False)
    assert str(e) == "(1, 0) is safe: the total number of mines proves it"


def test_the_wording_names_the_numbers() -> None:
    view = Knowledge(3, 1, None, ((Hidden(), Shown(1), Shown(0)),))
    e = explain(view, Pos(0, 0))
    assert str(e) == "(0, 0) is a mine: the number at (1, 0) proves it"


@pytest.mark.parametrize(
    ("pos", "message"),
    [(Pos(5, 0), "off the 3x1 board"), (Pos(1, 0), "not a hidden cell")],
)
def test_a_bad_cell_gets_a_clear_error(pos: Pos, message: str) -> None:
    view = Knowledge(3, 1, None, ((Hidden(), Shown(1), Hidden()),))
    with pytest.raises(ValueError, match=message):
        explain(view, pos)


def test_an_inconsistent_view_gets_a_clear_error() -> None:
    view = Knowledge(3, 1, None, ((Hidden(), Shown(3), Hidden()),))
    with pytest.raises(ValueError, match="no layout agrees"):
        explain(view, Pos(0, 0))


BOARD = "5x3x2\n11...\n.....\n.....\n"


@pytest.fixture()
def board_file(tmp_path: Path) -> Path:
    path = tmp_path / "board.txt"
    path.write_text(BOARD)
    return path


def test_solve_explain_prints_the_numbers(
    board_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", str(board_file), "--explain", "2,0"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "why: (2, 0) is safe: the numbers at (0, 0), (1, 0) prove it"


def test_solve_explain_in_json(board_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(board_file), "--explain", "2,1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["explanation"] == {
        "cell": [2, 1],
        "mine": False,
        "numbers": [[0, 0], [1, 0]],
        "uses_total": False,
        "smallest": True,
    }


def test_solve_explain_says_when_nothing_settles_the_cell(
    board_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", str(board_file), "--explain", "0,1"]) == 0
    out = capsys.readouterr().out
    why = " ".join(out[out.index("why:") :].split())  # the report may wrap it
    assert why.startswith("why: (0, 1) is neither provably safe nor provably a mine")
    assert "its chance of a mine is 1/2 (50.0%)" in why


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("0,0", "(0, 0) is not a hidden cell"),
        ("9,9", "(9, 9) is off the 5x3 board"),
        ("a,b", "expected a cell as X,Y"),
    ],
)
def test_solve_explain_bad_cell_is_a_usage_error(
    board_file: Path, capsys: pytest.CaptureFixture[str], cell: str, message: str
) -> None:
    try:
        status = main(["solve", str(board_file), "--explain", cell])
    except SystemExit as exit:
        status = int(exit.code or 0)
    assert status == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_past_the_budget_the_nearest_numbers_are_tried_before_trimming(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Trimmed from every number, each try a solve of the whole component, a
    dense 19x19 board kept 80 of 81 numbers when time ran out, where the 12
    nearest proved the cell. Rings of nearest numbers come first: far fewer
    solves than numbers, and the answer still proves the cell."""
    monkeypatch.setattr(explain_module, "BUDGET", 1)
    monkeypatch.setattr(explain_module, "SECONDS", 60.0)
    solves = []
    real = explain_module.proves

    def counted(*args: Any) -> Any:
        solves.append(1)
        return real(*args)

    monkeypatch.setattr(explain_module, "proves", counted)
    view = parse(EXPERT_EIGHT)
    e = explain(view, Pos(23, 1))
    assert e is not None and not e.mine
    # the nearest ring of numbers that proves the cell, worked out here
    numbers = read_numbers(view)
    cell = 23 + 1 * view.width
    scope = {i for i, mask, _ in numbers.scopes if mask}

    def distance(i: int) -> int:
        return max(abs(i % view.width - 23), abs(i // view.width - 1))

    radii = sorted({distance(i) for i in scope})
    rings = next(
        k
        for k, r in enumerate(radii, 1)
        if real(numbers, frozenset(i for i in scope if distance(i) <= r), False, cell)[False]
    )
    near = sum(1 for i in scope if distance(i) <= radii[rings - 1])
    # two solves before the search, one set searched, the rings, one try per number kept
    assert len(solves) <= 3 + rings + near < len(scope)
    assert real(numbers, frozenset(p.y * view.width + p.x for p in e.numbers), e.uses_total, cell)[
        e.mine
    ]

"""Golden positions: the solver's exact answers on larger boards from real play.

Each ``*.txt`` is a board in the board text format (FORMATS.md) and the
``*.json`` beside it holds the exact answers in the shape of ``solve --json``,
computed by the independent slow enumerator ``reference.frontier``
(``make_golden.py``), never by the solver under test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from make_golden import answer_json

from minebender import Knowledge, analyse
from minebender.formats.boardtext import parse
from reference import defs
from reference.frontier import Answer, enumerate_frontier

HERE = Path(__file__).resolve().parent
BOARDS = sorted(HERE.glob("*.txt"))
SLOW_TO_ENUMERATE = {"intermediate_1", "intermediate_3", "expert_1", "expert_4"}
"""Boards whose reference answer takes the enumerator tens of seconds: only
make_golden.py recomputes them; the suite recomputes all the others."""


def load(board: Path) -> tuple[Knowledge, dict[str, object]]:
    return parse(board.read_text()), json.loads(board.with_suffix(".json").read_text())


def test_the_golden_set_is_there() -> None:
    names = {b.stem.rsplit("_", 1)[0] for b in BOARDS}
    assert {
        "beginner8",
        "beginner9",
        "intermediate",
        "expert",
        "unknown12",
        "inconsistent",
    } <= names
    for board in BOARDS:
        assert board.with_suffix(".json").exists(), board
    assert {b.stem for b in BOARDS} >= SLOW_TO_ENUMERATE


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.stem)
def test_solver_matches_golden_answers(board: Path) -> None:
    v, want = load(board)
    a = analyse(v)
    hidden = [p for p in defs.cells(v.width, v.height) if defs.hidden(v, p)]
    probabilities = {p: a.probability(p) for p in hidden} if a.consistent else {}
    got = answer_json(v, Answer(a.consistent, a.solutions, a.safe, a.mines, probabilities, 0))
    if not a.consistent:
        # ProvablySafe is vacuous on an inconsistent view: Analysis.safe and
        # .mines hold every hidden cell (the golden file, like solve --json,
        # lists none).
        assert a.safe == a.mines == frozenset(hidden)
    for key, value in want.items():
        assert got[key] == value, f"{board.name}: {key} differs from the golden answer"
    assert a.unique == (want["solutions"] == "1")


@pytest.mark.parametrize(
    "board", [b for b in BOARDS if b.stem not in SLOW_TO_ENUMERATE], ids=lambda b: b.stem
)
def test_golden_answers_come_from_the_reference(board: Path) -> None:
    v, want = load(board)
    assert answer_json(v, enumerate_frontier(v)) == want

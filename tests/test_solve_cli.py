"""``minebender solve``: the readable grid, --json exactly as FORMATS.md says, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from minebender import analyse
from minebender.boardtext import parse

BOARD = "# two mines hide near the corner\n5x4x3\n1F...\n11...\n.....\n.....\n"


def solve(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "minebender", "solve", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture()
def board_file(tmp_path: Path) -> Path:
    path = tmp_path / "board.txt"
    path.write_text(BOARD)
    return path


def test_json_is_the_documented_object(board_file: Path) -> None:
    result = solve(str(board_file), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {
        "width",
        "height",
        "mines",
        "consistent",
        "solutions",
        "unique",
        "safe",
        "certain_mines",
        "probabilities",
    }
    analysis = analyse(parse(BOARD))
    assert (data["width"], data["height"], data["mines"]) == (5, 4, 3)
    assert data["consistent"] is True
    assert data["solutions"] == str(analysis.solutions)
    assert data["unique"] is False
    assert data["safe"] == sorted(([p.x, p.y] for p in analysis.safe), key=lambda c: (c[1], c[0]))
    assert data["certain_mines"] == [[1, 0]]
    assert data["probabilities"][0][0] is None
    for y, row in enumerate(data["probabilities"]):
        for x, p in enumerate(row):
            expected = analysis.probabilities[y][x]
            assert (p is None) == (expected is None)
            if p is not None:
                assert Fraction(p) == expected
                assert "/" not in p or Fraction(p).denominator != 1


def test_readable_output_marks_safe_cells_and_mines(board_file: Path) -> None:
    result = solve(str(board_file))
    assert result.returncode == 0
    assert "consistent layouts" in result.stdout
    assert "safe (5): (2,0) (2,1) (0,2) (1,2) (2,2)" in result.stdout
    assert "mines (1): (1,0)" in result.stdout


def test_stdin_and_mines_override() -> None:
    result = solve("-", "--json", "--mines", "1", stdin="3x1\n.1.\n")
    data = json.loads(result.stdout)
    assert data["mines"] == 1
    assert data["probabilities"] == [["1/2", None, "1/2"]]


def test_header_counts_one_mine_in_the_singular() -> None:
    one = solve("-", stdin="3x1x1\n.1.\n").stdout
    assert "3x1 board, 1 mine: 2 consistent layouts" in one
    two = solve("-", stdin="3x1x2\n.2.\n").stdout
    assert "3x1 board, 2 mines: 1 consistent layout (unique)" in two


def test_unknown_total_prints_null() -> None:
    data = json.loads(solve("-", "--json", stdin="2x1\n1.\n").stdout)
    assert data["mines"] is None
    assert data["solutions"] == "1"
    assert data["unique"] is True


def test_inconsistent_board_exits_1() -> None:
    result = solve("-", "--json", stdin="2x1x0\n1.\n")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data == {
        "width": 2,
        "height": 1,
        "mines": 0,
        "consistent": False,
        "solutions": "0",
        "unique": False,
        "safe": [],
        "certain_mines": [],
        "probabilities": [[None, None]],
    }
    assert solve("-", stdin="2x1x0\n1.\n").returncode == 1


@pytest.mark.parametrize(
    ("stdin", "args", "message"),
    [
        ("3x1\n1x.\n", [], "line 2, column 2"),
        ("...\n..\n", [], "line 2, column 3"),
        ("..\n", ["--mines", "-3"], "at least 0"),
        ("..\n", ["--mines", "many"], "whole number"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(stdin: str, args: list[str], message: str) -> None:
    result = solve("-", *args, stdin=stdin)
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1 or "usage:" in result.stderr
    assert "Traceback" not in result.stderr


def test_missing_file_is_exit_2(tmp_path: Path) -> None:
    result = solve(str(tmp_path / "nope.txt"))
    assert result.returncode == 2
    assert "cannot read" in result.stderr and "Traceback" not in result.stderr

"""``minebender puzzle``: JSON lines, board text, sheets, seeds and bad arguments."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from minebender.faces.cli import main
from minebender.formats.boardtext import parse_board
from minebender.services.puzzle import make_puzzle
from minebender.services.puzzle.code import parse_code
from minebender.values.types import Shown


def puzzle(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["puzzle", *args])
    out, err = capsys.readouterr()
    return code, out, err


def check_line(line: dict[str, Any], w: int, h: int, n: int) -> None:
    """The board's numbers are those of the solution, and the code holds both."""
    assert set(line) == {"board", "solution", "difficulty", "clues", "code"}
    k = parse_board(line["board"]).knowledge
    assert (k.width, k.height, k.mines) == (w, h, n)
    rows = line["solution"]
    assert len(rows) == h and all(len(r) == w and set(r) <= {"*", "."} for r in rows)
    assert sum(r.count("*") for r in rows) == n
    shown = 0
    for y in range(h):
        for x in range(w):
            seen = k.rows[y][x]
            if isinstance(seen, Shown):
                shown += 1
                assert rows[y][x] == "."
                around = sum(
                    rows[y + dy][x + dx] == "*"
                    for dy in (-1, 0, 1)
                    for dx in (-1, 0, 1)
                    if 0 <= y + dy < h and 0 <= x + dx < w
                )
                assert seen.n == around
    assert line["clues"] == shown
    p = parse_code(line["code"])
    assert p.board_text() == line["board"] and p.solution() == rows


def test_json_lines_are_the_seeds_puzzles(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = puzzle(
        capsys, "--size", "8x6", "--mines", "9", "--count", "3", "--seed", "4", "--json"
    )
    assert code == 0 and err == ""
    lines = [json.loads(s) for s in out.splitlines()]
    assert len(lines) == 3
    for i, line in enumerate(lines):
        check_line(line, 8, 6, 9)
        made = make_puzzle(8, 6, 9, 4, i)
        assert line["board"] == made.puzzle.board_text()
        assert line["difficulty"] == made.grade.difficulty


def test_a_difficulty_gives_only_that_grade(capsys: pytest.CaptureFixture[str]) -> None:
    for difficulty in ("easy", "medium", "hard"):
        code, out, _ = puzzle(
            capsys, "--size", "6x6", "--mines", "7", "--count", "2", "--seed", "1",
            "--difficulty", difficulty, "--json",
        )  # fmt: skip
        assert code == 0
        assert [json.loads(s)["difficulty"] for s in out.splitlines()] == [difficulty] * 2


def test_text_output_is_board_text_that_solve_reads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = puzzle(capsys, "--size", "7x5", "--mines", "6", "--count", "2", "--seed", "9")
    assert code == 0
    parts = out.split("\n\n")
    assert len(parts) == 2
    for i, part in enumerate(parts):
        assert part.startswith(f"# puzzle {i} of seed 9: ")
        board = tmp_path / f"p{i}.txt"
        board.write_text(part if part.endswith("\n") else part + "\n")
        assert main(["solve", str(board), "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["unique"] is True


def test_a_sheet_has_the_puzzles_then_their_solutions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    svg, pdf = tmp_path / "s.svg", tmp_path / "s.pdf"
    code, out, err = puzzle(
        capsys, "--size", "5x5", "--mines", "5", "--count", "4", "--seed", "2",
        "--svg", str(svg), "--pdf", str(pdf),
    )  # fmt: skip
    assert code == 0 and err == ""
    text = svg.read_text()
    assert 'height="594.0mm"' in text and text.count(": solutions") == 1
    # numbered as the command numbers them, each with its code under it
    said = re.findall(r"# puzzle (\d) of seed 2: (\w+) .* code (\S+)", out)
    assert [i for i, _, _ in said] == ["0", "1", "2", "3"]
    for i, difficulty, puzzle_code in said:
        assert text.count(f">Puzzle {i}: {difficulty}, 5 mines</text>") == 2
        assert text.count(f">{puzzle_code}</text>") == 2
    assert ">Puzzle 4:" not in text
    assert text.count("<circle") == 4 * 5  # every mine, on the second page only
    first_page = text.split(": solutions")[0]
    assert "<circle" not in first_page
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF") and data.count(b"/Type /Page\n") == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "10"], "--size must be WIDTHxHEIGHT"),
        (["--size", "0x4"], "--size 0x4 must have from 1 to"),
        (["--size", "5x5", "--mines", "26"], "--mines must be from 0 to 25"),
        (["--mines", "many"], "--mines must be an integer"),
        (["--count", "0"], "--count must be from 1"),
        (["--seed", "x"], "--seed must be an integer"),
        (["--difficulty", "fiendish"], "invalid choice: 'fiendish'"),
        (["--svg", "/no/such/folder/s.svg"], "does not exist"),
        (["--play", "p:3x1x1:Bz"], "--play: puzzle code letters do not spell a puzzle"),
        (["--play", "p:3x1x1:Bw"], "it needs a terminal"),  # the tests' stdin is none
        (["--play", "p2:3x1x1:AA"], "--play: puzzle code clues: more than one layout fits"),
        (["--symmetry", "diagonal"], "invalid choice: 'diagonal'"),
        (["--book", "0"], "--book must be from 1"),
        (["--book", "3", "--difficulty", "easy"], "--book chooses the difficulty and count itself"),
    ],
)
def test_bad_arguments_get_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    try:
        code = main(["puzzle", *args])
    except SystemExit as ended:  # argparse's own errors end this way
        code = ended.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
    assert err.startswith("minebender puzzle: error: ")


def test_a_book_rises_in_grade_and_prints_every_puzzle_with_its_code(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    svg, pdf = tmp_path / "b.svg", tmp_path / "b.pdf"
    code, out, err = puzzle(
        capsys, "--size", "5x5", "--mines", "6", "--book", "12", "--seed", "3",
        "--svg", str(svg), "--pdf", str(pdf),
    )  # fmt: skip
    assert code == 0 and err == ""
    said = re.findall(
        r"# puzzle (\d+) of the book \(index (\d+) of seed 3\): (\w+) \(([a-z ]+)\), .* code (\S+)",
        out,
    )
    assert [int(place) for place, *_ in said] == list(range(12))
    assert sorted(int(index) for _, index, *_ in said) == list(range(12))
    from minebender.services.puzzle import REASONING, grade

    kinds = [REASONING.index(reasoning) for *_, reasoning, _ in said]
    assert kinds == sorted(kinds) and kinds[0] == 0 and kinds[-1] >= 2
    text = svg.read_text()
    for place, index, difficulty, _, puzzle_code in said:
        # the code reads back as puzzle `index` of the seed, of the grade said
        made = make_puzzle(
            5, 5, 6, 3, int(index), ["easy", "medium", "hard"][min(2, 3 * int(index) // 12)]
        )
        assert parse_code(puzzle_code) == made.puzzle
        assert grade(made.puzzle).difficulty == difficulty
        # on a puzzle page and on an answer page, with its number and its code
        assert text.count(f">Puzzle {place}: {difficulty}, 6 mines</text>") == 2
        assert text.count(f">{puzzle_code}</text>") == 2
    pages = text.count("Puzzle book 5x5, 6 mines, seed 3")
    assert pages % 2 == 0 and pages >= 2
    assert text.count(": solutions</text>") == pages // 2
    assert f'height="{297 * pages:.1f}mm"' in text
    answers = text.split(": solutions</text>", 1)[1]
    assert "<circle" not in text.split(": solutions</text>", 1)[0]
    assert answers.count("<circle") == 12 * 6  # every mine, at the back
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF") and data.count(b"/Type /Page\n") == pages


def test_a_book_of_many_puzzles_goes_on_several_pages(tmp_path: Path) -> None:
    from minebender.services.puzzle.book import book_sheet, make_book
    from minebender.services.puzzle.sheet import LEAST_CELL, Box, pages

    book = make_book(10, 10, 15, 1, 20)
    drawn = pages(book_sheet(book, 1))
    assert len(drawn) >= 4 and len(drawn) % 2 == 0
    cells = [s.w for page in drawn for s in page if isinstance(s, Box) and s.line < 0.2]
    assert min(cells) >= LEAST_CELL and len(set(round(c, 6) for c in cells)) == 1
    assert len(cells) == 2 * 20 * 100  # every cell of every puzzle, twice


def test_a_symmetric_puzzle_from_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    from minebender.services.puzzle.symmetry import is_symmetric

    code, out, err = puzzle(
        capsys, "--size", "8x6", "--mines", "9", "--seed", "4", "--symmetry", "rotation", "--json"
    )
    assert code == 0 and err == ""
    line = json.loads(out)
    p = parse_code(line["code"])
    assert is_symmetric(p.shown, "rotation", 8, 6) and len(p.shown) == line["clues"]
    assert p == make_puzzle(8, 6, 9, 4, 0, None, "rotation").puzzle


def test_one_number_shown_is_one_number(capsys: pytest.CaptureFixture[str]) -> None:
    """A crowded board's puzzle shows a single number: the header says "1
    number shown" (it said "1 numbers shown")."""
    code, out, _ = puzzle(capsys, "--size", "5x5", "--mines", "24", "--seed", "1")
    assert code == 0
    board = parse_board(out.split("\n", 1)[1]).knowledge
    shown = sum(1 for row in board.rows for c in row if isinstance(c, Shown))
    assert shown == 1
    assert ", 1 number shown, code p2:" in out.splitlines()[0]

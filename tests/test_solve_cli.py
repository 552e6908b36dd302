"""``minebender solve``: the readable grid, --json exactly as FORMATS.md says, exit codes."""

from __future__ import annotations

import json
import math
import os
import random
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from minebender import analyse
from minebender.faces.commands.solve import analysis_json
from minebender.formats.boardtext import format_board, parse
from minebender.formats.mbf import format_mbf
from minebender.rules.game import Game, board_rs, place_mines
from minebender.values.types import Pos, cell_name

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
        "dead",
        "best",
        "best_reason",
        "best_win",
        "fifties",
        "guess_sets",
        "candidates",
        "win_chances",
        "win_partial",
        "conflict",
        "conflict_total",
    }
    analysis = analyse(parse(BOARD))
    assert data["best"] in data["safe"] and data["conflict"] is None
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
    assert "safe (5): (2, 0) (2, 1) (0, 2) (1, 2) (2, 2)" in result.stdout
    assert "mines (1): (1, 0)" in result.stdout


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
        "conflict": [[0, 0]],
        "conflict_total": True,
        "best": None,
        "best_reason": "no layout agrees with this board: there is no move to make",
        "fifties": [],
        "guess_sets": [],
        "candidates": None,
        "dead": [],
        "best_win": None,
        "win_chances": None,
        "win_partial": None,
    }
    plain = solve("-", stdin="2x1x0\n1.\n")
    assert plain.returncode == 1
    assert "conflict: no layout agrees with the number at (0, 0) and the total" in plain.stdout


def test_dead_cells_and_the_best_move_are_shown_in_the_grid() -> None:
    """The safe cells beside the one mine can each show only one number."""
    board = "5x2x1\n1....\n11...\n"
    result = solve("-", stdin=board)
    assert result.returncode == 0, result.stderr
    data = json.loads(solve("-", "--json", stdin=board).stdout)
    dead = {tuple(c) for c in data["dead"]}
    assert (2, 0) in dead
    best = tuple(data["best"])
    assert "best move: " + data["best_reason"] in result.stdout
    grid = result.stdout.split("\n\n")[1].splitlines()[1:]
    for y, line in enumerate(grid):
        labels = line.split()[1:]
        for x, label in enumerate(labels):
            if not label.isdigit():
                assert label.rstrip("<").endswith("d") == ((x, y) in dead), (x, y, label)
                assert label.endswith("<") == ((x, y) == best), (x, y, label)


def test_solve_reads_a_mine_position(tmp_path: Path) -> None:
    path = tmp_path / "position.mine"
    path.write_text("4x2x1\n1FHH\n11HH\n")
    data = json.loads(solve(str(path), "--json").stdout)
    assert data["certain_mines"] == [[1, 0]] and data["mines"] == 1
    bad = solve("-", stdin="4x2x1\n1FHH\n11HX\n")
    assert bad.returncode == 2
    assert "line 3, column 4: unexpected 'X' (.mine cells are H F ? 0-8)" in bad.stderr


@pytest.mark.parametrize("suffix", [".mbf", ".ABF"])
def test_solve_reads_a_board_file_as_the_analysis_board_opens_it(
    tmp_path: Path, suffix: str
) -> None:
    layout = ((True, False, False, False), (False, False, False, True))
    path = tmp_path / f"position{suffix}"
    path.write_bytes(format_mbf(layout))
    data = json.loads(solve(str(path), "--json").stdout)
    assert data["width"] == 4 and data["height"] == 2 and data["mines"] == 2
    assert data["certain_mines"] == [[0, 0], [3, 1]] and data["safe"] == []
    said = solve(str(path)).stdout
    assert said.count("every hidden cell is a mine: nothing is left to reveal") == 1
    path.write_bytes(format_mbf(layout)[:-1])
    bad = solve(str(path))
    assert bad.returncode == 2 and len(bad.stderr.splitlines()) == 1
    assert f"not an {suffix.lower()} board: cut short: 7 bytes" in bad.stderr


@pytest.mark.parametrize("unbuffered", ["1", ""])
@pytest.mark.heavy
def test_a_grid_written_at_once_is_never_cut_short_in_silence(
    big_board: Path, unbuffered: str
) -> None:
    """The grid is one write of over 64 kB, more than a pipe holds. Under
    PYTHONUNBUFFERED Python dropped what the pipe did not take when its reader
    left, and solve ended with 0 as if it had all been read (a nearly full disk
    alike); now as a tool that SIGPIPE ended."""
    env = {**os.environ, "PYTHONUNBUFFERED": unbuffered}
    with subprocess.Popen(
        [sys.executable, "-m", "minebender", "solve", str(big_board)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        assert len(child.stdout.read(10)) == 10
        child.stdout.close()
        err = child.stderr.read().decode()
        assert child.wait(timeout=60) == 141
    assert err == ""


@pytest.mark.parametrize(
    ("stdin", "args", "message"),
    [
        ("3x1\n1x.\n", [], "line 2, column 2"),
        ("...\n..\n", [], "line 2, column 3"),
        ("..\n", ["--mines", "-3"], "at least 0"),
        ("..\n", ["--mines", "many"], "whole number"),
        ("..\n", ["--mines", "8" * 80], "got an 80-digit number"),
        ("..\n", ["--mines", "1" * 21], "got a 21-digit number"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(stdin: str, args: list[str], message: str) -> None:
    result = solve("-", *args, stdin=stdin)
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1 or "usage:" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_file_not_in_utf8_names_the_line_and_column_of_the_bad_byte(tmp_path: Path) -> None:
    board = tmp_path / "latin1.txt"
    board.write_bytes("2x2\n.é\n..\n".encode("latin-1"))
    result = solve(str(board))
    assert result.returncode == 2
    assert "line 2, column 2: byte 0xe9 is not UTF-8" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_bom_is_no_column_of_a_bad_byte(tmp_path: Path) -> None:
    """The bad byte and a bad character at the same place were named one
    column apart: the BOM was counted as a column for the byte only."""
    byte, char = tmp_path / "byte.txt", tmp_path / "char.txt"
    byte.write_bytes(b"\xef\xbb\xbf..\xff\n")
    char.write_bytes(b"\xef\xbb\xbf..x\n")
    assert "line 1, column 3: byte 0xff" in solve(str(byte)).stderr
    assert "line 1, column 3: unexpected 'x'" in solve(str(char)).stderr


def test_an_endless_input_is_refused_at_10_mb(tmp_path: Path) -> None:
    with open("/dev/zero", "rb") as endless:
        result = subprocess.run(
            [sys.executable, "-m", "minebender", "solve", "-"],
            stdin=endless,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 2
    assert "more than 10 MB, too big for a board file" in result.stderr


def test_a_device_named_is_not_a_regular_file() -> None:
    """A named device is refused, as a FIFO is (which hung the command)."""
    result = solve("/dev/zero")
    assert result.returncode == 2
    assert result.stderr == (
        "minebender solve: error: cannot read /dev/zero: not a regular file (a device)\n"
    )


def test_missing_file_is_exit_2(tmp_path: Path) -> None:
    result = solve(str(tmp_path / "nope.txt"))
    assert result.returncode == 2
    assert "cannot read" in result.stderr and "Traceback" not in result.stderr


def _digits(n: int, spec: str = "") -> str:
    """n in decimal, past the interpreter's 4300-digit limit (for comparing)."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return format(n, spec)
    finally:
        sys.set_int_max_str_digits(limit)


@pytest.fixture(scope="module")
def big_board(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """200x200 with 4000 mines, all hidden: C(40000, 4000) layouts, 5645 digits."""
    path = tmp_path_factory.mktemp("big") / "big.txt"
    path.write_text("200x200x4000\n" + ("." * 200 + "\n") * 200)
    return path


@pytest.mark.heavy
def test_a_count_of_more_than_4300_digits_is_printed_exactly(big_board: Path) -> None:
    """The exact count, every digit, in --json; in the text, in short form and
    a grid that fits 80 columns, folded into bands; no traceback."""
    exact = math.comb(200 * 200, 4000)
    assert len(_digits(exact)) > 4300
    result = solve(str(big_board), "--json")
    assert result.returncode == 0, result.stderr[-500:]
    data = json.loads(result.stdout)
    assert data["solutions"] == _digits(exact)
    assert data["probabilities"][0][0] == "1/10"
    text = solve(str(big_board))
    assert text.returncode == 0, text.stderr[-500:]
    lines = text.stdout.splitlines()
    assert lines[0] == "200x200 board, 4000 mines: about 1.237 x 10^5645 consistent layouts"
    assert lines[1] == "(a number of 5,646 digits: solve --json prints all of them)"
    assert max(map(len, lines)) <= 80  # the count, the legend, the grid and the prose
    assert sum(1 for line in lines if line.split()[:1] == ["199"]) == 14  # bands of 15


def test_printing_a_huge_count_leaves_the_interpreter_limit_alone() -> None:
    """The limit is lifted for the count's conversion only, then restored."""
    knowledge = parse("100x100x5000\n" + ("." * 100 + "\n") * 100)
    before = sys.get_int_max_str_digits()
    out = analysis_json(knowledge, analyse(knowledge))
    assert sys.get_int_max_str_digits() == before
    assert out["solutions"] == _digits(math.comb(10_000, 5000))


def test_a_closed_pipe_ends_quietly(big_board: Path) -> None:
    """``solve big.txt --json | head -c 10``: no traceback, status 141 as a tool
    that SIGPIPE ended."""
    with subprocess.Popen(
        [sys.executable, "-m", "minebender", "solve", str(big_board), "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        assert child.stdout.read(10) == b'{"width": '
        child.stdout.close()
        err = child.stderr.read().decode()
        assert child.wait(timeout=60) == 141
    assert err == ""


@pytest.mark.parametrize(
    ("stdin", "args", "message"),
    [
        ("", [], "<stdin>: line 1: no board: a board needs at least one row"),
        ("# nothing but a comment\n", [], "line 1: no board"),
        ("\n\n", [], "line 2: no board"),
        ("0x0x0\n", [], "line 1, column 1: width 0: a board needs at least one cell"),
        ("3x3x10\n...\n...\n...\n", [], "line 1, column 5: 10 mines do not fit on a 3x3 board"),
        ("3x3x99999999999999999999999\n...\n...\n...\n", [], "mines do not fit on a 3x3"),
        ("...\n...\n...\n", ["--mines", "10"], "--mines 10: more mines than the 3x3 board"),
        (
            "...\n...\n...\n",
            ["--mines", "99999999999999999999"],
            "--mines 99999999999999999999: more mines than the 3x3 board has cells (9)",
        ),
        ("...\n", ["--mines", "9" * 5000], "argument --mines: expected a number of at most"),
        ("...\n", ["--mines", "\u0663"], "argument --mines: expected a whole number"),
        ("\u0663x3x1\n...\n...\n...\n", [], "bad header"),
        ("." * 10_001 + "\n", [], "line 1, column 10001: row has 10001 cells, more than"),
        ("400x400\n", [], "400x400 is 160000 cells, more than the 100000"),
    ],
)
def test_a_bad_board_or_total_is_exit_2_not_inconsistent(
    stdin: str, args: list[str], message: str
) -> None:
    """A file that is not a board, or a total that cannot be, is a usage error with
    one line naming the problem; never "inconsistent" (exit 1) or a 0x0 board."""
    result = solve("-", *args, stdin=stdin)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert message in result.stderr
    assert result.stderr.count("\n") == 1 or "usage:" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_byte_order_mark_at_the_start_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "notepad.txt"
    path.write_bytes(b"\xef\xbb\xbf" + BOARD.encode())
    result = solve(str(path), "--json")
    assert result.returncode == 0, result.stderr
    assert (json.loads(result.stdout)["width"], json.loads(result.stdout)["mines"]) == (5, 3)


def test_no_guess_is_advised_when_every_hidden_cell_is_a_mine() -> None:
    result = solve("-", stdin="3x3x8\n...\n.8.\n...\n")
    assert result.returncode == 0
    assert "every hidden cell is a mine: nothing is left to reveal" in result.stdout
    assert "guess" not in result.stdout


def test_the_least_risky_guess_is_still_advised_when_there_is_one() -> None:
    result = solve("-", stdin="3x1x1\n.1.\n")
    assert "no safe cell: the least risky guess is (0, 0) with a 1/2 (50.0%)" in result.stdout
    assert "every hidden cell is a mine" not in result.stdout


def test_flags_not_on_a_certain_mine_are_named_and_told_apart() -> None:
    """Plain output underlines nothing, so the note names each flag off the certain
    mines, and says which are provably wrong (on a safe cell) and which unproven."""
    # (1,0) is the certain mine; (2,0) and (0,2) are safe; (4,1) is 1 in 5.5
    result = solve("-", stdin="5x4x3\n1FF..\n11..F\nF....\n.....\n")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert "wrong flags (2), on provably safe cells: (2, 0) (0, 2)" in lines
    assert "flag not proven to be on a mine (1): (4, 1)" in lines
    assert "underlined" not in result.stdout
    right = solve("-", stdin=BOARD)  # its one flag is on the certain mine
    assert "flag" not in right.stdout


def test_explain_in_json_has_the_documented_fields() -> None:
    """FORMATS.md: "explanation" is {cell, mine, numbers, uses_total, smallest},
    null when the cell is not settled, absent on an inconsistent board."""
    data = json.loads(solve("-", "--json", "--explain", "1,0", stdin=BOARD).stdout)
    assert data["explanation"] == {
        "cell": [1, 0],
        "mine": True,
        "numbers": [[0, 0]],
        "uses_total": False,
        "smallest": True,
    }
    total = json.loads(solve("-", "--json", "--explain", "1,0", stdin="2x1x0\n..\n").stdout)
    assert total["explanation"] == {
        "cell": [1, 0],
        "mine": False,
        "numbers": [],
        "uses_total": True,
        "smallest": True,
    }
    unsettled = json.loads(solve("-", "--json", "--explain", "4,3", stdin=BOARD).stdout)
    assert "explanation" in unsettled and unsettled["explanation"] is None
    no = solve("-", "--json", "--explain", "1,0", stdin="2x1x0\n1.\n")
    assert no.returncode == 1 and "explanation" not in json.loads(no.stdout)


@pytest.mark.parametrize("cell", ["5,0", "0,0"])
def test_explain_checks_the_cell_on_an_inconsistent_board_too(cell: str) -> None:
    result = solve("-", "--json", "--explain", cell, stdin="2x1x0\n1.\n")
    assert result.returncode == 2 and result.stdout == ""
    assert "off the 2x1 board" in result.stderr or "not a hidden cell" in result.stderr


def test_a_guess_is_named_with_the_article_its_chance_is_spoken_with() -> None:
    """ "an 8/9 chance", "a 1/8 chance": the article agrees with the number."""
    one_in_eight = _unfolded(solve("-", stdin="3x3x1\n...\n.1.\n...\n").stdout)
    assert "with a 1/8 (12.5%) chance of a mine" in one_in_eight
    eight_in_nine = _unfolded(solve("-", stdin="3x3x8\n...\n...\n...\n").stdout)
    assert "with an 8/9 (88.9%) chance of a mine" in eight_in_nine


def test_an_explain_cell_of_thousands_of_digits_is_named_in_short() -> None:
    """Over 4,300 digits, int() refused it: argparse said "invalid _cell value"
    (an internal name) and echoed every digit. Zeros in front count for nothing."""
    huge = solve("-", "--explain", "9" * 5000 + ",1", stdin="3x1x1\n1..\n")
    assert huge.returncode == 2 and huge.stdout == ""
    assert "_cell" not in huge.stderr and "is off every board" in huge.stderr
    assert "(5002 characters)" in huge.stderr and len(huge.stderr) < 300
    padded = solve("-", "--json", "--explain", "0" * 5000 + "1,0", stdin="3x1x1\n1..\n")
    assert json.loads(padded.stdout)["explanation"]["cell"] == [1, 0]


def test_solve_takes_at_most_three_quarters_of_the_memory() -> None:
    """A hard 316x316 board, inside the cell limit, took all 23 GB and was
    killed by the kernel (status 137, no word). Under the cap the allocation
    past it fails at once, which solve reports as out of memory (71); after
    it the old limit is back."""
    probe = (
        "import os, resource; from minebender.faces.commands.options import memory_cap;"
        "ram = os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES');"
        "before = resource.getrlimit(resource.RLIMIT_AS)\n"
        "with memory_cap() as cap:\n"
        "  soft, _ = resource.getrlimit(resource.RLIMIT_AS)\n"
        "  assert cap == soft <= 0.75 * ram, (cap, soft, ram)\n"
        "  with memory_cap(0.9) as again:\n"
        "    assert again == cap\n"  # a lower limit stands
        "  try:\n"
        "    bytearray(int(0.8 * ram))\n"
        "  except MemoryError:\n"
        "    print('refused')\n"
        "assert resource.getrlimit(resource.RLIMIT_AS) == before\n"  # given back
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "refused\n"


def test_explain_takes_a_cell_as_solve_prints_it() -> None:
    """solve lists cells as (2, 0); copied into --explain it was refused."""
    board = "3x1x1\n1..\n"
    as_printed = solve("-", "--json", "--explain", "(1, 0)", stdin=board)
    plain = solve("-", "--json", "--explain", "1,0", stdin=board)
    assert as_printed.returncode == 0 and as_printed.stdout == plain.stdout


def _unfolded(text: str) -> str:
    """The output with its lines joined and its spaces single, for finding a
    sentence that was folded to fit the terminal."""
    return " ".join(text.split())


def _played(width: int, height: int, mines: int, seed: int, clicks: int) -> str:
    """A board as a game leaves it after the first click in the centre and up
    to ``clicks`` more on random safe cells: numbers and openings all over."""
    first = Pos(width // 2, height // 2)
    layout = place_mines(width, height, mines, first, board_rs(seed, 0))
    game = Game.fresh(width, height, layout).open(first)
    chooser = random.Random(seed)
    for _ in range(clicks):
        x, y = chooser.randrange(width), chooser.randrange(height)
        if not layout[y][x]:
            game = game.open(Pos(x, y))
    return format_board(game.knowledge)


_ONES = "30x16x5\n" + ("." * 30 + "\n") * 15 + "1" * 30 + "\n"
"""Impossible: the row of 1s needs ten mines, the header allows five; the
conflict names six numbers and the total, one sentence past 80 columns."""


@pytest.mark.parametrize(
    ("board", "args"),
    [
        (_played(30, 16, 99, 0, 40), ()),
        (_played(30, 16, 99, 2, 40), ("--explain", "23,10")),
        (_ONES, ()),
        (_played(200, 200, 4000, 1, 0), ()),
    ],
    ids=["expert", "expert-explain", "conflict", "200x200"],
)
@pytest.mark.heavy
def test_every_line_of_the_text_fits_80_columns(board: str, args: tuple[str, ...]) -> None:
    """Not a terminal: 80 columns. The prose (the cells listed, the conflict,
    the reasons) is folded at spaces, never inside a cell such as (12, 3), and
    says all it said on one line."""
    result = solve("-", *args, stdin=board)
    assert result.returncode in (0, 1), result.stderr[-500:]
    lines = result.stdout.splitlines()
    assert max(map(len, lines)) <= 80, max(lines, key=len)
    for line in lines:
        assert not re.search(r"\(\d+,$", line) and not re.match(r"\s*\d+\)", line), line
    data = json.loads(solve("-", "--json", *args, stdin=board).stdout)
    text = _unfolded(result.stdout)
    if data["consistent"]:
        for key, label in (("safe", "safe"), ("certain_mines", "mines")):
            cells = [cell_name(Pos(x, y)) for x, y in sorted(data[key], key=lambda c: c[::-1])]
            assert f"{label} ({len(cells)}): {' '.join(cells[:40]) or 'none'}" in text
        assert "best move: " + data["best_reason"] in text
    else:
        numbers = ", ".join(cell_name(Pos(x, y)) for x, y in data["conflict"])
        assert f"conflict: no layout agrees with the numbers at {numbers} and the total" in text
    if args:
        assert "why: (23, 10) is safe: the numbers at (24, 11), (25, 11)," in text


def test_the_report_names_the_50_50s_and_the_json_lists_them() -> None:
    """One mine beside the 1s no click can place; one more in the four cells
    beyond, whose columns hold one mine or none. The best move (2, 0) is safe
    3/4 of the time and then always shows 2 (the pair's mine and the other
    one): no progress, and the safest cell next is safe 2/3 of the time."""
    board = "4x2x2\n1...\n1...\n"
    plain = solve("-", stdin=board)
    assert "50/50 (1): (1, 0)-(1, 1)" in plain.stdout
    assert "pseudo-50/50 (2): (2, 0)-(2, 1), (3, 0)-(3, 1)" in plain.stdout
    data = json.loads(solve("-", "--json", stdin=board).stdout)
    assert data["fifties"][0] == {"cells": [[1, 0], [1, 1]], "kind": "50/50"}
    assert data["candidates"][0] == {
        "cell": [2, 0],
        "safe": "3/4",
        "progress": "0",
        "second": "1/2",
    }


def test_the_report_names_a_set_no_click_can_split() -> None:
    """The 2x2 box of tests/test_guess_sets.py: one line names its four cells,
    and the JSON lists them."""
    board = "4x4x3\n..10\n..21\n12.1\n0111\n"
    plain = solve("-", stdin=board)
    assert "set no click can split (1): (0, 0)-(1, 0)-(0, 1)-(1, 1)" in plain.stdout
    assert "50/50" not in plain.stdout
    data = json.loads(solve("-", "--json", stdin=board).stdout)
    assert data["guess_sets"] == [{"cells": [[0, 0], [1, 0], [0, 1], [1, 1]], "kind": "forced"}]


def test_explain_gives_the_chance_of_a_cell_not_settled(tmp_path: Path) -> None:
    path = tmp_path / "corner.txt"
    path.write_text("4x4x3\n1...\n....\n....\n....\n")
    done = solve(str(path), "--explain", "1,0")
    assert done.returncode == 0, done.stderr
    chance = analyse(parse(path.read_text())).probability(Pos(1, 0))
    said = " ".join(done.stdout.split())
    assert (
        "why: (1, 0) is neither provably safe nor provably a mine: its chance of a mine"
        f" is {chance.numerator}/{chance.denominator} ({float(chance):.1%})"
    ) in said


def test_the_least_risky_guess_is_the_best_move_when_as_safe() -> None:
    from minebender.faces.commands.solve import _least_risky
    from minebender.services.analysis_board import Best

    knowledge = parse("9x5x4\n" + ".........\n" * 5)
    a = analyse(knowledge)
    p = a.probability(Pos(0, 0))
    tied = _least_risky(a, p, Pos(0, 0), Best(Pos(8, 0), "a reason"))
    assert tied.startswith("no safe cell: the least risky guess is (8, 0) with a 4/45")
    assert "best move" not in tied
    corner = parse("4x4x3\n1...\n....\n....\n....\n")
    b = analyse(corner)
    low = min(b.probability(Pos(x, y)) for y in range(4) for x in range(4) if (x, y) != (0, 0))
    low_at = next(
        Pos(x, y)
        for y in range(4)
        for x in range(4)
        if (x, y) != (0, 0) and b.probability(Pos(x, y)) == low
    )
    riskier = _least_risky(b, low, low_at, Best(Pos(1, 0), "a reason"))
    assert b.probability(Pos(1, 0)) > low
    assert riskier.endswith(
        "; the best move (1, 0) risks more now for a better chance to win from here"
    )

"""``minebender generate``: JSON lines, readable boards, replayable seeds, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from minebender import Pos, place_mines
from minebender.faces.cli import main
from minebender.rules.game import board_rs
from minebender.rules.noguess import place_mines_no_guess
from test_noguess_check import clears_exact

KEYS = {"width", "height", "mines", "first", "seed", "index", "no_guess", "layout"}


def generate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run generate in this process: its exit status, stdout and stderr. An
    option argparse refuses (a bad --level) ends main with SystemExit, as the
    command exits."""
    try:
        code = main(["generate", *args])
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines()]


def test_json_lines_one_board_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = generate(capsys, "--level", "expert", "--seed", "7", "--count", "3", "--json")
    assert code == 0 and err == ""
    boards = lines(out)
    assert len(boards) == 3
    for i, board in enumerate(boards):
        assert set(board) == KEYS
        assert (board["width"], board["height"], board["mines"]) == (30, 16, 99)
        assert board["first"] == [15, 8]
        assert board["seed"] == 7 and board["index"] == i and board["no_guess"] is False
        rows = board["layout"]
        assert isinstance(rows, list) and len(rows) == 16
        assert all(len(row) == 30 and set(row) <= {"*", "."} for row in rows)
        assert sum(row.count("*") for row in rows) == 99


def test_board_i_is_place_mines_with_seed_and_index(capsys: pytest.CaptureFixture[str]) -> None:
    """Any program can replay board i from the printed seed and index."""
    seed = 2**40 + 5
    _, out, _ = generate(capsys, "--seed", str(seed), "--count", "2", "--json")
    for i, board in enumerate(lines(out)):
        layout = place_mines(9, 9, 10, Pos(4, 4), board_rs(seed, i))
        assert board["layout"] == ["".join("*" if c else "." for c in row) for row in layout]
    assert board_rs(seed, 1) == [5, 256, 1]


def test_no_guess_boards_clear_by_safe_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = generate(
        capsys,
        "--level",
        "intermediate",
        "--no-guess",
        "--seed",
        "3",
        "--count",
        "3",
        "--first",
        "2,13",
        "--json",
    )
    assert code == 0
    for i, board in enumerate(lines(out)):
        assert board["no_guess"] is True and board["first"] == [2, 13]
        layout = tuple(tuple(c == "*" for c in row) for row in board["layout"])
        assert layout == place_mines_no_guess(16, 16, 40, Pos(2, 13), board_rs(3, i))
        assert clears_exact(16, 16, layout, Pos(2, 13))


def test_runs_are_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--level", "expert", "--no-guess", "--seed", "11", "--count", "2", "--json")
    first = generate(capsys, *args)
    assert first[0] == 0 and len(lines(first[1])) == 2
    assert generate(capsys, *args) == first


def test_custom_is_limited_as_windows_xp_does(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = generate(capsys, "--custom", "5x5x3", "--seed", "1", "--json")
    assert code == 0
    board = lines(out)[0]
    assert (board["width"], board["height"], board["mines"]) == (9, 9, 10)
    assert "limited to 9x9x10" in err
    code, out, err = generate(capsys, "--custom", "20x10x50", "--seed", "1", "--json")
    assert code == 0 and err == ""
    assert (lines(out)[0]["width"], lines(out)[0]["height"]) == (20, 10)


def test_readable_boards_mark_the_first_click(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = generate(capsys, "--seed", "4", "--count", "2", "--no-guess")
    assert code == 0
    blocks = out.strip().split("\n\n")
    assert len(blocks) == 2
    for i, block in enumerate(blocks):
        header, *rows = block.splitlines()
        assert header.startswith(f"# board {i} of seed 4: 9x9, 10 mines, no-guess")
        assert len(rows) == 9 and rows[4][4] == "o"
        assert sum(row.count("*") for row in rows) == 10


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed", "x"], "--seed must be an integer in digits 0-9, got 'x'"),
        (["--seed", "1_000"], "--seed must be an integer in digits 0-9, got '1_000'"),
        (["--seed", "\u0663"], "--seed must be an integer in digits 0-9, got '\u0663'"),
        (["--seed", " 7"], "--seed must be an integer in digits 0-9"),
        (["--seed", str(2**64)], f"--seed must be from 0 to {2**64 - 1}, got '{2**64}'"),
        (["--seed", "1", "--count", "1_0"], "--count must be an integer in digits 0-9"),
        (
            ["--seed", "1", "--custom", "9999999999x9x10"],
            "--custom '9999999999x9x10' has a number of more than 9 digits",
        ),
        (["--seed", "-1"], "--seed must be from 0 to"),
        (["--seed", "1", "--count", "0"], "--count must be from 1 to"),
        (["--seed", "1", "--count", "many"], "--count must be an integer"),
        (["--seed", "1", "--custom", "30x16"], "--custom must look like 30x16x99"),
        (["--seed", "1", "--custom", "axbxc"], "--custom must look like 30x16x99"),
        # spaces inside, as bot --level and the Custom Field refuse them
        (["--seed", "1", "--custom", "9 x 9x10"], "--custom must look like 30x16x99"),
        (["--seed", "1", "--first", "3"], "--first must look like X,Y"),
        (["--seed", "1", "--first", "a,b"], "--first must look like X,Y"),
        (["--seed", "1", "--first", "9,0"], "--first 9,0 is off the 9x9 board"),
        (["--seed", "1", "--level", "expert", "--custom", "9x9x10"], "not both"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = generate(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("minebender generate: error: ")
    assert message in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--level", "hard", "--seed", "1"], "unknown level 'hard': use beginner,"),
        (["--level", "9x9", "--seed", "1"], "--level must look like 30x16x99"),
        (["--level", "expert", "--custom", "9x9x10"], "give --level or --custom, not both"),
    ],
)
def test_argparse_errors_exit_2_with_one_line(args: list[str], message: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "minebender", "generate", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr


def test_end_to_end_json_lines() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "minebender",
            "generate",
            "--level",
            "beginner",
            "--no-guess",
            "--seed",
            "9",
            "--count",
            "2",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert [json.loads(line)["index"] for line in result.stdout.splitlines()] == [0, 1]


@pytest.mark.parametrize("spelling", ["Expert", "EXPERT", " expert "])
def test_level_takes_any_case(capsys: pytest.CaptureFixture[str], spelling: str) -> None:
    """Every --level reads a name in any case, as ``play --level`` does."""
    code, out, err = generate(capsys, "--level", spelling, "--seed", "7", "--json")
    assert code == 0, err
    assert (lines(out)[0]["width"], lines(out)[0]["height"], lines(out)[0]["mines"]) == (30, 16, 99)
    assert lines(out) == lines(generate(capsys, "--level", "expert", "--seed", "7", "--json")[1])


def test_custom_takes_ascii_digits_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = generate(capsys, "--seed", "1", "--custom", "\u0663\u0660x16x99")
    assert code == 2 and out == ""
    assert "--custom must look like 30x16x99" in err


def test_a_limited_custom_field_is_noted_in_the_same_words_everywhere(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = generate(capsys, "--custom", "5x5x100", "--seed", "1", "--json")
    assert code == 0
    assert err == (
        "minebender generate: note: --custom 5x5x100 is limited to 9x9x71 as Windows XP limits it\n"
    )


def test_a_long_seed_is_cut_short_in_the_message(capsys: pytest.CaptureFixture[str]) -> None:
    """A 5000-digit seed is out of range; the message says so without echoing it
    (nor converting it: int() refuses more than 4300 digits)."""
    code, out, err = generate(capsys, "--seed", "7" * 5000)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and len(err) < 200, err
    assert "(5000 characters)" in err


def test_help_writes_the_seed_limit_as_a_number() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "minebender", "generate", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert "18446744073709551615" in result.stdout and "2**64" not in result.stdout


def test_every_option_is_read_before_the_note(capsys: pytest.CaptureFixture[str]) -> None:
    """A bad option is the one line on stderr: the note of a limited field waits
    until every option is good."""
    code, _, err = generate(capsys, "--custom", "5x5x100", "--seed", "x")
    assert code == 2
    assert err.count("\n") == 1 and "note" not in err


def test_level_takes_a_custom_field_as_every_command_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """bot took only --level WxHxM, generate only --custom WxHxM: both spellings
    are taken everywhere, for the same board."""
    code, by_level, err = generate(capsys, "--level", "8x8x99", "--seed", "3", "--json")
    assert code == 0 and "--level 8x8x99 is limited to 9x9x71" in err
    assert generate(capsys, "--custom", "8x8x99", "--seed", "3", "--json")[1] == by_level
    assert json.loads(by_level)["mines"] == 71


def test_without_a_seed_each_run_deals_new_boards_and_names_their_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """generate alone was a usage error (--seed was required); now it draws a
    seed and prints it, so the board can be made again from it."""
    code, out, _ = generate(capsys, "--json")
    line = json.loads(out)
    assert code == 0
    again = generate(capsys, "--seed", str(line["seed"]), "--json")[1]
    assert json.loads(again) == line
    others = {json.loads(generate(capsys, "--json")[1])["seed"] for _ in range(3)}
    assert len(others | {line["seed"]}) == 4


@pytest.mark.parametrize(
    ("first", "message"),
    [
        ("9" * 5000 + ",1", "--first '9999"),
        ("-1,2", "--first -1,2 is off the 9x9 board"),
        ("9,2", "--first 9,2 is off the 9x9 board"),
    ],
)
def test_a_first_click_off_the_board_is_named_in_short(
    capsys: pytest.CaptureFixture[str], first: str, message: str
) -> None:
    """A number of over 4,300 digits was a traceback of int()'s limit."""
    code, out, err = generate(capsys, "--seed", "1", f"--first={first}")
    assert code == 2 and out == "" and message in err and len(err) < 300


def test_zeros_in_front_of_a_first_click_count_for_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    padded = generate(capsys, "--seed", "1", "--json", "--first", "0" * 5000 + "3,2")[1]
    assert json.loads(padded)["first"] == [3, 2]


def test_a_first_click_may_be_written_as_cells_are_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """generate prints "first click at (4, 4)"; --first took only 4,4."""
    padded = generate(capsys, "--seed", "1", "--json", "--first", "(3, 2)")[1]
    assert json.loads(padded)["first"] == [3, 2]

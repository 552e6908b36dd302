"""The ``minebender`` command as a user meets it: the real console script in a
subprocess. Every subcommand has a one-line summary in ``--help`` and an example
in its own ``--help``; exit status is 0 for success, 1 for a "no" (an
inconsistent board), 2 for bad usage or input with one line on stderr and
never a traceback."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from minebender import cli
from minebender import store as store_module
from minebender.session import Session, SessionSpec
from minebender.types import Beginner, Pos

SCRIPT = Path(sys.executable).with_name("minebender")
EXPECTED = {"play", "serve", "solve", "bot", "bench", "replay", "stats", "generate"}


def minebender(
    *args: str, db: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the console script without a terminal (stdin from /dev/null)."""
    full_env = {**os.environ, **(env or {})}
    if db is not None:
        full_env["MINEBENDER_DB"] = str(db)
    return subprocess.run(
        [str(SCRIPT), *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        env=full_env,
    )


def assert_usage_error(result: subprocess.CompletedProcess[str], fragment: str = "") -> None:
    """Exit 2, nothing on stdout, one line on stderr that names the command."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("minebender") and "error" in lines[0]
    assert "Traceback" not in result.stderr
    assert fragment.lower() in lines[0].lower(), lines[0]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


def test_script_is_installed() -> None:
    assert SCRIPT.exists(), f"the console script should be installed at {SCRIPT}"


def test_help_lists_every_subcommand_with_its_summary() -> None:
    assert set(cli.COMMANDS) >= EXPECTED
    result = minebender("--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())  # argparse may wrap a long summary
    for name, summary in cli.COMMANDS.items():
        assert f"{name} {summary}" in text, name


@pytest.mark.parametrize("name", sorted(cli.COMMANDS))
def test_each_summary_fits_one_line_of_an_80_column_help(name: str) -> None:
    result = minebender("--help", env={"COLUMNS": "80"})
    (line,) = [ln for ln in result.stdout.splitlines() if ln.strip().startswith(f"{name} ")]
    assert line.split(None, 1)[1] == cli.COMMANDS[name], f"shorten the summary of {name}"


def command_paths(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> list[str]:
    """Every command line that has a ``--help`` of its own: the top level, each
    subcommand, each of their subcommands (``bench solver``) and so on, read
    from the real parser so that a new one is never left out."""
    found = [" ".join(path)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += command_paths(sub, (*path, name))
    return found


PATHS = command_paths(cli.build_parser(list(cli.COMMANDS)))


def test_every_subcommand_and_benchmark_has_a_help() -> None:
    assert set(PATHS) >= {"", *EXPECTED} | {
        f"bench {b}" for b in ("solver", "bot", "web", "noguess")
    }


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p or "minebender")
def test_each_help_ends_with_an_example(path: str) -> None:
    """README: every ``--help`` ends with an example of that very command."""
    result = minebender(*path.split(), "--help")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.rstrip().splitlines()
    assert lines[-2].strip() == "example:", result.stdout
    assert lines[-1].strip().startswith(" ".join(["minebender", *path.split()]) + " ")


@pytest.mark.parametrize("name", sorted(cli.COMMANDS))
def test_bad_flag_is_a_usage_error(name: str, db: Path) -> None:
    assert_usage_error(minebender(name, "--no-such-flag", db=db))


def test_unknown_command_is_a_usage_error() -> None:
    assert_usage_error(minebender("frobnicate"), "invalid choice")


def test_version() -> None:
    result = minebender("--version")
    assert result.returncode == 0 and result.stdout.startswith("minebender ")


def test_no_subcommand_starts_the_web_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plain ``minebender`` runs ``serve`` (checked in-process: a real server would block)."""
    import minebender.commands.serve as serve

    seen: list[str] = []
    monkeypatch.setattr(serve, "run", lambda args: seen.append(args.command) or 0)
    assert cli.main([]) == 0
    assert seen == ["serve"]


# --------------------------------------------------------------------------
# Bad input, command by command
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["play", "--level", "huge"], "unknown level 'huge'"),
        (["play", "--custom", "5x5"], "WIDTHxHEIGHTxMINES"),
        (["play", "--custom", "axbxc"], "WIDTHxHEIGHTxMINES"),
        (["play", "--seed", ""], "--seed"),
        (["play", "--seed", "x" * 65], "--seed"),
        (["play", "--level", "expert", "--custom", "9x9x10"], "not allowed"),
        (["play"], "needs a terminal"),
        (["play", "--level", "expert", "--seed", "7"], "needs a terminal"),
        (["replay"], "replay FILE"),
        (["replay", "--speed", "0", "x.json"], "--speed"),
        (["replay", "--speed", "fast", "x.json"], "--speed"),
        (["replay", "--speed", "nan", "x.json"], "--speed"),
        (["replay", "--last"], "no finished game"),
        (["stats", "--json", "extra"], "unrecognized"),
        (["solve"], "required"),
        (["bench", "nothing"], "invalid choice"),
        (["bot", "--level", "huge"], "level"),
        (["generate", "--level", "huge", "--seed", "1"], "level"),
        (["serve", "--port", "-1"], "port"),
        (["serve", "--port", "abc"], "port"),
    ],
)
def test_bad_usage(args: list[str], fragment: str, db: Path) -> None:
    assert_usage_error(minebender(*args, db=db), fragment)


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (None, "cannot read"),
        ("", "not valid JSON"),
        ("not json", "not valid JSON"),
        ("[1, 2]", "one JSON object"),
        ('{"format": "something-else"}', "'format'"),
        ('{"format": "minebender-replay", "version": 99}', "version 99"),
    ],
)
def test_replay_bad_file(content: str | None, fragment: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content)
    assert_usage_error(minebender("replay", str(path)), fragment)


def test_replay_file_over_5_mb_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text("{" + " " * 5_000_000 + "}")
    assert_usage_error(minebender("replay", str(path)), "too big for a replay (over 5 MB)")


def test_replay_of_an_endless_device_is_refused() -> None:
    assert_usage_error(minebender("replay", "/dev/zero"), "too big for a replay (over 5 MB)")


def test_replay_folder(tmp_path: Path) -> None:
    assert_usage_error(minebender("replay", str(tmp_path)), "folder")


@pytest.mark.parametrize("kind", ["missing", "folder", "garbage"])
def test_solve_bad_file(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "board.txt"
    if kind == "folder":
        path.mkdir()
    elif kind == "garbage":
        path.write_text("hello\n")
    assert_usage_error(minebender("solve", str(path)))


def test_solve_inconsistent_board_says_no_with_exit_1(tmp_path: Path) -> None:
    path = tmp_path / "board.txt"
    path.write_text("3x1x0\n1..\n")  # a 1 with no mine anywhere
    result = minebender("solve", str(path), "--json")
    assert result.returncode == 1
    assert json.loads(result.stdout)["consistent"] is False


@pytest.mark.parametrize("kind", ["folder", "not a database"])
def test_stats_bad_database(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    if kind == "folder":
        path.mkdir()
    else:
        path.write_text("these are not the games you are looking for\n" * 100)
    assert_usage_error(minebender("stats", db=path), str(path))


# --------------------------------------------------------------------------
# stats and replay --last on a real store
# --------------------------------------------------------------------------


def won_game(seed: str) -> Session:
    """A Beginner game won by revealing every safe cell."""
    s = Session(SessionSpec(Beginner(), seed), clock=lambda: 0.0)
    s.reveal(Pos(4, 4))
    assert s.layout is not None
    for y, row in enumerate(s.layout):
        for x, mine in enumerate(row):
            if not mine:
                s.reveal(Pos(x, y))
    assert s.won
    return s


def test_stats_reports_games_and_best_times(db: Path) -> None:
    empty = minebender("stats", "--json", db=db)
    assert empty.returncode == 0, empty.stderr
    levels = {lv["level"]: lv for lv in json.loads(empty.stdout)["levels"]}
    assert set(levels) == {"beginner", "intermediate", "expert", "custom"}
    assert levels["beginner"]["played"] == 0 and levels["beginner"]["best_times"] == []

    with store_module.open(db) as store:
        gid = store.create_game(won_game("cli"), interface="terminal")
        store.record_best_time("grace", gid)
    report = json.loads(minebender("stats", "--json", db=db).stdout)
    beginner = next(lv for lv in report["levels"] if lv["level"] == "beginner")
    assert (beginner["played"], beginner["won"], beginner["win_percent"]) == (1, 1, 100.0)
    (best,) = beginner["best_times"]
    assert best["name"] == "grace" and best["rank"] == 1 and best["game_id"] == gid

    table = minebender("stats", db=db, env={"COLUMNS": "100"})
    assert table.returncode == 0 and "grace" in table.stdout and "Best times" in table.stdout


def test_replay_last_reads_the_store_then_needs_a_terminal(db: Path) -> None:
    with store_module.open(db) as store:
        store.create_game(won_game("last"), interface="terminal")
    assert_usage_error(minebender("replay", "--last", db=db), "needs a terminal")


# --------------------------------------------------------------------------
# --help descriptions, closed pipes, notes
# --------------------------------------------------------------------------


def _description(help_text: str) -> str:
    """The description block of an argparse --help: the paragraph after usage."""
    blocks = help_text.split("\n\n")
    assert blocks[0].startswith("usage:"), help_text
    return blocks[1]


def _is_whole_sentences(text: str) -> bool:
    flat = " ".join(text.split())
    return flat[:1].isupper() and flat.endswith(".")


@pytest.mark.parametrize("name", sorted(cli.COMMANDS))
def test_each_help_description_is_whole_sentences(name: str) -> None:
    """The description is the whole first paragraph of the command's docstring,
    never its first line cut mid-sentence."""
    result = minebender(name, "--help", env={"COLUMNS": "80"})
    assert result.returncode == 0, result.stderr
    shown = _description(result.stdout)
    doc = cli._module(name).__doc__
    assert doc is not None
    assert shown == doc.strip().split("\n\n")[0]
    assert _is_whole_sentences(shown), shown


@pytest.mark.parametrize("benchmark", ["solver", "bot", "web", "noguess"])
def test_each_benchmark_help_description_is_a_sentence(benchmark: str) -> None:
    from minebender.commands.bench import BENCHMARKS

    result = minebender("bench", benchmark, "--help", env={"COLUMNS": "80"})
    assert result.returncode == 0, result.stderr
    shown = _description(result.stdout)
    assert _is_whole_sentences(shown), shown
    assert " ".join(shown.split()).lower() == BENCHMARKS[benchmark] + "."


def test_a_description_without_a_docstring_is_the_summary_as_a_sentence() -> None:
    assert cli.description(None, "do a thing: quickly") == "Do a thing: quickly."
    assert cli.description("First line\ngoes on.\n\nMore.", "x") == "First line\ngoes on."


@pytest.mark.parametrize(
    "args",
    [
        ["generate", "--seed", "1", "--count", "3000", "--json"],
        ["generate", "--seed", "1", "--count", "3000"],
        ["bot", "--level", "beginner", "--games", "3000", "--no-board"],
    ],
    ids=["generate-json", "generate-text", "bot"],
)
def test_a_closed_pipe_ends_any_command_quietly(args: list[str]) -> None:
    """``minebender ... | head -c 10``: no traceback, the status of a Unix tool
    that SIGPIPE ended (the same for every command)."""
    with subprocess.Popen(
        [str(SCRIPT), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        assert len(child.stdout.read(10)) == 10
        child.stdout.close()
        err = child.stderr.read().decode()
        assert child.wait(timeout=60) == cli.BROKEN_PIPE == 141
    assert err == ""


def test_play_custom_notes_the_limited_field(db: Path) -> None:
    """play --custom says on stderr, as generate does, when the field asked for
    is limited as Windows XP limits it (here before it finds no terminal)."""
    result = minebender("play", "--custom", "5x5x100", db=db)
    assert result.returncode == 2
    note, error = result.stderr.splitlines()
    assert note == (
        "minebender play: note: --custom 5x5x100 is limited to 9x9x71 as Windows XP limits it"
    )
    assert "needs a terminal" in error
    unlimited = minebender("play", "--custom", "20x12x40", db=db)
    assert "note" not in unlimited.stderr


@pytest.mark.parametrize("spelling", ["Expert", "EXPERT", "expert"])
def test_play_level_takes_any_case(spelling: str, db: Path) -> None:
    assert_usage_error(minebender("play", "--level", spelling, db=db), "needs a terminal")


def test_play_custom_takes_ascii_digits_only(db: Path) -> None:
    assert_usage_error(minebender("play", "--custom", "\u0663\u0660x9x10", db=db), "--custom")

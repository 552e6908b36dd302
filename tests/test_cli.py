"""The ``minebender`` command as a user meets it: the real console script in a
subprocess. Every subcommand has a one-line summary in ``--help`` and an example
in its own ``--help``; exit status is 0 for success, 1 for a "no" (an
inconsistent board), 2 for bad usage or input with one line on stderr and
never a traceback."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from minebender.faces import cli
from minebender.faces.commands.helptext import description
from minebender.faces.commands.options import UsageError
from minebender.services import store as store_module
from minebender.services.session import Session, SessionSpec, parse_board_code
from minebender.values.types import Beginner, Custom, Expert, Intermediate, Level
from played import won_game

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


class FakeTerminal:
    """What play and replay look at of the stderr they draw on."""

    def __init__(self, encoding: str = "utf-8", tty: bool = True) -> None:
        self.encoding, self.tty = encoding, tty

    def isatty(self) -> bool:
        return self.tty


def in_a_terminal(
    monkeypatch: pytest.MonkeyPatch, encoding: str = "utf-8", screen: bool = True
) -> None:
    """Run as if from a terminal: keys on stdin, the screen on the real stderr."""
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys, "__stderr__", FakeTerminal(encoding, screen))


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
def test_each_summary_in_the_help_is_the_modules_own(name: str) -> None:
    """cli keeps the summaries (so that a command loads only its own module),
    and each must say what the module's SUMMARY says: one source, no drift."""
    assert cli.COMMANDS[name] == cli._module(name).SUMMARY


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
        f"bench {b}" for b in ("solver", "bot", "web", "noguess", "fifties")
    }


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p or "minebender")
def test_each_help_ends_with_an_example(path: str) -> None:
    """README: every ``--help`` ends with an example of that very command."""
    result = minebender(*path.split(), "--help")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.rstrip().splitlines()
    assert lines[-2].strip() == "example:", result.stdout
    assert lines[-1].strip().startswith(" ".join(["minebender", *path.split()]) + " ")


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p or "minebender")
def test_no_help_shows_rst_markup(path: str) -> None:
    """A docstring's ``literal`` is for readers of the code: a person reading
    --help sees `literal`, never the doubled backticks."""
    result = minebender(*path.split(), "--help")
    assert result.returncode == 0, result.stderr
    assert "``" not in result.stdout, result.stdout


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
    import minebender.faces.commands.serve as serve

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
        (["play", "--custom", "5x5"], "--custom must look like 30x16x99"),
        (["play", "--custom", "axbxc"], "--custom must look like 30x16x99"),
        (["play", "--seed", ""], "--seed"),
        (["play", "--seed", "x" * 65], "--seed"),
        (["play", "--seed", "mbf"], "--seed mbf is kept for boards from a file"),
        (["play", "--code", "b:mbf"], "a board from a file has none"),
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
        (["serve", "--port", "abc"], "--port must be an integer in digits 0-9"),
        (["bench", "web", "--players", "\uff13"], "--players must be an integer in digits 0-9"),
        (["generate", "--seed", "1", "--first", "\uff10,0"], "--first must look like X,Y"),
        (["generate", "--seed", "1", "--first=-1,0"], "--first -1,0 is off the 9x9 board"),
    ],
)
def test_bad_usage(args: list[str], fragment: str, db: Path) -> None:
    assert_usage_error(minebender(*args, db=db), fragment)


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (None, "cannot read"),
        ("", "the file is empty"),
        (" \n", "the file is empty"),
        ("not json", "not valid JSON: line 1, column 1: expecting value"),
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
    assert_usage_error(minebender("replay", "/dev/zero"), "not a regular file (a device)")


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


@pytest.mark.parametrize(
    "args",
    [
        ["stats"],
        ["stats", "--json"],
        ["replay", "--last"],
        ["serve", "--no-browser", "--port", "PORT"],
    ],
)
def test_a_device_as_database_is_one_line(args: list[str]) -> None:
    """``--db /dev/null`` takes sqlite's writes and fails at COMMIT (a disk I/O
    error): every command that opens the store says so in one line, exit 2,
    as for a folder, never a traceback."""
    with socket.socket() as probe:  # serve checks its port first: a free one
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])
    args = [port if a == "PORT" else a for a in args]
    assert_usage_error(minebender(*args, "--db", os.devnull), f"{os.devnull} is not a regular file")


# --------------------------------------------------------------------------
# stats and replay --last on a real store
# --------------------------------------------------------------------------


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


def test_stats_dates_a_best_time_where_the_player_is(db: Path) -> None:
    """The table (and the terminal's scores screen, which is that table) gave
    the UTC day while the page gave the local one: at 20:00 UTC it was already
    the next day in Tokyo. The JSON keeps the moment itself, in UTC."""
    import sqlite3

    with store_module.open(db) as store:
        gid = store.create_game(won_game("tz"), interface="terminal")
        store.record_best_time("ken", gid)
    at = 1_796_155_200  # 2026-12-01 20:00:00 UTC
    with contextlib.closing(sqlite3.connect(db)) as con, con:
        con.execute("UPDATE best_times SET recorded_at = ?", (at,))
    env = {"COLUMNS": "100"}
    assert "2026-12-02" in minebender("stats", db=db, env={**env, "TZ": "JST-9"}).stdout
    assert "2026-12-01" in minebender("stats", db=db, env={**env, "TZ": "UTC0"}).stdout
    report = json.loads(minebender("stats", "--json", db=db, env={"TZ": "JST-9"}).stdout)
    beginner = next(lv for lv in report["levels"] if lv["level"] == "beginner")
    assert beginner["best_times"][0]["recorded_at"] == "2026-12-01T20:00:00+00:00"


def _levels(result: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert result.returncode == 0, result.stderr
    return {lv["level"]: lv for lv in json.loads(result.stdout)["levels"]}


def test_stats_reset_empties_best_times_or_statistics(db: Path) -> None:
    """--reset best-times is Reset Scores, --reset statistics is Reset Statistics;
    the line saying what was done stays out of the JSON object."""
    with store_module.open(db) as store:
        store.record_best_time("grace", store.create_game(won_game("r1"), interface="terminal"))
    assert_usage_error(minebender("stats", "--yes", db=db), "--yes goes with --reset")
    assert_usage_error(minebender("stats", "--reset", "best-times", db=db), "add --yes")
    assert_usage_error(minebender("stats", "--reset", "scores", db=db), "invalid choice")
    assert _levels(minebender("stats", "--json", db=db))["beginner"]["best_times"] != []
    result = minebender("stats", "--reset", "best-times", "--yes", "--json", db=db)
    beginner = _levels(result)["beginner"]
    assert beginner["best_times"] == [] and beginner["played"] == 1
    assert result.stderr.strip() == "removed 1 best time"
    result = minebender("stats", "--reset", "statistics", "--yes", db=db)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("statistics reset: they had counted 1 game\n")
    beginner = _levels(minebender("stats", "--json", db=db))["beginner"]
    assert (beginner["played"], beginner["won"], beginner["best_streak"]) == (0, 0, 0)


@pytest.mark.parametrize(("answer", "kept"), [("n\n", True), ("\n", True), ("yes\n", False)])
def test_stats_reset_asks_at_a_terminal(db: Path, answer: str, kept: bool) -> None:
    """Without --yes the reset is asked for at the terminal; only y or yes does it."""
    import pty

    with store_module.open(db) as store:
        store.record_best_time("ada", store.create_game(won_game("r2"), interface="terminal"))
    leader, follower = pty.openpty()
    try:
        os.write(leader, answer.encode())
        result = subprocess.run(
            [str(SCRIPT), "stats", "--reset", "best-times", "--db", str(db)],
            stdin=follower,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        os.close(leader)
        os.close(follower)
    assert result.returncode == 0, result.stderr
    assert "Reset the best times of every level in" in result.stdout and "[y/N]" in result.stdout
    assert ("nothing was reset" in result.stdout) is kept
    times = _levels(minebender("stats", "--json", db=db))["beginner"]["best_times"]
    assert [t["name"] for t in times] == (["ada"] if kept else [])


def test_replay_last_reads_the_store_then_needs_a_terminal(db: Path) -> None:
    with store_module.open(db) as store:
        store.create_game(won_game("last"), interface="terminal")
    assert_usage_error(minebender("replay", "--last", db=db), "needs a terminal")


def test_replay_game_takes_any_finished_game_of_the_store(db: Path) -> None:
    """A terminal best time could no longer be replayed once any other game
    ended (--last only): --game takes the id stats --json gives, from either
    interface; a game not over, an unknown id and two sources are refused."""
    with store_module.open(db) as store:
        named = store.create_game(won_game("first"), interface="terminal")
        store.record_best_time("ada", named)
        newer = store.create_game(won_game("second"), interface="web")
        playing = store.create_game(Session(SessionSpec(Beginner(), "p"), lambda: 0.0))
    (best,) = _levels(minebender("stats", "--json", db=db))["beginner"]["best_times"]
    assert best["game_id"] == named
    by_id = minebender("replay", "--game", named, "--board", "end", db=db)
    assert by_id.returncode == 0, by_id.stderr
    with store_module.open(db) as store:
        stored = store.load(named)
        assert stored is not None
        assert by_id.stdout == stored.session().board_text()
    other = minebender("replay", "--game", newer, "--board", "end", db=db)
    assert other.returncode == 0 and other.stdout != by_id.stdout  # each game its own board
    assert_usage_error(minebender("replay", "--game", "nope", db=db), "no game 'nope' in")
    assert_usage_error(
        minebender("replay", "--game", playing, db=db), f"game '{playing}' is playing, not"
    )
    assert_usage_error(
        minebender("replay", "--last", "--game", named, db=db),
        "give one of a replay FILE, --last or --game ID, not --last and --game",
    )


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
    assert shown == doc.strip().split("\n\n")[0].replace("``", "`")
    assert _is_whole_sentences(shown), shown


@pytest.mark.parametrize("benchmark", ["solver", "bot", "web", "noguess"])
def test_each_benchmark_help_description_is_a_sentence(benchmark: str) -> None:
    from minebender.faces.commands.bench import BENCHMARKS

    result = minebender("bench", benchmark, "--help", env={"COLUMNS": "80"})
    assert result.returncode == 0, result.stderr
    shown = _description(result.stdout)
    assert _is_whole_sentences(shown), shown
    assert " ".join(shown.split()).lower() == BENCHMARKS[benchmark] + "."


def test_a_description_without_a_docstring_is_the_summary_as_a_sentence() -> None:
    assert description(None, "do a thing: quickly") == "Do a thing: quickly."
    assert description("First line\ngoes on.\n\nMore.", "x") == "First line\ngoes on."


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


def test_play_level_takes_a_custom_field_as_bot_does(db: Path) -> None:
    """--level 20x12x40 was an unknown level to play while bot took only that."""
    result = minebender("play", "--level", "5x5x100", db=db)
    note, error = result.stderr.splitlines()
    assert note.startswith("minebender play: note: --level 5x5x100 is limited to 9x9x71")
    assert "needs a terminal" in error
    assert_usage_error(minebender("play", "--level", "hard", db=db), "unknown level 'hard'")


@pytest.mark.parametrize(
    ("argv", "dest", "level"),
    [
        (["play", "--level", "Expert"], "level", Expert()),
        (["play", "--level", "20X12x40"], "level", Custom(20, 12, 40)),
        (["play", "--custom", "5x5x100"], "custom", Custom(5, 5, 100)),
        (["generate", "--level", "intermediate"], "level", Intermediate()),
        (["generate", "--custom", "20x12x40"], "custom", Custom(20, 12, 40)),
        (
            ["bench", "noguess", "--level", "Expert", "--level", "9x9x10"],
            "level",
            [Expert(), Custom(9, 9, 10)],
        ),
        (["bench", "noguess", "--custom", "5x5x5"], "custom", [Custom(5, 5, 5)]),
    ],
)
def test_each_command_reads_its_level_while_parsing(
    argv: list[str], dest: str, level: Level | list[Level]
) -> None:
    """A level is read once, at the edge: argparse hands play, generate and
    bench noguess a Level (a list of them for a repeatable option), as it hands
    bot and bench bot one (options.ReadLevel)."""
    args = cli.build_parser([argv[0]]).parse_args(argv)
    assert getattr(args, dest) == level


@pytest.mark.parametrize(
    ("argv", "status", "line"),
    [
        (
            ["play", "--level", "foo"],
            2,
            "minebender play: error: unknown level 'foo': use beginner, intermediate, expert"
            " or WxHxM such as 30x16x99",
        ),
        (
            ["play", "--custom", "5x"],
            2,
            "minebender play: error: --custom must look like 30x16x99 (width x height x mines),"
            " got '5x'",
        ),
        (
            ["play", "--custom", "expert"],
            2,
            "minebender play: error: --custom must look like 30x16x99 (width x height x mines),"
            " got 'expert'",
        ),
        (
            ["generate", "--level", "0x0x0", "--seed", "1", "--json"],
            0,
            "minebender generate: note: --level 0x0x0 is limited to 9x9x10 as Windows XP limits it",
        ),
    ],
)
def test_a_level_read_while_parsing_says_what_is_wrong(
    argv: list[str], status: int, line: str, db: Path
) -> None:
    """The one line of a bad --level or --custom, read as argparse reads them:
    the same words as when the command read them itself, status 2, no traceback."""
    result = minebender(*argv, db=db)
    assert result.returncode == status, result.stderr
    assert result.stderr.splitlines() == [line]


@pytest.mark.parametrize("spelling", ["Expert", "EXPERT", "expert"])
def test_play_level_takes_any_case(spelling: str, db: Path) -> None:
    assert_usage_error(minebender("play", "--level", spelling, db=db), "needs a terminal")


def test_play_custom_takes_ascii_digits_only(db: Path) -> None:
    assert_usage_error(minebender("play", "--custom", "\u0663\u0660x9x10", db=db), "--custom")


# --------------------------------------------------------------------------
# Output that cannot be written, option checks, one reading of every option
# --------------------------------------------------------------------------


def to_full_disk(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the console script with stdout on /dev/full, a disk with no space left."""
    with open("/dev/full", "w") as full:
        return subprocess.run(
            [str(SCRIPT), *args],
            stdin=subprocess.DEVNULL,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )


@pytest.mark.skipif(
    not Path("/dev/full").exists(), reason="needs Linux's /dev/full: run the tests on Linux"
)
@pytest.mark.parametrize(
    ("args", "name"),
    [
        (["solve", "BOARD"], "minebender solve"),
        (["solve", "BOARD", "--json"], "minebender solve"),
        (["generate", "--seed", "1"], "minebender generate"),
        (["generate", "--seed", "1", "--count", "3000", "--json"], "minebender generate"),
        (["bot", "--level", "beginner"], "minebender bot"),
        (["bench", "noguess", "--level", "beginner", "--count", "1"], "minebender bench noguess"),
        (["generate", "--help"], "minebender generate"),
        (["--version"], "minebender"),
    ],
)
def test_a_full_disk_is_one_line_and_its_own_exit_status(
    args: list[str], name: str, tmp_path: Path
) -> None:
    """Output that cannot be written is never read as a command's answer (1 is
    "no layout agrees" for solve): one line on stderr and EX_IOERR, 74."""
    board = tmp_path / "b1.txt"
    board.write_text("5x4x3\n1F...\n11...\n.....\n.....\n")
    result = to_full_disk(*[str(board) if a == "BOARD" else a for a in args])
    assert result.returncode == 74, result.stderr
    assert result.stderr == f"{name}: error: cannot write the output: No space left on device\n"


@pytest.mark.skipif(
    not Path("/dev/full").exists(), reason="needs Linux's /dev/full: run the tests on Linux"
)
@pytest.mark.parametrize(
    ("board", "stdout_full", "status"),
    [
        ("3x3x10\n...\n...\n...\n", False, 2),  # a bad file
        ("3x1x1\n3..\n", False, 1),  # no layout agrees
        ("3x1x1\n1..\n", True, 74),  # the answer cannot be written
    ],
)
def test_a_stderr_that_cannot_be_written_changes_no_exit_status(
    board: str, stdout_full: bool, status: int, tmp_path: Path
) -> None:
    """With stderr on a full disk a bad file is still a 2: an uncaught OSError
    printing its message ended the command with 1, "no layout agrees"."""
    path = tmp_path / "board.txt"
    path.write_text(board)
    with open("/dev/full", "w") as full, open(tmp_path / "out", "w") as out:
        result = subprocess.run(
            [str(SCRIPT), "solve", str(path), "--json"],
            stdin=subprocess.DEVNULL,
            stdout=full if stdout_full else out,
            stderr=full,
            timeout=60,
        )
    assert result.returncode == status


def test_a_closed_stderr_puts_no_message_into_stdout(tmp_path: Path) -> None:
    """``2>&-``: Python's stderr is None, and ``print(file=None)`` would write
    the error into stdout, in the middle of what a --json reader reads."""
    path = tmp_path / "board.txt"
    path.write_text("3x3x10\n...\n...\n...\n")
    result = subprocess.run(
        [str(SCRIPT), "solve", str(path), "--json"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        close_fds=True,
        timeout=60,
        preexec_fn=lambda: os.close(2),
    )
    assert (result.returncode, result.stdout) == (2, b"")


@pytest.mark.parametrize(
    ("args", "status"),
    [(["solve", "GOOD", "--json"], 74), (["solve", "BAD"], 2), (["--help"], 74)],
)
def test_a_closed_stdout_is_an_output_error(args: list[str], status: int, tmp_path: Path) -> None:
    """``>&-``: Python's stdout is None, and every command ended with an
    AttributeError's traceback and status 1, "no layout agrees"."""
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text("3x1\n1..\n")
    bad.write_text("3x3x10\n...\n...\n...\n")
    paths = {"GOOD": str(good), "BAD": str(bad)}
    result = subprocess.run(
        [str(SCRIPT), *[paths.get(a, a) for a in args]],
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        preexec_fn=lambda: os.close(1),
    )
    assert result.returncode == status, result.stderr
    assert "Traceback" not in result.stderr
    if status == 74:
        assert result.stderr.endswith("error: cannot write the output: stdout is closed\n")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [(["solve", "-"], "no board"), (["play"], "it needs a terminal")],
)
def test_a_closed_stdin_reads_as_empty(args: list[str], fragment: str) -> None:
    """``<&-``: Python's stdin is None, and ``solve -`` or ``play`` ended with
    an AttributeError's traceback and status 1, "no layout agrees"."""
    result = subprocess.run(
        [str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=lambda: os.close(0),
    )
    assert result.returncode == 2 and fragment in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_an_error_reading_a_file_is_not_an_output_error(tmp_path: Path) -> None:
    """Only writing stdout is an output error: a board that cannot be read is
    still bad input, status 2."""
    assert_usage_error(minebender("solve", str(tmp_path / "missing.txt")), "missing.txt")


def test_bench_noguess_checks_every_option_before_any_output() -> None:
    result = minebender(
        "bench", "noguess", "--level", "beginner", "--first", "20,20", "--count", "2"
    )
    assert_usage_error(result, "--first 20,20 is off the 9x9 board")
    assert result.stderr.startswith("minebender bench noguess: error: ")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["bench", "noguess", "--seed", "1_000", "--count", "1"], "--seed must be an integer"),
        (["bench", "noguess", "--count", "0"], "--count must be from 1"),
        (["bench", "noguess", "--custom", "9x9", "--count", "1"], "--custom must look like"),
        (["bench", "solver", "--quick", "--seed", "-1"], "--seed must be from 0 to"),
        (["bench", "solver", "--quick", "--seed", "\u0663"], "--seed must be an integer"),
        (["bench", "web", "--seed", "-1"], "--seed must be from 0 to"),
        (["bench", "web", "--players", "0"], "--players"),
        (["bench", "bot", "--seed", "abc"], "--seed must be an integer"),
    ],
)
def test_bench_options_are_checked_before_any_output(args: list[str], fragment: str) -> None:
    """Each benchmark refuses a bad option with one line that names the benchmark
    (``minebender bench web: error``, as argparse names it), before printing."""
    result = minebender(*args)
    assert_usage_error(result, fragment)
    assert result.stderr.startswith(f"minebender bench {args[1]}: error: ")


@pytest.mark.parametrize("command", [["generate", "--count", "1"], ["bot", "--games", "1"]])
@pytest.mark.parametrize(
    ("seed", "fragment"),
    [
        ("abc", "--seed must be an integer in digits 0-9, got 'abc'"),
        ("1_000", "--seed must be an integer in digits 0-9, got '1_000'"),
        ("\u0663", "--seed must be an integer in digits 0-9"),
        ("-1", "--seed must be from 0 to 18446744073709551615, got '-1'"),
        ("18446744073709551616", "--seed must be from 0 to 18446744073709551615"),
        ("9" * 5000, "... (5000 characters)"),
    ],
)
def test_every_command_reads_a_seed_the_same_way(
    command: list[str], seed: str, fragment: str
) -> None:
    result = minebender(*command, "--level", "beginner", "--seed", seed)
    assert_usage_error(result, fragment)
    assert len(result.stderr) < 200


@pytest.mark.parametrize(
    "args",
    [
        ["generate", "--seed", "1", "--custom", "9999999999x9x10"],
        ["play", "--custom", "9999999999x9x10"],
        ["bot", "--level", "9999999999x9x10"],
        ["bench", "noguess", "--custom", "9999999999x9x10"],
    ],
)
def test_a_custom_number_of_ten_digits_is_called_too_long(args: list[str], db: Path) -> None:
    """The form is right: the message says what is wrong (a number too long),
    not that it must look like WIDTHxHEIGHTxMINES."""
    result = minebender(*args, db=db)
    assert_usage_error(result, "'9999999999x9x10' has a number of more than 9 digits")
    assert "must look like" not in result.stderr


def test_bench_web_level_takes_any_case() -> None:
    """As every other --level: ``Expert`` is expert (the run then stops at --players)."""
    assert_usage_error(
        minebender("bench", "web", "--level", "Expert", "--players", "0"), "--players"
    )


def test_bench_noguess_notes_a_limited_custom_field() -> None:
    result = minebender("bench", "noguess", "--custom", "5x5x5", "--count", "1")
    assert result.returncode == 0, result.stderr
    assert result.stderr == (
        "minebender bench noguess: note: --custom 5x5x5 is limited to 9x9x10"
        " as Windows XP limits it\n"
    )
    assert "custom 9x9x10" in result.stdout
    assert "1 board per line" in result.stdout


def test_replay_says_an_expert_board(tmp_path: Path) -> None:
    from minebender.formats.replay import dumps, from_session

    data = json.loads(dumps(from_session(won_game("an"))))
    data["level"] = "expert"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    assert_usage_error(minebender("replay", str(path)), "an expert board is 30x16x99")


# --------------------------------------------------------------------------
# --db on every command that uses the store; reading never creates one
# --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["serve", "play", "stats", "replay"])
def test_each_store_command_has_db_and_names_minebender_db(name: str) -> None:
    result = minebender(name, "--help", env={"COLUMNS": "200"})
    assert result.returncode == 0
    assert "--db PATH" in result.stdout and "$MINEBENDER_DB" in result.stdout


def test_stats_and_replay_last_read_the_db_option(tmp_path: Path) -> None:
    chosen = tmp_path / "chosen.db"
    with store_module.open(chosen) as store:
        gid = store.create_game(won_game("db"), interface="terminal")
        store.record_best_time("ada", gid)
    elsewhere = tmp_path / "elsewhere.db"
    report = json.loads(minebender("stats", "--json", "--db", str(chosen), db=elsewhere).stdout)
    beginner = next(lv for lv in report["levels"] if lv["level"] == "beginner")
    assert beginner["played"] == 1 and beginner["best_times"][0]["name"] == "ada"
    result = minebender("replay", "--last", "--db", str(chosen), db=elsewhere)
    assert_usage_error(result, "needs a terminal")  # it found the game, then no terminal
    assert not elsewhere.exists()


@pytest.mark.parametrize("how", ["env", "option"])
def test_stats_of_a_missing_database_creates_nothing(how: str, tmp_path: Path) -> None:
    path = tmp_path / "new" / "folders" / "games.db"
    args = ["--db", str(path)] if how == "option" else []
    result = minebender("stats", *args, db=path if how == "env" else tmp_path / "other.db")
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f"no games in {path} yet: play one with minebender play or minebender serve\n"
    )
    as_json = minebender(
        "stats", "--json", *args, db=path if how == "env" else tmp_path / "other.db"
    )
    assert as_json.returncode == 0
    assert all(lv["played"] == 0 for lv in json.loads(as_json.stdout)["levels"])
    last = minebender("replay", "--last", "--db", str(path))
    assert_usage_error(last, f"no finished game in {path} yet")
    assert not (tmp_path / "new").exists() and not (tmp_path / "other.db").exists()


def test_play_opens_the_db_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """play --db PATH opens that store (here the run stops before the terminal
    game starts, once the store is open)."""
    from minebender.faces.commands import play

    opened: list[str | None] = []

    def fake_open(path: str | None = None) -> store_module.Store:
        opened.append(path)
        raise store_module.StoreError("stop here")

    monkeypatch.setattr(store_module, "open", fake_open)
    in_a_terminal(monkeypatch)
    args = cli.build_parser(["play"]).parse_args(["play", "--db", str(tmp_path / "p.db")])
    with pytest.raises(UsageError, match="stop here"):
        play.run(args)
    assert opened == [str(tmp_path / "p.db")]


@pytest.mark.parametrize("how", ["env", "option"])
def test_an_empty_file_as_database_is_left_empty(how: str, tmp_path: Path) -> None:
    """An existing 0-byte file (``touch games.db``) is no database yet: stats and
    replay --last say so as for a missing one, and leave the file as it was,
    where SQLite would have written its tables into it."""
    path = tmp_path / "games.db"
    path.touch()
    args = ["--db", str(path)] if how == "option" else []
    env_db = path if how == "env" else tmp_path / "other.db"
    result = minebender("stats", *args, db=env_db)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f"no games in {path} yet: play one with minebender play or minebender serve\n"
    )
    as_json = minebender("stats", "--json", *args, db=env_db)
    assert as_json.returncode == 0, as_json.stderr
    assert all(lv["played"] == 0 for lv in json.loads(as_json.stdout)["levels"])
    reset = minebender("stats", "--reset", "statistics", "--yes", *args, db=env_db)
    assert reset.returncode == 0, reset.stderr
    assert_usage_error(
        minebender("replay", "--last", *args, db=env_db), f"no finished game in {path} yet"
    )
    assert path.stat().st_size == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.db"]


def test_replay_speed_has_the_range_of_the_keys(tmp_path: Path) -> None:
    """--speed takes 1/16 to 64, the range + and - move in, so - can never jump
    from a slower speed the option gave up to 1/16; --help says the range."""
    missing = str(tmp_path / "missing.json")
    for speed in ("0.01", "0.0624", "64.5", "1e400", "1/17"):
        assert_usage_error(
            minebender("replay", "--speed", speed, missing), "from 0.0625 (1/16) to 64"
        )
    for speed in ("0.0625", "1/16", "64", " 3/2 "):  # as the help writes it, a fraction too
        assert_usage_error(minebender("replay", "--speed", speed, missing), "cannot read")
    help_text = " ".join(minebender("replay", "--help").stdout.split())
    assert "from 0.0625 (1/16) to 64" in help_text


@pytest.mark.parametrize("columns", ["50", "48"])
def test_stats_in_a_narrow_terminal_cuts_no_header_level_or_date(columns: str, db: Path) -> None:
    """Too narrow for the boxed tables, stats prints the compact ones: every
    header, level name and date whole (nothing ends in "…"), a long name wrapped."""
    with store_module.open(db) as store:
        for name, seed in (("ada lovelace, analytical engine", "n1"), ("grace", "n2")):
            store.record_best_time(name, store.create_game(won_game(seed), interface="terminal"))
    result = minebender("stats", db=db, env={"COLUMNS": columns})
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert "…" not in text
    assert all(len(line) <= int(columns) for line in text.splitlines())
    assert re.search(r"level +played +won +win % +streak +best", text)
    assert len(re.findall(r"^(beginner|intermediate|expert|custom) ", text, re.M)) == 4 + 3
    assert len(re.findall(r"\b\d{4}-\d\d-\d\d\b", text)) == 2
    wide = minebender("stats", db=db, env={"COLUMNS": "120"}).stdout
    assert "┃ level" in wide and "┃ level" not in text  # boxes where they fit


def test_memory_running_out_is_one_line_and_its_own_exit_status(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A board too hard for the memory there is (a dense 19x19 lattice under a
    1.2 GB limit) ended with MemoryError's traceback and status 1, which a
    script reads as "no layout agrees"."""
    from minebender.faces.commands import solve

    def no_memory(args: object) -> int:
        raise MemoryError

    monkeypatch.setattr(solve, "run", no_memory)
    board = tmp_path / "board.txt"
    board.write_text("3x1\n1..\n")
    assert cli.main(["solve", str(board)]) == cli.OUT_OF_MEMORY == 71
    assert capsys.readouterr().err == "minebender solve: error: out of memory\n"


def test_play_code_plays_the_board_of_a_code(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A code from the page had to be split by hand into --custom, --seed and
    --no-guess. --code takes it, or a shared link to it, as the page does: the
    game's board is the code's, chosen (not ranked)."""
    from minebender.faces.tui import app as app_module

    started: list[Any] = []
    in_a_terminal(monkeypatch)
    monkeypatch.setattr(app_module.MinebenderApp, "run", lambda self: started.append(self))
    db = str(tmp_path / "games.db")
    link = "http://127.0.0.1:8000/?code=20x12x40+ng:abc"
    assert cli.main(["play", "--code", link, "--db", db]) == 0
    (app,) = started
    spec = app.session.spec
    assert (spec.seed, spec.no_guess, spec.chosen) == ("abc", True, True)
    assert spec.level == parse_board_code("20x12x40+ng:abc").level == Custom(20, 12, 40)
    assert cli.main(["play", "--code", "e:abc", "--seed", "x", "--db", db]) == 2


@pytest.mark.parametrize("command", [["play"], ["replay", "--last"]])
def test_play_and_replay_say_when_stderr_is_not_the_terminal(
    command: list[str],
    monkeypatch: pytest.MonkeyPatch,
    db: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The game is drawn on stderr: ``play 2>/dev/null`` played blind (keys
    acted, nothing was shown), while ``play >file`` was refused for a stdout
    nothing is drawn on."""
    monkeypatch.setenv("MINEBENDER_DB", str(db))
    if command[0] == "replay":
        with store_module.open(db) as store:
            store.create_game(won_game("drawn"))
    in_a_terminal(monkeypatch, screen=False)
    assert cli.main(command) == 2
    assert "stderr (where it is drawn) must be a terminal" in capsys.readouterr().err


@pytest.mark.parametrize("encoding", ["iso8859-1", "ascii", "euc_jp"])
def test_play_refuses_a_terminal_that_is_not_utf8(
    encoding: str, monkeypatch: pytest.MonkeyPatch, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In a Latin-1 locale every cell came out as the text ``\\u25a0``."""
    monkeypatch.setenv("MINEBENDER_DB", str(db))
    in_a_terminal(monkeypatch, encoding=encoding)
    assert cli.main(["play"]) == 2
    error = capsys.readouterr().err
    assert f"encoding is {encoding}" in error and "LC_ALL=C.UTF-8" in error


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_stats_and_bot_write_in_an_output_that_is_not_utf8(encoding: str, db: Path) -> None:
    """In a Latin-1 or ASCII locale one best-time name such as "İsmail" ended
    stats with a traceback (status 1), and every board ended bot so."""
    with store_module.open(db) as store:
        gid = store.create_game(won_game("latin"))
        store.record_best_time("\u0130smail \u0131I", gid)
    env = {"PYTHONIOENCODING": encoding}
    shown = minebender("stats", db=db, env=env)
    assert shown.returncode == 0, shown.stderr
    assert "\\u0130smail \\u0131I" in shown.stdout and shown.stderr == ""
    played = minebender("bot", "--games", "1", "--seed", "1", env=env)
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith(". covered  0 empty  * mine  B the mine that went off")
    assert played.stdout.isascii()


def test_a_database_in_a_folder_not_named_in_utf8_is_read(tmp_path: Path) -> None:
    """A folder named in Latin-1 (``d\\xfc``): serve and play saved games there,
    but stats and replay --last, which only read, ended with a traceback."""
    folder = tmp_path / os.fsdecode(b"d\xfc")
    db = folder / "games.db"
    with store_module.open(db) as store:
        store.create_game(won_game("folder"))
    shown = minebender("stats", "--db", str(db))
    assert shown.returncode == 0, shown.stderr
    assert "beginner" in shown.stdout and shown.stderr == ""
    end = minebender("replay", "--last", "--db", str(db), "--board", "end")
    assert end.returncode == 0, end.stderr
    assert end.stdout.startswith("9x9x10\n")


@pytest.mark.parametrize("command", [["stats"], ["replay", "--last"], ["stats", "--json"]])
def test_a_loop_of_symbolic_links_as_database_is_named(command: list[str], tmp_path: Path) -> None:
    """stats said "no games in loop yet", and serve only "unable to open"."""
    loop = tmp_path / "loop"
    loop.symlink_to(tmp_path / "back")
    (tmp_path / "back").symlink_to(loop)
    assert_usage_error(minebender(*command, "--db", str(loop)), "Too many levels of symbolic links")


def test_replay_reads_a_file_from_stdin_with_board(tmp_path: Path) -> None:
    """``solve -`` read stdin; ``replay -`` said "cannot read -"."""
    from minebender.formats import replay as replay_mod

    text = json.dumps(replay_mod.to_json(replay_mod.from_session(won_game("piped"))))
    shown = subprocess.run(
        [str(SCRIPT), "replay", "-", "--board", "end"],
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("9x9x10\n") and "." not in shown.stdout.splitlines()[1]
    assert_usage_error(minebender("replay", "-"), "give --board N (or end)")


def test_play_whose_terminal_game_failed_does_not_say_it_succeeded(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Textual ends a crashed app with return code 1; play said 0 all the same."""
    from minebender.faces.tui import app as app_module

    def crash(self: Any) -> None:
        self._return_code = 1

    in_a_terminal(monkeypatch)
    monkeypatch.setattr(app_module.MinebenderApp, "run", crash)
    assert cli.main(["play", "--db", str(tmp_path / "games.db")]) == 1


def test_replay_json_prints_the_stored_game_as_a_replay_file(db: Path) -> None:
    """replay --last --json prints the replay file of docs/replays.md, which
    replay reads back as the same game; with --board it is refused."""
    from minebender.formats import replay

    with store_module.open(db) as store:
        game_id = store.create_game(won_game("kept"), interface="terminal")
        stored = store.load(game_id)
        assert stored is not None
        want = replay.from_session(stored.session())
    done = minebender("replay", "--last", "--json", db=db)
    assert done.returncode == 0, done.stderr
    got = replay.loads(done.stdout)
    assert got.layout == want.layout and got.events == want.events
    assert json.loads(done.stdout)["format"] == "minebender-replay"
    assert_usage_error(
        minebender("replay", "--last", "--json", "--board", "end", db=db),
        "--json writes the game out and quits: give it alone",
    )


def test_replay_reads_another_clients_file_as_review_does(tmp_path: Path) -> None:
    """replay x.rmv failed with a JSON/UTF-8 error: it is now read as review
    reads it (so it only wants a terminal to be watched), and the options that
    need a minebender replay say which command reads the file."""
    from review_files import DATA

    rmv = str(DATA / "test_rmv2_24px.rmv")
    assert_usage_error(minebender("replay", rmv), "needs a terminal")
    assert_usage_error(
        minebender("replay", rmv, "--board", "end"),
        f"--board takes a minebender replay (.json): {rmv} can be watched, or read by"
        f" minebender review {rmv}",
    )
    broken = tmp_path / "broken.avf"
    broken.write_bytes(b"not an avf")
    assert_usage_error(minebender("replay", str(broken)), "broken.avf")

"""Options of ``bench solver``, ``bench web`` and ``bench server``: a
value that is not finite, absurdly large or not readable is one usage line, exit 2, before
anything runs; and what the web benchmark's ``all`` row covers is said."""

from __future__ import annotations

import subprocess
import sys

import pytest

from minebender.services.bench.web import THINK_MS_LIMIT, Load, Stats, _report

ARGV = [sys.executable, "-m", "minebender", "bench"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    """In a child with a time limit: before the fix some of these ran for ever."""
    return subprocess.run(
        [*ARGV, *args], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
    )


def _refused(done: subprocess.CompletedProcess[str], message: str) -> None:
    """Exit 2 before any output, with one line on stderr that starts with message."""
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.startswith(message) and len(done.stderr.splitlines()) == 1, done.stderr


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e308", "86401", "-1", "0"])
def test_peer_limit_must_be_finite_and_positive(value: str) -> None:
    _refused(
        _run("solver", "--quick", "--peer", "ms_toollib", f"--peer-limit={value}"),
        "minebender bench solver: error: --peer-limit must be a number of seconds above 0,"
        " at most 86400; got ",
    )


@pytest.mark.parametrize("value", ["nan", "inf", "1e308", "60000.5", "-1"])
def test_think_ms_must_be_finite_and_at_most_a_minute(value: str) -> None:
    _refused(
        _run("web", "--players", "1", "--actions", "1", f"--think-ms={value}"),
        "minebender bench web: error: --think-ms must be a number of milliseconds"
        " from 0 to 60000, got ",
    )


def test_the_limits_are_in_the_help() -> None:
    web = _run("web", "--help").stdout
    assert f"to {THINK_MS_LIMIT:.0f}" in " ".join(web.split())
    solver = _run("solver", "--help").stdout
    assert "at most 86400" in " ".join(solver.split())


def test_the_all_row_says_it_leaves_out_new_game(capsys: pytest.CaptureFixture[str]) -> None:
    """``all`` counts every action and not ``new game``, and its line says so."""
    stats = Stats()
    for kind, ms in [("new game", 90.0), ("reveal", 2.0), ("flag", 1.0), ("assist", 30.0)]:
        stats.add(kind, ms)
    plan = Load(players=1, actions=3, level="expert", think_ms=0.0, seed=1)
    _report(stats, plan, "http://127.0.0.1:1", 1.0)
    rows = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert rows["all"].split()[1] == "3"  # reveal, flag, assist: not the new game
    assert float(rows["all"].split()[5]) == 30.0  # its max is not the new game's 90
    assert "not new game" in rows["all"]


def test_a_peer_without_its_function_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ms_toollib before 1.4.17 has no cal_probability_onboard: an AttributeError's
    traceback, where an older peer is a matter of installing another."""
    import types

    from minebender.services.bench import solver

    monkeypatch.setitem(sys.modules, "ms_toollib", types.ModuleType("ms_toollib"))
    with pytest.raises(solver.PeerError, match=r"pip install 'ms-toollib>=1\.5\.20'"):
        solver.load_peer()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("flood", "--review", "/nonexistent/x.avf"), "--review: cannot read /nonexistent/x.avf"),
        (("floods",), "argument PART: choose from flood, frames, slow, not 'floods'"),
        (("--flood", "0"), "--flood must be from 1 to 1000, got '0'"),
    ],
)
def test_bench_server_refuses_bad_options_in_one_line(args: tuple[str, ...], message: str) -> None:
    _refused(_run("server", *args), f"minebender bench server: error: {message}")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("30x16", "--board must be WIDTHxHEIGHTxMINES in digits"),
        ("0x5x1", "--board 0x5x1: 1 to 10000 cells"),
        ("3x3x10", "--board 3x3x10: 1 to 10000 cells, and at most as many mines"),
    ],
)
def test_a_puzzle_board_that_cannot_be_is_refused(value: str, message: str) -> None:
    _refused(_run("puzzle", "--board", value), f"minebender bench puzzle: error: {message}")


def test_the_puzzle_bench_measures_the_board_and_symmetry_asked() -> None:
    done = _run("puzzle", "--board", "6x6x6", "--symmetry", "rotation", "--count", "2")
    assert done.returncode == 0, done.stderr
    head, header, *lines = done.stdout.splitlines()
    assert header.split()[:3] == ["board", "difficulty", "puzzles"]
    assert "numbers shown with rotation symmetry" in head
    assert [line.split()[:3] for line in lines] == [
        ["6x6x6", d, "2"] for d in ("any", "easy", "medium", "hard")
    ]
    assert all(line.split()[-1] == "-" or "not found" in line for line in lines)

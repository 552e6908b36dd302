"""Batches: the same games wherever they run, a log that survives a kill, and
one clear line for bad arguments."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from minebender.batch import (
    BatchError,
    Result,
    RunSpec,
    load_results,
    plot_results,
    run_batch,
    wilson,
)
from minebender.bench.build import solver_build
from minebender.cli import main

SPEC = RunSpec("beginner", "fast", "near-corner", 7, 20)


def _games(results: list[Result]) -> list[Result]:
    """Results without their timings, which are the only thing allowed to differ."""
    return [replace(r, seconds=0.0, cpu_seconds=0.0) for r in results]


def test_wilson_interval() -> None:
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4)
    assert hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    # a sum of per-game values (the ceiling) lies between its neighbouring counts
    lo, hi = wilson(5.5, 10)
    assert wilson(5, 10)[0] < lo < wilson(6, 10)[0]
    assert wilson(5, 10)[1] < hi < wilson(6, 10)[1]
    # a float sum past the end is read as all won
    assert wilson(10.000000001, 10) == pytest.approx(wilson(10, 10))


def test_worker_count_does_not_change_the_games() -> None:
    _, one = run_batch(SPEC, workers=1, progress=False)
    summary, two = run_batch(SPEC, workers=2, progress=False)
    assert _games(one) == _games(two)
    assert [r.game for r in two] == list(range(20))
    assert summary.games == 20
    assert summary.wins == sum(r.won for r in two)


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        dashboard_address=None,
        protocol="tcp://",
        host="127.0.0.1",
    ) as cluster:
        yield cluster.scheduler_address


def test_a_dask_cluster_gives_exactly_the_local_result(scheduler: str) -> None:
    local_summary, local = run_batch(SPEC, workers=1, progress=False)
    summary, remote = run_batch(SPEC, cluster=scheduler, progress=False)
    assert _games(remote) == _games(local)
    assert (summary.wins, summary.games) == (local_summary.wins, local_summary.games)
    assert summary.cluster == scheduler


def test_resume_skips_finished_games_and_survives_a_torn_line(tmp_path: Path) -> None:
    """A killed run leaves whole lines and maybe one torn last line; resuming
    plays only the missing games and ends with the uninterrupted result."""
    _, straight = run_batch(SPEC, workers=1, progress=False)
    log = tmp_path / "run.jsonl"
    run_batch(replace(SPEC, games=6), workers=1, resume=log, progress=False)
    lines = log.read_text().splitlines()
    assert len(lines) == 6
    log.write_text("\n".join(lines[:5]) + "\n" + lines[5][:17])  # killed mid-write
    summary, resumed = run_batch(SPEC, workers=2, resume=log, progress=False)
    assert summary.played == 15
    assert _games(resumed) == _games(straight)
    kept = load_results(log)
    assert sorted(r.game for r in kept) == list(range(20))
    for text in log.read_text().splitlines()[:5]:
        assert json.loads(text)["seed"] == 7
    again, _ = run_batch(SPEC, workers=1, resume=log, progress=False)
    assert again.played == 0
    assert again.games_per_second is None


def test_a_killed_run_resumes_without_losing_finished_games(tmp_path: Path) -> None:
    """Kill a real run with SIGKILL while it plays; every line it left is a whole
    game, and resuming ends with exactly the uninterrupted result."""
    spec = RunSpec("intermediate", "fast", "inset", 5, 60)
    log = tmp_path / "killed.jsonl"
    argv = [sys.executable, "-m", "minebender", "bench", "bot", "--level", "intermediate"]
    argv += ["--strategy", "fast", "--seed", "5", "--games", "60", "--workers", "1"]
    argv += ["--resume", str(log)]
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and child.poll() is None:
            if log.exists() and log.read_bytes().count(b"\n") >= 5:
                break
            time.sleep(0.01)
    finally:
        child.kill()
        child.wait()
    before = load_results(log)
    assert len(before) >= 5
    summary, resumed = run_batch(spec, workers=1, resume=log, progress=False)
    assert summary.played == 60 - len(before)
    _, straight = run_batch(spec, workers=1, progress=False)
    assert _games(resumed) == _games(straight)


def test_a_log_of_other_runs_is_left_alone(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    run_batch(replace(SPEC, games=3, seed=8), workers=1, resume=log, progress=False)
    summary, _ = run_batch(replace(SPEC, games=3), workers=1, resume=log, progress=False)
    assert summary.played == 3
    assert len(load_results(log)) == 6


def test_the_log_records_the_cell_clicked_not_its_name(tmp_path: Path) -> None:
    """A named first click is logged as its cell, so the name and the cell are one
    run (they are the same games) and a log line with a bare name, whose cell may
    have been another, is not joined."""
    log = tmp_path / "run.jsonl"
    named = RunSpec("expert", "fast", "tuned", 4, 2)
    summary, results = run_batch(named, workers=1, resume=log, progress=False)
    assert summary.first == "2,3"
    assert {r.first for r in results} == {"2,3"}
    again, _ = run_batch(replace(named, first="2,3"), workers=1, resume=log, progress=False)
    assert again.played == 0 and _games(load_results(log)) == _games(results)
    line = json.loads(log.read_text().splitlines()[0])
    log.write_text(json.dumps({**line, "first": "tuned"}) + "\n")
    third, _ = run_batch(named, workers=1, resume=log, progress=False)
    assert third.played == 2


def test_plot_draws_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    _, results = run_batch(replace(SPEC, games=5), workers=1, progress=False)
    out = tmp_path / "rates.png"
    plot_results(results, out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bench_bot_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(
        [
            "bench",
            "bot",
            "--level",
            "beginner",
            "--games",
            "8",
            "--seed",
            "3",
            "--json",
            "--workers",
            "1",
            "--plot",
            str(tmp_path / "p.png"),
        ]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("games", "wins", "win_rate", "ci95", "games_per_second", "guesses_per_game"):
        assert key in out
    assert out["games"] == 8
    assert out["ci95"][0] <= out["win_rate"] <= out["ci95"][1]
    assert out["solver"] == solver_build()  # its speed depends on the build


def test_bench_bot_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "bot", "--level", "beginner", "--games", "5", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out
    assert "95% Wilson interval" in out
    assert "games/s" in out


def test_bot_command_shows_the_final_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "--level", "beginner", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "game (4, 0) 9x9/10" in out
    assert re.search(r"after \d+ moves?, \d+ guess(es)?,", out)
    assert len(out.splitlines()) == 10


def test_bot_command_counts_agree_with_their_nouns() -> None:
    from minebender.commands.bot import _count

    assert [_count(n, "guess") for n in (0, 1, 2)] == ["0 guesses", "1 guess", "2 guesses"]
    assert [_count(n, "move") for n in (1, 5)] == ["1 move", "5 moves"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "--games must be at least 1"),
        (["--level", "huge"], "unknown level 'huge'"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--strategy", "lucky"], "unknown strategy 'lucky'"),
        (["--first", "99,99"], "off the 9x9 board"),
        (["--cluster", "localhost:8786"], "--cluster must be a scheduler address"),
        (["--plot", "out.txt"], "--plot must name a .png file"),
        (["--seed", "-1"], "--seed must be from 0"),
        (["--games", "many"], "invalid int value"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) if "many" in argv else _no_exit():
        code = main(["bench", "bot", "--level", "beginner", "--workers", "1", *argv])
        assert code == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1 or "usage:" in err
    assert "Traceback" not in err


def test_a_corrupt_log_is_one_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text("not json\n{}\n")
    code = main(["bench", "bot", "--level", "beginner", "--games", "2", "--resume", str(log)])
    assert code == 2
    err = capsys.readouterr().err
    assert "line 1: not a result line" in err
    with pytest.raises(BatchError):
        load_results(log)


def test_bot_command_bad_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "--level", "nope"]) == 2
    assert "unknown level" in capsys.readouterr().err


class _no_exit:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def test_a_failing_game_is_one_line_and_keeps_the_finished_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import minebender.batch.worker as worker

    real = worker.play_game  # type: ignore[attr-defined]

    def flaky(*args: object, **kwargs: object) -> object:
        if args[2] == 3:
            raise RuntimeError("boom")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(worker, "play_game", flaky)
    log = tmp_path / "log.jsonl"
    argv = ["bench", "bot", "--level", "beginner", "--games", "6", "--workers", "1"]
    assert main([*argv, "--resume", str(log)]) == 1
    err = capsys.readouterr().err
    assert err.strip() == "minebender bench bot: game (1, 3) failed: RuntimeError: boom"
    assert [r.game for r in load_results(log)] == [0, 1, 2]


def test_level_names_take_any_case_and_are_one_run(tmp_path: Path) -> None:
    """``Beginner`` and ``beginner`` name the same games: parsed alike, logged and
    summarised under one name, so a resumed run skips them and the goal applies."""
    from minebender.batch import parse_level

    assert parse_level("BEGINNER") == parse_level("Beginner") == parse_level("beginner")
    assert parse_level("30X16X99") == parse_level("30x16x99")
    with pytest.raises(BatchError, match="unknown level"):
        parse_level("\u0663\u0660x16x99")
    log = tmp_path / "run.jsonl"
    summary, results = run_batch(
        replace(SPEC, level="Beginner", games=3), workers=1, resume=log, progress=False
    )
    assert summary.level == "beginner" and {r.level for r in results} == {"beginner"}
    again, _ = run_batch(
        replace(SPEC, level="BEGINNER", games=3), workers=1, resume=log, progress=False
    )
    assert again.played == 0


def test_bench_bot_level_in_any_case_meets_its_goal(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "bot", "--level", "Beginner", "--games", "2", "--workers", "1", "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["level"] == "beginner" and out["goal"] == 0.973


def test_bot_command_level_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "--level", "BEGINNER", "--seed", "4"]) == 0
    assert "game (4, 0) 9x9/10" in capsys.readouterr().out


def test_bot_command_notes_a_limited_custom_field(capsys: pytest.CaptureFixture[str]) -> None:
    """As generate and play do: the board played is not the one asked for."""
    assert main(["bot", "--level", "5x5x100", "--seed", "4", "--no-board"]) == 0
    captured = capsys.readouterr()
    assert captured.err == (
        "minebender bot: note: --level 5x5x100 is limited to 9x9x71 as Windows XP limits it\n"
    )
    assert "9x9/71" in captured.out
    assert main(["bot", "--level", "20x12x40", "--seed", "4", "--no-board"]) == 0
    assert capsys.readouterr().err == ""


def test_bench_bot_notes_a_limited_custom_field(capsys: pytest.CaptureFixture[str]) -> None:
    """bench bot says it too, before it plays."""
    args = ["bench", "bot", "--games", "2", "--workers", "1", "--no-progress", "--json"]
    assert main([*args, "--level", "5x5x100"]) == 0
    captured = capsys.readouterr()
    assert "note: --level 5x5x100 is limited to 9x9x71" in captured.err
    assert json.loads(captured.out)["games"] == 2
    assert main([*args, "--level", "Beginner"]) == 0
    assert "note" not in capsys.readouterr().err


def test_bench_bot_text_names_the_board_played_and_counts_in_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["bench", "bot", "--games", "1", "--workers", "1", "--no-progress"]
    assert main([*args, "--level", "5x5x100"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("bot 9x9x71 (strong") and ": 1 game;" in out and "; 1 win)" in out

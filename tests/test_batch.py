"""Batches: the same games wherever they run, a log that survives a kill, and
one clear line for bad arguments."""

from __future__ import annotations

import errno
import json
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

import pytest

from minebender.faces.cli import main
from minebender.services.batch import (
    BatchError,
    GameFailed,
    LogNotWritten,
    Result,
    RunSpec,
    load_results,
    logged_level,
    plot_results,
    run_batch,
    wilson,
)
from minebender.services.batch.worker import play_chunk
from minebender.services.bench.build import build_name, solver_build
from minebender.services.bot import BOT_VERSION
from minebender.values.types import Beginner, Custom, Expert, Intermediate
from needs import DASK, MATPLOTLIB

SPEC = RunSpec(Beginner(), "fast", "near-corner", 7, 20)


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
    distributed = pytest.importorskip("distributed", reason=DASK)
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        dashboard_address=":0",  # any free port: 8787 may be taken
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
    assert summary.workers == 1  # the cluster's worker threads, not --workers


@pytest.mark.timeout(60)
def test_a_cluster_with_no_worker_stops_the_run_with_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """It waited for ever, printing nothing (no worker started, all died, or
    each died on the chunk: workers without minebender)."""
    distributed = pytest.importorskip("distributed", reason=DASK)
    from minebender.services.batch import runners

    monkeypatch.setattr(runners, "NO_WORKER_S", 1.0)
    monkeypatch.setattr(runners, "POLL_S", 0.2)
    with (
        distributed.LocalCluster(
            n_workers=0,
            processes=False,
            dashboard_address=":0",
            protocol="tcp://",
            host="127.0.0.1",
        ) as cluster,
        pytest.raises(GameFailed, match="has had no worker for 1 s"),
    ):
        run_batch(SPEC, cluster=cluster.scheduler_address, progress=False)


@pytest.mark.timeout(60)
def test_a_port_that_never_answers_as_a_scheduler_is_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A program that takes the connection and says nothing (a web server
    waiting for its request): Dask's own timeout never ended the handshake."""
    pytest.importorskip("distributed", reason=DASK)
    from minebender.services.batch import runners

    monkeypatch.setattr(runners, "CONNECT_S", 1.0)
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        with pytest.raises(BatchError, match=r"cannot reach a Dask scheduler at .*within 1 s"):
            run_batch(SPEC, cluster=address, progress=False)


def test_a_log_that_cannot_be_written_is_one_line_and_exit_74(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A full disk under --resume gave two tracebacks; /dev/null gave one (it
    cannot be synced). The games written before stay. A file size limit of
    1,000 bytes stands in for the full disk (the write fails alike). Python
    must not cache compiled modules under it: it would keep them cut short."""
    import os
    import resource

    log = tmp_path / "run.jsonl"
    argv = ["bench", "bot", "--level", "beginner", "--games", "40", "--workers", "1"]
    result = subprocess.run(
        [sys.executable, "-m", "minebender", *argv, "--no-progress", "--resume", str(log)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000)),
    )
    assert result.returncode == 74, result.stderr
    assert result.stderr.startswith(f"minebender bench bot: error: cannot write {log}: ")
    assert result.stderr.rstrip().endswith("; the games written before are kept")
    assert len(result.stderr.strip().splitlines()) == 1
    kept = load_results(log)
    assert 0 < len(kept) < 40 and sorted(r.game for r in kept) == list(range(len(kept)))
    assert (
        main([*argv[:5], "3", *argv[6:], "--no-progress", "--resume", "/dev/null", "--json"]) == 0
    )
    assert json.loads(capsys.readouterr().out)["played"] == 3


def test_a_log_takes_one_run_at_a_time(tmp_path: Path) -> None:
    """Two runs started at once on one file both read every game as missing
    and played all of them into it (600 lines for 300 games)."""
    from minebender.services.batch.log import ResultLog

    pytest.importorskip("fcntl", reason="needs POSIX's fcntl: run the tests on Linux")
    log = tmp_path / "run.jsonl"
    first = ResultLog(log)
    try:
        with pytest.raises(BatchError, match="is being written by another run"):
            run_batch(replace(SPEC, games=3), workers=1, resume=log, progress=False)
        assert log.read_text() == ""
    finally:
        first.close()
    summary, _ = run_batch(replace(SPEC, games=3), workers=1, resume=log, progress=False)
    assert summary.played == 3  # the lock went with the first run's file
    # /dev/null keeps nothing, and every run opens the same one: no lock there
    if Path("/dev/null").exists():
        nothing = ResultLog(Path("/dev/null"))
        try:
            run_batch(replace(SPEC, games=2), workers=1, resume=Path("/dev/null"), progress=False)
        finally:
            nothing.close()


def test_a_last_line_without_its_newline_is_played_again(tmp_path: Path) -> None:
    """A whole result with no newline after it (a hand edit, a full disk) was
    counted, then cut from the file as a torn line: the file said 2 games
    where the summary said 3."""
    log = tmp_path / "run.jsonl"
    run_batch(replace(SPEC, games=3), workers=1, resume=log, progress=False)
    log.write_text(log.read_text().rstrip("\n"))
    summary, _ = run_batch(replace(SPEC, games=3), workers=1, resume=log, progress=False)
    assert summary.played == 1 and summary.games == 3
    assert len(log.read_text().splitlines()) == 3


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
    assert again.games_per_second is None and again.workers == 0  # nothing was played now


def test_a_killed_run_resumes_without_losing_finished_games(tmp_path: Path) -> None:
    """Kill a real run with SIGKILL while it plays; every line it left is a whole
    game, and resuming ends with exactly the uninterrupted result."""
    spec = RunSpec(Intermediate(), "fast", "inset", 5, 60)
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


def test_resume_takes_only_the_games_this_bot_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Game n of a seed is the same board whichever bot plays it, but another
    bot may play it otherwise: a log's games of another bot version, or of
    none recorded (logs older than the field), are played again, never
    counted in this bot's win rate."""
    log = tmp_path / "run.jsonl"
    _, straight = run_batch(replace(SPEC, games=4), workers=1, resume=log, progress=False)
    lines = [json.loads(t) for t in log.read_text().splitlines()]
    assert {line["bot"] for line in lines} == {BOT_VERSION}
    del lines[0]["bot"]  # written before the field
    lines[1]["bot"] = BOT_VERSION + 1  # a later bot's
    lines[2]["won"] = not lines[2]["won"]  # this bot's: taken as it is
    log.write_text("".join(json.dumps(line) + "\n" for line in lines))
    summary, resumed = run_batch(replace(SPEC, games=4), workers=1, resume=log, progress=False)
    assert summary.played == 2 and summary.bot == BOT_VERSION
    assert [r.won for r in resumed] == [
        straight[0].won,
        straight[1].won,
        not straight[2].won,
        straight[3].won,
    ]
    assert len(load_results(log)) == 6  # the other bots' lines are kept, as they were
    args = ["bench", "bot", "--level", "beginner", "--strategy", "fast", "--first", "1,1"]
    assert main([*args, "--seed", "7", "--games", "4", "--resume", str(log), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["bot"] == BOT_VERSION and out["played"] == 0


def test_a_worker_of_another_bot_is_refused_before_its_game_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Dask worker running another minebender deals the same boards and may
    play them otherwise: its games stop the run, with one line saying why,
    and none of them reaches the log."""
    import minebender.services.batch.run as batch_run

    def other_bot(task: Any, chunks: Iterator[list[int]], workers: int, done: Any) -> None:
        spec: RunSpec = task.args[0]  # play_chunk with the run's spec bound
        chunk = next(chunks)
        level = logged_level(spec.level)
        mine = Result(level, spec.strategy, spec.first, spec.seed, chunk[0], True, 0, 9, 0.0)
        done(([replace(mine, bot=BOT_VERSION)], None))
        done(([replace(mine, game=chunk[0] + 1, bot=BOT_VERSION + 1)], None))

    monkeypatch.setattr(batch_run, "run_local", other_bot)
    log = tmp_path / "run.jsonl"
    with pytest.raises(BatchError, match=f"with bot version {BOT_VERSION + 1}, this minebender"):
        run_batch(replace(SPEC, games=3), workers=1, resume=log, progress=False)
    assert [r.game for r in load_results(log)] == [0]
    args = ["bench", "bot", "--level", "beginner", "--games", "3", "--resume", str(log)]
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "install the same minebender on every worker" in err[0]


def test_the_log_records_the_cell_clicked_not_its_name(tmp_path: Path) -> None:
    """A named first click is logged as its cell, so the name and the cell are one
    run (they are the same games) and a log line with a bare name, whose cell may
    have been another, is not joined."""
    log = tmp_path / "run.jsonl"
    named = RunSpec(Expert(), "fast", "tuned", 4, 2)
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
    pytest.importorskip("matplotlib", reason=MATPLOTLIB)
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
    assert out["build"] == build_name()
    assert out["games_per_cpu_second"] == pytest.approx(1 / out["cpu_seconds_per_game"])


def test_bench_bot_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "bot", "--level", "beginner", "--games", "5", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out
    assert "95% Wilson interval" in out
    assert "games/s" in out
    rate = re.search(r"^([0-9.]+) games per CPU-second \((compiled|plain) build\)$", out, re.M)
    assert rate is not None, out
    assert float(rate[1]) > 0
    assert rate[2] == build_name()


def test_bot_command_shows_the_final_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "--level", "beginner", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "seed 4 game 0, 9x9/10" in out
    assert re.search(r"after \d+ moves?, \d+ guess(es)?,", out)
    lines = out.splitlines()
    assert len(lines) == 11 and lines[0].startswith("■ covered")  # the legend, the board, the line


def test_bot_command_counts_agree_with_their_nouns() -> None:
    from minebender.values.words import count as _count  # what the bot command counts with

    assert [_count(n, "guess") for n in (0, 1, 2)] == ["0 guesses", "1 guess", "2 guesses"]
    assert [_count(n, "move") for n in (1, 5)] == ["1 move", "5 moves"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "--games must be from 1 to 10000000, got '0'"),
        (["--level", "huge"], "unknown level 'huge'"),
        (["--workers", "0"], "--workers must be from 1 to 512, got '0'"),
        (["--strategy", "lucky"], "unknown strategy 'lucky'"),
        (["--first", "99,99"], "off the 9x9 board"),
        (["--cluster", "localhost:8786"], "--cluster must be a Dask scheduler's address"),
        # tls:// needs certificates (a traceback); inproc:// and the rest could not be read
        (["--cluster", "tls://127.0.0.1:8786"], "tcp://HOST:PORT with a port from 1 to 65535"),
        (["--cluster", "inproc://x"], "--cluster must be"),
        (["--cluster", "tcp://127.0.0.1:99999"], "got 'tcp://127.0.0.1:99999'"),
        (["--cluster", "tcp://127.0.0.1:8786/extra"], "--cluster must be"),
        (["--cluster", "tcp://127.0.0.1:8786 "], "--cluster must be"),
        (["--resume", ""], "must name a file, got ''"),
        (["--plot", ""], "must name a file, got ''"),
        (["--plot", "/nonexistent-folder/x.png"], "there is no folder /nonexistent-folder"),
        (["--plot", "/proc/x.png"], "--plot /proc/x.png: cannot write there"),  # root may
        (["--plot", "out.txt"], "--plot must name a .png file"),
        (["--seed", "-1"], "--seed must be from 0"),
        (["--games", "many"], "--games must be an integer in digits 0-9, got 'many'"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(["bench", "bot", "--level", "beginner", "--workers", "1", *argv])
    except SystemExit as exc:  # refused while the line is read
        code = exc.code  # type: ignore[assignment]
    assert code == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("minebender bench bot: error: ")
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


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bot", "--level", "nope"], "unknown level 'nope': use beginner, intermediate"),
        (["bot", "--level", "expertt"], "--level must look like 30x16x99"),
        (["bench", "bot", "--level", "5x"], "--level must look like 30x16x99"),
        (["bench", "bot", "--level", "\u0663\u0660x16x99"], "--level must look like 30x16x99"),
        (["bench", "bot", "--custom", "5x"], "--custom must look like 30x16x99"),
        (["bot", "--custom", "1x1x1234567890"], "--custom '1x1x1234567890' has a number of"),
        (["bench", "bot", "--custom", "expert"], "--custom must look like 30x16x99"),
        (["bot", "--custom", "beginner"], "--custom must look like 30x16x99"),
    ],
)
def test_a_bad_level_is_one_line_naming_the_option(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Read while the line is read, into a Level: one line naming the option
    typed, status 2, no traceback and no game played."""
    assert _exit_code(argv) == 2
    captured = capsys.readouterr()
    command = " ".join(argv[:-2])  # bot, or bench bot
    assert captured.err.startswith(f"minebender {command}: error: {message}")
    assert len(captured.err.strip().splitlines()) == 1
    assert "Traceback" not in captured.err and captured.out == ""


def test_a_failing_game_is_one_line_and_keeps_the_finished_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import minebender.services.batch.worker as worker

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
    assert err.strip() == "minebender bench bot: seed 1 game 3 failed: RuntimeError: boom"
    assert [r.game for r in load_results(log)] == [0, 1, 2]


def test_a_run_takes_a_level_read_once_not_text() -> None:
    """The level is read where it is typed (``--level``, ``types.read_level``):
    a run given the text of one is refused at once, as the bug it is, rather
    than read again in every part of the batch."""
    with pytest.raises(TypeError, match="not a level: 'beginner'"):
        replace(SPEC, level="beginner").check()  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not a level"):
        logged_level("expert")  # type: ignore[arg-type]


def test_the_log_names_a_level_as_it_always_did(tmp_path: Path) -> None:
    """One spelling for writing a line and for matching one: the lower-case name,
    and a custom field at the size it is played at. A log written by an older
    minebender (its lines as they were, "expert", "9x9x10") is one run with
    this one's."""
    assert [logged_level(x) for x in (Beginner(), Intermediate(), Expert())] == [
        "beginner",
        "intermediate",
        "expert",
    ]
    assert logged_level(Custom(5, 5, 3)) == logged_level(Custom(9, 9, 10)) == "9x9x10"
    assert logged_level(Custom(30, 16, 99)) == "30x16x99"  # Expert's size, still custom
    log = tmp_path / "run.jsonl"
    _, results = run_batch(replace(SPEC, games=3), workers=1, resume=log, progress=False)
    old = "".join(  # the lines, keys and order as every release wrote them
        json.dumps({**json.loads(line), "level": "beginner"}) + "\n"
        for line in log.read_text().splitlines()
    )
    log.write_text(old)
    again, resumed = run_batch(replace(SPEC, games=3), workers=1, resume=log, progress=False)
    assert again.played == 0 and again.level == "beginner"
    assert _games(resumed) == _games(results) and log.read_text() == old


def test_a_custom_level_is_logged_at_the_size_it_is_played(tmp_path: Path) -> None:
    """5x5x3 is limited to 9x9x10: pinned to that size, logged as "9x9x10" as
    before, and each field of that size plays the same games again into the
    same file."""
    log = tmp_path / "run.jsonl"
    small = replace(SPEC, level=Custom(5, 5, 3), games=3)
    assert small.pinned(small.check()).level == Custom(9, 9, 10)
    summary, results = run_batch(small, workers=1, resume=log, progress=False)
    assert summary.level == "9x9x10" and {r.level for r in results} == {"9x9x10"}
    assert {json.loads(line)["level"] for line in log.read_text().splitlines()} == {"9x9x10"}
    for field in (Custom(9, 9, 10), Custom(0, 0, 0)):
        again, _ = run_batch(
            replace(SPEC, level=field, games=3), workers=1, resume=log, progress=False
        )
        assert again.played == 0 and again.games == 3, field
    assert len(log.read_text().splitlines()) == 3


def test_bench_bot_level_in_any_case_is_the_named_level(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``Beginner`` and ``BEGINNER`` are the same games: named "beginner" in the
    figures and the log, so a resumed run skips them. No goal is printed: the
    project has none beyond perfect play's bound (a goal of 97.3% on Beginner
    was above what perfect play wins)."""
    log = tmp_path / "run.jsonl"
    argv = ["bench", "bot", "--games", "2", "--workers", "1", "--json", "--resume", str(log)]
    assert main([*argv, "--level", "Beginner"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["level"] == "beginner" and "goal" not in out
    assert main([*argv, "--level", " BEGINNER"]) == 0
    assert json.loads(capsys.readouterr().out)["played"] == 0
    assert {json.loads(line)["level"] for line in log.read_text().splitlines()} == {"beginner"}


def test_bot_command_level_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "--level", "BEGINNER", "--seed", "4"]) == 0
    assert "seed 4 game 0, 9x9/10" in capsys.readouterr().out


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


def test_bot_takes_custom_as_play_and_generate_do(capsys: pytest.CaptureFixture[str]) -> None:
    """--custom WxHxM is --level WxHxM: the same games, the same note."""

    def untimed(text: str) -> str:  # the seconds a game took differ from run to run
        return re.sub(r"[0-9.]+ s$", "S s", text, flags=re.M)

    assert main(["bot", "--custom", "5x5x100", "--seed", "4", "--no-board"]) == 0
    by_custom = capsys.readouterr()
    assert main(["bot", "--level", "5x5x100", "--seed", "4", "--no-board"]) == 0
    by_level = capsys.readouterr()
    assert untimed(by_level.out) == untimed(by_custom.out) and by_level.err == by_custom.err
    assert _exit_code(["bot", "--custom", "9x9x10", "--level", "beginner"]) == 2
    assert "not allowed with argument" in capsys.readouterr().err


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


def _exit_code(argv: list[str]) -> int:
    """main's status, whether it returns it or argparse exits with it."""
    try:
        return main(argv)
    except SystemExit as exc:
        assert isinstance(exc.code, int)
        return exc.code


@pytest.mark.parametrize(
    "command",
    [["bench", "bot", "--games"], ["bench", "bot", "--workers"], ["bot", "--games"]],
    ids=["bench-games", "bench-workers", "bot-games"],
)
@pytest.mark.parametrize("value", ["x", "1_0", "\u0663", "-3"])
def test_bot_integer_options_are_read_as_every_command_reads_one(
    command: list[str], value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--games`` and ``--workers`` say what ``generate --count`` says of a bad
    number (``options.parse_int``), not argparse's ``invalid int value``."""
    from minebender.faces.commands.options import UsageError, parse_int

    option = command[-1]
    hi = 10**7 + 1 if option == "--games" else 513
    with pytest.raises(UsageError) as expected:
        parse_int(option, value, 1, hi)
    assert _exit_code([*command, value, "--level", "beginner"]) == 2
    err = capsys.readouterr().err
    name = " ".join(command[:-1])
    assert err == f"minebender {name}: error: {expected.value}\n"


@pytest.mark.parametrize(
    ("option", "value", "limit"),
    [("--games", "10000001", 10**7), ("--games", "9" * 60, 10**7),
     ("--workers", "513", 512)],
)  # fmt: skip
def test_bot_integer_options_past_their_limit_are_refused(
    option: str, value: str, limit: int
) -> None:
    """In a child with its memory capped: a run past the limit, were it
    started, would fill the memory with its results, and must fail only the test."""
    import resource

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    argv = [sys.executable, "-m", "minebender", "bench", "bot", "--level", "beginner"]
    done = subprocess.run(
        [*argv, "--games", "1", "--workers", "1", option, value],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=cap,
    )
    assert done.returncode == 2, done.stderr[-300:]
    assert done.stderr.startswith(
        f"minebender bench bot: error: {option} must be from 1 to {limit}, got "
    ), done.stderr[-300:]
    assert len(done.stderr.splitlines()) == 1


def test_good_integer_options_still_play(capsys: pytest.CaptureFixture[str]) -> None:
    """The value is an int as soon as it is read: ``bot`` uses it as it is."""
    assert main(["bot", "--level", "beginner", "--games", "2", "--no-board"]) == 0
    assert " of 2 won " in capsys.readouterr().out
    args = ["bench", "bot", "--level", "beginner", "--games", "03", "--workers", "1", "--json"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3


def _result(
    game: int, won: bool, seed: int = 4, bound: str | None = None, bot: int | None = BOT_VERSION
) -> Result:
    ceiling = None if bound is None else 1.0
    return Result("beginner", "fast", "0,0", seed, game, won, 0, 5, 0.0, 0.0, ceiling, bound, bot)


def _summary(results: list[Result], bound: str | None) -> object:
    from minebender.services.batch import summarize

    spec = RunSpec(Beginner(), "fast", "0,0", 4, len(results), bound is not None)
    return summarize(spec, results, 0, 0.0, 1, None)


def test_the_plot_counts_each_game_of_a_run_once_and_keeps_runs_apart() -> None:
    """A bar is one run (level, strategy, first click, seed, bound, bot version):
    games of another seed, with a bound, or of another bot, are other bars; a
    game logged twice counts once; the run reported is drawn from its own
    figures."""
    from minebender.services.batch.plot import bars
    from minebender.services.batch.summary import Summary

    this = [_result(i, i % 2 == 0, bound="two-move") for i in range(4)]
    log = [
        *this,
        *(_result(i, True) for i in range(3)),  # no bound: another run
        _result(0, True),  # game 0 of that run, again
        *(_result(i, False, seed=9) for i in range(2)),  # another seed
        _result(7, True, bound="two-move"),  # past this run's --games: not drawn
        _result(1, True, bound="two-move", bot=None),  # a bot not recorded: another run
        _result(2, False, bound="two-move", bot=BOT_VERSION + 1),  # another bot
    ]
    summary = _summary(this, "two-move")
    assert isinstance(summary, Summary)
    drawn = {(b.key, b.this_run): (b.wins, b.games) for b in bars(log, summary)}
    key = ("beginner", "fast", "0,0")
    v = BOT_VERSION
    assert drawn == {
        ((*key, 4, "two-move", v), True): (2, 4),
        ((*key, 4, None, v), False): (3, 3),
        ((*key, 9, None, v), False): (0, 2),
        ((*key, 4, "two-move", None), False): (1, 1),
        ((*key, 4, "two-move", v + 1), False): (0, 1),
    }
    assert bars(log, summary)[0].this_run
    assert "two-move bound" in bars(log, summary)[0].label
    assert f"bot version {v}" in bars(log, summary)[0].label
    assert "4 games (this run)" in bars(log, summary)[0].label
    assert any("bot version not recorded" in b.label for b in bars(log, summary))
    # without a run, every run of the log is a bar, each game once
    alone = {b.key: b.games for b in bars(log)}
    assert alone[(*key, 4, None, v)] == 3 and alone[(*key, 4, "two-move", v)] == 5


def test_bench_bot_plots_exactly_the_games_it_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The tester's case: 10 games, then 20 of the same seed with --ceiling and
    --plot in the same --resume file. The text says 20 games; the plot's bar of
    this run must say 20 too, with the 10 bound-less games a bar of their own."""
    import minebender.services.batch as batch
    from minebender.services.batch.plot import bars

    drawn: list[object] = []

    def plot(results: object, path: Path, run: object = None) -> None:
        drawn.append(bars(results, run))  # type: ignore[arg-type]

    monkeypatch.setattr(batch, "plot_results", plot)
    log = tmp_path / "r.jsonl"
    args = ["bench", "bot", "--level", "beginner", "--strategy", "fast", "--seed", "4"]
    args += ["--workers", "1", "--no-progress", "--resume", str(log)]
    assert main([*args, "--games", "10"]) == 0
    capsys.readouterr()
    assert main([*args, "--games", "20", "--ceiling", "--plot", str(tmp_path / "p.png")]) == 0
    out = capsys.readouterr().out
    assert ": 20 games;" in out
    wins = int(re.search(r"; (\d+) wins?\)", out)[1])  # type: ignore[index]
    (plotted,) = drawn
    assert isinstance(plotted, list)
    first, *others = plotted
    assert first.this_run and (first.games, first.wins) == (20, wins)
    assert [(b.key[4], b.games) for b in others] == [(None, 10)]


RESULT_LINE = {
    "level": "beginner",
    "strategy": "fast",
    "first": "0,0",
    "seed": 1,
    "game": 3,
    "won": True,
    "guesses": 0,
    "moves": 9,
    "seconds": 0.01,
}


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"game": "3"}, 'game must be a whole number of at least 0, got "3"'),
        ({"won": "no"}, 'won must be true or false, got "no"'),
        ({"won": 1}, "won must be true or false, got 1"),
        ({"guesses": "lots"}, 'guesses must be a whole number of at least 0, got "lots"'),
        ({"moves": True}, "moves must be a whole number of at least 0, got true"),
        ({"moves": 2.0}, "moves must be a whole number of at least 0, got 2.0"),
        ({"game": -1}, "game must be a whole number of at least 0, got -1"),
        ({"seed": 2**64}, "seed must be a whole number from 0 to"),
        ({"level": 7}, "level must be a string, got 7"),
        ({"seconds": "0.1"}, 'seconds must be a number of at least 0, got "0.1"'),
        ({"seconds": False}, "seconds must be a number of at least 0, got false"),
        ({"cpu_seconds": None}, "cpu_seconds must be a number of at least 0, got null"),
        ({"ceiling": 2}, "ceiling must be null or a number from 0 to 1, got 2"),
        ({"ceiling": "1"}, "ceiling must be null or a number from 0 to 1"),
        ({"bound": "psychic"}, 'bound must be null or one of two-move, sampled, got "psychic"'),
        ({"bot": 0}, "bot must be null or a whole number of at least 1, got 0"),
        ({"bot": "1"}, 'bot must be null or a whole number of at least 1, got "1"'),
        ({"bot": True}, "bot must be null or a whole number of at least 1, got true"),
        ({"extra": 1}, 'unknown field "extra" (a typo, or a log of a later minebender than'),
        ({"won": None, "drop": "won"}, "no won field"),
    ],
)
def test_a_result_line_of_the_wrong_type_is_one_clear_error(
    change: dict[str, object], fragment: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every field is checked for its JSON type: no TypeError traceback, and
    ``"won": 1`` is never taken for a win. The line is named as a corrupt log's is."""
    line = {**RESULT_LINE, **change}
    if "drop" in change:
        del line["drop"], line[str(change["drop"])]
    log = tmp_path / "typed.jsonl"
    log.write_text(json.dumps(RESULT_LINE) + "\n" + json.dumps(line) + "\n")
    code = main(["bench", "bot", "--level", "beginner", "--games", "2", "--resume", str(log)])
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"minebender bench bot: error: {log} line 2: not a result line (")
    assert fragment in err and len(err.splitlines()) == 1
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "text",
    [
        "[1, 2]",
        '{"won": NaN}',
        "[" * 3000,
        '{"game": 1, "game": 2}',
        "\u00e9t\u00e9".encode("latin-1"),
    ],
    ids=["not-an-object", "nan", "deep", "repeated-key", "not-utf8"],
)
def test_a_line_that_is_no_json_object_is_one_clear_error(
    text: str | bytes, tmp_path: Path
) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_bytes((text.encode() if isinstance(text, str) else text) + b"\n")
    with pytest.raises(BatchError, match=r"line 1: not a result line \("):
        load_results(log)


def test_result_lines_round_trip(tmp_path: Path) -> None:
    """Every result ``ResultLog`` writes, with and without a bound, reads back equal."""
    from minebender.services.batch.log import ResultLog, parse_result

    _, plain = run_batch(replace(SPEC, games=3), workers=1, progress=False)
    _, bounded = run_batch(replace(SPEC, games=2, ceiling=True), workers=1, progress=False)
    log = tmp_path / "log.jsonl"
    writer = ResultLog(log)
    for r in [*plain, *bounded]:
        writer.write(r)
    writer.close()
    assert load_results(log) == [*plain, *bounded]
    assert [parse_result(t) for t in log.read_text().splitlines()] == [*plain, *bounded]
    old = {k: v for k, v in json.loads(log.read_text().splitlines()[0]).items()}
    for key in ("cpu_seconds", "ceiling", "bound"):  # logs from before these fields
        del old[key]
    assert parse_result(json.dumps(old)).cpu_seconds == 0.0


def test_a_line_too_long_is_refused_without_reading_on(tmp_path: Path) -> None:
    """The log is read a line at a time, no line past LINE_LIMIT bytes: a file
    with no newline is refused at once, not read whole."""
    from minebender.services.batch.log import LINE_LIMIT, read_results

    log = tmp_path / "long.jsonl"
    log.write_bytes(json.dumps(RESULT_LINE).encode() + b"\n" + b"x" * (4 * LINE_LIMIT))
    lines = read_results(log)
    assert next(lines).game == 3  # the first line, before the long one is read
    with pytest.raises(BatchError, match=f"line 2: not a result line \\(longer than {LINE_LIMIT}"):
        next(lines)
    padded = json.dumps(RESULT_LINE).ljust(LINE_LIMIT - 1).encode() + b"\n"
    log.write_bytes(padded * 2)  # at the limit is fine
    assert len(load_results(log)) == 2


@pytest.mark.skipif(
    not Path("/dev/zero").exists(), reason="needs Linux's /dev/zero: run the tests on Linux"
)
def test_resume_from_an_endless_file_is_refused_in_bounded_memory() -> None:
    """``--resume /dev/zero``: one line, exit 2, with the memory capped (1 GiB of
    address space) so that reading it whole would fail the test, not the machine."""
    import resource

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    argv = [sys.executable, "-m", "minebender", "bench", "bot", "--level", "beginner"]
    done = subprocess.run(
        [*argv, "--games", "1", "--workers", "1", "--resume", "/dev/zero"],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=cap,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        "minebender bench bot: error: /dev/zero line 1: not a result line"
        " (longer than 4096 bytes: is it a batch log?)\n"
    )


def test_the_gap_to_the_bound_has_an_interval_that_matches_its_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Saying the bot is 1.72 points above the bound, the interval must be that
    of win - bound, not of bound - win (the tester saw "-3.81 .. 0.38")."""
    from minebender.services.batch.summary import Summary
    from minebender.services.bench.bot import _print_ceiling

    def summary(room: float, interval: tuple[float, float]) -> Summary:
        return Summary(
            "beginner", "fast", "0,0", 1, 100, 90, 0.9, (0.8, 0.95), 0, 0, 0, 0, 0, None, 1,
            None, 0.9 + room, (0.85, 0.99), room, interval, "two-move",
        )  # fmt: skip

    _print_ceiling(summary(-0.0172, (-0.0381, 0.0038)))
    out = capsys.readouterr().out
    assert "the bot is 1.72 points above that bound (interval -0.38 .. 3.81)" in out
    _print_ceiling(summary(0.0172, (-0.0038, 0.0381)))
    out = capsys.readouterr().out
    assert "the bot is 1.72 points below that bound (interval -0.38 .. 3.81)" in out


def test_a_cluster_is_given_chunks_as_it_takes_them_not_all_at_once() -> None:
    """20,000 Expert games were 20,000 futures submitted at the start (431 MB
    in the client), and the longest run --games allowed never began."""
    from types import SimpleNamespace

    from minebender.services.batch import runners

    class Client:
        made: ClassVar[list[Client]] = []

        def __init__(self, address: str, timeout: str) -> None:
            self.outstanding = self.most = 0
            self.status = "running"
            Client.made.append(self)

        def nthreads(self) -> dict[str, int]:
            return {"worker": 2}

        def submit(self, fn: object, chunk: list[int], pure: bool) -> Any:
            self.outstanding += 1
            self.most = max(self.most, self.outstanding)
            return SimpleNamespace(result=lambda: ([], None), chunk=chunk)

        def close(self, timeout: float) -> None:
            pass

    def wait_any(pending: list[Any], timeout: float, return_when: str) -> Any:
        Client.made[0].outstanding -= 1
        return SimpleNamespace(done=pending[:1], not_done=pending[1:])

    made = 0

    def chunks() -> Iterator[list[int]]:
        nonlocal made
        for i in range(1000):
            made += 1
            yield [i]

    outcomes = []
    task = partial(play_chunk, SPEC)
    runners._play_on(Client, wait_any, task, chunks(), "tcp://x:1", outcomes.append)
    assert len(outcomes) == made == 1000
    window = max(runners.IN_FLIGHT_PER_THREAD * 2, runners.MIN_IN_FLIGHT)
    assert Client.made[0].most == window


def test_the_chunks_of_a_run_are_made_as_they_are_played() -> None:
    """A list of every game number took 3.4 GB for 10**8 games before any was played."""
    from minebender.services.batch.run import _chunks

    chunks = _chunks(iter(range(10**12)), 20)
    assert next(chunks) == list(range(20)) and next(chunks) == list(range(20, 40))
    assert list(_chunks(iter(range(5)), 2)) == [[0, 1], [2, 3], [4]]


@pytest.mark.parametrize(
    "content",
    [b"line one\nline two", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00"],
    ids=["notes", "png"],
)
def test_a_file_that_is_not_a_log_is_refused_untouched(content: bytes, tmp_path: Path) -> None:
    """The torn last line was cut before the file was read: a notes file lost
    its last line, and a plot named as --resume by mistake was cut short."""
    path = tmp_path / "named-by-mistake"
    path.write_bytes(content)
    with pytest.raises(BatchError, match="not a result line"):
        run_batch(replace(SPEC, games=2), workers=1, resume=path, progress=False)
    assert path.read_bytes() == content


def test_plot_and_resume_naming_one_file_is_refused(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason=MATPLOTLIB)
    path = tmp_path / "run.png"
    argv = ["bench", "bot", "--level", "beginner", "--games", "2", "--workers", "1"]
    assert _exit_code([*argv, "--plot", str(path), "--resume", str(path)]) == 2
    assert not path.exists()


def test_a_read_only_log_is_still_summed_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a read-only disk an archived log could not even be reported: "cannot
    write". It is read; only a game to add to it fails, with the games kept."""
    log = tmp_path / "run.jsonl"
    done, _ = run_batch(replace(SPEC, games=3), workers=1, resume=log, progress=False)
    before = log.read_bytes()
    real_open = Path.open

    def read_only_disk(self: Path, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if self == log and mode != "rb":
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(Path, "open", read_only_disk)
    again, _ = run_batch(replace(SPEC, games=3), workers=1, resume=log, progress=False)
    assert (again.played, again.wins, again.games) == (0, done.wins, 3)
    with pytest.raises(LogNotWritten, match="Read-only file system; the games written before"):
        run_batch(replace(SPEC, games=4), workers=1, resume=log, progress=False)
    assert log.read_bytes() == before


def test_a_ceiling_is_named_by_the_bound_its_games_carry(tmp_path: Path) -> None:
    """A run without --ceiling over a log of sampled bounds printed them as a
    two-move bound."""
    log = tmp_path / "run.jsonl"
    run_batch(replace(SPEC, games=3), workers=1, resume=log, progress=False)
    lines = [json.loads(t) for t in log.read_text().splitlines()]
    log.write_text(
        "".join(json.dumps({**d, "ceiling": 1.0, "bound": "sampled"}) + "\n" for d in lines)
    )
    summary, _ = run_batch(replace(SPEC, games=3), workers=1, resume=log, progress=False)
    assert (summary.bound, summary.ceiling) == ("sampled", 1.0)
    mixed = [{**lines[0], "ceiling": 1.0, "bound": None}] + [
        {**d, "ceiling": 1.0, "bound": "sampled"} for d in lines[1:]
    ]
    log.write_text("".join(json.dumps(d) + "\n" for d in mixed))
    summary, _ = run_batch(replace(SPEC, games=3), workers=1, resume=log, progress=False)
    assert (summary.bound, summary.ceiling) == (None, None)  # two kinds: no one figure


def test_the_workers_said_are_the_processes_that_played() -> None:
    """--workers 16 on 20 Beginner games (one chunk) said "16 local workers"."""
    summary, _ = run_batch(SPEC, workers=16, progress=False)
    assert summary.workers == 1


def test_a_plot_that_cannot_be_written_keeps_the_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A full disk at the plot, after the games, printed no figure and exited 2:
    the whole run was lost without --resume."""
    pytest.importorskip("matplotlib", reason=MATPLOTLIB)
    from matplotlib.figure import Figure

    def full_disk(self: Figure, *args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Figure, "savefig", full_disk)
    argv = ["bench", "bot", "--level", "beginner", "--games", "3", "--workers", "1"]
    assert (
        _exit_code([*argv, "--strategy", "FAST", "--json", "--plot", str(tmp_path / "p.png")]) == 74
    )
    out, err = capsys.readouterr()
    assert json.loads(out)["games"] == 3 and json.loads(out)["strategy"] == "fast"
    assert "cannot write" in err and "No space left on device; the figures are above" in err

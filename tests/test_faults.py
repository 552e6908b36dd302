"""Faults and bad input (issue 41): each case with what it must give.

A file a user names is changed only when it is minebender's own kind, and
then never half-written; a FIFO is refused, never waited on; names that are
not UTF-8 or hold a newline are shown on one line; a summary counts each
file once, by its bytes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import minebender as minebender_package
from minebender.values.files import read_regular, replace_file, shown
from review_files import RMV

SRC = str(Path(minebender_package.__file__).resolve().parents[1])
"""The source under test, for commands run in another folder."""

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def minebender(*args: str | bytes, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "minebender", *args],
        capture_output=True,
        text=True,
        errors="backslashreplace",
        check=False,
        cwd=cwd,
        timeout=120,
        env={**os.environ, "PYTHONPATH": SRC},
    )


def one_error_line(done: subprocess.CompletedProcess[str], words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_bench_bot_resume_leaves_a_file_that_is_not_a_log(tmp_path: Path) -> None:
    """An exported replay (one line, no final newline) was taken for a torn
    log and replaced with bot results, status 0."""
    other = tmp_path / "game.json"
    before = b'{"format": "minebender-replay", "version": 1}'
    other.write_bytes(before)
    done = minebender("bench", "bot", "--games", "2", "--workers", "1", "--resume", str(other))
    one_error_line(done, "not a batch log")
    assert other.read_bytes() == before


def test_bench_bot_resume_refuses_a_file_of_blank_lines(tmp_path: Path) -> None:
    blank = tmp_path / "blank.txt"
    blank.write_bytes(b"\n\n")
    done = minebender("bench", "bot", "--games", "2", "--workers", "1", "--resume", str(blank))
    one_error_line(done, "not a batch log (blank lines only)")
    assert blank.read_bytes() == b"\n\n"


def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    folder.mkdir()
    shutil.copy(RMV[2], folder / "a.rmv")
    return folder


@pytest.mark.parametrize(
    "content",
    [b'{"format": "minebender-replay"}', b"notes\n", b'{"path": 3}\n', b"\n"],
    ids=["replay", "notes", "bad-field", "blank"],
)
def test_review_log_that_is_not_a_review_log_is_left_alone(tmp_path: Path, content: bytes) -> None:
    log = tmp_path / "log.jsonl"
    log.write_bytes(content)
    done = minebender("review", str(corpus(tmp_path)), "--summary", "--log", str(log))
    one_error_line(done, "not a review log")
    assert log.read_bytes() == content


def summary(*args: str, cwd: Path) -> list[dict[str, object]]:
    done = minebender("review", *args, "--summary", "--json", "--log", "log.jsonl", cwd=cwd)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_a_rerun_and_another_spelling_count_each_game_once(tmp_path: Path) -> None:
    corpus(tmp_path)
    assert summary("corpus", cwd=tmp_path)[0]["games"] == 1
    assert summary("corpus", cwd=tmp_path)[0]["games"] == 1  # no --resume: reviewed again
    lines = (tmp_path / "log.jsonl").read_bytes().splitlines()
    assert len(lines) == 2
    # --resume under another spelling of the folder reviews nothing again
    assert summary("./corpus/", "--resume", cwd=tmp_path)[0]["games"] == 1
    assert len((tmp_path / "log.jsonl").read_bytes().splitlines()) == 2


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS names are UTF-8 only")
def test_a_name_that_is_not_utf8_is_reviewed_and_resumed(tmp_path: Path) -> None:
    folder = corpus(tmp_path)
    os.rename(folder / "a.rmv", os.fsencode(folder) + b"/caf\xe9.rmv")
    assert summary("corpus", cwd=tmp_path)[0]["games"] == 1
    assert summary("corpus", "--resume", cwd=tmp_path)[0]["games"] == 1
    line = json.loads((tmp_path / "log.jsonl").read_bytes().splitlines()[0])
    assert os.fsencode(line["path"]) == b"corpus/caf\xe9.rmv"


def test_a_newline_in_a_name_stays_on_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "two\nlines.rmv"
    bad.write_bytes(b"*rmv cut")
    done = minebender("review", str(bad))
    one_error_line(done, "two\\nlines.rmv")


def test_loops_of_links_are_named(tmp_path: Path) -> None:
    folder = corpus(tmp_path)
    (folder / "self.rmv").symlink_to("self.rmv")
    (folder / "up").symlink_to("..")
    done = minebender("review", "--json", str(folder))
    assert done.returncode == 0, done.stderr
    assert "skipped" in done.stderr and "self.rmv: a loop of symbolic links" in done.stderr
    assert "up/corpus: a link to a folder already walked (a loop)" in done.stderr
    assert len(done.stdout.splitlines()) == 1


@needs_fifo
@pytest.mark.parametrize(
    ("command", "name"),
    [("solve", "board"), ("review", "game.json"), ("replay", "game.json")],
)
def test_a_fifo_is_refused_not_waited_on(tmp_path: Path, command: str, name: str) -> None:
    fifo = tmp_path / name
    os.mkfifo(fifo)
    done = minebender(command, str(fifo))  # hung for ever before
    one_error_line(done, "not a regular file (a FIFO)")


def test_read_regular_refuses_a_device() -> None:
    with pytest.raises(OSError, match="not a regular file"):
        read_regular(os.devnull, 10)


def test_replace_file_keeps_the_old_file_when_the_write_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failed write (a full disk) leaves the old file whole, and no
    temporary file beside it."""
    out = tmp_path / "out.evf"
    out.write_bytes(b"old")
    os.chmod(out, 0o640)

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space"):
        replace_file(out, b"new" * 1000)
    assert out.read_bytes() == b"old" and os.listdir(tmp_path) == ["out.evf"]
    monkeypatch.undo()
    replace_file(out, b"new")
    assert out.read_bytes() == b"new" and os.stat(out).st_mode & 0o777 == 0o640


def test_replace_file_follows_a_link_and_refuses_a_device(tmp_path: Path) -> None:
    target = tmp_path / "target.mbf"
    target.write_bytes(b"old")
    link = tmp_path / "link.mbf"
    link.symlink_to(target)
    replace_file(link, b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"
    with pytest.raises(OSError, match="not a regular file"):
        replace_file(os.devnull, b"x")


def test_shown_names_fit_on_one_line() -> None:
    assert shown(os.fsdecode(b"a\nb\xff")) == "a\\nb\\xff"


def test_solve_time_limit_ends_in_one_line_and_status_75(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("200x200x4000\n" + ("." * 200 + "\n") * 200)
    done = minebender("solve", str(big), "--time-limit", "0.05")
    assert done.returncode == 75, done.stderr
    assert done.stderr == "minebender solve: error: the analysis ran past --time-limit 0.05 s\n"
    assert done.stdout == ""


def test_solve_time_limit_answers_as_without_it(tmp_path: Path) -> None:
    small = tmp_path / "small.txt"
    small.write_text("3x1x1\n1..\n")
    plain = minebender("solve", str(small), "--json", "--explain", "1,0")
    limited = minebender("solve", str(small), "--json", "--explain", "1,0", "--time-limit", "30")
    assert limited.returncode == plain.returncode == 0, limited.stderr
    assert limited.stdout == plain.stdout


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "1e9", "x"])
def test_solve_time_limit_out_of_range_is_named(tmp_path: Path, value: str) -> None:
    small = tmp_path / "small.txt"
    small.write_text("3x1x1\n1..\n")
    done = minebender("solve", str(small), "--time-limit", value)
    one_error_line(done, "--time-limit must be a number of seconds above 0, at most 86400")


def test_review_workers_is_range_checked(tmp_path: Path) -> None:
    done = minebender("review", "--summary", "--workers", "100000", str(corpus(tmp_path)))
    one_error_line(done, "--workers must be from 1 to 512, got '100000'")


@pytest.mark.parametrize("offset", ["99999999999999999999", str(2**63), "-1"])
def test_a_page_offset_out_of_range_is_a_422(offset: str) -> None:
    """An offset past SQLite's integers overflowed in the query: a 500."""
    from starlette import exceptions as starlette_exceptions

    with warnings.catch_warnings():  # as tests/web/test_api.py: httpx still works
        warnings.simplefilter(
            "ignore",
            getattr(starlette_exceptions, "StarletteDeprecationWarning", DeprecationWarning),
        )
        from fastapi.testclient import TestClient

    from minebender.faces.web.app import create_app

    with TestClient(create_app(":memory:")) as client:
        answer = client.get(f"/api/replays?offset={offset}")
    assert answer.status_code == 422
    assert "offset" in answer.json()["detail"]


def test_a_damaged_database_is_refused_untouched(tmp_path: Path) -> None:
    """Its last page damaged: opened without a check, and written beside."""
    from minebender.services import store

    path = tmp_path / "games.db"
    store.open(path).close()
    data = bytearray(path.read_bytes())
    data[-4096:] = b"\x0d" + b"\xff" * 4095  # a leaf page header that makes no sense
    path.write_bytes(bytes(data))
    for command in (["stats"], ["replay", "--last"]):
        done = minebender(*command, "--db", str(path))
        one_error_line(done, f"the database {path} is damaged (quick_check:")
    assert path.read_bytes() == bytes(data)


def test_a_read_only_database_is_called_read_only(tmp_path: Path) -> None:
    """Not "not a minebender database": a write refused by SQLite as read-only
    (a file that cannot be written, in a folder that can) says so."""
    import sqlite3

    from minebender.services import store
    from minebender.services.store.schema import migrate

    path = tmp_path / "games.db"
    store.open(path).close()
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    with pytest.raises(store.StoreError, match=r"games\.db is read-only \(attempt to write"):
        migrate(db, str(path))
    db.close()


def test_a_second_server_on_one_database_is_refused(tmp_path: Path) -> None:
    from minebender.services.store import StoreError
    from minebender.services.store.database import hold_for_server

    path = tmp_path / "games.db"
    first = hold_for_server(str(path))
    assert first is not None
    try:
        other_spelling = str(tmp_path / "." / "games.db")
        with pytest.raises(
            StoreError, match=rf"another minebender server .* \(process {os.getpid()}\)"
        ):
            hold_for_server(other_spelling)
    finally:
        first.close()
    again = hold_for_server(str(path))  # free once the first has gone
    assert again is not None
    again.close()

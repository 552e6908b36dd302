"""``minebender review``: files, --json, and corpora with --summary and --resume."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from review_files import DATA, RMV


def review(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "minebender", "review", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
    )


def test_json_prints_one_object_per_file(tmp_path: Path) -> None:
    done = review("--json", *map(str, RMV), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [json.loads(line)["file"] for line in lines] == [p.name for p in RMV]
    expert = json.loads(lines[0])
    assert expert["result"] == {"status": "won", "time_ms": 34884}
    assert expert["stats"]["bbbv"] == 128
    assert expert["player"] == "Thomas Kolar"


def test_a_directory_is_every_replay_under_it(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    (corpus / "deep").mkdir(parents=True)
    shutil.copy(RMV[2], corpus)
    shutil.copy(RMV[3], corpus / "deep")
    (corpus / "notes.txt").write_text("not a replay")
    done = review("--json", str(corpus), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 2


def test_summary_logs_each_file_and_resumes(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for p in RMV[1:]:
        shutil.copy(p, corpus)
    (corpus / "bad.rmv").write_bytes(b"*rmv\x00\x01cut")
    log = tmp_path / "log.jsonl"
    done = review(str(corpus), "--summary", "--workers", "2", "--log", str(log), cwd=tmp_path)
    assert done.returncode == 2  # the bad file
    assert done.stderr.count("\n") == 1 and "bad.rmv: damaged or cut short" in done.stderr
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(Path(item["path"]).name for item in lines) == sorted(
        ["bad.rmv", *(p.name for p in RMV[1:])]
    )
    assert "Thomas Kolar" in done.stdout and "beginner" in done.stdout
    # A run that resumes reviews nothing again: the log keeps one line per file.
    again = review(str(corpus), "--summary", "--resume", "--log", str(log), "--json", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert len(log.read_text().splitlines()) == 4
    rows = [json.loads(line) for line in again.stdout.splitlines()]
    assert [(r["player"], r["level"], r["games"], r["won"]) for r in rows] == [
        ("Thomas Kolar", "beginner", 2, 2),
        ("aa\u0211aa Kolar", "beginner", 1, 1),
    ]
    assert rows[0]["guesses_per_game"] == 1.0
    assert rows[0]["average_risk"] == "5/12"  # 1/3 and 1/2: each file's one guess


def test_a_file_of_no_known_kind_is_named(tmp_path: Path) -> None:
    path = tmp_path / "board.txt"
    path.write_text("3x3x1\n...\n...\n...\n")
    done = review(str(path), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"minebender review: {path}: not a replay file minebender reads (.json .avf .rmv .evf .mvf)"
    )


def test_text_output_lists_every_move(tmp_path: Path) -> None:
    done = review(str(DATA / "test_rmv2_24px.rmv"), cwd=tmp_path)
    assert done.returncode == 0
    out = done.stdout
    assert "reveal (7, 6)" in out and "needless guess" in out
    assert out.rstrip().endswith(
        "1 guess, 1 needless; the chance to survive them was 1/2 (50.0%); won"
    )

"""``minebender review``: files, --json, and corpora with --summary and --resume."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from needs import DASK, PEERS
from peer_writers import write_peer
from review_files import DATA, MINES_9, RMV, SHARED, winning_clicks


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


def test_written_avf_and_mvf_are_reviewed_with_ms_toollibs_figures(tmp_path: Path) -> None:
    """The command reads Arbiter's and Clone's replays (written by the tests:
    no real one can be had) as ms_toollib does; a cut one costs one line."""
    toollib = pytest.importorskip("ms_toollib", reason=PEERS)
    clicks = winning_clicks(MINES_9, 9, 9)
    paths = [
        write_peer(tmp_path / f"won{s}", MINES_9, 9, 9, clicks, "Ada") for s in (".avf", ".mvf")
    ]
    cut = tmp_path / "cut.mvf"
    cut.write_bytes(paths[1].read_bytes()[:-7])
    done = review("--json", *map(str, paths), str(cut), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"minebender review: error: {cut}: damaged or cut short: the MVF reader could not read it"
    )
    for path, line in zip(paths, done.stdout.splitlines(), strict=True):
        got = json.loads(line)
        video = {".avf": toollib.AvfVideo, ".mvf": toollib.MvfVideo}[path.suffix](str(path))
        video.parse()
        video.analyse()
        video.current_time = 1e9
        assert (got["file"], got["format"], got["player"]) == (path.name, path.suffix[1:], "Ada")
        assert got["result"] == {"status": "won", "time_ms": video.rtime_ms}
        stats = got["stats"]
        assert (stats["bbbv"], stats["zini"]) == (video.bbbv, toollib.cal_zini(video.board))
        assert stats["clicks"] == {
            "left": video.left, "right": video.right, "double": video.double, "total": video.cl
        }  # fmt: skip
        assert stats["bbbv_per_s"] == pytest.approx(video.bbbv_s, abs=1e-3)
        assert stats["ioe"] == pytest.approx(video.ioe, abs=1e-3)
        assert len(got["moves"]) == len(clicks)


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("board.brd", "not a replay file minebender reads (.json .avf .rmv .evf .mvf .rawvf .txt)"),
        # a .txt is read as RAW vf text, so another text is named as no such file
        ("board.txt", "not a RAW vf replay (no RawVF_Version line, no Board: line)"),
    ],
)
def test_a_file_of_no_known_kind_is_named(tmp_path: Path, name: str, said: str) -> None:
    path = tmp_path / name
    path.write_text("3x3x1\n...\n...\n...\n")
    done = review(str(path), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == f"minebender review: error: {path}: {said}"


@pytest.mark.parametrize("name", ["README.md", "ls"])
def test_replay_and_review_refuse_a_file_that_is_no_replay_alike(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(b"# minebender\n" if name.endswith(".md") else b"\x7fELF\x02\xd0\x00")
    said = f"{path}: not a replay file minebender reads (.json .avf .rmv .evf .mvf .rawvf .txt)"
    for command in ("review", "replay"):
        done = subprocess.run(
            [sys.executable, "-m", "minebender", command, str(path)],
            capture_output=True, text=True, check=False, cwd=tmp_path,
        )  # fmt: skip
        assert done.returncode == 2
        assert done.stderr.splitlines() == [f"minebender {command}: error: {said}"]


def test_a_missing_file_is_one_error_line_as_replay_says_it(tmp_path: Path) -> None:
    path = tmp_path / "gone.evf"
    done = review(str(path), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"minebender review: error: cannot read {path}: No such file or directory"
    ]


def test_a_game_lost_on_a_certain_mine_counts_no_guess_and_no_luck(tmp_path: Path) -> None:
    path = SHARED / "arbiter_expert_lost_wasted_clicks.avf"
    if not path.exists():
        pytest.skip("the shared replays are not here")
    done = review(str(path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert re.search(r"\nno guess; lost at move \d+ on a certain mine\n", done.stdout)
    assert "was a certain mine: the number" in done.stdout
    assert "luck:" not in done.stdout and "0.0%; lost" not in done.stdout


def test_text_output_lists_every_move(tmp_path: Path) -> None:
    done = review(str(DATA / "test_rmv2_24px.rmv"), cwd=tmp_path)
    assert done.returncode == 0
    out = done.stdout
    assert "reveal (7, 6)" in out and "needless guess" in out
    assert "\n1 guess, 1 needless; the chance to survive it was 50.0%; won\n" in out
    # the lessons: the needless guess with the numbers that proved a cell safe
    assert (
        "lessons:\n"
        "  move 6: a needless guess at (7, 6) (50.0%); (7, 0) was safe:"
        " the numbers at (5, 1), (6, 1) prove it\n"
        "  luck: the guesses taken were survived with a chance of 50.0%;"
        " the safest guesses would have given 100.0%\n\nlegend:\n"
    ) in out


@pytest.mark.timeout(180)
def test_a_dask_cluster_reviews_as_the_local_cores_do(tmp_path: Path) -> None:
    """On a cluster of worker processes (daemonic: the parse runs in a fresh
    interpreter there), the log holds the same lines as a local run's."""
    distributed = pytest.importorskip("distributed", reason=DASK)
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for p in RMV[1:]:
        shutil.copy(p, corpus)
    (corpus / "cut.rmv").write_bytes(RMV[2].read_bytes()[:300])
    local, remote = tmp_path / "local.jsonl", tmp_path / "remote.jsonl"
    assert review(str(corpus), "--summary", "--log", str(local), cwd=tmp_path).returncode == 2
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=2,
        processes=True,
        dashboard_address=":0",
        protocol="tcp://",
        host="127.0.0.1",
    ) as cluster:
        done = review(
            str(corpus), "--summary", "--cluster", cluster.scheduler_address,
            "--log", str(remote), cwd=tmp_path,
        )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "cut.rmv: damaged or cut short: the RMV reader could not read it" in done.stderr

    def lines(log: Path) -> list[dict[str, object]]:
        return sorted(
            (json.loads(line) for line in log.read_text().splitlines()),
            key=lambda item: str(item["path"]),
        )

    assert lines(remote) == lines(local)


def test_a_line_cut_short_by_a_kill_is_reviewed_again(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for p in RMV[2:]:
        shutil.copy(p, corpus)
    log = tmp_path / "log.jsonl"
    first = sorted(corpus.iterdir())[0]
    log.write_text(json.dumps({"path": str(first), "error": "x"})[:20])  # killed mid-line
    done = review(str(corpus), "--summary", "--resume", "--log", str(log), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = log.read_text().splitlines()
    # the cut line is dropped, so every line left is whole
    assert len(lines) == 2
    assert sorted(json.loads(line)["path"] for line in lines) == sorted(
        str(p) for p in corpus.iterdir()
    )


def test_last_and_game_review_the_stored_games(tmp_path: Path) -> None:
    """review --last and --game ID review the store's games as their replay
    files would be; an unknown id and an empty store are one error line."""
    from minebender.services import store as store_module
    from played import won_game

    db = tmp_path / "games.db"
    env = ["--db", str(db)]
    empty = review("--last", *env, cwd=tmp_path)
    assert empty.returncode == 2 and "no finished game" in empty.stderr
    assert len(empty.stderr.splitlines()) == 1
    with store_module.open(db) as store:
        first = store.create_game(won_game("first"), interface="terminal")
        store.create_game(won_game("second"), interface="web")
    last = review("--last", "--json", *env, cwd=tmp_path)
    by_id = review("--game", first, "--json", *env, cwd=tmp_path)
    assert last.returncode == 0 and by_id.returncode == 0, (last.stderr, by_id.stderr)
    saved = tmp_path / "first.json"
    written = subprocess.run(
        [sys.executable, "-m", "minebender", "replay", "--game", first, "--json", *env],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert written.returncode == 0, written.stderr
    saved.write_text(written.stdout)
    from_file = json.loads(review("--json", str(saved), cwd=tmp_path).stdout)
    got = json.loads(by_id.stdout)
    assert got["moves"] == from_file["moves"] and got["stats"] == from_file["stats"]
    assert json.loads(last.stdout)["layout"] != got["layout"]  # the newer game
    text = review("--last", *env, cwd=tmp_path)
    assert text.returncode == 0 and "9x9 with 10 mines" in text.stdout
    unknown = review("--game", "nope", *env, cwd=tmp_path)
    assert unknown.returncode == 2 and unknown.stderr.splitlines() == [
        f"minebender review: error: no game 'nope' in {db}"
    ]


def test_stnb_is_not_defined_off_the_classic_boards(tmp_path: Path) -> None:
    """STNB read 0.0 on every 9x9 game, as if it were a score: it has a
    constant on 8x8/10, 16x16/40 and 30x16/99 only, so elsewhere it is null
    in JSON and said to be n/a in text."""
    from minebender.formats import replay
    from played import won_game

    game = tmp_path / "beginner.json"
    game.write_text(replay.dumps(replay.from_session(won_game("stnb"))))
    done = review("--json", str(game), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["stats"]["stnb"] is None
    text = review(str(game), cwd=tmp_path).stdout
    assert "STNB n/a (defined on the classic boards only)" in text
    classic = review(str(RMV[2]), cwd=tmp_path).stdout  # 8x8/10: a number
    assert re.search(r"STNB \d+\.\d\n", classic), classic

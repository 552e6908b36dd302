"""A player's progress over their imported replays: ``stats --import DIR``
reviews a folder into a log beside the database, and the progress (the
command line's and the page's) counts those games among the ones played
here, dated by their files, told apart by their source."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

from minebender.services import store as store_module
from minebender.services.progress import imported_log
from minebender.services.review import review_file
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner, Pos

DATA = Path(__file__).parent / "data" / "replays"
FILES = ("test_rmv2_24px.rmv", "test_rmv1_utf8_basic.rmv", "test_rmv2_utf8_nonascii.rmv")
A_YEAR_AGO = 1_700_000_000.0


def stats(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "minebender", "stats", *args], capture_output=True, text=True
    )


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A player's folder of replays, written a day apart a year ago, and a
    file that is no replay."""
    out = tmp_path / "my replays"
    (out / "old").mkdir(parents=True)
    for day, name in enumerate(FILES):
        target = out / ("old" if day == 0 else "") / name
        shutil.copy(DATA / name, target)
        os.utime(target, (A_YEAR_AGO + day * 86400, A_YEAR_AGO + day * 86400))
    (out / "broken.avf").write_bytes(b"not an avf")
    return out


@pytest.fixture
def database(tmp_path: Path) -> Path:
    """A database with one won game played here (today)."""
    path = tmp_path / "games.db"
    s = Session(SessionSpec(Beginner(), "import-1"), clock=lambda: 0.0)
    s.reveal(Pos(4, 4))
    while not s.over:
        game = s.game
        assert game is not None
        hidden = [Pos(x, y) for y in range(9) for x in range(9) if game.knowledge.hidden(Pos(x, y))]
        s.reveal(next(p for p in hidden if not game.layout[p.y][p.x]))
    with store_module.open(path) as st:
        st.create_game(s, interface="tui")
    return path


def test_import_adds_a_folders_games_once_dated_by_their_files(
    folder: Path, database: Path
) -> None:
    done = stats("--import", str(folder), "--db", str(database), "--workers", "2")
    assert done.returncode == 0, done.stderr
    assert "imported 3 games" in done.stdout and "1 file could not be read" in done.stdout
    assert "broken.avf" in done.stderr and "Traceback" not in done.stderr
    log = imported_log(database)
    assert log is not None and log.exists() and log.parent == database.parent

    again = stats("--import", str(folder), "--db", str(database))
    assert "imported 0 games, 4 files read before, skipped" in again.stdout

    got = json.loads(stats("--progress", "--json", "--db", str(database)).stdout)
    games = got["games"]
    assert [g["source"] for g in games] == ["rmv", "rmv", "rmv", "minebender"]
    assert [Path(g["id"]).name for g in games[:3]] == list(FILES)  # oldest file first
    assert [g["finished_at"] for g in games[:3]] == [A_YEAR_AGO + d * 86400 for d in range(3)]
    figures = review_file(DATA / FILES[0]).figures
    assert games[0]["time_ms"] == figures.time_ms
    assert games[0]["ioe"] == pytest.approx(figures.ioe)
    assert sum(r["games"] for r in got["levels"]) == 4

    text = stats("--progress", "--db", str(database)).stdout
    assert "(1 played here, 3 imported)" in text
    only = json.loads(
        stats("--progress", "--json", "--source", "imported", "--db", str(database)).stdout
    )
    assert {g["source"] for g in only["games"]} == {"rmv"} and len(only["games"]) == 3
    own = json.loads(
        stats("--progress", "--json", "--source", "minebender", "--db", str(database)).stdout
    )
    assert [g["source"] for g in own["games"]] == ["minebender"]


def test_a_corpus_folder_counts_for_one_report_and_is_kept_nowhere(
    folder: Path, database: Path
) -> None:
    done = stats("--progress", "--json", "--corpus", str(folder), "--db", str(database))
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)["games"]) == 4
    log = imported_log(database)
    assert log is not None and not log.exists()
    after = json.loads(stats("--progress", "--json", "--db", str(database)).stdout)
    assert len(after["games"]) == 1


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--import", "NOWHERE"], "no such file or folder"),
        (["--import", "EMPTY"], "no replay files"),
        (["--import", "FOLDER", "--progress"], "give it alone"),
        (["--source", "imported"], "--source goes with --progress"),
        (["--progress", "--source", "theirs"], "invalid choice"),
        (["--progress", "--corpus", "NOWHERE"], "no such file or folder"),
    ],
)
def test_bad_imports_are_one_line(
    args: list[str], said: str, folder: Path, database: Path, tmp_path: Path
) -> None:
    (tmp_path / "empty").mkdir()
    paths = {"NOWHERE": tmp_path / "none", "FOLDER": folder, "EMPTY": tmp_path / "empty"}
    named = [str(paths.get(a, a)) for a in args]
    done = stats(*named, "--db", str(database))
    assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr


def test_the_page_shows_the_imported_games_and_filters_by_source(
    folder: Path, database: Path
) -> None:
    assert stats("--import", str(folder), "--db", str(database)).returncode == 0
    from starlette import exceptions as starlette_exceptions

    with warnings.catch_warnings():
        warnings.simplefilter(
            "ignore",
            getattr(starlette_exceptions, "StarletteDeprecationWarning", DeprecationWarning),
        )
        from fastapi.testclient import TestClient

    from minebender.faces.web import create_app

    answers: dict[str, Any] = {}
    with TestClient(create_app(database)) as client:
        for source in ("all", "minebender", "imported"):
            answers[source] = client.get(f"/api/progress?source={source}").json()
        bad = client.get("/api/progress?source=theirs")
    assert bad.status_code == 422 and "Traceback" not in bad.text
    every = answers["all"]
    assert every["sources"] == {"minebender": 1, "imported": 3} and every["games"] == 4
    assert answers["minebender"]["games"] == 1 and answers["imported"]["games"] == 3
    plot = every["plots"]["ioe"]
    assert plot.count('data-imported="1"') == 3 and "imported" in plot
    assert 'data-imported="1"' not in answers["minebender"]["plots"]["ioe"]


def test_the_page_imports_a_file_once_and_names_a_bad_one(database: Path) -> None:
    from starlette import exceptions as starlette_exceptions

    with warnings.catch_warnings():
        warnings.simplefilter(
            "ignore",
            getattr(starlette_exceptions, "StarletteDeprecationWarning", DeprecationWarning),
        )
        from fastapi.testclient import TestClient

    from minebender.faces.web import create_app

    data = (DATA / FILES[0]).read_bytes()
    octet = {"Content-Type": "application/octet-stream"}
    url = f"/api/progress/import?name={FILES[0]}&modified={A_YEAR_AGO}"
    with TestClient(create_app(database)) as client:
        first = client.post(url, content=data, headers=octet)
        again = client.post(url, content=data, headers=octet)
        bad = client.post("/api/progress/import?name=x.rmv", content=b"nope", headers=octet)
        typed = client.post(url, content=data, headers={"Content-Type": "text/plain"})
        shown = client.get("/api/progress?source=imported").json()
    assert first.status_code == 200, first.text
    assert first.json() == {"added": True, "status": "won", "format": "rmv"}
    assert again.json()["added"] is False
    assert bad.status_code == 422 and "x.rmv" in bad.json()["detail"]
    assert typed.status_code == 415
    assert shown["games"] == 1 and shown["sources"] == {"minebender": 1, "imported": 1}
    log = imported_log(database)
    assert log is not None
    (line,) = [json.loads(x) for x in log.read_text().splitlines()]
    assert line["mtime"] == A_YEAR_AGO and line["path"] == FILES[0]

"""POST /api/review: an uploaded replay reviewed, parsed and judged in child
processes; bad files and bad requests named."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette import exceptions as starlette_exceptions

with warnings.catch_warnings():
    warnings.simplefilter(
        "ignore",
        getattr(starlette_exceptions, "StarletteDeprecationWarning", DeprecationWarning),
    )
    from fastapi.testclient import TestClient

from minebender.faces.web import create_app
from minebender.faces.web.review_routes import MAX_REVIEW_BYTES

DATA = Path(__file__).parents[1] / "data" / "replays"
OCTETS = {"content-type": "application/octet-stream"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(tmp_path / "games.db")
    with TestClient(app) as c:
        yield c
    app.state.hub.store.close()


def test_a_real_rmv_is_reviewed_as_the_command_reviews_it(
    client: TestClient, tmp_path: Path
) -> None:
    path = DATA / "test_rmv2_16px_preflags.rmv"
    got = client.post(f"/api/review?name={path.name}", content=path.read_bytes(), headers=OCTETS)
    assert got.status_code == 200, got.text
    done = subprocess.run(
        [sys.executable, "-m", "minebender", "review", "--json", str(path)],
        capture_output=True, text=True, check=True, cwd=tmp_path,
    )  # fmt: skip
    assert got.json() == json.loads(done.stdout)


def test_a_damaged_file_is_named_and_the_server_goes_on(client: TestClient) -> None:
    data = (DATA / "test_rmv1_utf8_basic.rmv").read_bytes()[:3000]
    got = client.post("/api/review?name=cut.rmv", content=data, headers=OCTETS)
    assert got.status_code == 422
    assert got.json()["detail"] == (
        "cut.rmv: damaged or cut short: the RMV reader could not read it"
    )
    again = client.post(
        "/api/review?name=ok.rmv", content=(DATA / "test_rmv2_24px.rmv").read_bytes(),
        headers=OCTETS,
    )  # fmt: skip
    assert again.status_code == 200 and again.json()["file"] == "ok.rmv"


@pytest.mark.parametrize(
    ("name", "data", "status", "said"),
    [
        ("notes.doc", b"hello", 422, "not a replay file minebender reads"),
        ("notes.txt", b"hello", 422, "not a RAW vf replay"),
        ("game.json", b"{", 422, "not valid JSON"),
        ("game.evf", b"", 422, "the file is empty"),
    ],
)
def test_bad_files_are_named(
    client: TestClient, name: str, data: bytes, status: int, said: str
) -> None:
    got = client.post(f"/api/review?name={name}", content=data, headers=OCTETS)
    assert got.status_code == status
    assert said in got.json()["detail"]


def test_the_file_must_be_sent_as_octets(client: TestClient) -> None:
    """Another site's page cannot send one without the browser asking first."""
    got = client.post(
        "/api/review?name=a.rmv", content=b"*rmv", headers={"content-type": "text/plain"}
    )
    assert got.status_code == 415


def test_a_file_too_large_is_refused(client: TestClient) -> None:
    got = client.post(
        "/api/review?name=a.rmv", content=b"*rmv" + bytes(MAX_REVIEW_BYTES), headers=OCTETS
    )
    assert got.status_code == 413
    assert "a replay to review may have at most" in got.json()["detail"]


def test_a_name_is_required(client: TestClient) -> None:
    got = client.post("/api/review", content=b"*rmv", headers=OCTETS)
    assert got.status_code == 422


def test_frames_give_the_viewer_each_board_and_each_position(client: TestClient) -> None:
    from minebender.formats.boardtext import parse_board

    path = DATA / "test_rmv2_24px.rmv"
    got = client.post(
        f"/api/review?name={path.name}&frames=true", content=path.read_bytes(), headers=OCTETS
    ).json()
    frames, positions, moves = got["frames"], got["positions"], got["moves"]
    assert len(frames) == len(moves) + 1 == len(positions) + 1
    assert all(set(row) == {"."} for row in frames[0]["rows"])
    assert frames[-1]["status"] == "won" and frames[-1]["elapsed_ms"] == got["result"]["time_ms"]
    for move, frame in zip(moves, frames[1:], strict=True):
        assert (frame["event"]["type"], frame["event"]["x"], frame["event"]["y"]) == (
            move["type"], move["x"], move["y"],
        )  # fmt: skip
    # Each position is board text the analysis board reads: the board before the move.
    before_guess = parse_board(positions[5])
    assert moves[5]["verdict"] == "needless guess"
    assert before_guess.knowledge.hidden((moves[5]["x"], moves[5]["y"]))
    assert frames[5]["rows"] == positions[5].splitlines()[1:]  # the same board, as text


def test_the_viewer_gets_the_mouse_path_where_the_file_has_one(client: TestClient) -> None:
    """Another client's file: every mouse event, in sixteenths of a cell, each
    press where its move's cell is. minebender's own: its path events and the
    cells of its presses. A replay of version 1 has no pointer: no point."""
    path = DATA / "test_rmv2_24px.rmv"
    got = client.post(
        f"/api/review?name={path.name}&frames=true", content=path.read_bytes(), headers=OCTETS
    ).json()
    points = got["pointer"]
    assert len(points) > len(got["moves"])
    assert [t for t, _, _ in points] == sorted(t for t, _, _ in points)
    for m in got["moves"]:  # the pointer is on the move's cell at its time
        if m["x"] is not None and 0 <= m["x"] < 8 and 0 <= m["y"] < 8:
            at = [(x // 16, y // 16) for t, x, y in points if t == m["t_ms"]]
            assert (m["x"], m["y"]) in at, m
    # minebender's own: see tests/test_review_pointer.py

"""The analysis board's API: POST /api/analyse and /api/analyse/why, good and
bad bodies, time limits, and a hard board that holds nobody up."""

from __future__ import annotations

import json
import socket
import time
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette import exceptions as starlette_exceptions

with warnings.catch_warnings():
    warnings.simplefilter(
        "ignore",
        getattr(starlette_exceptions, "StarletteDeprecationWarning", DeprecationWarning),
    )
    from fastapi.testclient import TestClient

from minebender import limited
from minebender.bench.positions import wide_lattice
from minebender.boardtext import format_board
from minebender.web import analyse_routes, create_app

from .server import Server


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db_path)) as c:
        yield c


def test_a_position_gets_the_solve_object_and_the_extras(client: TestClient) -> None:
    r = client.post("/api/analyse", json={"board": "3x1x1\n1..\n"})
    assert r.status_code == 200
    got = r.json()
    assert got["width"] == 3 and got["height"] == 1 and got["mines"] == 1
    assert got["consistent"] is True and got["solutions"] == "1" and got["unique"] is True
    assert got["safe"] == [[2, 0]] and got["certain_mines"] == [[1, 0]]
    assert got["probabilities"] == [[None, "1", "0"]]
    assert got["best"] == [2, 0] and "safe" in got["best_reason"]
    assert got["dead"] == [[2, 0]]
    assert got["conflict"] is None and got["conflict_total"] is False
    assert got["complete"] is True and got["stopped"] is None


def test_mines_overrides_the_header_and_null_makes_it_unknown(client: TestClient) -> None:
    r = client.post("/api/analyse", json={"board": "4x1x1\n1...\n", "mines": 2})
    assert r.json()["mines"] == 2 and r.json()["solutions"] == "2"
    r = client.post("/api/analyse", json={"board": "4x1x1\n1...\n", "mines": None})
    assert r.json()["mines"] is None and r.json()["solutions"] == "4"


def test_a_mine_position_is_read(client: TestClient) -> None:
    r = client.post("/api/analyse", json={"board": "4x2x1\n1FHH\n11HH\n"})
    assert r.status_code == 200
    assert r.json()["certain_mines"] == [[1, 0]]


def test_an_impossible_board_names_its_conflict(client: TestClient) -> None:
    r = client.post("/api/analyse", json={"board": "6x1x1\n.1..1.\n"})
    got = r.json()
    assert got["consistent"] is False and got["solutions"] == "0"
    assert got["conflict"] == [[1, 0], [4, 0]] and got["conflict_total"] is True
    assert got["best"] is None and got["dead"] == []


def test_small_endgames_give_each_candidate_its_win_chance(client: TestClient) -> None:
    got = client.post("/api/analyse", json={"board": "3x1\n1..\n"}).json()
    assert got["win_chances"] == [{"cell": [2, 0], "win": "1/2"}]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({}, "board"),
        ({"board": 3}, "board"),
        ({"board": "3x1x1\n1.x\n"}, "line 2, column 3"),
        ({"board": "4x2x1\n1FHH\n11HQ\n"}, "line 3, column 4"),
        ({"board": "3x1\n1..\n", "mines": 9}, "9 mines do not fit"),
        ({"board": "3x1\n1..\n", "mines": -1}, "mines"),
        ({"board": "3x1\n1..\n", "colour": "red"}, "colour: unknown field"),
        ({"board": ""}, "no board"),
    ],
)
def test_a_bad_body_is_a_4xx_naming_what_is_wrong(
    client: TestClient, body: dict[str, Any], words: str
) -> None:
    r = client.post("/api/analyse", json=body)
    assert 400 <= r.status_code < 500
    assert words in r.json()["detail"]


def test_why_explains_a_cell(client: TestClient) -> None:
    r = client.post("/api/analyse/why", json={"board": "3x2\n1..\n11.\n", "cell": [2, 0]})
    assert r.status_code == 200
    assert r.json()["explanation"] == {
        "cell": [2, 0],
        "mine": False,
        "numbers": [[0, 0], [1, 1]],
        "uses_total": False,
        "smallest": True,
    }
    r = client.post("/api/analyse/why", json={"board": "4x1\n1...\n", "cell": [3, 0]})
    assert r.json()["explanation"] is None


@pytest.mark.parametrize(
    ("cell", "words"),
    [([5, 0], "off the 3x2 board"), ([0, 0], "not a hidden cell"), ([1], "cell")],
)
def test_why_refuses_a_cell_it_cannot_explain(
    client: TestClient, cell: list[int], words: str
) -> None:
    r = client.post("/api/analyse/why", json={"board": "3x2\n1..\n11.\n", "cell": cell})
    assert r.status_code == 422 and words in r.json()["detail"]


HARD = format_board(wide_lattice(200, 1).knowledge)
"""A 200x200 lattice: no exact analysis ends on it within any time limit."""


def test_a_board_past_the_time_limit_answers_what_is_known(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(analyse_routes, "ANALYSE_LIMITS", limited.Limits(seconds=1.0))
    start = time.monotonic()
    r = client.post("/api/analyse", json={"board": HARD})
    assert time.monotonic() - start < 10
    got = r.json()
    assert r.status_code == 200
    assert got["complete"] is False and got["stopped"] == "time"
    assert got["width"] == 200 and got["consistent"] is None and got["dead"] is None


def test_a_board_past_the_memory_cap_answers_what_is_known(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    cap = limited.Limits(seconds=60.0, memory=800 << 20)
    monkeypatch.setattr(analyse_routes, "ANALYSE_LIMITS", cap)
    got = client.post("/api/analyse", json={"board": HARD}).json()
    assert got["complete"] is False and got["stopped"] == "memory"


def _descendants_cpu(root: int) -> float:
    """CPU seconds used so far by every process below root."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    total, todo = 0.0, list(children.get(root, []))
    while todo:
        pid = todo.pop()
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / 100
        todo.extend(children.get(pid, []))
    return total


@pytest.mark.slow
def test_a_hard_board_holds_up_no_small_one_and_dies_with_its_client(tmp_path: Path) -> None:
    """While a 200x200 lattice is analysed, an Expert-size analysis and a health
    check still answer at once; when the hard board's client goes away, its
    child stops using the processor."""
    server = Server(tmp_path / "games.db").start()
    try:
        assert server.proc is not None
        body = json.dumps({"board": HARD}).encode()
        hard = socket.create_connection(("127.0.0.1", server.port))
        hard.sendall(
            b"POST /api/analyse HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        time.sleep(1.0)
        start = time.monotonic()
        small = json.dumps(
            {"board": "9x9x10\n" + ".........\n" * 4 + "001110000\n" + "000000000\n" * 4}
        ).encode()
        request = urllib.request.Request(
            server.url + "/api/analyse", small, {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=30) as r:
            assert json.loads(r.read())["complete"] is True
        assert time.monotonic() - start < 5
        hard.close()
        time.sleep(1.5)
        before = _descendants_cpu(server.proc.pid)
        time.sleep(1.0)
        assert _descendants_cpu(server.proc.pid) - before < 0.3
    finally:
        server.kill()

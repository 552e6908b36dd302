"""The analysis board's API: POST /api/analyse and /api/analyse/why, good and
bad bodies, time limits, and a hard board that holds nobody up."""

from __future__ import annotations

import argparse
import contextlib
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

from minebender.faces.commands import serve
from minebender.faces.web import analyse_routes, create_app
from minebender.faces.web.access import Turns
from minebender.faces.web.admission import Admission, Client
from minebender.formats.boardtext import format_board
from minebender.services import limited
from minebender.services.bench.positions import real_play, real_play_board, wide_lattice

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
    assert got["fifties"] == [] and got["candidates"] is None  # (2, 0) is safe


def test_fifties_and_the_figures_of_the_guesses(client: TestClient) -> None:
    """Two rows with a 1 in the middle of each and two mines: each end
    column is a pseudo-50/50 (one mine or none); the corner is safe 3/4 of
    the time, gives progress 3/8, and the move after it is safe 11/16
    (tests/test_guess_figures.py counts them by hand)."""
    got = client.post("/api/analyse", json={"board": "5x2x2\n..1..\n..1..\n"}).json()
    assert got["fifties"][0] == {"cells": [[0, 0], [0, 1]], "kind": "pseudo"}
    assert len(got["fifties"]) == 4
    rows = {tuple(c["cell"]): c for c in got["candidates"]}
    assert rows[(0, 0)] == {"cell": [0, 0], "safe": "3/4", "progress": "3/8", "second": "11/16"}
    assert got["candidates"][0]["cell"] == got["best"]  # the best move first
    pair = client.post("/api/analyse", json={"board": "4x2x1\n1...\n1...\n"}).json()
    assert pair["fifties"] == [{"cells": [[1, 0], [1, 1]], "kind": "50/50"}]
    assert pair["guess_sets"] == []


def test_a_2x2_box_no_click_can_split(client: TestClient) -> None:
    """The four corner cells allow a mine on either diagonal only, and every
    cell around them is a number or a proven mine: one set, no pair
    (tests/test_guess_sets.py checks it against every layout)."""
    got = client.post("/api/analyse", json={"board": "4x4x3\n..10\n..21\n12.1\n0111\n"}).json()
    assert got["fifties"] == []
    box = [[0, 0], [1, 0], [0, 1], [1, 1]]
    assert got["guess_sets"] == [{"cells": box, "kind": "forced"}]


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


STREAM = {"Accept": "application/x-ndjson"}
SLOW_DEAD = format_board(wide_lattice(20, 1).knowledge)
"""A 20x20 lattice: analysed in milliseconds, its dead cells take seconds."""


ANALYSIS_KEYS = ["width", "height", "mines", "consistent", "solutions", "unique", "safe"]
ANALYSIS_KEYS += ["certain_mines", "probabilities", "conflict", "conflict_total"]


def _lines(client: TestClient, body: dict[str, Any]) -> list[dict[str, Any]]:
    with client.stream("POST", "/api/analyse", json=body, headers=STREAM) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("application/x-ndjson")
        return [json.loads(line) for line in r.iter_lines() if line]


def test_a_stream_gives_each_stage_as_a_line_then_the_whole_answer(client: TestClient) -> None:
    body = {"board": "3x1x1\n1..\n"}
    lines = _lines(client, body)
    # the count and the probabilities first; in an endgame the exact search last
    assert [sorted(line) for line in lines[:-1]] == [
        sorted(ANALYSIS_KEYS),
        ["best", "best_reason"],
        ["fifties"],
        ["guess_sets"],
        ["candidates"],
        ["dead"],
        ["best_win"],
        ["win_chances", "win_partial"],
    ]
    assert lines[0]["probabilities"] == [[None, "1", "0"]] and lines[0]["solutions"] == "1"
    assert lines[1]["best"] == [2, 0] and lines[5]["dead"] == [[2, 0]]
    assert lines[2]["fifties"] == [] and lines[3]["guess_sets"] == []
    assert lines[4]["candidates"] is None  # (2, 0) is safe
    assert not any("complete" in line for line in lines[:-1])
    # the last line is the plain answer, key for key
    assert lines[-1] == client.post("/api/analyse", json=body).json()
    assert lines[-1]["complete"] is True


def test_a_stream_of_an_impossible_board_sends_its_conflict_second(client: TestClient) -> None:
    lines = _lines(client, {"board": "6x1x1\n.1..1.\n"})
    assert lines[0]["consistent"] is False and lines[0]["solutions"] == "0"
    assert lines[1] == {"conflict": [[1, 0], [4, 0]], "conflict_total": True}
    assert lines[-1]["conflict"] == [[1, 0], [4, 0]] and lines[-1]["dead"] == []


def test_a_stream_past_the_time_limit_ends_with_what_is_known(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(analyse_routes, "ANALYSE_LIMITS", limited.Limits(seconds=1.0))
    lines = _lines(client, {"board": SLOW_DEAD})
    assert lines[0]["probabilities"] is not None  # the analysis took milliseconds
    assert lines[-1]["complete"] is False and lines[-1]["stopped"] == "time"
    assert lines[-1]["dead"] is None and not any("dead" in line for line in lines[:-1])
    for line in lines[:-1]:  # each stage reported before the stop is in the answer
        assert all(lines[-1][key] == value for key, value in line.items())


def test_a_stream_of_a_bad_body_is_the_same_4xx(client: TestClient) -> None:
    r = client.post("/api/analyse", json={"board": "3x1x1\n1.x\n"}, headers=STREAM)
    assert r.status_code == 422 and "line 2, column 3" in r.json()["detail"]


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


def test_the_server_sets_the_time_an_analysis_may_take(db_path: Path) -> None:
    """``minebender serve --analysis-seconds 1``: the lattice stops after 1 s,
    not the default 10 s; 60 s reaches every route of the solver's work."""
    parser = argparse.ArgumentParser()
    serve.add_arguments(parser)
    bounds, _ = serve.bounds_of(parser.parse_args(["--analysis-seconds", "1"]))
    with TestClient(create_app(db_path, bounds=bounds)) as c:
        start = time.monotonic()
        got = c.post("/api/analyse", json={"board": HARD}).json()
        took = time.monotonic() - start
    assert got["complete"] is False and got["stopped"] == "time" and took < 8
    bounds, _ = serve.bounds_of(parser.parse_args(["--analysis-seconds", "60"]))
    assert bounds.analysis_seconds == 60
    light, heavy = Admission(bounds.light, "light"), Admission(bounds.solver, "heavy")
    lane = Turns(light, heavy, CLIENT, bounds.analysis_seconds).lane(True)
    assert analyse_routes.solver_limits(lane).seconds == 60.0
    assert analyse_routes.solver_limits(lane, follows=True).seconds == 60.0
    default = Turns(light, heavy, CLIENT).lane(False)
    assert analyse_routes.solver_limits(default) == analyse_routes.ANALYSE_LIMITS


CLIENT = Client("127.0.0.1")


@pytest.mark.heavy
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


def _post_raw(server: Server, body: bytes, headers: bytes = b"") -> socket.socket:
    """POST body to /api/analyse on a socket the test can close at any time."""
    conn = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    conn.sendall(
        b"POST /api/analyse HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\n"
        + headers
        + f"Content-Length: {len(body)}\r\n\r\n".encode()
        + body
    )
    return conn


def _assert_children_idle(server_pid: int) -> None:
    """The server's children (a killed analysis's included) use no processor."""
    time.sleep(1.5)
    before = _descendants_cpu(server_pid)
    time.sleep(1.0)
    assert _descendants_cpu(server_pid) - before < 0.3


@pytest.mark.slow
def test_a_hard_board_holds_up_no_small_one_and_dies_with_its_client(tmp_path: Path) -> None:
    """While a 200x200 lattice is analysed, an Expert-size analysis and a health
    check still answer at once; when the hard board's client goes away, its
    child stops using the processor."""
    server = Server(tmp_path / "games.db").start()
    try:
        assert server.proc is not None
        body = json.dumps({"board": HARD}).encode()
        hard = _post_raw(server, body)
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
        _assert_children_idle(server.proc.pid)
    finally:
        server.kill()


@pytest.mark.slow
def test_a_stream_whose_client_goes_away_mid_way_stops_its_child(tmp_path: Path) -> None:
    """A 24x24 lattice: its first line comes within a second, its dead cells
    would take minutes. The client reads the first line and goes away: the
    child stops using the processor."""
    server = Server(tmp_path / "games.db").start()
    try:
        assert server.proc is not None
        body = json.dumps({"board": format_board(wide_lattice(24, 1).knowledge)}).encode()
        conn = _post_raw(server, body, b"Accept: application/x-ndjson\r\n")
        got = b""
        while b'"probabilities"' not in got:
            chunk = conn.recv(65536)
            assert chunk, "the server closed the stream before the first stage"
            got += chunk
        assert b"200 OK" in got.split(b"\r\n", 1)[0]
        if b'"stopped":"time"' in got:
            # A heavy board's child is niced after 0.2 s: on a machine this busy
            # its first stage came only as the server's time limit ended it.
            conn.close()
            pytest.skip("the machine was too busy for the first stage to come in time")
        assert b'"complete"' not in got  # the dead cells are still being looked for
        conn.close()
        _assert_children_idle(server.proc.pid)
    finally:
        server.kill()


def _first_line(conn: socket.socket) -> bytes:
    """What a stream sent up to its first stage's line (the probabilities)."""
    got = b""
    while b'"probabilities"' not in got:
        chunk = conn.recv(65536)
        assert chunk, "the server closed the stream before the first stage"
        got += chunk
    return got


@pytest.mark.slow
def test_a_light_first_stage_waits_for_no_turn(tmp_path: Path) -> None:
    """With one light turn, held by another client's slow later stages (the
    dead cells of a 20x20 lattice take seconds), an Expert position's count
    and probabilities still come at once: they are made on the event loop,
    and only the stages after them wait for the turn."""
    server = Server(tmp_path / "games.db", options=("--light-jobs", "1")).start()
    stream = b"Accept: application/x-ndjson\r\n"
    a, b = (stream + b"Cookie: minebender_client=" + c * 16 + b"\r\n" for c in (b"a", b"b"))
    expert = format_board(real_play("expert", 30, 2)[-1].knowledge)
    try:
        with contextlib.closing(
            _post_raw(server, json.dumps({"board": SLOW_DEAD}).encode(), a)
        ) as slow:
            _first_line(slow)  # its later stages now hold the only light turn
            with contextlib.closing(
                _post_raw(server, json.dumps({"board": expert}).encode(), b)
            ) as quick:
                got = _first_line(quick)
            assert b"200 OK" in got.split(b"\r\n", 1)[0] and b'"complete"' not in got
            slow.setblocking(False)
            held = b""
            with contextlib.suppress(BlockingIOError):
                while chunk := slow.recv(65536):
                    held += chunk
            assert b'"complete"' not in held  # the slow analysis still holds the turn
    finally:
        server.kill()


def test_only_the_stages_after_a_quick_first_stage_go_to_a_niced_child(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An Expert position's first stage is made by the server itself: its
    child makes the rest, niced after 0.2 s (not the light lane's 1 s). A
    board past Expert's cells has every stage made in its child, niced only
    after 0.2 s."""
    asked: list[tuple[str, limited.Limits]] = []
    run = limited.run_async

    async def recording(fn: Any, *args: Any, limits: limited.Limits, **kw: Any) -> Any:
        asked.append((fn.__name__, limits))
        return await run(fn, *args, limits=limits, **kw)

    monkeypatch.setattr(limited, "run_async", recording)
    expert = format_board(real_play("expert", 10, 3)[-1].knowledge)
    for headers in ({}, STREAM):
        asked.clear()
        r = client.post("/api/analyse", json={"board": expert}, headers=headers)
        assert r.status_code == 200
        got = [(name, lim.nice, lim.nice_after) for name, lim in asked]
        assert got == [("follow_json", 19, 0.2)]
    asked.clear()
    big = format_board(real_play_board(40, 40, 300, 1, 3)[0].knowledge)
    assert client.post("/api/analyse", json={"board": big}).json()["complete"] is True
    assert [(name, lim.nice_after) for name, lim in asked] == [("study_json", 0.2)]

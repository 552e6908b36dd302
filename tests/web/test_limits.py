"""The server's fault suite of bounds (docs/web.md, Limits), each case with its
expected outcome:

- a flood of heavy analyses from one client: past its share, 429 with
  Retry-After; a polite client's analysis is answered while the flood runs;
- lanes: a cookieless flood of huge boards or big files from 127.0.0.1 does
  not hold up a cookieless Expert analysis or review from the same address
  (the light lane); a flood of Expert analyses gets 429 from the light lane;
- frames of a replay run in a child process: its memory cap is the child's,
  and a killed child is a clear 500;
- slow clients: a head or a body that trickles in is cut at its deadline
  (408 for a head), /api/health answers meanwhile, and past the connection
  cap the connection that waited longest is closed;
- the bounds are options of ``minebender serve``, range-checked.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette import exceptions as starlette_exceptions

with warnings.catch_warnings():
    warnings.simplefilter(
        "ignore",
        getattr(starlette_exceptions, "StarletteDeprecationWarning", DeprecationWarning),
    )
    from fastapi.testclient import TestClient

from minebender.faces.web import create_app, replay_routes
from minebender.faces.web.clients import COOKIE
from minebender.faces.web.lanes import LIGHT_BYTES
from minebender.formats.boardtext import format_board
from minebender.services import limited
from minebender.services.bench.long_replay import long_replay
from minebender.services.bench.positions import real_play, wide_lattice

from .server import Server
from .test_api import FIRST, SEED, Player

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db_path)) as c:
        yield c


def _a_replay(client: TestClient) -> str:
    """The replay file of a game lost at its first assist."""
    p = Player(client, seed=SEED)
    p.act("reveal", FIRST)
    p.act("assist")
    r = client.get(f"/api/games/{p.id}/replay", headers=p.auth)
    assert r.status_code == 200
    return r.text


def killed(report: limited.Report, raw: bytes, out: str) -> tuple[int, bytes]:
    """A child that dies as the kernel's OOM killer or a kill -9 would end it."""
    os.kill(os.getpid(), signal.SIGKILL)
    return 200, b"{}"  # pragma: no cover - never reached


def test_a_client_gets_its_cookie_once(client: TestClient) -> None:
    """The server names each client with a cookie it sets once (web.clients)."""
    first = client.get("/api/health")
    assert COOKIE in first.headers.get("set-cookie", "")
    assert (
        "HttpOnly" in first.headers["set-cookie"]
        and "SameSite=Strict" in first.headers["set-cookie"]
    )
    again = client.get("/api/health")
    assert "set-cookie" not in again.headers


def test_frames_run_in_a_child_under_its_memory_cap(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The frames' memory is the child's: under a cap too small for them, the
    answer is a 422 naming the bounds, and the server goes on."""
    text = _a_replay(client)
    long = long_replay(2000)
    monkeypatch.setattr(replay_routes, "FRAMES_LIMITS", limited.Limits(seconds=30, memory=1 << 20))
    r = client.post("/api/replays/frames", content=long, headers=JSON)
    assert r.status_code == 422 and "too long to step through" in r.json()["detail"]
    monkeypatch.undo()
    ok = client.post("/api/replays/frames", content=text, headers=JSON)
    assert ok.status_code == 200 and len(ok.json()["frames"]) >= 2


def test_a_killed_frames_child_is_a_clear_500(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A child killed as it worked is a 500 naming the signal; the frames'
    temporary file is removed, after a kill as after an answer."""
    text = _a_replay(client)
    (temp := tmp_path / "temp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    ok = client.post("/api/replays/frames", content=text, headers=JSON)
    assert ok.status_code == 200 and ok.json()["frames"]
    assert list(temp.iterdir()) == []
    monkeypatch.setattr(replay_routes, "_frames_json", killed)
    r = client.post("/api/replays/frames", content=text, headers=JSON)
    assert r.status_code == 500
    assert r.json()["detail"] == (
        "stepping through the replay stopped (signal 9); nothing else was affected"
    )
    assert client.get("/api/health").status_code == 200
    assert list(temp.iterdir()) == []


@pytest.mark.heavy
def test_a_flood_gets_429_and_a_polite_client_is_answered_meanwhile(tmp_path: Path) -> None:
    """Ten heavy analyses from one client, with two turns: one runs, two wait,
    seven are refused at once (429, Retry-After in whole seconds). A polite
    client's Expert analysis is answered while the flood is still at work."""
    server = Server(tmp_path / "games.db", options=("--analyses", "2", "--per-client", "2"))
    server.start()
    hard = json.dumps({"board": format_board(wide_lattice(120, 1).knowledge)})
    expert = json.dumps({"board": format_board(real_play("expert", 1, 3)[0].knowledge)})
    answers: list[httpx.Response] = []

    def flood() -> None:
        with httpx.Client(cookies={COOKIE: "f" * 32}, timeout=120) as c:
            answers.append(c.post(server.url + "/api/analyse", content=hard, headers=JSON))

    try:
        threads = [threading.Thread(target=flood) for _ in range(10)]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 30
        while sum(a.status_code == 429 for a in answers) < 7 and time.monotonic() < deadline:
            time.sleep(0.05)
        with httpx.Client(cookies={COOKIE: "p" * 32}, timeout=120) as polite:
            r = polite.post(server.url + "/api/analyse", content=expert, headers=JSON)
        finished_before = sum(a.status_code == 200 for a in answers)
        for t in threads:
            t.join()
    finally:
        server.kill()
    assert r.status_code == 200 and r.json()["complete"] is True
    assert finished_before == 0  # the flood's first analysis still ran
    refused = [a for a in answers if a.status_code == 429]
    assert len(refused) == 7 and sum(a.status_code == 200 for a in answers) == 3
    assert all(a.headers["retry-after"].isdigit() for a in refused)
    assert "from this client" in refused[0].json()["detail"]


REPLAYS = Path(__file__).parents[2] / ".." / "shared" / "replays"
OCTETS = {"Content-Type": "application/octet-stream"}


def _flood(
    url: str, count: int, body: bytes | str, headers: dict[str, str]
) -> tuple[list[threading.Thread], list[httpx.Response]]:
    """count requests posted at once to url by a program that keeps no cookie."""
    answers: list[httpx.Response] = []

    def post() -> None:
        answers.append(httpx.post(url, content=body, headers=headers, timeout=300))

    threads = [threading.Thread(target=post) for _ in range(count)]
    for t in threads:
        t.start()
    return threads, answers


def _until_refused(answers: list[httpx.Response], count: int) -> None:
    deadline = time.monotonic() + 60
    while sum(a.status_code == 429 for a in answers) < count and time.monotonic() < deadline:
        time.sleep(0.05)


def _refused_well(answers: list[httpx.Response]) -> list[httpx.Response]:
    refused = [a for a in answers if a.status_code == 429]
    assert all(a.headers["retry-after"].isdigit() for a in refused)
    return refused


@pytest.mark.heavy
def test_a_cookieless_flood_of_huge_boards_leaves_an_expert_analysis_free(tmp_path: Path) -> None:
    """50 analyses of a huge lattice and one of an Expert board, all from
    127.0.0.1 without cookies: one client to the server. The flood is refused
    past its share (429, Retry-After); the Expert board takes the light lane
    and is answered while the flood is still at work."""
    server = Server(tmp_path / "games.db").start()
    hard = json.dumps({"board": format_board(wide_lattice(120, 1).knowledge)})
    expert = json.dumps({"board": format_board(real_play("expert", 1, 3)[0].knowledge)})
    try:
        threads, answers = _flood(server.url + "/api/analyse", 50, hard, JSON)
        _until_refused(answers, 40)
        r = httpx.post(server.url + "/api/analyse", content=expert, headers=JSON, timeout=120)
        answered_before = len(answers)
        for t in threads:
            t.join()
    finally:
        server.kill()
    assert r.status_code == 200 and r.json()["complete"] is True
    assert answered_before < 50  # some of the flood was still at work
    assert len(_refused_well(answers)) >= 40
    assert "from this client" in _refused_well(answers)[0].json()["detail"]


@pytest.mark.heavy
def test_a_cookieless_flood_of_big_files_leaves_an_expert_review_free(tmp_path: Path) -> None:
    """50 reviews of a replay too big for the light lane (Expert-size, but of
    8,000 events) and one of a real Expert game, all cookieless from one
    address: the real game's review is answered while the flood is at work."""
    server = Server(tmp_path / "games.db").start()
    big = long_replay(8_000)
    assert len(big) > LIGHT_BYTES
    real = (REPLAYS / "arbiter_expert_lost_wasted_clicks.avf").read_bytes()
    try:
        threads, answers = _flood(server.url + "/api/review?name=long.json", 50, big, OCTETS)
        _until_refused(answers, 40)
        r = httpx.post(
            server.url + "/api/review?name=expert.avf", content=real, headers=OCTETS, timeout=120
        )
        answered_before = len(answers)
        for t in threads:
            t.join()
    finally:
        server.kill()
    assert r.status_code == 200, r.text
    assert (r.json()["width"], r.json()["height"]) == (30, 16)
    assert answered_before < 50
    assert len(_refused_well(answers)) >= 40


@pytest.mark.heavy
def test_a_flood_of_light_requests_is_refused_by_the_light_lanes_bounds(tmp_path: Path) -> None:
    """50 Expert analyses at once from one cookieless program: the light lane
    bounds it as the heavy lane would (429, Retry-After), and another client
    behind the same address, with its cookie, is answered meanwhile."""
    server = Server(tmp_path / "games.db", options=("--light-jobs", "2")).start()
    expert = json.dumps({"board": format_board(real_play("expert", 1, 3)[0].knowledge)})
    try:
        threads, answers = _flood(server.url + "/api/analyse", 50, expert, JSON)
        _until_refused(answers, 1)
        with httpx.Client(cookies={COOKIE: "p" * 32}, timeout=120) as polite:
            r = polite.post(server.url + "/api/analyse", content=expert, headers=JSON)
        for t in threads:
            t.join()
    finally:
        server.kill()
    assert r.status_code == 200 and r.json()["complete"] is True
    refused = _refused_well(answers)
    assert refused and "Expert-size analyses" in refused[0].json()["detail"]
    assert {a.status_code for a in answers} == {200, 429}


def _trickle(port: int, count: int, head: bytes, seconds: float) -> tuple[list[bytes], float]:
    """count connections that each send head a byte at a time, one byte every
    0.25 s, for at most seconds; what each was told when the server closed it,
    and the longest /api/health took meanwhile."""
    conns = [socket.create_connection(("127.0.0.1", port)) for _ in range(count)]
    for c in conns:
        c.setblocking(False)
    told = [b""] * count
    closed = [False] * count
    worst = 0.0
    start = time.monotonic()
    i = 0
    while not all(closed) and time.monotonic() - start < seconds:
        for n, c in enumerate(conns):
            if closed[n]:
                continue
            try:
                got = c.recv(4096)
                if got == b"":
                    closed[n] = True
                told[n] += got
                continue
            except BlockingIOError:
                pass
            except OSError:
                closed[n] = True
                continue
            with_byte = head[i % len(head) : i % len(head) + 1]
            try:
                c.send(with_byte)
            except OSError:
                closed[n] = True
        t = time.monotonic()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=10) as r:
            assert r.status == 200
        worst = max(worst, time.monotonic() - t)
        i += 1
        time.sleep(0.25)
    for c in conns:
        c.close()
    assert all(closed), f"{closed.count(False)} of {count} slow connections were kept"
    return told, worst


@pytest.mark.heavy
def test_heads_that_trickle_in_are_cut_and_health_answers(tmp_path: Path) -> None:
    """200 connections that send a request head a byte at a time are closed at
    the head deadline, each told 408; /api/health answers all along."""
    server = Server(tmp_path / "games.db", options=("--head-timeout", "2")).start()
    try:
        head = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200
        told, worst = _trickle(server.port, 200, head, 20)
    finally:
        server.kill()
    assert all(t.startswith(b"HTTP/1.1 408 ") for t in told)
    assert worst < 5  # health had no answer in 20 s before the deadline


@pytest.mark.heavy
def test_a_body_that_trickles_in_is_cut_at_its_deadline(tmp_path: Path) -> None:
    server = Server(tmp_path / "games.db", options=("--body-timeout", "2")).start()
    try:
        head = (
            b"POST /api/analyse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 60000\r\n\r\n"
        )
        with socket.create_connection(("127.0.0.1", server.port)) as c:
            c.sendall(head)
            start = time.monotonic()
            c.settimeout(0.5)
            ended = False
            while time.monotonic() - start < 20 and not ended:
                try:
                    c.sendall(b" ")
                    ended = c.recv(4096) == b""
                except TimeoutError:
                    continue
                except OSError:
                    ended = True
            took = time.monotonic() - start
    finally:
        server.kill()
    assert ended and took < 10


@pytest.mark.heavy
def test_past_the_connection_cap_the_longest_waiting_is_closed(tmp_path: Path) -> None:
    """With a cap of 20 connections, 20 idle ones do not keep /api/health out:
    it takes the place of the one that waited longest."""
    server = Server(tmp_path / "games.db", options=("--max-connections", "20")).start()
    try:
        idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(20)]
        time.sleep(0.5)
        with urllib.request.urlopen(server.url + "/api/health", timeout=10) as r:
            assert r.status == 200
        idle[0].settimeout(5)
        assert idle[0].recv(10) == b""  # the first, oldest, was closed
        for c in idle:
            c.close()
    finally:
        server.kill()


@pytest.mark.heavy
def test_a_connection_idle_after_its_answer_is_closed(tmp_path: Path) -> None:
    server = Server(tmp_path / "games.db", options=("--idle-timeout", "1")).start()
    try:
        with socket.create_connection(("127.0.0.1", server.port)) as c:
            c.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            c.settimeout(10)
            answer = c.recv(4096)
            start = time.monotonic()
            while c.recv(4096):
                pass
            idle = time.monotonic() - start
    finally:
        server.kill()
    assert answer.startswith(b"HTTP/1.1 200 ") and idle < 3  # uvicorn alone waits 5 s


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("--analyses", "0", "--analyses must be from 1 to 64, got '0'"),
        ("--light-jobs", "65", "--light-jobs must be from 1 to 64, got '65'"),
        ("--per-client", "x", "--per-client must be an integer in digits 0-9, got 'x'"),
        ("--head-timeout", "3601", "--head-timeout must be from 1 to 3600, got '3601'"),
        ("--max-connections", "-5", "--max-connections must be from 1 to 100000, got '-5'"),
        ("--analysis-seconds", "0", "--analysis-seconds must be from 1 to 3600, got '0'"),
    ],
)
def test_a_bound_out_of_range_is_one_line_and_status_2(option: str, value: str, words: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "minebender", "serve", "--no-browser", option, value],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")},
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == f"minebender serve: error: {words}"

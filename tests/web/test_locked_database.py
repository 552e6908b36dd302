"""The web server while another process holds the database locked: the
requests that need the database wait (and answer 503 if the lock outlasts
SQLite's wait), the others are answered at once. Every write waited on the
event loop, so one locked write held up every player, even ``/api/health``."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from .server import Server

pytestmark = pytest.mark.timeout(60)


def call(url: str, method: str = "GET", body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_a_locked_database_holds_up_only_the_requests_that_need_it(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    server = Server(db).start()
    try:
        games = [call(f"{server.url}/api/games", "POST", {"level": "beginner"})[1] for _ in "ab"]
        (gid, token), (other_gid, other_token) = ((g["id"], g["token"]) for g in games)
        answers: list[tuple[int, Any, float]] = []

        def act() -> None:
            began = time.monotonic()
            flag = {"type": "flag", "x": 0, "y": 0}
            status, body = call(f"{server.url}/api/games/{gid}/actions", "POST", flag, token)
            answers.append((status, body, time.monotonic() - began))

        with contextlib.closing(sqlite3.connect(db, isolation_level=None)) as other:
            other.execute("BEGIN EXCLUSIVE")  # a database browser, a backup tool
            waiting = threading.Thread(target=act)
            waiting.start()
            time.sleep(0.5)  # the action is waiting for the lock now
            began = time.monotonic()
            assert call(f"{server.url}/api/health")[0] == 200
            status, seen = call(f"{server.url}/api/games/{other_gid}", token=other_token)
            assert status == 200  # another player's game, in memory
            assert time.monotonic() - began < 2.0  # not behind the 5 s wait
            # the same game waits for its action, and then shows it not taken
            status, seen = call(f"{server.url}/api/games/{gid}", token=token)
            assert status == 200 and seen["view"]["tiles"][0][0] == "covered"
            waiting.join(30)
            other.execute("ROLLBACK")
        [(status, body, took)] = answers
        assert status == 503 and "locked" in body["detail"], body
        assert took >= 4.0  # SQLite waited its 5 s for the lock
        flag = {"type": "flag", "x": 0, "y": 0}
        status, view = call(f"{server.url}/api/games/{gid}/actions", "POST", flag, token)
        assert status == 200 and view["view"]["tiles"][0][0] == "flagged"  # free again
    finally:
        server.kill()

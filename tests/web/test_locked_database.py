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
        # more players than asyncio's default threads (the cores plus four)
        new = {"level": "beginner"}
        games = [call(f"{server.url}/api/games", "POST", new)[1] for _ in range(11)]
        answers: dict[str, tuple[int, Any, float]] = {}
        flag = {"type": "flag", "x": 0, "y": 0}

        def act(game: dict[str, Any]) -> None:
            began = time.monotonic()
            url = f"{server.url}/api/games/{game['id']}/actions"
            status, body = call(url, "POST", flag, game["token"])
            answers[game["id"]] = (status, body, time.monotonic() - began)

        with contextlib.closing(sqlite3.connect(db, isolation_level=None)) as other:
            other.execute("BEGIN EXCLUSIVE")  # a database browser, a backup tool
            players = [threading.Thread(target=act, args=(g,)) for g in games[:10]]
            for p in players:
                p.start()
            time.sleep(0.5)  # the actions are waiting for the lock now
            assert call(f"{server.url}/api/health")[0] == 200
            idle = games[10]
            assert call(f"{server.url}/api/games/{idle['id']}", token=idle["token"])[0] == 200
            assert call(f"{server.url}/api/statistics")[0] == 200  # a read: WAL allows it
            # answered while every write still waits for the lock (5 s): not behind them
            assert not answers
            # the same game waits for its action, and then shows it not taken
            first = games[0]
            status, seen = call(f"{server.url}/api/games/{first['id']}", token=first["token"])
            assert status == 200 and seen["view"]["tiles"][0][0] == "covered"
            for p in players:
                p.join(30)
            other.execute("ROLLBACK")
        for status, body, took in answers.values():
            assert status == 503 and "locked" in body["detail"], body
            # one wait of about 5 s each, not 5 s more for each write queued before
            assert took < 7.0
        status, view = call(
            f"{server.url}/api/games/{first['id']}/actions", "POST", flag, first["token"]
        )
        assert status == 200 and view["view"]["tiles"][0][0] == "flagged"  # free again
    finally:
        server.kill()

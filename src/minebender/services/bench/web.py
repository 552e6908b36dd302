"""``minebender bench web``: concurrent players against the web server, round trips timed.

Starts ``minebender serve`` on a free loopback port with a scratch database
(or targets ``--url``), lets ``--players`` simulated players play Expert at
once until ``--actions`` actions have been sent, prints the round-trip
percentiles per action type, and stops by itself. The target of the web game
is a 95th percentile under 50 ms, the assist on Expert included.

Each player waits ``--think-ms`` on average (uniformly from half to one and
a half times it) before each action: 250 ms by default, about four actions a
second, faster than most people play. ``--think-ms 0`` has every player send
its next action the moment the last one is answered: that measures how many
actions a second the server can take, not what a person would feel. It may be
at most ``THINK_MS_LIMIT`` (a minute): a slower player times nothing more.

The table has a row per kind of request; its ``all`` row is every action
(reveal, flag, chord, assist), the requests the target is about: ``new game``
(starting a game, a request a person makes once a game) is not in it.

``--analyse`` adds the analysis board (``bench.web_analysis``): the players
play once alone, then POST /api/analyse is timed on Expert and 100x100 real
play, and the players play again while a 200x200 lattice is being analysed
and pages of the analysis board edit positions up to Expert; a line compares
the players' 95th percentiles, and a table gives the pages' first stage
(``bench.web_stages``), whose target is the same 50 ms.

The players see only what the API shows. Each plays like a quick person: it
flags the mines and reveals the cells that single numbers prove, chords
numbers whose flags add up, and presses the assist when that logic is stuck
(the server then runs the full solver: the costliest action). Their choices
come from ``--seed``, so a run can be repeated.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from minebender.services.bench.local_server import start_server, stop_server
from minebender.services.bench.percentile import percentile as _pct
from minebender.services.bench.web_analysis import HARD_SIZE, KINDS, analysis_cases
from minebender.services.bench.web_stages import Page, report
from minebender.values.seeded import Stream
from minebender.values.types import Pos, neighbours
from minebender.values.words import count

__all__ = ["THINK_MS_LIMIT", "BenchError", "Load", "Stats", "choose", "run", "start_server"]

TARGET_MS = 50.0
OTHERS = ("new game", *KINDS)
"""Requests timed beside the actions, not among them."""
THINK_MS_LIMIT = 60_000.0
"""The longest --think-ms, a minute: an infinite or NaN pause cannot be slept,
and a huge one would never end the run."""


@dataclass(frozen=True, slots=True)
class Load:
    """The players' load, as the options asked for it."""

    players: int
    actions: int
    """Actions in all, shared by the players."""
    level: str
    """A named level, lower case."""
    think_ms: float
    """Each player's mean pause between actions, from 0 to THINK_MS_LIMIT."""
    seed: int
    """The players' choices."""


class BenchError(Exception):
    """The run could not be made (no server, a server that stops answering): the
    message says what was wrong."""


@dataclass
class Stats:
    """Round trips in ms by kind of request, and errors."""

    times: dict[str, list[float]] = field(default_factory=dict)
    server: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    """Targets missed beside the actions' (``--analyse``'s first stage)."""

    def add(self, kind: str, ms: float) -> None:
        """One timed round trip of a kind (``new game``, ``reveal``...), in ms."""
        self.times.setdefault(kind, []).append(ms)

    @property
    def actions(self) -> list[float]:
        """The round trips of every action but ``new game`` and the analyses: the
        actions are what a player waits for while playing, and the target is set
        on them."""
        return [t for k, ts in self.times.items() if k not in OTHERS for t in ts]


def choose(view: dict[str, Any], rng: Stream) -> dict[str, Any]:
    """The player's next action from the view alone (single-number logic, else assist)."""
    tiles: list[list[str]] = view["tiles"]
    w, h = view["width"], view["height"]
    if not view["started"]:
        return {"type": "reveal", "x": w // 2, "y": h // 2}
    safe: list[Pos] = []
    for y in range(h):
        for x in range(w):
            t = tiles[y][x]
            if len(t) != 1 or t == "0":
                continue
            near = neighbours(w, h, Pos(x, y))
            covered = [q for q in near if tiles[q.y][q.x] == "covered"]
            if not covered:
                continue
            flags = sum(1 for q in near if tiles[q.y][q.x] == "flagged")
            n = int(t)
            if flags == n:
                if rng.random() < 0.5:
                    return {"type": "chord", "x": x, "y": y}
                safe.extend(covered)
            elif flags + len(covered) == n:
                m = rng.choice(covered)
                return {"type": "flag", "x": m.x, "y": m.y}
    if safe:
        p = rng.choice(safe)
        return {"type": "reveal", "x": p.x, "y": p.y}
    return {"type": "assist"}


ANSWER_S = 30.0
"""How long one request may wait for its answer: a server that is stopped (or
a program that takes connections and never answers) must not hang the bench.
The slowest real answer, the assist on Expert, takes well under a second."""


class ServerLost(Exception):
    """The server stopped answering in the middle of the run."""


class NotMinebender(Exception):
    """The server answers, but not as minebender does (another program on the port)."""


class _Conn:
    """One keep-alive HTTP/1.1 connection, as lean as a browser's: the bench should
    time the server, not a heavy client library."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.server_ms = float("nan")
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        """One HTTP/1.1 request on this player's own kept-alive connection (made at
        the first request), and its answer: status and JSON. A connection of its
        own per player, as a browser tab has, measures the server, not a client pool."""
        if self.writer is None:
            try:
                self.reader, self.writer = await asyncio.wait_for(
                    asyncio.open_connection(self.host, self.port), ANSWER_S
                )
            except TimeoutError:
                raise ServerLost(f"it took no connection within {ANSWER_S:.0f} s") from None
        assert self.reader is not None and self.writer is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        head += f"Content-Length: {len(data)}\r\n\r\n"
        try:
            self.writer.write(head.encode() + data)
            return await asyncio.wait_for(self._answer(self.reader), ANSWER_S)
        except TimeoutError:
            raise ServerLost(f"no answer within {ANSWER_S:.0f} s") from None
        except (OSError, asyncio.IncompleteReadError) as exc:
            raise ServerLost("it closed the connection") from exc

    async def _answer(self, reader: asyncio.StreamReader) -> tuple[int, Any]:
        status_line = await reader.readline()
        if not status_line:
            raise ServerLost("it closed the connection")
        words = status_line.split()
        if len(words) < 2 or not words[1].isdigit():
            raise NotMinebender(f"its answer is not HTTP ({status_line[:40]!r})")
        status = int(words[1])
        length = 0
        self.server_ms = float("nan")
        while True:
            line = await reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value) if value.strip().isdigit() else 0
            elif name == b"server-timing" and b"dur=" in value:
                with contextlib.suppress(ValueError):
                    self.server_ms = float(value.split(b"dur=")[1].split(b";")[0])
        payload = await reader.readexactly(length)
        try:
            return status, json.loads(payload) if payload else None
        except ValueError:
            raise NotMinebender(f"it answered {status} with {payload[:40]!r}, not JSON") from None

    def close(self) -> None:
        """Close the player's connection, if it was made."""
        if self.writer is not None:
            self.writer.close()


async def _player(conn: _Conn, index: int, plan: Load, budget: list[int], stats: Stats) -> None:
    rng = Stream.from_text(f"minebender bench web {plan.seed} {index}")
    if plan.think_ms:  # players arrive spread over one think time, not all at once
        await asyncio.sleep(rng.uniform(0, plan.think_ms / 1000))
    game = 0
    while budget[0] > 0:
        seed = f"bench-{plan.seed}-{index}-{game}"
        t0 = time.perf_counter()
        status, data = await conn.request("POST", "/api/games", {"level": plan.level, "seed": seed})
        stats.add("new game", (time.perf_counter() - t0) * 1000)
        game += 1
        if status != 201:
            stats.errors.append(f"new game: {status} {str(data)[:80]}")
            return
        token = data["token"]
        path = f"/api/games/{data['id']}/actions"
        view = data["view"]
        while view["status"] == "playing" and budget[0] > 0:
            budget[0] -= 1
            action = choose(view, rng)
            if plan.think_ms:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * plan.think_ms / 1000)
            t0 = time.perf_counter()
            status, data = await conn.request("POST", path, action, token)
            stats.add(action["type"], (time.perf_counter() - t0) * 1000)
            stats.server.append(conn.server_ms)
            if status != 200:
                stats.errors.append(f"{action['type']}: {status} {str(data)[:80]}")
                break
            view = data["view"]


async def _load(url: str, plan: Load, stats: Stats) -> float:
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        raise ValueError(f"--url must look like http://127.0.0.1:8000, got {url!r}")
    conns = [_Conn(parts.hostname, parts.port or 80) for _ in range(plan.players)]
    budget = [plan.actions]
    t0 = time.perf_counter()
    try:
        await asyncio.gather(*(_player(c, i, plan, budget, stats) for i, c in enumerate(conns)))
    finally:
        for c in conns:
            c.close()
    return time.perf_counter() - t0


async def _load_with_analyses(url: str, plan: Load, stats: Stats) -> float:
    """``--analyse``: the players' load alone first, for comparison on a machine
    whose other work moves every figure; then the analysis board's cases
    (``bench.web_analysis``), the players' load running under the hard board."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        raise ValueError(f"--url must look like http://127.0.0.1:8000, got {url!r}")
    host, port = parts.hostname, parts.port or 80
    alone = Stats()
    await _load(url, plan, alone)
    wall, stops, firsts = await analysis_cases(
        lambda: _Conn(host, port),
        lambda client: Page(host, port, client),
        stats,
        lambda: _load(url, plan, stats),
        plan.seed,
        plan.think_ms,
    )
    quiet = _pct(alone.actions, 0.95) if alone.actions else float("nan")
    busy = _pct(stats.actions, 0.95) if stats.actions else float("nan")
    print(
        f"players' actions, 95th percentile: {quiet:.1f} ms alone, {busy:.1f} ms while a"
        f" {HARD_SIZE}x{HARD_SIZE} lattice was analysed ({len(stops)} analyses finished,"
        f" stopped by {', '.join(sorted(set(stops))) or 'nothing yet'})"
    )
    hard = f"a {HARD_SIZE}x{HARD_SIZE} lattice was analysed and the players played"
    stats.errors.extend(firsts.errors)
    if not report(firsts, hard):
        stats.missed.append("the analysis board's first stage")
    return wall


def _report(stats: Stats, plan: Load, url: str, wall: float) -> float:
    print(
        f"minebender bench web: {count(plan.players, 'player')},"
        f" {count(plan.actions, 'action')} on {plan.level},"
        f" think time {plan.think_ms:g} ms, server {url}"
    )
    print(f"{'request':<18}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    rows = [*sorted(k for k in stats.times if k not in OTHERS), *OTHERS]
    for kind in rows:
        ts = stats.times.get(kind)
        if ts:
            print(
                f"{kind:<18}{len(ts):>7}{_pct(ts, 0.5):>9.1f}{_pct(ts, 0.95):>9.1f}"
                f"{_pct(ts, 0.99):>9.1f}{max(ts):>9.1f}"
            )
    every = stats.actions
    p95 = _pct(every, 0.95) if every else float("nan")
    print(
        f"{'all':<18}{len(every):>7}{_pct(every, 0.5):>9.1f}{p95:>9.1f}"
        f"{_pct(every, 0.99):>9.1f}{max(every):>9.1f}   (every action; not new game)"
    )
    print(
        f"throughput: {len(every) / wall:.0f} actions/s over {wall:.2f} s;"
        f" errors: {len(stats.errors)}"
    )
    for e in stats.errors[:5]:
        print(f"  error: {e}")
    inside = [t for t in stats.server if t == t]  # drop NaN: no Server-Timing header
    if inside:
        print(
            f"{'in server':<18}{len(inside):>7}{_pct(inside, 0.5):>9.1f}{_pct(inside, 0.95):>9.1f}"
            f"{_pct(inside, 0.99):>9.1f}{max(inside):>9.1f}   (Server-Timing of the actions)"
        )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"machine: {os.cpu_count()} CPUs, load average {load:.1f} (other work slows every figure)"
    )
    verdict = "OK" if p95 < TARGET_MS else "MISSED"
    print(f"95th percentile of one action: {p95:.1f} ms (target < {TARGET_MS:g} ms): {verdict}")
    return p95


def run(plan: Load, url: str | None, analyse: bool, check: bool) -> int:
    """Load the server at ``url`` (or one started here) with ``plan``'s players
    and print the figures; with ``analyse`` time the analysis board too. The exit
    status: 1 on errors, or with ``check`` when the target is missed. A run that
    cannot be made is a BenchError."""
    stats = Stats()
    with tempfile.TemporaryDirectory(prefix="minebender-bench-") as tmp:
        proc = None
        if url is None:
            try:
                proc, url = start_server(Path(tmp) / "bench.db")
            except RuntimeError as exc:
                raise BenchError(f"cannot start a server: {exc}") from exc
        try:
            load = _load_with_analyses if analyse else _load
            wall = asyncio.run(load(url.rstrip("/"), plan, stats))
        except ServerLost as exc:
            raise BenchError(f"the server at {url} stopped answering: {exc}") from None
        except NotMinebender as exc:
            raise BenchError(f"{url} is not a minebender server: {exc}") from None
        except ValueError as exc:
            raise BenchError(str(exc)) from exc
        except OSError as exc:
            raise BenchError(f"cannot reach {url}: {exc}") from exc
        finally:
            if proc is not None:
                stop_server(proc)
    if not stats.actions:
        print("no action was timed", file=sys.stderr)
        for e in stats.errors[:5]:
            print(f"  error: {e}", file=sys.stderr)
        return 1
    p95 = _report(stats, plan, url, wall)
    if stats.errors:
        return 1
    return 1 if check and (p95 >= TARGET_MS or stats.missed) else 0

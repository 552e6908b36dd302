"""``minebender bench server``: the figures of the server's bounds (docs/web.md,
Limits), against a real ``minebender serve`` on a free loopback port with a
scratch database.

- flood: one program, without cookies, posts 50 analyses of a huge lattice
  and 50 reviews of a big replay at once; another, also without cookies and
  from the same address (to the server, the same client), asks for Expert
  analyses one after another and for an Expert review. Its latencies alone
  and during the flood, and how the flood was answered.
- frames: the server's resident memory before, during (the peak) and after
  framing a replay of 100,000 events (its children's memory is their own).
- slow: connections that each send a byte of a request head a second; the
  latency of ``/api/health`` meanwhile, and when all were closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.cookiejar
import json
import socket
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import httpx

from minebender.formats.boardtext import format_board
from minebender.services.bench.local_server import start_server
from minebender.services.bench.long_replay import long_replay
from minebender.services.bench.positions import real_play, wide_lattice

__all__ = ["PARTS", "Plan", "run"]

PARTS = ("flood", "frames", "slow")
JSON = {"Content-Type": "application/json"}
OCTETS = {"Content-Type": "application/octet-stream"}


@dataclass(frozen=True, slots=True)
class Plan:
    """What to measure: the parts, the flood's size, the lattice's side, the
    slow connections, and the Expert replay to review (None: a made one)."""

    parts: Sequence[str] = PARTS
    flood: int = 50
    lattice: int = 200
    slow: int = 1000
    review: tuple[str, bytes] | None = None


def _cookieless() -> http.cookiejar.CookieJar:
    """A jar that keeps no cookie: a program the server cannot tell apart
    from any other on its address."""
    return http.cookiejar.CookieJar(http.cookiejar.DefaultCookiePolicy(allowed_domains=[]))


def _ms(values: list[float]) -> str:
    return ", ".join(f"{v:.0f}" for v in values)


async def _polite(client: httpx.AsyncClient, boards: list[str], review: tuple[str, bytes]) -> str:
    """Expert analyses one after another, then one Expert review: each in ms."""
    took = []
    for board in boards:
        t = time.perf_counter()
        r = await client.post("/api/analyse", content=json.dumps({"board": board}), headers=JSON)
        took.append((time.perf_counter() - t) * 1000)
        if r.status_code != 200:
            return f"analysis answered {r.status_code}: {r.text}"
    t = time.perf_counter()
    r = await client.post(f"/api/review?name={review[0]}", content=review[1], headers=OCTETS)
    reviewed = (time.perf_counter() - t) * 1000
    if r.status_code != 200:
        return f"review answered {r.status_code}: {r.text}"
    return f"analyses {_ms(took)}; review of {review[0]} {reviewed:.0f}"


async def flood(url: str, plan: Plan) -> None:
    """The polite program's latencies alone and during a flood from its address."""
    hard = json.dumps({"board": format_board(wide_lattice(plan.lattice, 1).knowledge)})
    big = long_replay(8_000)  # 304 kB: over the light lane's 256 KiB
    boards = [format_board(p.knowledge) for p in real_play("expert", 5, 7)]
    review = plan.review or ("expert.json", long_replay(300))
    limits = httpx.Limits(max_connections=4 * plan.flood)
    async with (
        httpx.AsyncClient(base_url=url, cookies=_cookieless(), timeout=300, limits=limits) as fl,
        httpx.AsyncClient(base_url=url, cookies=_cookieless(), timeout=300) as polite,
    ):
        print(f"polite, alone (ms):        {await _polite(polite, boards, review)}")
        sent = [fl.post("/api/analyse", content=hard, headers=JSON) for _ in range(plan.flood)]
        sent += [
            fl.post("/api/review?name=long.json", content=big, headers=OCTETS)
            for _ in range(plan.flood)
        ]
        flooding = [asyncio.ensure_future(s) for s in sent]
        await asyncio.sleep(1.0)
        during = await _polite(polite, boards, review)
        still = sum(not f.done() for f in flooding)
        print(f"polite, during flood (ms): {during}")
        answers = await asyncio.gather(*flooding)
    for what, part in (("analyses", answers[: plan.flood]), ("reviews", answers[plan.flood :])):
        codes = Counter(a.status_code for a in part)
        retry = sorted({int(a.headers["retry-after"]) for a in part if a.status_code == 429})
        print(
            f"flood of {plan.flood} {what} (same address, no cookie):"
            f" {dict(sorted(codes.items()))}, Retry-After {retry} s"
        )
    print(f"flood requests still at work when the polite ones were answered: {still}")


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def frames(url: str, pid: int) -> None:
    """The server's memory around framing a replay of 100,000 events."""
    body = long_replay(100_000)
    before = peak = _rss_mb(pid)
    done: list[httpx.Response] = []

    def post() -> None:
        r = httpx.post(url + "/api/replays/frames", content=body, timeout=600, headers=JSON)
        done.append(r)

    t0 = time.perf_counter()
    thread = threading.Thread(target=post)
    thread.start()
    while thread.is_alive():
        peak = max(peak, _rss_mb(pid))
        time.sleep(0.05)
    seconds = time.perf_counter() - t0
    answer = done.pop()
    size, status = len(answer.content), answer.status_code
    del answer
    time.sleep(2.0)
    after = _rss_mb(pid)
    print(f"frames of 100,000 events: {status} in {seconds:.1f} s, answer {size / 1e6:.0f} MB")
    print(f"server RSS (MB): before {before:.0f}, peak during {peak:.0f}, after {after:.0f}")


def _open(conns: list[socket.socket]) -> int:
    """How many of conns the server has not closed."""
    still = 0
    for c in conns:
        try:
            if c.recv(4096, socket.MSG_PEEK) == b"":
                continue
        except BlockingIOError:
            still += 1
        except OSError:
            continue
    return still


def slow(url: str, count: int) -> None:
    """count connections trickling a head in; /api/health's latency meanwhile."""
    port = int(url.rsplit(":", 1)[1])
    conns = [socket.create_connection(("127.0.0.1", port)) for _ in range(count)]
    for c in conns:
        c.setblocking(False)
    head = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100
    start = time.monotonic()
    latencies: list[float] = []
    closed_at: float | None = None
    for i in range(len(head)):
        for c in conns:
            with contextlib.suppress(OSError):
                c.send(head[i : i + 1])
        t = time.perf_counter()
        try:
            httpx.get(url + "/api/health", timeout=20)
            latencies.append((time.perf_counter() - t) * 1000)
        except httpx.HTTPError:
            latencies.append(float("inf"))
        if _open(conns) == 0:
            closed_at = time.monotonic() - start
            break
        time.sleep(max(0.0, 1.0 - (time.perf_counter() - t)))
    for c in conns:
        c.close()
    closed = "never" if closed_at is None else f"after {closed_at:.1f} s"
    print(
        f"{count} connections sending a byte a second: /api/health worst"
        f" {max(latencies):.0f} ms, median {sorted(latencies)[len(latencies) // 2]:.0f} ms;"
        f" all closed {closed}"
    )


def run(plan: Plan) -> int:
    """Start a scratch server, measure plan's parts, stop it; the exit status."""
    with tempfile.TemporaryDirectory() as folder:
        proc, url = start_server(Path(folder) / "bench.db")
        print(f"minebender bench server: {', '.join(plan.parts)} against {url}")
        try:
            if "flood" in plan.parts:
                asyncio.run(flood(url, plan))
            if "frames" in plan.parts:
                frames(url, proc.pid)
            if "slow" in plan.parts:
                slow(url, plan.slow)
        finally:
            proc.kill()
            proc.wait()
    return 0

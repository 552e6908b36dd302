"""Figures of the server's bounds (docs/web.md, Limits), against a real
``minebender serve`` on a free loopback port with a scratch database:

- flood: one client posts 50 heavy analyses (a 200x200 lattice) at once while
  a polite client, with its own client cookie, asks for Expert analyses one
  after another: the polite latencies, and how the flood was answered;
- frames: the server's resident memory before, during (the peak) and after
  framing a replay of 100,000 events (its children's is their own);
- slow: N connections that each send a byte of a request head a second;
  the latency of /api/health meanwhile, and how many were closed.

    PYTHONPATH=src python scripts/bench-limits.py [flood] [frames] [slow] [--slow N]
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from minebender.formats.boardtext import format_board
from minebender.services.bench.long_replay import long_replay
from minebender.services.bench.positions import real_play, wide_lattice


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve(folder: Path, *options: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    cmd = [sys.executable, "-m", "minebender", "serve", "--port", str(port), "--no-browser"]
    proc = subprocess.Popen([*cmd, "--db", str(folder / "games.db"), *options])
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def flood(url: str) -> None:
    hard = json.dumps({"board": format_board(wide_lattice(200, 1).knowledge)})
    experts = [format_board(p.knowledge) for p in real_play("expert", 5, 7)]
    flooder = httpx.AsyncClient(
        base_url=url,
        cookies={"minebender_client": "f" * 32},
        timeout=120,
        limits=httpx.Limits(max_connections=100),
    )
    polite = httpx.AsyncClient(base_url=url, cookies={"minebender_client": "p" * 32}, timeout=120)
    headers = {"Content-Type": "application/json"}

    async def politely() -> list[float]:
        """The polite client's Expert analyses one after another, in ms each."""
        took = []
        for board in experts:
            t = time.perf_counter()
            body = json.dumps({"board": board})
            r = await polite.post("/api/analyse", content=body, headers=headers)
            took.append((time.perf_counter() - t) * 1000)
            assert r.status_code == 200, r.text
        return took

    alone = await politely()
    sent = [
        asyncio.ensure_future(flooder.post("/api/analyse", content=hard, headers=headers))
        for _ in range(50)
    ]
    await asyncio.sleep(1.0)
    during = await politely()
    answers = await asyncio.gather(*sent)
    codes: dict[int, int] = {}
    for a in answers:
        codes[a.status_code] = codes.get(a.status_code, 0) + 1
    retry = sorted({a.headers.get("retry-after") for a in answers if a.status_code == 429})
    print(f"polite Expert analysis alone (ms):        {', '.join(f'{x:.0f}' for x in alone)}")
    print(f"polite Expert analysis during flood (ms): {', '.join(f'{x:.0f}' for x in during)}")
    print(f"flood of 50 heavy analyses answered: {codes}; Retry-After {retry}")
    await flooder.aclose()
    await polite.aclose()


def frames(url: str, pid: int) -> None:
    body = long_replay(100_000)
    before = rss_mb(pid)
    peak = before
    done: list[httpx.Response] = []

    def post() -> None:
        done.append(
            httpx.post(
                url + "/api/replays/frames",
                content=body,
                timeout=300,
                headers={"Content-Type": "application/json"},
            )
        )

    import threading

    t0 = time.perf_counter()
    thread = threading.Thread(target=post)
    thread.start()
    while thread.is_alive():
        peak = max(peak, rss_mb(pid))
        time.sleep(0.05)
    seconds = time.perf_counter() - t0
    size = len(done[0].content)
    del done[:]
    time.sleep(2.0)
    after = rss_mb(pid)
    print(f"frames of 100,000 events: {seconds:.1f} s, answer {size / 1e6:.0f} MB")
    print(f"server RSS (MB): before {before:.0f}, peak during {peak:.0f}, after {after:.0f}")


def slow(url: str, count: int) -> None:
    port = int(url.rsplit(":", 1)[1])
    conns = []
    for _ in range(count):
        c = socket.create_connection(("127.0.0.1", port))
        c.setblocking(False)
        conns.append(c)
    head = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100
    start = time.monotonic()
    latencies = []
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
        open_ = 0
        for c in conns:
            try:
                if c.recv(4096, socket.MSG_PEEK) == b"":
                    continue
            except BlockingIOError:
                open_ += 1
                continue
            except OSError:
                continue
        if open_ == 0 and closed_at is None:
            closed_at = time.monotonic() - start
            break
        time.sleep(max(0.0, 1.0 - (time.perf_counter() - t)))
    for c in conns:
        c.close()
    worst = max(latencies)
    print(
        f"{count} connections sending a byte a second: /api/health worst {worst:.0f} ms,"
        f" median {sorted(latencies)[len(latencies) // 2]:.0f} ms;"
        f" all closed after {closed_at if closed_at is None else round(closed_at, 1)} s"
    )


def main(argv: list[str]) -> None:
    count = 1000
    if "--slow" in argv:
        count = int(argv[argv.index("--slow") + 1])
    parts = [a for a in argv if a in ("flood", "frames", "slow")] or ["flood", "frames", "slow"]
    with tempfile.TemporaryDirectory() as folder:
        proc, url = serve(Path(folder))
        try:
            if "flood" in parts:
                asyncio.run(flood(url))
            if "frames" in parts:
                frames(url, proc.pid)
            if "slow" in parts:
                slow(url, count)
        finally:
            proc.kill()
            proc.wait()


if __name__ == "__main__":
    main(sys.argv[1:])

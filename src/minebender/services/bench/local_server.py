"""A ``minebender serve`` of the benchmarks' own, on a free loopback port with a
scratch database: the web benchmarks time a real server, started as a person
would start it."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

__all__ = ["start_server", "stop_server"]


def start_server(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    """The server's process and its URL, once it answers; RuntimeError when it
    does not start or does not answer within 10 s."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [sys.executable, "-m", "minebender", "serve", "--port", str(port), "--db", str(db)]
    proc = subprocess.Popen([*cmd, "--no-browser"], stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        if proc.poll() is not None:
            raise RuntimeError("the server did not start")
        try:
            with urllib.request.urlopen(url + "/api/health", timeout=1):
                return proc, url
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not answer within 10 s")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Ask the server to stop; kill it when it has not within 10 s."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()

"""A real ``minebender serve`` process on a free loopback port, for browser tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

__all__ = ["Server", "free_port"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


DEALT_SERVE = Path(__file__).with_name("dealt_serve.py")


class Server:
    """``python -m minebender serve`` on 127.0.0.1:port with its own database.

    With ``dealt``, every game the server deals (one the page asks for without
    a code) gets that seed's board (``dealt_serve.py``): the test knows the
    board and the game is ranked, as a player's is.
    """

    def __init__(
        self,
        db: Path,
        port: int | None = None,
        *,
        dealt: str | None = None,
        options: tuple[str, ...] = (),
    ) -> None:
        self.db = db
        self.options = options
        """More options of ``serve`` (``--head-timeout 2``...)."""
        self.chosen = port is None
        """A port chosen here may be taken by another test (pytest-xdist's
        workers) before the server binds it: start then tries another."""
        self.port = port or free_port()
        self.dealt = dealt
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> Server:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        env.pop("MINEBENDER_DB", None)
        run = ["-m", "minebender"] if self.dealt is None else [str(DEALT_SERVE), self.dealt]
        cmd = [sys.executable, *run, "serve", "--port", str(self.port)]
        self.proc = subprocess.Popen(
            [*cmd, "--db", str(self.db), "--no-browser", *self.options],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                if self.chosen and "try another --port" in err:
                    self.kill()
                    self.port = free_port()
                    return self.start(deadline - time.monotonic())
                raise RuntimeError(f"the server stopped at start: {err}")
            try:
                with urllib.request.urlopen(self.url + "/api/health", timeout=1) as r:
                    if r.status == 200:
                        return self
            except urllib.error.HTTPError as exc:
                exc.close()  # its answer holds the socket open until closed
                time.sleep(0.1)
            except OSError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("the server did not answer in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)
        if self.proc is not None and self.proc.stderr:
            self.proc.stderr.close()
        self.proc = None

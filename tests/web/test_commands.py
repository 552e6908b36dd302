"""``minebender serve`` and ``minebender bench web`` as commands."""

from __future__ import annotations

import socket
import socketserver
import threading
from pathlib import Path

import pytest

from minebender.faces.cli import main
from minebender.faces.commands.serve import has_display, host_names
from minebender.services.bench.web import choose
from minebender.values.seeded import Stream


def test_serve_refuses_a_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:  # refused as the line is read, as argparse does
        main(["serve", "--port", "70000", "--no-browser"])
    assert stopped.value.code == 2
    assert "--port must be from 1 to 65535" in capsys.readouterr().err


def test_serve_refuses_a_port_in_use(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        args = ["serve", "--port", str(port), "--db", str(tmp_path / "x.db"), "--no-browser"]
        assert main(args) == 2
    assert "try another --port" in capsys.readouterr().err


def test_serve_refuses_a_folder_as_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert main(["serve", "--port", str(port), "--db", str(tmp_path), "--no-browser"]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_no_display_means_no_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    assert not has_display()


def test_bench_player_plays_from_the_view_alone() -> None:
    rng = Stream(b"1")
    blank = {"width": 3, "height": 3, "started": False, "tiles": [["covered"] * 3] * 3}
    assert choose(blank, rng) == {"type": "reveal", "x": 1, "y": 1}
    tiles = [["1", "covered", "covered"], ["covered"] * 3, ["covered"] * 3]
    tiles[0][1] = "flagged"
    view = {"width": 3, "height": 3, "started": True, "tiles": tiles}
    assert choose(view, rng)["type"] in ("chord", "reveal")
    stuck = {"width": 3, "height": 3, "started": True, "tiles": [["covered"] * 3] * 3}
    assert choose(stuck, rng) == {"type": "assist"}


@pytest.mark.timeout(60)
def test_bench_web_runs_and_stops_by_itself(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bench", "web", "--players", "3", "--actions", "30", "--think-ms", "0"]
    assert main([*args, "--level", "beginner"]) == 0
    out = capsys.readouterr().out
    assert "95th percentile of one action" in out and "errors: 0" in out


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.heavy
def test_bench_web_times_the_analysis_board(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--analyse: round trips on Expert and 100x100 positions, the first stage
    of each level's positions as a page reads it, alone then while the
    players play under a hard board; the players compared with themselves
    alone."""
    from minebender.services.bench import web_analysis

    monkeypatch.setattr(web_analysis, "EXPERT_POSITIONS", 5)
    monkeypatch.setattr(web_analysis, "BEGINNER_POSITIONS", 3)
    monkeypatch.setattr(web_analysis, "BIG_POSITIONS", 2)
    monkeypatch.setattr(web_analysis, "PAGE_POSITIONS", 4)
    args = ["bench", "web", "--players", "2", "--actions", "40", "--think-ms", "50"]
    assert main([*args, "--level", "beginner", "--analyse"]) == 0
    out = capsys.readouterr().out
    for row in (
        "analyse expert          5",
        "analyse beginner        3",
        "analyse 100x100         2",
    ):
        assert row in out
    for level in ("beginner", "intermediate", "expert"):
        # four positions each, one at a time, then some while the players play
        row = next(line for line in out.splitlines() if line.startswith(f"{level:<14}"))
        assert row.split()[1] == "4" and int(row.split()[4]) > 0, row
    assert "95th percentile of the first stage, worst level" in out
    assert "ms alone," in out and "lattice was analysed" in out and "errors: 0" in out


def test_bench_web_refuses_bad_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["bench", "web", "--players", "0"])
    assert stopped.value.code == 2
    assert "--players must be from 1 to 1000" in capsys.readouterr().err


@pytest.mark.timeout(60)
def test_bench_web_names_a_server_that_never_answers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stopped server (SIGSTOP) or a program that takes connections and says
    nothing kept the bench waiting for ever, printing nothing."""
    from minebender.services.bench import web

    monkeypatch.setattr(web, "ANSWER_S", 1.0)
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        url = f"http://127.0.0.1:{silent.getsockname()[1]}"
        args = ["bench", "web", "--url", url, "--players", "1", "--actions", "5"]
        assert main([*args, "--think-ms", "0"]) == 2
    err = capsys.readouterr().err
    assert f"the server at {url} stopped answering: no answer within 1 s" in err


class _OneAnswer(socketserver.BaseRequestHandler):
    """Reads a request, then sends the server's fixed answer and closes."""

    answer = b""

    def handle(self) -> None:
        self.request.recv(65536)
        self.request.sendall(self.answer)


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (b"", "the server at {url} stopped answering: it closed the connection"),
        (b"HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\nhalf", "stopped answering"),
        (
            b"HTTP/1.0 404 Not Found\r\nContent-Length: 9\r\n\r\n<html>no!",
            "{url} is not a minebender server: it answered 404 with b'<html>no!', not JSON",
        ),
        (b"SSH-2.0-OpenSSH\r\n", "{url} is not a minebender server: its answer is not HTTP"),
    ],
    ids=["closed", "cut", "html", "not-http"],
)
def test_bench_web_names_a_server_that_goes_away_or_is_not_minebender(
    capsys: pytest.CaptureFixture[str], answer: bytes, words: str
) -> None:
    """A server killed in the middle of a run gave a traceback (an IndexError
    reading its status line); another program on the port gave "Expecting
    value: line 1 column 1", naming neither the server nor what was wrong."""
    handler = type("Handler", (_OneAnswer,), {"answer": answer})
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            args = ["bench", "web", "--url", url, "--players", "1", "--actions", "5"]
            assert main([*args, "--think-ms", "0"]) == 2
        finally:
            server.shutdown()
    err = capsys.readouterr().err
    assert words.format(url=url) in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("host", "extra"),
    [("127.0.0.1", None), ("127.0.0.3", "127.0.0.3"), ("localhost", None), ("::1", None)],
)
def test_every_loopback_address_keeps_the_host_check(host: str, extra: str | None) -> None:
    """--host 127.0.0.3 answered any Host (so a page could reach it by DNS
    rebinding) and said other machines could reach it: all of 127.0.0.0/8 is
    loopback. The address given is answered too."""
    names = host_names(host)
    assert names is not None
    assert {"127.0.0.1", "localhost", "::1"} <= set(names)
    assert "evil.example" not in names
    if extra is not None:
        assert extra in names


@pytest.mark.parametrize("host", ["0.0.0.0", "192.0.2.7", "::", "no-such-host.invalid"])
def test_an_address_other_machines_reach_has_no_host_check(host: str) -> None:
    assert host_names(host) is None

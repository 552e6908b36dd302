"""Start the web game on a local server and open it in the browser.

Games are saved in the user's data folder (or ``--db``, or ``$MINEBENDER_DB``)
action by action, so stopping the server, even with kill -9, loses nothing:
the page picks an unfinished game up where it was.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import ipaddress
import math
import os
import socket
import sys
import threading
import time
import webbrowser
from typing import TYPE_CHECKING

from minebender.faces.commands.options import UsageError, add_db_argument, add_int_argument

if TYPE_CHECKING:  # the server's modules load only when it starts
    from minebender.faces.web.admission import Bounds
    from minebender.faces.web.slowclients import Timeouts

__all__ = ["EXAMPLE", "SUMMARY", "add_arguments", "bounds_of", "has_display", "host_names", "run"]

LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")

SUMMARY = "play in the browser: a local web server on 127.0.0.1:8000"
EXAMPLE = "minebender serve --port 8080 --db ~/games.db --no-browser"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender serve``: ``cli`` gives every command its own parser, so each
    module says only what is its own."""
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    add_int_argument(
        parser,
        "--port",
        1,
        65536,
        default=8000,
        help="port to listen on, 1 to 65535 (default 8000)",
    )
    add_db_argument(parser)
    parser.add_argument(
        "--no-browser", action="store_true", help="do not open the page in a browser"
    )
    _add_bounds(parser)


def _add_bounds(parser: argparse.ArgumentParser) -> None:
    """The bounds of docs/web.md, Limits: the fair turns at heavy work and the
    deadlines of slow clients."""
    for option, lo, hi, default, what in (
        ("--analyses", 1, 65, 3, "analyses and probabilities at once"),
        ("--file-jobs", 1, 65, 2, "reviews and replay frames at once"),
        ("--puzzle-jobs", 1, 65, 2, "puzzle requests at once"),
        ("--light-jobs", 1, 65, 2, "Expert-size analyses, and reviews, at once (light lanes)"),
        ("--per-client", 1, 1001, 4, "requests one client may have waiting per kind; past it 429"),
        ("--head-timeout", 1, 3601, 10, "seconds a request's head may take"),
        ("--body-timeout", 1, 3601, 60, "seconds a request's body may take"),
        ("--idle-timeout", 1, 3601, 5, "seconds a connection may stay idle between requests"),
        ("--max-connections", 1, 100_001, 1000, "connections open at once"),
        ("--analysis-seconds", 1, 3601, 10, "seconds an analysis may take"),
    ):
        hint = f"{what}, {lo} to {hi - 1} (default {default})"
        add_int_argument(parser, option, lo, hi, default=default, help=hint)


def bounds_of(args: argparse.Namespace) -> tuple[Bounds, Timeouts]:
    """The fair shares and the deadlines the options ask for: a client may hold
    every turn but one (one alone, when there is only one)."""
    from minebender.faces.web.admission import Bounds, Share
    from minebender.faces.web.slowclients import Timeouts

    def share(slots: int) -> Share:
        waiting = args.per_client
        return Share(slots, max(1, slots - 1), waiting, 4 * waiting)

    timeouts = Timeouts(
        args.head_timeout, args.body_timeout, args.idle_timeout, args.max_connections
    )
    shares = (share(args.analyses), share(args.file_jobs), share(args.puzzle_jobs))
    bounds = Bounds(*shares, light=share(args.light_jobs), analysis_seconds=args.analysis_seconds)
    return bounds, timeouts


def _open_files_for(connections: int) -> int:
    """Raise the limit on open files (often 1,024) towards its hard limit, so the
    server can hold ``connections`` and its own files; the connections it can
    hold then (a new connection past them closes a waiting one)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not POSIX
        return connections
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections + 256
    if soft != resource.RLIM_INFINITY and soft < wanted:
        raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    return connections if soft == resource.RLIM_INFINITY else max(1, min(connections, soft - 256))


def has_display() -> bool:
    """A browser could show a window here (always on macOS and Windows)."""
    if sys.platform.startswith(("darwin", "win")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def host_names(host: str) -> list[str] | None:
    """The Host names a server listening on ``host`` answers to, or None (any)
    when other machines can reach it.

    Every address of 127.0.0.0/8 is loopback, not only 127.0.0.1, and so is a
    name that stands for loopback alone (Debian names the machine 127.0.1.1):
    a server there answered any Host, so a page could reach it by DNS
    rebinding, and it said other machines could reach it.
    """
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        return None
    if infos and all(ipaddress.ip_address(str(info[4][0])).is_loopback for info in infos):
        name = host.strip("[]")
        return list(LOOPBACK) + ([name] if name not in LOOPBACK else [])
    return None


def _check_port(host: str, port: int) -> None:

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise UsageError(f"--host {host!r} is not an address here: {exc.strerror}") from exc
    family, kind, proto, _, addr = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(addr)
        except OSError as exc:
            raise UsageError(
                f"cannot listen on {host}:{port} ({exc.strerror}); try another --port"
            ) from exc


def run(args: argparse.Namespace) -> int:
    """Carry out ``minebender serve`` with args parsed by ``add_arguments``; the exit
    status (README: 2 for bad usage, 74 when the output cannot be written)."""
    import uvicorn

    from minebender.faces.web import create_app
    from minebender.faces.web.slowclients import guarded_protocol
    from minebender.services import store as store_mod
    from minebender.services.store.database import hold_for_server

    _check_port(args.host, args.port)
    try:
        store = store_mod.open(args.db)
    except store_mod.StoreError as exc:
        raise UsageError(str(exc)) from exc
    try:  # one server per database: a second one served stale games
        held = hold_for_server(store.path)
    except store_mod.StoreError as exc:
        store.close()
        raise UsageError(str(exc)) from exc
    names = host_names(args.host)
    loopback = names is not None
    bounds, timeouts = bounds_of(args)
    connections = _open_files_for(timeouts.connections)
    timeouts = dataclasses.replace(timeouts, connections=connections)
    app = create_app(store, allowed_hosts=names, bounds=bounds)
    # The assist's solver runs in a worker thread; hand the interpreter back to
    # the event loop often, so other players' clicks are not kept waiting.
    sys.setswitchinterval(0.0005)
    # Everything loaded so far (FastAPI, pydantic, the app) lives as long as the
    # server: keep it out of the collector's full passes, which would otherwise
    # pause every player for tens of milliseconds now and then.
    gc.collect()
    gc.freeze()
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        access_log=False,
        http=guarded_protocol(timeouts),  # deadlines of heads and bodies, the cap
        timeout_keep_alive=math.ceil(timeouts.idle),
        backlog=max(2048, connections),
    )
    server = uvicorn.Server(config)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{shown}:{args.port}/"
    print(f"minebender: playing at {url} (games saved in {store.path}; Ctrl+C stops)")
    if not loopback:
        print("minebender: note: other machines on the network can reach this server")
    sys.stdout.flush()
    if not args.no_browser and has_display():

        def open_when_ready() -> None:
            """Open the page once the server listens (at most 5 s): opened before, the
            browser shows a connection error."""
            for _ in range(100):
                if server.started:
                    webbrowser.open(url)
                    return
                time.sleep(0.05)

        threading.Thread(target=open_when_ready, daemon=True).start()
    try:
        server.run()
    finally:
        store.close()
        if held is not None:
            held.close()
    return 0

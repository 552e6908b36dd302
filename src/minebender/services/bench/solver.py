"""``minebender bench solver``: how fast the exact solver is, on real play and on lattices.

Prints one table. Each row is a set of positions (see ``bench.positions``):
real play at each level, and the k-by-k lattice for k = 3..9. For each set:
the median and 95th percentile time of ``analyse`` (exact probabilities of
every hidden cell), the median of ``find_safe`` (every provably safe cell,
what the assist asks) and of ``first_safe`` (one provably safe cell, or
None when the player is stuck).

With ``--peer ms_toollib`` the peer's ``cal_probability_onboard`` runs on the
same positions: on real play side by side in this process, alternating with
minebender position by position, so both see the same machine load; on
lattices in a child process with a time limit, because the peer's time grows
so fast with k that it cannot always finish. The table then gives the peer's
times, the ratio peer/minebender of the medians (above 1: minebender is
faster) and whether every probability agrees to 1e-9.
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from minebender.rules.solver import analyse, find_safe, first_safe
from minebender.services.bench.build import solver_build
from minebender.services.bench.percentile import percentile
from minebender.services.bench.positions import LEVELS, Position, lattice, real_play
from minebender.values.types import Boom, Knowledge, Shown

__all__ = ["PEER_LIMIT_MAX", "PeerError", "load_peer", "run"]

TOLERANCE = 1e-9
PEER_LIMIT_MAX = 86400.0
"""The longest --peer-limit, a day: ``poll`` cannot wait for inf or NaN seconds
(and a finite but huge wait overflows it), and no lattice is worth more."""
PeerFn = Callable[[list[list[int]], float], Any]


@dataclass
class Row:
    """The figures of one set of positions."""

    name: str
    count: int
    ours: list[float]
    safe: list[float]
    first: list[float] = field(default_factory=list)
    peer: list[float] | None = None
    agree: str = ""


def _encode(view: Knowledge) -> list[list[int]]:
    """The view as the peer's board: 0..8 a number, 10 a hidden cell."""
    return [[s.n if type(s) is Shown else 10 for s in row] for row in view.rows]


class PeerError(Exception):
    """The peer asked for cannot be used: the message says what to install."""


def load_peer() -> PeerFn:
    """ms_toollib's probability function, or a PeerError that says what to install."""
    try:
        import ms_toollib
    except ImportError as exc:
        raise PeerError(
            "the peer ms_toollib is not installed: pip install 'minebender[peers]'"
        ) from exc
    fn: PeerFn | None = getattr(ms_toollib, "cal_probability_onboard", None)
    if fn is None:  # before 1.4.17 it had another name, and gave other answers
        raise PeerError(
            "this ms_toollib has no cal_probability_onboard (it came in 1.4.17):"
            " pip install 'ms-toollib>=1.5.20'"
        )
    return fn


def _diff(ours: tuple[tuple[Any, ...], ...], theirs: list[list[float]]) -> float:
    """The largest difference between the two probabilities of a hidden cell."""
    worst = 0.0
    for row, peer_row in zip(ours, theirs, strict=True):
        for p, q in zip(row, peer_row, strict=True):
            if p is not None:
                worst = max(worst, abs(float(p) - q))
    return worst


CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


def _measure(
    name: str, positions: list[Position], peer: PeerFn | None, clock: Callable[[], float]
) -> Row:
    """Time every position, minebender and the peer alternating."""
    row = Row(name, len(positions), [], [], peer=[] if peer else None)
    worst = 0.0
    for position in positions:
        view = position.knowledge
        start = clock()
        result = analyse(view)
        row.ours.append(clock() - start)
        start = clock()
        find_safe(view)
        row.safe.append(clock() - start)
        start = clock()
        first_safe(view)
        row.first.append(clock() - start)
        if peer is not None and row.peer is not None:
            board = _encode(view)
            start = clock()
            probs, _ = peer(board, float(view.mines or 0))
            row.peer.append(clock() - start)
            worst = max(worst, _diff(result.probabilities, probs))
    if peer is not None:
        row.agree = "yes" if worst <= TOLERANCE else f"NO: {worst:.2g}"
    return row


def _peer_child(board: list[list[int]], mines: float, clock: str, out: Any) -> None:
    fn = load_peer()
    tick = CLOCKS[clock]
    start = tick()
    probs, _ = fn(board, mines)
    out.send((tick() - start, probs))


def _peer_limited(
    board: list[list[int]], mines: float, limit: float, clock: str
) -> tuple[float, Any] | None:
    """Run the peer in a child process; None when it takes longer than limit seconds
    (elapsed time, whatever the clock of the figures)."""
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_peer_child, args=(board, mines, clock, send), daemon=True)
    child.start()
    try:
        if receive.poll(limit):
            result: tuple[float, Any] = receive.recv()
            return result
        return None
    finally:
        if child.is_alive():
            child.terminate()
        child.join()


def _lattice_row(k: int, positions: list[Position], peer: bool, limit: float, clock: str) -> Row:
    row = _measure(f"lattice k={k}", positions, None, CLOCKS[clock])
    if not peer:
        return row
    times: list[float] = []
    worst = 0.0
    for position in positions:
        view = position.knowledge
        got = _peer_limited(_encode(view), float(view.mines or 0), limit, clock)
        if got is None:
            row.agree = f"peer stopped after {limit:g} s"
            return row
        times.append(got[0])
        worst = max(worst, _diff(analyse(view).probabilities, got[1]))
    row.peer = times
    row.agree = "yes" if worst <= TOLERANCE else f"NO: {worst:.2g}"
    return row


def _ms(xs: list[float], q: float = 0.5) -> str:
    if not xs:
        return "-"
    v = percentile(xs, q)
    return f"{v * 1e3:.3f}" if v < 1 else f"{v * 1e3:.0f}"


def _print(rows: list[Row], peer: str | None) -> None:
    head = ["set", "n", "median ms", "p95 ms", "find_safe ms", "first_safe ms"]
    if peer:
        head += [f"{peer} median", "p95 ms", "peer/ours", "agree 1e-9"]
    table = [head]
    for r in rows:
        line = [r.name, str(r.count), _ms(r.ours), _ms(r.ours, 0.95), _ms(r.safe), _ms(r.first)]
        if peer:
            if r.peer:
                ratio = statistics.median(r.peer) / statistics.median(r.ours)
                line += [_ms(r.peer), _ms(r.peer, 0.95), f"{ratio:.2f}", r.agree]
            else:
                line += ["-", "-", "-", r.agree or "-"]
        table.append(line)
    widths = [max(len(line[i]) for line in table) for i in range(len(head))]
    for n, line in enumerate(table):
        print(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(line, widths, strict=True))
            )
        )
        if n == 0:
            print("  ".join("-" * w for w in widths))


def run(seed: int, peer_name: str | None, quick: bool, limit: float, clock: str) -> int:
    """Time the solver (and the peer named, if any) on positions from ``seed`` and
    print the figures; the exit status. ``limit``: the seconds the peer may take
    on one lattice; ``clock``: "cpu" or "wall". A peer that cannot be loaded is a
    PeerError before anything is printed."""
    peer = load_peer() if peer_name else None
    count = 40 if quick else 200
    per_k = 1 if quick else 3
    top = 8 if quick else 9
    print(
        f"minebender bench solver --seed {seed}"
        f"{' --peer ' + peer_name if peer_name else ''}{' --quick' if quick else ''}"
        f" --clock {clock}"
    )
    print(f"real play: {count} positions a level; lattice: {per_k} a size, 30x24 with 150 mines")
    print(f"solver: {solver_build()}")
    print(
        f"times in ms of {'CPU time' if clock == 'cpu' else 'elapsed time'};"
        f" load average at start {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    rows: list[Row] = []
    for level in LEVELS:
        positions = [p for p in real_play(level, count, seed) if not _has_boom(p.knowledge)]
        rows.append(_measure(f"real play {level}", positions, peer, CLOCKS[clock]))
        _progress(rows[-1])
    peer_ok = peer is not None
    for k in range(3, top + 1):
        positions = [lattice(k, seed + i) for i in range(per_k)]
        rows.append(_lattice_row(k, positions, peer_ok, limit, clock))
        if peer_ok and rows[-1].peer is None:
            peer_ok = False
            rows[-1].agree = f"peer stopped after {limit:g} s; larger k skipped"
        _progress(rows[-1])
    print()
    _print(rows, peer_name)
    return 0


def _has_boom(view: Knowledge) -> bool:
    return any(type(s) is Boom for row in view.rows for s in row)


def _progress(row: Row) -> None:
    print(f"  {row.name}: done", flush=True)

"""Searching for a no-guess board: play it, and when play is stuck, repair it.

A fresh board is drawn by ``place_mines`` (so the first candidate is exactly the
uniform board of the same arguments) and played with safe moves only. When
play gets stuck, the board is repaired near where it got stuck instead of
being thrown away, in the manner of Simon Tatham's mines.c: a revealed number
on the edge of what is known is picked, and the hidden cells around it are
either all cleared (their mines moved to hidden cells away from every revealed
number) or all filled (with mines taken from there). Either way that number
now settles its neighbours. The mine count, the first click and its opening
are never touched, so the generation laws hold after every repair.

A repair changes numbers that were already revealed, so the deductions that
revealed them may no longer hold: the repaired board is played again from the
first click, and only a board that this play clears is returned. Everything is
drawn from a stream seeded by ``rs``, so the result is deterministic in the
arguments; uniformity over no-guess boards is not attempted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

from minebender.rules.game import allowed_cells, place_mines
from minebender.rules.noguess.play import Geometry, Outcome, geometry, play
from minebender.values.seeded import Stream
from minebender.values.types import Layout, Pos

__all__ = [
    "EXHAUSTIVE_LIMIT",
    "MAX_PLAYS",
    "MAX_REPAIRS",
    "NoGuessError",
    "Report",
    "generate",
]

MAX_PLAYS = 400
"""Plays (each a full game from the first click) before giving up: this bounds the
time spent on a board that cannot be found (a few seconds at most on a 30x24 board)."""
MAX_REPAIRS = 60
"""Repairs of one board before starting over from a fresh one."""
EXHAUSTIVE_LIMIT = 400
"""Boards with at most this many possible layouts are searched exhaustively, so
that NoGuessError on them means that no such board exists."""


class NoGuessError(ValueError):
    """No board that can be cleared without guessing was found."""


@dataclass(frozen=True, slots=True)
class Report:
    """A generated board and what it took: for benchmarks and tests."""

    layout: Layout
    tries: int
    """Fresh boards drawn (1: the first board, repaired or not, was kept)."""
    repairs: int
    """Repairs made in all."""
    plays: int
    """Games played from the first click to check boards."""
    exact_calls: int
    """Calls to the exact solver (answers remembered between plays not counted)."""


def _stream(rs: Sequence[int]) -> Stream:
    """The stream of a search: keyed by SHA-256 of every word of rs, so the same
    seed gives the same board with every Python and on every machine."""
    return Stream.hashed(b"minebender no-guess" + b"".join(r.to_bytes(4, "big") for r in rs))


def _flat(layout: Layout) -> list[bool]:
    return [cell for row in layout for cell in row]


def _grid(geo: Geometry, mine: Sequence[bool]) -> Layout:
    w = geo.width
    return tuple(tuple(mine[y * w : (y + 1) * w]) for y in range(geo.height))


def _density(width: int, height: int, mines: int) -> str:
    cells = width * height
    noun = "mine" if mines == 1 else "mines"
    return f"{mines} {noun} on {width}x{height} ({100 * mines / cells:.1f}% of the cells)"


def generate(width: int, height: int, mines: int, first: Pos, rs: Sequence[int]) -> Report:
    """A no-guess board for ``place_mines_no_guess``, with what it took."""
    layout = place_mines(width, height, mines, first, rs)  # checks the other arguments
    if not all(isinstance(c, int) and not isinstance(c, bool) for c in first):
        raise TypeError(f"place_mines_no_guess: first must be a Pos of two ints, got {first!r}")
    first = Pos(first[0], first[1])
    geo = geometry(width, height)
    mine = _flat(layout)
    placed = sum(mine)
    on_board = 0 <= first.x < width and 0 <= first.y < height
    safe = geo.size - placed
    if placed == 0 or safe == 0:
        return Report(layout, 1, 0, 0, 0)
    if not on_board:
        raise NoGuessError(
            f"no no-guess board: the first click {tuple(first)} is off the {width}x{height}"
            f" board, so nothing is revealed and every cell is a guess"
        )
    start = first.y * width + first.x
    pool = [p.y * width + p.x for p in allowed_cells(width, height, mines, first)]
    cache: dict[bytes, tuple[int, ...]] = {}
    stream = _stream(rs)
    if comb(len(pool), placed) <= EXHAUSTIVE_LIMIT:
        return _exhaustive(geo, mine, start, pool, placed, cache, stream, mines)
    allowed = bytearray(geo.size)
    for i in pool:
        allowed[i] = 1
    plays = repairs = exact = 0
    tries = 0
    while plays < MAX_PLAYS:
        tries += 1
        if tries > 1:
            fresh = [stream.word() for _ in range(8)]
            mine = _flat(place_mines(width, height, mines, first, fresh))
        for _ in range(MAX_REPAIRS + 1):
            if plays >= MAX_PLAYS:
                break
            outcome = play(geo, mine, start, cache)
            plays += 1
            exact += outcome.exact_calls
            if outcome.cleared:
                return Report(_grid(geo, mine), tries, repairs, plays, exact)
            if not _repair(geo, mine, outcome, allowed, stream):
                break
            repairs += 1
    raise NoGuessError(
        f"no no-guess board found after {plays} plays ({tries} fresh boards, {repairs}"
        f" repairs) for {_density(width, height, placed)} with the first click at"
        f" {tuple(first)}. Such a board may not exist: the density may be too high, or the"
        f" board too narrow"
    )


def _exhaustive(
    geo: Geometry,
    mine: list[bool],
    start: int,
    pool: list[int],
    placed: int,
    cache: dict[bytes, tuple[int, ...]],
    stream: Stream,
    asked: int,
) -> Report:
    """Try every layout of a tiny board, the uniform one first, then in a seeded order."""
    outcome = play(geo, mine, start, cache)
    exact = outcome.exact_calls
    if outcome.cleared:
        return Report(_grid(geo, mine), 1, 0, 1, exact)
    choices = [list(c) for c in combinations(pool, placed)]
    order = list(range(len(choices)))
    stream.shuffle(order)
    for k, index in enumerate(order, start=2):
        candidate = [False] * geo.size
        for i in choices[index]:
            candidate[i] = True
        outcome = play(geo, candidate, start, cache)
        exact += outcome.exact_calls
        if outcome.cleared:
            return Report(_grid(geo, candidate), k, 0, k, exact)
    first = geo.pos(start)
    raise NoGuessError(
        f"no no-guess board exists for {_density(geo.width, geo.height, placed)} with the"
        f" first click at {tuple(first)}: all {len(choices)} boards that place_mines can"
        " deal there (no mine next to the first click, where they fit) need a guess"
        + (f" (asked for {asked} mines, {placed} fit)" if asked != placed else "")
    )


def _repair(
    geo: Geometry, mine: list[bool], outcome: Outcome, allowed: bytearray, stream: Stream
) -> bool:
    """Clear or fill the hidden cells around one number on the edge of the known
    region; False when no repair is possible (start over from a fresh board)."""
    revealed = outcome.revealed
    known = outcome.known
    nbrs = geo.neighbours
    n = geo.size

    def unknown(i: int) -> bool:
        return not revealed[i] and not known[i]

    # Numbers on the edge of the unknown first; then numbers behind a wall of
    # proven mines, whose mines can be moved out to open the wall.
    edge: list[int] = []
    wall: list[int] = []
    for c in range(n):
        if not revealed[c]:
            continue
        if any(unknown(j) for j in nbrs[c]):
            edge.append(c)
        elif any(known[j] and any(unknown(k) for k in nbrs[j]) for j in nbrs[c]):
            wall.append(c)
    for targets in (edge, wall):
        stream.shuffle(targets)
        for target in targets:
            around = [j for j in nbrs[target] if not revealed[j] and allowed[j]]
            if _clear_or_fill(geo, mine, revealed, allowed, around, stream):
                return True
    # The unknown cells are out of reach of every change near a number: clear or
    # fill them all, so that the mine count settles them.
    rest = [i for i in range(n) if unknown(i) and allowed[i]]
    return bool(rest) and _clear_or_fill(geo, mine, revealed, allowed, rest, stream)


def _clear_or_fill(
    geo: Geometry,
    mine: list[bool],
    revealed: bytes,
    allowed: bytearray,
    cells: list[int],
    stream: Stream,
) -> bool:
    """Move every mine out of cells, or fill every cell of them with a mine, trading
    with hidden cells away from the revealed numbers when possible (so fewer
    numbers change); False when there is no room either way."""
    nbrs = geo.neighbours
    inside = set(cells)
    far: list[int] = []
    close: list[int] = []
    for i in range(geo.size):
        if revealed[i] or not allowed[i] or i in inside:
            continue
        (close if any(revealed[j] for j in nbrs[i]) else far).append(i)
    have = [j for j in cells if mine[j]]
    lack = [j for j in cells if not mine[j]]
    for pool in (far, close):
        free = [i for i in pool if not mine[i]]
        full = [i for i in pool if mine[i]]
        if have and len(free) >= len(have):
            _move(mine, have, stream.sample(free, len(have)))
            return True
        if lack and len(full) >= len(lack):
            _move(mine, stream.sample(full, len(lack)), lack)
            return True
    return False


def _move(mine: list[bool], sources: list[int], targets: list[int]) -> None:
    """Move the mine of each source to the target beside it in the list."""
    for s, t in zip(sources, targets, strict=True):
        mine[s], mine[t] = False, True

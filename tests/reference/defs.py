"""The definitions of LAWS.bend, one Python function per Bend definition.

Each function follows its definition line by line; where Bend recurses over a
list, this uses a loop or a comprehension over the same list in the same order.
Positions are Nats in Bend; Python positions may be negative, which ``at``
treats as off the grid (never as Python's index from the end).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import TypeVar

from minebender import (
    Action,
    Blast,
    Boom,
    Covered,
    Flagged,
    Game,
    Hidden,
    Knowledge,
    Layout,
    Lost,
    Number,
    Pos,
    Reveal,
    Seen,
    Setup,
    Shown,
    Status,
    Tile,
    Won,
)

A = TypeVar("A")

# --------------------------------------------------------------------------
# The board
# --------------------------------------------------------------------------


def at(d: A, g: Sequence[Sequence[A]], p: Pos) -> A:
    """The value of grid g at p, or d when p is off the grid."""
    x, y = p
    if not 0 <= y < len(g):
        return d
    row = g[y]
    if not 0 <= x < len(row):
        return d
    return row[x]


def mine(layout: Layout, p: Pos) -> bool:
    return at(False, layout, p)


def on_board(w: int, h: int, p: Pos) -> bool:
    return 0 <= p[0] < w and 0 <= p[1] < h


def same(p: Pos, q: Pos) -> bool:
    return p[0] == q[0] and p[1] == q[1]


def within_one(p: Pos, q: Pos) -> bool:
    """p and q are at most one step apart in each direction (or the same cell)."""
    return abs(p[0] - q[0]) <= 1 and abs(p[1] - q[1]) <= 1


def adjacent(p: Pos, q: Pos) -> bool:
    """p and q are two different cells that touch, by a side or a corner."""
    return not same(p, q) and within_one(p, q)


@cache
def cells(w: int, h: int) -> tuple[Pos, ...]:
    """Every cell of a w-by-h board, row by row. (Remembered, as are the other
    pure functions of small arguments here: the exhaustive test asks often.)"""
    return tuple(Pos(x, y) for y in range(h) for x in range(w))


def touching(p: Pos, qs: Sequence[Pos]) -> tuple[Pos, ...]:
    """The cells of qs adjacent to p, in the order of qs."""
    return tuple(q for q in qs if adjacent(p, q))


@lru_cache(maxsize=1 << 16)
def neighbours(w: int, h: int, p: Pos) -> tuple[Pos, ...]:
    """The cells of the board adjacent to p, row by row.

    LAWS.bend filters every cell of the board; a cell more than a row away
    from p touches it in no column, so only the rows around p are filtered
    (the same cells, in the same order: a 30x24 board asked 720 times over
    filtered 518,400 cells, now 1,593)."""
    y = p[1]
    near = cells(w, h)[max(0, min(y - 1, h)) * w : max(0, min(y + 2, h)) * w]
    return touching(p, near)


def count_mines(layout: Layout, ps: Sequence[Pos]) -> int:
    return sum(1 for q in ps if mine(layout, q))


Key = tuple[int, int, Pos]
_KEPT: dict[int, tuple[Layout, dict[Key, int], dict[Key, bool]]] = {}
"""adj_mines and zero remembered per layout object (kept here, so that its id
stays its own), not per layout value: hashing a 30x24 layout's 720 cells for
every count cost more than counting, and the flood laws ask a million times."""


def _kept(layout: Layout) -> tuple[Layout, dict[Key, int], dict[Key, bool]]:
    entry = _KEPT.get(id(layout))
    if entry is None or entry[0] is not layout:
        if len(_KEPT) >= 1 << 15:
            _KEPT.clear()
        entry = _KEPT[id(layout)] = (layout, {}, {})
    return entry


def adj_mines(w: int, h: int, layout: Layout, p: Pos) -> int:
    """The number a revealed safe cell p must show."""
    counts = _kept(layout)[1]
    n = counts.get((w, h, p))
    if n is None:
        n = counts[w, h, p] = count_mines(layout, neighbours(w, h, p))
    return n


def total_mines(layout: Layout) -> int:
    return sum(sum(1 for b in row if b) for row in layout)


def shaped(w: int, h: int, g: Sequence[Sequence[object]]) -> bool:
    """g has exactly h rows of exactly w cells."""
    return len(g) == h and all(len(r) == w for r in g)


# --------------------------------------------------------------------------
# Knowledge
# --------------------------------------------------------------------------


def seen(v: Knowledge, p: Pos) -> Seen:
    return at(Hidden(), v.rows, p)


def is_hidden(s: Seen) -> bool:
    return isinstance(s, Hidden)


def hidden(v: Knowledge, p: Pos) -> bool:
    """p is a cell of the board that the player cannot see."""
    return on_board(v.width, v.height, p) and is_hidden(at(Hidden(), v.rows, p))


def revealed(v: Knowledge, p: Pos) -> bool:
    """p is a cell of the board that the player can see."""
    return on_board(v.width, v.height, p) and not is_hidden(at(Hidden(), v.rows, p))


def agrees(w: int, h: int, layout: Layout, p: Pos, s: Seen) -> bool:
    """What the player sees at p agrees with the layout."""
    match s:
        case Hidden():
            return True
        case Shown(k):
            return not mine(layout, p) and adj_mines(w, h, layout, p) == k
        case Boom():
            return mine(layout, p)
    raise TypeError(f"not a Seen: {s!r}")


def is_nat(n: object) -> bool:
    """n is a value of Bend's Nat: an int from 0 up (a bool is not one here)."""
    return type(n) is int and n >= 0


def consistent(v: Knowledge, layout: Layout) -> bool:
    """The layout could be the real one, given everything the player sees: it has
    the board's shape, exactly the announced number of mines, a mine under every
    Boom, none under a number, and every number counts its neighbours.

    The announced number is a Nat in LAWS.bend, so a view without one (the
    solver's ``mines=None``) agrees with no layout here: the laws never read
    "any total" into a game's knowledge. The solver's tests that do want that
    reading use ``brute.solver_layouts``.
    """
    w, h = v.width, v.height
    return (
        shaped(w, h, layout)
        and shaped(w, h, v.rows)
        and is_nat(v.mines)
        and total_mines(layout) == v.mines
        and all(agrees(w, h, layout, p, at(Hidden(), v.rows, p)) for p in cells(w, h))
    )


def all_safe_revealed(v: Knowledge, layout: Layout) -> bool:
    """Every safe cell of the board is revealed."""
    return all(mine(layout, p) or revealed(v, p) for p in cells(v.width, v.height))


def zero(w: int, h: int, layout: Layout, p: Pos) -> bool:
    """A zero: a safe cell of the board with no adjacent mine. (Remembered as
    ``adj_mines`` is: every step of every zero walk asks.)"""
    zeros = _kept(layout)[2]
    z = zeros.get((w, h, p))
    if z is None:
        z = zeros[w, h, p] = (
            on_board(w, h, p) and not mine(layout, p) and adj_mines(w, h, layout, p) == 0
        )
    return z


def zero_walk(path: Sequence[Pos], w: int, h: int, layout: Layout, p: Pos, q: Pos) -> bool:
    """Starting at p, the path steps from cell to adjacent cell of the board,
    leaving only zeros, and ends at q. The empty path goes from p to p."""
    for r in path:
        if not (zero(w, h, layout, p) and adjacent(p, r) and on_board(w, h, r)):
            return False
        p = r
    return same(p, q)


@lru_cache(maxsize=1 << 14)
def zero_walk_ends(w: int, h: int, layout: Layout, p: Pos) -> dict[Pos, list[Pos]]:
    """Every q with a zero walk from p, each with one such path (a witness).

    Remembered: callers only read the answer.

    Breadth-first over the steps ``zero_walk`` allows; callers re-check every
    witness with ``zero_walk`` itself, so this search only has to find paths.
    """
    start = Pos(p[0], p[1])
    paths: dict[Pos, list[Pos]] = {start: []}
    frontier = [start]
    while frontier:
        nxt = []
        for c in frontier:
            if not zero(w, h, layout, c):
                continue
            for r in neighbours(w, h, c):
                if r not in paths:
                    paths[r] = [*paths[c], r]
                    nxt.append(r)
        frontier = nxt
    return paths


# --------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------


def is_won(s: Status) -> bool:
    return isinstance(s, Won)


def is_lost(s: Status) -> bool:
    return isinstance(s, Lost)


def play(acts: Sequence[Action], g: Game) -> Game:
    """Take the actions in order."""
    for a in acts:
        g = g.step(a)
    return g


def reveals(ps: Sequence[Pos]) -> list[Action]:
    return [Reveal(p) for p in ps]


def flags_among(g: Game, qs: Sequence[Pos]) -> int:
    """How many cells of qs are flagged."""
    return sum(1 for q in qs if g.flagged(q))


def hidden_unflagged(g: Game, v: Knowledge, qs: Sequence[Pos]) -> list[Pos]:
    return [q for q in qs if hidden(v, q) and not g.flagged(q)]


def chord_targets(g: Game, p: Pos) -> list[Pos]:
    """If p shows a number k and exactly k of its neighbours are flagged, the
    hidden unflagged neighbours of p, row by row; otherwise none."""
    v = g.knowledge
    ns = neighbours(v.width, v.height, p)
    match seen(v, p):
        case Shown(k):
            return hidden_unflagged(g, v, ns) if flags_among(g, ns) == k else []
        case _:
            return []


# --------------------------------------------------------------------------
# Levels
# --------------------------------------------------------------------------


def clamp(lo: int, hi: int, x: int) -> int:
    return max(lo, min(hi, x))


def nat_sub(a: int, b: int) -> int:
    """Bend's Nat.sub: subtraction that stops at zero."""
    return max(a - b, 0)


def custom(w: int, h: int, m: int) -> Setup:
    """Windows XP's Custom Field dialog."""
    cw = clamp(9, 30, w)
    ch = clamp(9, 25, h)
    return Setup(cw, ch, min(clamp(10, 999, m), nat_sub(cw * ch, 10)))


# --------------------------------------------------------------------------
# The display
# --------------------------------------------------------------------------


def tile(g: Game, p: Pos) -> Tile:
    """What the screen shows at p."""
    return at(Covered(), g.display(), p)


def tile_of(s: Seen, flag: bool) -> Tile:
    """How a cell looks given what the player sees there and their flag."""
    match s:
        case Hidden():
            return Flagged() if flag else Covered()
        case Shown(n):
            return Number(n)
        case Boom():
            return Blast()
    raise TypeError(f"not a Seen: {s!r}")


def is_covered(t: Tile) -> bool:
    return isinstance(t, Covered)

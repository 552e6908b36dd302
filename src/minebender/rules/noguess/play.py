"""Playing a board with safe moves only, the way a no-guess generator needs it.

The generator knows the layout and asks one question, many times: starting at
the first click, does revealing only provably safe cells clear the board? The
answer must be exact (LAWS.bend ``ProvablySafe``, counting the total number of
mines), but the exact solver is the slow part, so cheap local rules go first:

* a number whose unknown neighbours must all be safe (or all mines);
* two numbers whose unknown neighbours overlap, where the difference of their
  counts settles the cells only one of them sees (the "1-2" rule).

Both rules are sound for every consistent layout, so whatever they reveal is
provably safe. Only when they are stuck is ``minebender.rules.solver.find_safe``
called on the player's view; it alone decides that the player is stuck.

Cells are numbered ``y * width + x`` and boards are flat lists, because this
loop runs thousands of times per generated board.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from minebender.rules.solver import find_safe
from minebender.rules.solver.reading import cells_of
from minebender.values.types import HIDDEN, SHOWN, Knowledge, Pos, Seen

__all__ = ["Geometry", "Outcome", "geometry", "play"]


@dataclass(frozen=True, slots=True)
class Geometry:
    """The neighbourhoods of a width-by-height board, computed once per size."""

    width: int
    height: int
    neighbours: tuple[tuple[int, ...], ...]
    """The cells adjacent to each cell."""
    near: tuple[tuple[int, ...], ...]
    """The cells at most two steps away (other than the cell itself): the numbers
    whose neighbourhoods can overlap with this one's."""

    @property
    def size(self) -> int:
        """How many cells the board has."""
        return self.width * self.height

    def pos(self, i: int) -> Pos:
        """The cell of flat index i (row by row)."""
        return Pos(i % self.width, i // self.width)


@lru_cache(maxsize=32)
def geometry(width: int, height: int) -> Geometry:
    """The geometry of a board size (cached: boards of one size share it)."""

    def ring(i: int, r: int) -> tuple[int, ...]:
        x, y = i % width, i // width
        return tuple(
            ny * width + nx
            for ny in range(max(y - r, 0), min(y + r + 1, height))
            for nx in range(max(x - r, 0), min(x + r + 1, width))
            if nx != x or ny != y
        )

    cells = range(width * height)
    return Geometry(
        width,
        height,
        tuple(ring(i, 1) for i in cells),
        tuple(ring(i, 2) for i in cells),
    )


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where safe play from the first click ended."""

    cleared: bool
    """Every safe cell was revealed."""
    revealed: bytes
    """1 for each revealed cell."""
    known: bytes
    """1 for each hidden cell proved to be a mine by the cheap rules."""
    exact_calls: int
    """How many times the exact solver was asked."""


SafeFinder = Callable[[Knowledge], Sequence[Pos]]


def play(
    geo: Geometry,
    mine: Sequence[bool],
    first: int,
    cache: dict[bytes, tuple[int, ...]] | None = None,
    finder: SafeFinder = find_safe,
) -> Outcome:
    """Reveal provably safe cells from ``first`` until the board is clear or
    nothing more is provably safe.

    ``cache`` remembers the exact solver's answers by view, so replaying a
    repaired board does not ask again about the views it shares with the last
    play. ``first`` must be a safe cell of the board.
    """
    n = geo.size
    nbrs = geo.neighbours
    count = [0] * n
    total = 0
    for i in range(n):
        if mine[i]:
            total += 1
            for j in nbrs[i]:
                count[j] += 1
    if mine[first]:
        raise ValueError("play: the first click is a mine")
    revealed = bytearray(n)
    known = bytearray(n)
    safe_left = n - total
    dirty: list[int] = []
    exact_calls = 0

    def reveal(start: int) -> None:
        nonlocal safe_left
        if revealed[start]:
            return
        if mine[start]:
            raise RuntimeError(f"play: a deduction revealed the mine at {geo.pos(start)}")
        revealed[start] = 1
        todo = [start]
        while todo:
            c = todo.pop()
            safe_left -= 1
            dirty.append(c)
            for j in nbrs[c]:
                if revealed[j]:
                    dirty.append(j)
                elif count[c] == 0:
                    revealed[j] = 1
                    todo.append(j)

    def mark(i: int) -> None:
        if not known[i]:
            known[i] = 1
            dirty.extend(j for j in nbrs[i] if revealed[j])

    def single() -> None:
        """The one-number rule, on every number whose surroundings changed."""
        while dirty:
            c = dirty.pop()
            need = count[c]
            unknown = []
            for j in nbrs[c]:
                if known[j]:
                    need -= 1
                elif not revealed[j]:
                    unknown.append(j)
            if not unknown:
                continue
            if need == 0:
                for j in unknown:
                    reveal(j)
            elif need == len(unknown):
                for j in unknown:
                    mark(j)

    def pairs() -> bool:
        """The two-number rule over the whole frontier; True when it found something."""
        masks: dict[int, tuple[int, int]] = {}
        for c in range(n):
            if not revealed[c] or count[c] == 0:
                continue
            need = count[c]
            m = 0
            for j in nbrs[c]:
                if known[j]:
                    need -= 1
                elif not revealed[j]:
                    m |= 1 << j
            if m:
                masks[c] = (m, need)
        safe_mask = mine_mask = 0
        for a, (ma, na) in masks.items():
            for b in geo.near[a]:
                if b <= a or b not in masks:
                    continue
                mb, nb = masks[b]
                if not ma & mb:
                    continue
                only_a = ma & ~mb
                only_b = mb & ~ma
                if nb - na == only_b.bit_count():
                    mine_mask |= only_b
                    safe_mask |= only_a
                elif na - nb == only_a.bit_count():
                    mine_mask |= only_a
                    safe_mask |= only_b
        if not safe_mask and not mine_mask:
            return False
        for i in cells_of(mine_mask):
            mark(i)
        for i in cells_of(safe_mask):
            reveal(i)
        return True

    reveal(first)
    while safe_left:
        single()
        if not safe_left:
            break
        if pairs():
            continue
        key = bytes(count[i] if revealed[i] else 9 for i in range(n))
        found = cache.get(key) if cache is not None else None
        if found is None:
            exact_calls += 1
            found = tuple(p.y * geo.width + p.x for p in finder(_knowledge(geo, key, total)))
            if cache is not None:
                cache[key] = found
        if not found:
            break
        for i in found:
            reveal(i)
    return Outcome(safe_left == 0, bytes(revealed), bytes(known), exact_calls)


def _knowledge(geo: Geometry, view: bytes, total: int) -> Knowledge:
    """The player's view: a number for each revealed cell (9 marks a hidden one)."""
    w = geo.width
    rows: list[tuple[Seen, ...]] = []
    for y in range(geo.height):
        rows.append(tuple(HIDDEN if v == 9 else SHOWN[v] for v in view[y * w : (y + 1) * w]))
    return Knowledge(geo.width, geo.height, total, tuple(rows))

"""Perfect play by exhaustive search over what the player has seen.

A position is the set of layouts still consistent with what was revealed;
the chance to win from it with best play is found exactly, in whole layouts
won (an int), so two moves are compared without rounding. The same engine
settles an endgame met in a game (``bot.endgame``) and a small board from
its first click (``bench perfect``).

The cells fall into regions that nothing ties together: no number, shown
or still to be revealed, counts cells of two of them, and the mine count of
each is fixed. A region's layouts are listed apart, as bitmasks over the
problem's cells, and a position holds one set of them per region, each an
int whose bit j stands for layout j: its layouts are every way to pick one
in each, and the layouts won multiply. So three small traps cost their sum,
not their product.

A region's position is memoised by its set alone (an int: no tuple is
hashed). Every cell safe in all its layouts is revealed at once (only the
cells not read before can tell layouts apart); then the guesses are tried
safest first, and one is dropped as soon as what it has won plus all it
could still win cannot beat the best; a set of two layouts is settled by the
cells next to where they differ. Nothing cuts the search short.
"""

from __future__ import annotations

from minebender.rules.solver.reading import cells_of, mask_of

__all__ = ["Perfect", "Region"]

State = tuple[int, ...]
"""One set of layouts per region of the position (bit j: layout j of that region)."""


class Region:
    """The layouts of one region, as masks over the problem's cells (bit i: a
    mine on cell i), each restricted to the region's ``cells``.

    ``near[i]`` is the mask of the cells next to cell i (not i), for every cell
    of the problem; only the region's own matter here.
    """

    def __init__(self, layouts: list[int], cells: list[int], near: list[int]) -> None:
        self.layouts = layouts
        self.cells = cells
        self.cell_mask = sum(1 << c for c in cells)
        self.near = near
        self.all_layouts = (1 << len(layouts)) - 1
        self.safe_in = [0] * len(near)
        self.around: list[list[int]] = [[] for _ in near]
        for c in cells:
            self.safe_in[c] = mask_of([not lay >> c & 1 for lay in layouts])
            for j in cells_of(near[c] & self.cell_mask):
                self.around[j].append(c)
        self._shows: dict[int, list[int]] = {}

    def shows(self, c: int) -> list[int]:
        """For cell c, the layout sets in which it shows each possible number."""
        got = self._shows.get(c)
        if got is None:
            nb = self.near[c]
            numbers = [(lay & nb).bit_count() for lay in self.layouts]
            got = [mask_of([n == v for n in numbers]) for v in sorted(set(numbers))]
            self._shows[c] = got
        return got

    def split(self, group: int, c: int) -> list[int]:
        """The group split by the number cell c would show, largest part first."""
        parts = [part for part in (group & m for m in self.shows(c)) if part]
        if len(parts) > 1:
            parts.sort(key=lambda part: -part.bit_count())
        return parts

    def reveal_safe(self, group: int, seen: int) -> tuple[list[int], int]:
        """The group split by the numbers of every cell safe in all its layouts
        that is not in ``seen`` (a mask of cells already read), and seen with them."""
        some, every = self.mined(group)
        varies = some & ~every
        parts = [group]
        fresh = self.cell_mask & ~some & ~seen
        for c in cells_of(fresh):
            if self.near[c] & varies:
                parts = [piece for part in parts for piece in self.split(part, c)]
        return parts, seen | fresh

    def mined(self, group: int) -> tuple[int, int]:
        """The cells that are a mine in some layout of group, and in every one."""
        if group.bit_count() <= len(self.cells):
            some, every = 0, self.cell_mask
            layouts = self.layouts
            while group:
                low = group & -group
                lay = layouts[low.bit_length() - 1]
                some |= lay
                every &= lay
                group ^= low
            return some, every
        some = every = 0
        for c in self.cells:
            safe = self.safe_in[c]
            hit = group & safe
            if hit != group:
                some |= 1 << c
                if not hit:
                    every |= 1 << c
        return some, every

    def two(self, group: int) -> int:
        """Layouts won of a group of two: both when a cell safe in both tells
        them apart, else one (a coin flip), looking only next to where they differ."""
        rest = group & (group - 1)
        a = self.layouts[rest.bit_length() - 1]
        b = self.layouts[(group ^ rest).bit_length() - 1]
        differ = a ^ b
        mines = a | b
        near = self.near
        while differ:
            low = differ & -differ
            differ ^= low
            for c in self.around[low.bit_length() - 1]:
                if not mines >> c & 1 and (a & near[c]).bit_count() != (b & near[c]).bit_count():
                    return 2
        return 1


class Perfect:
    """The search over the positions of one problem: regions that nothing ties
    together (their mine counts are fixed, or the total is unknown), so that
    a position's layouts are all the ways to pick one layout in each.

    Amounts of layouts are exact ints: ``won(state)`` is how many of the
    position's layouts best play wins, ``weight(state)`` how many it holds.
    """

    def __init__(self, regions: list[Region]) -> None:
        self.regions = regions
        self.alone: list[dict[int, int]] = [{} for _ in regions]

    @property
    def positions(self) -> int:
        """Positions of single regions searched so far (each once: they are memoised)."""
        return sum(len(m) for m in self.alone)

    def root(self) -> State:
        """The position of every layout."""
        return tuple(r.all_layouts for r in self.regions)

    def weight(self, state: State) -> int:
        """How many layouts the position holds."""
        out = 1
        for s in state:
            out *= s.bit_count()
        return out

    def won(self, state: State) -> int:
        """Layouts of the position won with best play."""
        return self._win(state, 0)

    def after(self, state: State, region: int, cell: int) -> int:
        """Layouts of the position won by revealing ``cell`` of ``region`` now and
        playing perfectly after."""
        won = 0
        r = self.regions[region]
        for part in r.split(state[region] & r.safe_in[cell], cell):
            won += self._win(_put(state, region, part), 1 << cell)
        return won

    def best(self, state: State, only: list[tuple[int, int]] | None = None) -> tuple[int, int, int]:
        """(region, cell, layouts won) of the best reveal now, among the (region,
        cell) pairs ``only`` when given; ties go to the safest cell, then the
        first region, then the lowest cell; (-1, -1, 0) when nothing is left
        to guess."""
        return self._guess(state, 0, only)

    def _win(self, state: State, seen: int) -> int:
        """Layouts won from a position: each region is won apart, and the
        layouts won multiply."""
        won = 1
        for r, s in enumerate(state):
            won *= self._alone(r, s, seen)
        return won

    def _alone(self, r: int, s: int, seen: int) -> int:
        """Layouts won from the set s of region r: reveal what is safe
        everywhere, else the best guess. ``seen``: cells whose number is known
        (a mask), which need not be read again."""
        if s & (s - 1) == 0:
            return 1
        memo = self.alone[r]
        got = memo.get(s)
        if got is not None:
            return got
        region = self.regions[r]
        rest = s & (s - 1)
        if rest & (rest - 1) == 0:
            value = region.two(s)
        else:
            parts, seen = region.reveal_safe(s, seen)
            if len(parts) > 1:
                value = sum(self._alone(r, p, seen) for p in parts)
            else:
                value = self._region_guess(r, s, seen)
        memo[s] = value
        return value

    def _region_guess(self, r: int, s: int, seen: int) -> int:
        """Layouts of set s of region r won by its best guess."""
        state = tuple(s if i == r else 1 for i in range(len(self.regions)))
        return self._guess(state, seen, None)[2]

    def _guess(
        self, state: State, seen: int, only: list[tuple[int, int]] | None
    ) -> tuple[int, int, int]:
        """The best cell to reveal, as (region, cell, layouts won): the safest
        first, each dropped once what it won plus all it could still win
        cannot beat the best so far."""
        options: list[tuple[int, int, int, int]] = []
        weight = self.weight(state)
        allowed = None if only is None else set(only)
        for i, s in enumerate(state):
            if s & (s - 1) == 0:
                continue
            region = self.regions[i]
            some, every = region.mined(s)
            others = weight // s.bit_count()
            for c in cells_of(some & ~every):
                if allowed is not None and (i, c) not in allowed:
                    continue
                safe = s & region.safe_in[c]
                options.append((safe.bit_count() * others, i, c, safe))
        if not options:
            return -1, -1, 0
        options.sort(key=lambda o: (-o[0], o[1], o[2]))
        best_i, best_c, best = options[0][1], options[0][2], -1
        for count, i, c, safe in options:
            if count <= best:
                break
            rest = self._win(_put(state, i, 1), seen)  # the other regions, won apart
            won = 0
            left = count
            for part in self.regions[i].split(safe, c):
                left -= part.bit_count() * (count // safe.bit_count())
                won += self._alone(i, part, seen | 1 << c) * rest
                if won + left <= best:
                    break
            else:
                if won > best:
                    best_i, best_c, best = i, c, won
        return best_i, best_c, best


def _put(state: State, i: int, s: int) -> State:
    """The position with region i's set replaced by s."""
    return (*state[:i], s, *state[i + 1 :])

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
cells next to where they differ.

What a set could still win is worked out before it is searched, once per
set (``Region.node``): the free reveals split it, again and again, into sets
that each need a guess, and such a set loses at least the layouts where its
safest guess is a mine (one of two layouts, when no number tells them
apart). The sum over the pieces bounds the set, and a guess whose parts'
bounds cannot beat the best is dropped before any part is searched. Without
twins this is what prunes: the sets of one group of 38 cells are searched
four to six times faster (docs/bot.md).

Each search is told a bar, the layouts it must win to matter to its caller
(the best guess so far, less what the other parts can win). A search that
cannot pass it stops and memoises a bound instead of the count, so a guess
that cannot win is refuted without being searched to the end; the answer at
the top is still exact. Within a region, the undecided cells left after some
reveals can fall into groups that no number can join: once each group's mine
count is fixed, the set is the product of the groups' sets and their wins
multiply. Nothing cuts the search short.

With twins the bound is tighter still: cells that every other cell touches
all or none of (twins: a pocket behind numbers, a pair at the edge) are told
apart by no number, so of the layouts that differ only in which twins hold
the mines at most one is won (``Region.most``). A search whose bar that
bound does not pass stops at once.
"""

from __future__ import annotations

from itertools import pairwise

from minebender.rules.solver.reading import cells_of, mask_of

__all__ = ["Perfect", "Region", "links_of", "twin_classes"]

State = tuple[int, ...]
"""One set of layouts per region of the position (bit j: layout j of that region)."""

Node = tuple[bool, int, int, int]
"""What is known of a set of layouts before it is searched (``Region.node``):
whether the numbers of the cells safe in all of it split it for free (else
it needs a guess), the cells read with them, its undecided cells, and the
most best play can win of it."""


class Region:
    """The layouts of one region, as masks over the problem's cells (bit i: a
    mine on cell i), each restricted to the region's ``cells``.

    ``near[i]`` is the mask of the cells next to cell i (not i), for every cell
    of the problem; only the region's own matter here. ``links[i]``, when
    given (``links_of``), is the mask of the cells two steps or less from cell
    i: only those can be counted by one number with it, so undecided cells
    that no chain of links joins are played apart (``Perfect._factor``).
    """

    def __init__(
        self, layouts: list[int], cells: list[int], near: list[int], links: list[int] | None = None
    ) -> None:
        self.links = links
        self.cells = cells
        self.cell_mask = sum(1 << c for c in cells)
        self.near = near
        layouts, self.starts, self.steps = _twin_blocks(layouts, cells, near, self.cell_mask)
        self.layouts = layouts
        self.all_layouts = (1 << len(layouts)) - 1
        self.safe_in = [0] * len(near)
        self.mine_in = [0] * len(near)
        self.around: list[list[int]] = [[] for _ in near]
        for c in cells:
            self.safe_in[c] = mask_of([not lay >> c & 1 for lay in layouts])
            self.mine_in[c] = self.all_layouts & ~self.safe_in[c]
            for j in cells_of(near[c] & self.cell_mask):
                self.around[j].append(c)
        self._shows: dict[int, list[int]] = {}
        self._numbers: list[list[int]] = [[] for _ in near]
        """``by_number`` of each cell, worked out when first asked."""
        self.nodes: dict[int, Node] = {}
        self.deep = not self.steps or self.starts.bit_count() * 10 >= len(layouts) * 9
        """Whether a set's bound is worked out down to the sets that need a
        guess (``node``). Where twins make a tenth of the layouts or more, the
        blocks bound each part well enough, and working the bound out deeper
        cost more than it saved (8,400 layouts in 3,286 blocks: every cell's
        chance in 24 s against 17 s)."""

    def most(self, group: int) -> int:
        """At most how many layouts of group any play wins: one of each block of
        layouts that no reveal can tell apart (``_twin_blocks``)."""
        if not self.steps:
            return group.bit_count()
        for k, within in self.steps:
            group |= (group >> k) & within
        return (group & self.starts).bit_count()

    def shows(self, c: int) -> list[int]:
        """For cell c, the layout sets in which it shows each possible number."""
        got = self._shows.get(c)
        if got is None:
            got = [m for m in self.by_number(c) if m]
            self._shows[c] = got
        return got

    def by_number(self, c: int) -> list[int]:
        """For cell c, the layout set in which it shows n, at index n (0 to 8)."""
        got = self._numbers[c]
        if not got:
            nb = self.near[c]
            numbers = [(lay & nb).bit_count() for lay in self.layouts]
            got = self._numbers[c] = [mask_of([n == v for n in numbers]) for v in range(9)]
        return got

    def split(self, group: int, c: int) -> list[int]:
        """The group split by the number cell c would show."""
        parts: list[int] = []
        for m in self.shows(c):
            part = group & m
            if part:
                parts.append(part)
                group ^= part
                if not group:
                    break
        return parts

    def node(self, group: int, seen: int, open_: int) -> Node:
        """Whether the free reveals split the group (two layouts or more:
        ``free``), the cells read then, the group's undecided cells, and the
        most best play wins of it.

        The most is the sum of the parts' when it splits (worked out down to
        the sets that need a guess); else at most the layouts the safest guess
        is safe in, as every move left loses the layouts where it hits a mine
        (and one of two layouts that no number tells apart). The answer is
        the same whatever the cells read on the way, so it is kept per group;
        the parts are not (their sets would take most of the memory), but
        found again when the group is searched."""
        nodes = self.nodes
        got = nodes.get(group)
        if got is not None:
            return got
        parts, seen, varies = self.free(group, seen, open_)
        if len(parts) > 1:
            top = 0
            for part in parts:
                if part & (part - 1) == 0:
                    top += 1
                elif not self.deep:
                    top += self.most(part)
                else:
                    known = nodes.get(part)
                    top += (self.node(part, seen, varies) if known is None else known)[3]
            got = nodes[group] = (True, seen, varies, top)
            return got
        top = -min(self.guesses(group, varies))[0] if varies else 1
        got = nodes[group] = (False, seen, varies, top)
        return got

    def free(self, group: int, seen: int, open_: int) -> tuple[list[int], int, int]:
        """The group (two layouts or more) split by the numbers of every cell
        safe in all its layouts that is not in ``seen`` (a mask of cells
        already read), the cells read then, and the group's undecided cells
        (among ``open_``: see ``mined``; none for two layouts that no number
        tells apart). A part is split only when the number one of its layouts
        shows is not shown by all of them (one test, where most cells split
        nothing)."""
        rest = group & (group - 1)
        if rest & (rest - 1) == 0:  # two layouts: both won, or one
            return ([rest, group ^ rest] if self.two(group) == 2 else [group]), seen, 0
        some, every = self.mined(group, seen, open_)
        varies = some & ~every
        fresh = self.cell_mask & ~some & ~seen
        layouts = self.layouts
        near = self.near
        numbers = self._numbers
        first = layouts[(group & -group).bit_length() - 1]
        parts = [group]
        rest = fresh
        while rest:
            low = rest & -rest
            rest ^= low
            c = low.bit_length() - 1
            nc = near[c]
            if not nc & varies:
                continue
            by = numbers[c] or self.by_number(c)
            if group & by[(first & nc).bit_count()] != group:
                shown = [piece for m in by if (piece := group & m)]
                parts = [piece for part in parts for m in shown if (piece := part & m)]
        return parts, seen | fresh, varies

    def guesses(self, group: int, undecided: int) -> list[tuple[int, int, int]]:
        """For each undecided cell c of the group: minus the most that revealing
        it can win (the layouts it is safe in, or the blocks of twins they
        meet), c, and the layouts it is safe in."""
        options: list[tuple[int, int, int]] = []
        safe_in = self.safe_in
        twins = bool(self.steps)
        while undecided:
            low = undecided & -undecided
            undecided ^= low
            c = low.bit_length() - 1
            safe = group & safe_in[c]
            options.append((-(self.most(safe) if twins else safe.bit_count()), c, safe))
        return options

    def mined(self, group: int, seen: int = 0, open_: int = -1) -> tuple[int, int]:
        """The cells that are a mine in some layout of group, and in every one.
        Only the cells of ``open_`` not in ``seen`` can differ: every other cell
        not in ``seen`` is a mine in all of group (the caller knows it)."""
        undecided = self.cell_mask & open_ & ~seen
        if group.bit_count() <= undecided.bit_count():
            some, every = 0, self.cell_mask
            layouts = self.layouts
            while group:
                low = group & -group
                lay = layouts[low.bit_length() - 1]
                some |= lay
                every &= lay
                group ^= low
            return some, every
        some = every = self.cell_mask & ~open_ & ~seen
        safe_in = self.safe_in
        while undecided:
            low = undecided & -undecided
            undecided ^= low
            hit = group & safe_in[low.bit_length() - 1]
            if hit != group:
                some |= low
                if not hit:
                    every |= low
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

    Each search of a region's set is told a bar: the layouts won matter only
    when they are more than it. Below the bar the search may stop early and
    give a bound instead (at least what best play wins, at most the bar), so
    a memo holds exact counts and bounds apart; a count above the bar is
    always exact.
    """

    def __init__(self, regions: list[Region]) -> None:
        self.regions = regions
        self.memo: list[dict[int, int]] = [{} for _ in regions]
        """Per region, each set searched: what best play wins of it, or minus a
        bound on it (at most what was asked) when the search was cut short."""

    @property
    def positions(self) -> int:
        """Sets of layouts of single regions looked at so far, each once: those
        whose free reveals were worked out (``Region.node``) or searched."""
        pairs = zip(self.memo, self.regions, strict=True)
        return sum(len(memo.keys() | region.nodes.keys()) for memo, region in pairs)

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
        out = 1
        for r, s in enumerate(state):
            out *= self._alone(r, s, 0, -1, 0)
        return out

    def after(self, state: State, region: int, cell: int) -> int:
        """Layouts of the position won by revealing ``cell`` of ``region`` now and
        playing perfectly after."""
        r = self.regions[region]
        won = self._cell(region, cell, state[region] & r.safe_in[cell], 0, -1, -1)
        return won * self.won(_put(state, region, 1))

    def reaches(self, state: State, region: int, cell: int, won: int) -> bool:
        """Whether revealing ``cell`` of ``region`` now and playing perfectly after
        wins ``won`` layouts of the position or more. It is searched with that
        bar, so a cell that falls short is refuted early, not counted."""
        rest = self.won(_put(state, region, 1))
        need = -(-won // rest)
        r = self.regions[region]
        got = self._cell(region, cell, state[region] & r.safe_in[cell], 0, -1, need - 1)
        return got * rest >= won

    def best(self, state: State, only: list[tuple[int, int]] | None = None) -> tuple[int, int, int]:
        """(region, cell, layouts won) of the best reveal now, among the (region,
        cell) pairs ``only`` when given; ties go to the safest cell, then the
        first region, then the lowest cell; (-1, -1, 0) when nothing is left
        to guess."""
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
            rest = self.won(_put(state, i, 1))  # the other regions, won apart
            bar = best // rest  # more than this, times rest, beats the best
            won = self._cell(i, c, safe, 0, -1, bar)
            if won > bar:
                best_i, best_c, best = i, c, won * rest
        return best_i, best_c, best

    def _alone(self, r: int, s: int, seen: int, open_: int, bar: int) -> int:
        """Layouts won from the set s of region r: reveal what is safe
        everywhere, else the best guess. Exact when more than ``bar``; else a
        bound, at most ``bar``, on what best play wins. ``seen``: cells whose
        number is known (a mask), which need not be read again; ``open_``: the
        cells that may still differ between layouts of s (see ``Region.mined``)."""
        if s & (s - 1) == 0:
            return 1
        memo = self.memo[r]
        known = memo.get(s)
        if known is not None:
            if known > 0:
                return known
            if -known <= bar:
                return -known
        region = self.regions[r]
        splits, read, undecided, top = region.node(s, seen, open_)
        if top <= bar or s.bit_count() == 2:  # of two layouts, the most is what is won
            return top
        if splits:
            parts, read, undecided = region.free(s, seen, open_)
            value = self._sum(r, parts, read, undecided, bar)
        else:
            factors = self._factor(region, s, undecided, s.bit_count())
            if factors is None:
                value = self._guess(r, s, read, undecided, bar)
            else:
                value = self._product(r, factors, read, undecided, bar)
        memo[s] = value if value > bar else -value
        return value

    def _factor(self, region: Region, s: int, undecided: int, size: int) -> tuple[int, int] | None:
        """Two sets whose product is s, when its undecided cells fall into groups
        that no link joins and one group's layouts combine freely with the
        rest's (its mine count is the same in all of s): each set keeps one
        side as in a layout of s and lets the other vary. None otherwise."""
        links = region.links
        if links is None or undecided & (undecided - 1) == 0:
            return None
        groups: list[int] = []
        rest = undecided
        while rest:
            group = grow = rest & -rest
            while grow:
                reach = 0
                for c in cells_of(grow):
                    reach |= links[c]
                grow = reach & rest & ~group
                group |= grow
            rest &= ~group
            groups.append(group)
        if len(groups) < 2:
            return None
        first = region.layouts[(s & -s).bit_length() - 1]
        agree = {
            c: region.mine_in[c] if first >> c & 1 else region.safe_in[c]
            for c in cells_of(undecided)
        }
        for group in groups[:-1] if len(groups) == 2 else groups:
            inside = outside = s
            for c, same in agree.items():
                if group >> c & 1:
                    outside &= same
                else:
                    inside &= same
            if inside.bit_count() * outside.bit_count() == size:
                return inside, outside
        return None

    def _product(self, r: int, factors: tuple[int, int], seen: int, open_: int, bar: int) -> int:
        """Layouts won from a set that is the product of two, each won apart:
        exact when more than ``bar``, else a bound at most ``bar``."""
        a, b = factors
        most = self._top(r, b)
        need = bar // most
        won = self._alone(r, a, seen, open_, need)
        if won <= need:
            return won * most
        need = bar // won
        other = self._alone(r, b, seen, open_, need)
        return won * other

    def _sum(self, r: int, parts: list[int], seen: int, open_: int, bar: int) -> int:
        """Layouts won from the parts of a set, each searched apart: exact when
        more than ``bar``, else a bound at most ``bar``. What each part could
        still win is its memoised count or bound, else its node's most."""
        if len(parts) > 1:
            parts = sorted(parts, key=int.bit_count, reverse=True)
        memo = self.memo[r]
        region = self.regions[r]
        nodes = region.nodes
        twins = bool(region.steps)
        tops: list[int] = []
        rough = False
        for p in parts:
            if p & (p - 1) == 0:
                tops.append(1)
                continue
            got = memo.get(p)
            if got is None:
                node = nodes.get(p)
                if node is None:
                    tops.append(region.most(p) if twins else p.bit_count())
                    rough = True
                else:
                    tops.append(node[3])
            else:
                tops.append(got if got > 0 else -got)
        left = sum(tops)
        if left <= bar:
            return left
        if rough and region.deep:
            for i, p in enumerate(parts):
                if p & (p - 1) and p not in memo:
                    top = region.node(p, seen, open_)[3]
                    left -= tops[i] - top
                    tops[i] = top
                    if left <= bar:
                        return left
        won = 0
        for p, top in zip(parts, tops, strict=True):
            left -= top
            if top == 1:
                won += 1
                continue
            need = bar - won - left
            got = self._alone(r, p, seen, open_, need)
            if got <= need:
                return won + got + left
            won += got
        return won

    def _guess(self, r: int, s: int, seen: int, undecided: int, bar: int) -> int:
        """Layouts of set s of region r won by its best guess, the safest cells
        first (by the blocks of twins their safe layouts meet): exact when more
        than ``bar``, else a bound at most ``bar``. A cell is skipped when even
        winning one layout of each such block would not beat the best so far."""
        options = self.regions[r].guesses(s, undecided)
        options.sort()
        best = bar
        bound = 0
        for minus, c, safe in options:
            count = -minus
            if count <= best:
                bound = max(bound, count)
                break
            won = self._cell(r, c, safe, seen, undecided, best)
            if won > best:
                best = won
            else:
                bound = max(bound, won)
        return best if best > bar else bound

    def _cell(self, r: int, c: int, safe: int, seen: int, open_: int, bar: int) -> int:
        """Layouts of the set ``safe`` (those of a position where cell c is safe)
        won by revealing c and playing on: exact when more than ``bar``, else
        a bound at most ``bar``."""
        return self._sum(r, self.regions[r].split(safe, c), seen | 1 << c, open_, bar)

    def _top(self, r: int, s: int) -> int:
        """The most the set s of region r can win, as far as is known now."""
        if s & (s - 1) == 0:
            return 1
        got = self.memo[r].get(s)
        return self.regions[r].most(s) if got is None else abs(got)


def twin_classes(cells: list[int], near: list[int], cell_mask: int) -> list[int]:
    """The classes of two or more cells that every other cell of the problem
    either touches all of or none of: cells with the same neighbours (apart
    from each other), as masks. Such cells are twins: a number revealed
    anywhere counts only how many of them are mines, never which."""
    by_key: dict[tuple[bool, int], int] = {}
    for c in cells:
        around = near[c] & cell_mask
        for key in ((False, around), (True, around | 1 << c)):
            by_key[key] = by_key.get(key, 0) | 1 << c
    return [m for m in by_key.values() if m & (m - 1)]


def _twin_blocks(
    layouts: list[int], cells: list[int], near: list[int], cell_mask: int
) -> tuple[list[int], int, list[tuple[int, int]]]:
    """The layouts reordered so that those no reveal can tell apart stand in
    one block, the mask of each block's first layout, and the steps that
    spread a set's bits to its blocks' first layouts (``Region.most``).

    Two layouts are in one block when they agree outside the twin classes
    (``twin_classes``) and hold as many mines in each: every cell safe in
    both shows one number in both, so play goes the same in both until it
    reveals a cell that is a mine in one of them, and at most one of a block
    is won. No steps when every block holds one layout."""
    classes = twin_classes(cells, near, cell_mask)
    if not classes:
        return layouts, 0, []
    twins = sum(classes)

    def signature(lay: int) -> tuple[int, ...]:
        return (lay & ~twins, *((lay & m).bit_count() for m in classes))

    ordered = sorted(layouts, key=signature)
    bounds = [0]
    for i in range(1, len(ordered)):
        if signature(ordered[i]) != signature(ordered[i - 1]):
            bounds.append(i)
    bounds.append(len(ordered))
    widest = max(b - a for a, b in pairwise(bounds))
    if widest < 2:
        return layouts, 0, []
    starts = sum(1 << a for a in bounds[:-1])
    steps: list[tuple[int, int]] = []
    k = 1
    while k < widest:
        within = 0
        for a, b in pairwise(bounds):
            if b - a > k:
                within |= ((1 << (b - a - k)) - 1) << a
        steps.append((k, within))
        k *= 2
    return ordered, starts, steps


def links_of(places: list[tuple[int, int]]) -> list[int]:
    """For each cell of a problem at (x, y), the mask of its cells two steps
    or less away (itself too): the cells one revealed number could count with it."""
    return [
        sum(1 << j for j, (u, v) in enumerate(places) if abs(u - x) <= 2 and abs(v - y) <= 2)
        for x, y in places
    ]


def _put(state: State, i: int, s: int) -> State:
    """The position with region i's set replaced by s."""
    return (*state[:i], s, *state[i + 1 :])

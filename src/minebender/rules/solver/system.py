"""What the player sees, turned into a small system of counting constraints.

Every revealed number says how many mines lie among its hidden neighbours.
Before any counting, cheap deductions settle what they can: a number that
needs no more mines makes its hidden neighbours safe, one that needs all of
them makes them mines, repeated until nothing changes. What they settle holds
in every consistent layout, so taking it out keeps the count exact and makes
the frontier much smaller in real play.

The hidden cells left that touch exactly the same numbers are
interchangeable, so they are grouped and counted with binomial coefficients.
Numbers that share no hidden cell give independent parts of the frontier
(components), counted separately. Hidden cells away from every number are
the "outside", weighted by binomial coefficients at the very end.

Cells are flat indexes ``y * width + x`` (see ``reading``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from minebender.rules.solver.reading import Numbers, cell_name, cells_of, read_numbers
from minebender.values.types import Knowledge

__all__ = ["Component", "Constraint", "Group", "System", "build_system", "make_system"]


@dataclass(frozen=True, slots=True)
class Group:
    """Hidden cells (flat indexes, ascending) that touch exactly the same constraints."""

    cells: tuple[int, ...]
    constraints: tuple[int, ...]

    @property
    def size(self) -> int:
        """How many cells the group has."""
        return len(self.cells)


@dataclass(frozen=True, slots=True)
class Constraint:
    """The groups around one or more numbers hold exactly ``need`` mines.

    ``sources`` are the flat indexes of the revealed numbers that say so
    (several numbers with the same remaining hidden neighbours give one).
    """

    groups: tuple[int, ...]
    need: int
    sources: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Component:
    """Groups and constraints connected through shared groups."""

    groups: tuple[int, ...]
    constraints: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class System:
    """The whole counting problem of one view of the board."""

    width: int
    height: int
    total: int | None
    booms: int
    known_mines: tuple[int, ...]
    """Hidden cells that cheap deductions prove to be mines."""
    known_safe: tuple[int, ...]
    """Hidden cells that cheap deductions prove to be safe."""
    groups: tuple[Group, ...]
    constraints: tuple[Constraint, ...]
    components: tuple[Component, ...]
    outside: tuple[int, ...]
    hidden: tuple[int, ...]
    """Every hidden cell of the board."""
    contradiction: str | None
    """Why no layout can agree, when that is plain before any counting."""

    @property
    def free_mines(self) -> int | None:
        """Mines left for the groups and the outside (None when the total is unknown)."""
        if self.total is None:
            return None
        return self.total - self.booms - len(self.known_mines)


def build_system(knowledge: Knowledge, deduce: bool = True) -> System:
    """Collect the constraints, settle the cheap deductions (unless ``deduce`` is
    False), then group the cells and split the components."""
    return make_system(read_numbers(knowledge), deduce=deduce)


def make_system(
    numbers: Numbers,
    keep: Collection[int] | None = None,
    with_total: bool = True,
    deduce: bool = True,
) -> System:
    """The system of the numbers whose flat index is in ``keep`` (all when None),
    with the total number of mines or without it. Revealed cells always count
    as safe: leaving a number out forgets what it says, not that it is there."""
    w = numbers.width
    contradiction = numbers.contradiction
    chosen: Sequence[tuple[int, int, int]] = (
        [sc for sc in numbers.scopes if sc[0] in keep] if keep is not None else numbers.scopes
    )
    mine_mask = safe_mask = 0
    if deduce and contradiction is None:
        mine_mask, safe_mask, contradiction, chosen = _settle(chosen, w)
    known = mine_mask | safe_mask
    unknown = ~known
    rests: list[int] = []
    needs: list[int] = []
    sources: list[list[int]] = []
    for i, scope, need in chosen:
        rest = scope & unknown
        if not rest:
            continue  # every cell settled, and _settle checked the number then
        if rest != scope:
            need -= (scope & mine_mask).bit_count()
            if not 0 <= need <= rest.bit_count() and contradiction is None:
                contradiction = f"the number at {cell_name(w, i)} cannot be satisfied"
        rests.append(rest)
        needs.append(need)
        sources.append([i])
    # One constraint per distinct scope.
    scopes: dict[int, int] = {}
    kept: list[int] = []
    frontier = 0
    for ci, rest in enumerate(rests):
        first = scopes.get(rest)
        if first is None:
            scopes[rest] = len(kept)
            kept.append(ci)
            frontier |= rest
        else:
            target = kept[first]
            sources[target].extend(sources[ci])
            if needs[target] != needs[ci] and contradiction is None:
                contradiction = (
                    f"the numbers at {cell_name(w, sources[target][0])} and"
                    f" {cell_name(w, sources[ci][0])} disagree"
                )
    signature: dict[int, list[int]] = {}
    for new, ci in enumerate(kept):
        for j in cells_of(rests[ci]):
            sig = signature.get(j)
            if sig is None:
                signature[j] = [new]
            else:
                sig.append(new)
    by_sig: dict[tuple[int, ...], list[int]] = {}
    for j in sorted(signature):
        by_sig.setdefault(tuple(signature[j]), []).append(j)
    groups = tuple(Group(tuple(cs), sig) for sig, cs in by_sig.items())
    members: list[list[int]] = [[] for _ in kept]
    for gi, g in enumerate(groups):
        for ci in g.constraints:
            members[ci].append(gi)
    constraints = tuple(
        Constraint(tuple(members[new]), needs[ci], tuple(sorted(sources[ci])))
        for new, ci in enumerate(kept)
    )
    outside = tuple(cells_of(numbers.hidden_mask & unknown & ~frontier))
    return System(
        w,
        numbers.height,
        numbers.total if with_total else None,
        numbers.booms,
        tuple(cells_of(mine_mask)),
        tuple(cells_of(safe_mask)),
        groups,
        constraints,
        _components(groups, constraints),
        outside,
        numbers.hidden,
        contradiction,
    )


def _settle(
    scopes: Sequence[tuple[int, int, int]], width: int
) -> tuple[int, int, str | None, list[tuple[int, int, int]]]:
    """Settle trivial numbers until none is left: the bit sets of the cells
    found to be mines and found to be safe, a contradiction if any, and the
    numbers still open (some of their hidden neighbours unsettled; all of
    them with a contradiction).

    This is the hottest part of real play, where most numbers are trivial
    from the start: a bot never flags, so every number whose hidden
    neighbours are all mines is one. The first pass settles all of those at
    once with bit-set ORs; the later passes go over the few numbers still
    open until a pass settles nothing. An earlier version re-queued each
    number through the neighbour table of every cell it settled: with it,
    ``analyse`` took a median 94 us on Beginner real play against 82 now, and
    255 us on Intermediate against 210.
    """
    mines = safe = 0
    open_: list[tuple[int, int, int]] = []
    for number in scopes:
        need = number[2]
        if need == 0:
            safe |= number[1]
        elif need == number[1].bit_count():
            mines |= number[1]
        else:
            open_.append(number)
    if mines & safe:
        i = next(i for i, scope, need in scopes if need == 0 and scope & mines)
        return mines, safe, _unsatisfiable(width, i), list(scopes)
    changed = True
    while changed and open_:
        changed = False
        known = mines | safe
        still: list[tuple[int, int, int]] = []
        for number in open_:
            i, scope, need = number
            rest = scope & ~known
            if rest != scope:
                need -= (scope & mines).bit_count()
            count = rest.bit_count()
            if need < 0 or need > count:
                return mines, safe, _unsatisfiable(width, i), list(scopes)
            if not rest:
                continue
            if need == 0:
                safe |= rest
            elif need == count:
                mines |= rest
            else:
                still.append(number)
                continue
            known |= rest
            changed = True
        open_ = still
    return mines, safe, None, open_


def _unsatisfiable(width: int, i: int) -> str:
    return f"the number at {cell_name(width, i)} cannot be satisfied"


def _components(
    groups: tuple[Group, ...], constraints: tuple[Constraint, ...]
) -> tuple[Component, ...]:
    seen = [False] * len(groups)
    out: list[Component] = []
    for start in range(len(groups)):
        if seen[start]:
            continue
        seen[start] = True
        todo = [start]
        gs: list[int] = []
        cs: set[int] = set()
        while todo:
            gi = todo.pop()
            gs.append(gi)
            for ci in groups[gi].constraints:
                if ci in cs:
                    continue
                cs.add(ci)
                for gj in constraints[ci].groups:
                    if not seen[gj]:
                        seen[gj] = True
                        todo.append(gj)
        out.append(Component(tuple(sorted(gs)), tuple(sorted(cs))))
    return tuple(out)

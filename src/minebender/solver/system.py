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

from minebender.solver.reading import Numbers, cell_name, neighbour_table, read_numbers
from minebender.types import Knowledge

__all__ = ["UNKNOWN", "Component", "Constraint", "Group", "System", "build_system", "make_system"]


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


UNKNOWN = 2
"""The state of a cell that cheap deductions have not settled (0 safe, 1 mine)."""


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
    chosen = [sc for sc in numbers.scopes if sc[0] in keep] if keep is not None else numbers.scopes
    known: list[int] = []
    state: list[int] = []
    if deduce and contradiction is None:
        state = [UNKNOWN] * (w * numbers.height)
        contradiction = _settle(chosen, state, known, neighbour_table(w, numbers.height), w)
    cells: list[list[int]] = []
    needs: list[int] = []
    sources: list[list[int]] = []
    for i, hs, need in chosen:
        if known:
            rest = []
            for j in hs:
                v = state[j]
                if v == UNKNOWN:
                    rest.append(j)
                else:
                    need -= v
            if not rest:
                continue
            cells.append(rest)
        else:
            cells.append(list(hs))
        needs.append(need)
        sources.append([i])
    mines = [j for j in known if state[j]]
    safe = [j for j in known if not state[j]]
    # One constraint per distinct scope.
    scopes: dict[frozenset[int], int] = {}
    kept: list[int] = []
    for ci, scope in enumerate(cells):
        if not scope:
            continue
        key = frozenset(scope)
        first = scopes.get(key)
        if first is None:
            scopes[key] = len(kept)
            kept.append(ci)
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
        for j in cells[ci]:
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
    if known:
        outside = tuple([i for i in numbers.hidden if state[i] == UNKNOWN and i not in signature])
    else:
        outside = tuple([i for i in numbers.hidden if i not in signature])
    return System(
        w,
        numbers.height,
        numbers.total if with_total else None,
        numbers.booms,
        tuple(sorted(mines)),
        tuple(sorted(safe)),
        groups,
        constraints,
        _components(groups, constraints),
        outside,
        numbers.hidden,
        contradiction,
    )


def _settle(
    scopes: Sequence[tuple[int, tuple[int, ...], int]],
    state: list[int],
    known: list[int],
    table: tuple[tuple[int, ...], ...],
    width: int,
) -> str | None:
    """Settle trivial numbers until none is left: ``state`` of a cell becomes 1
    for a mine, 0 for safe, and ``known`` lists the settled cells; return a
    contradiction, if any.

    A number is looked at again only when one of its cells becomes known; the
    numbers touching a cell are found through the neighbour table. Lists
    indexed by cell, not dicts: this loop is the hottest part of real play.
    """
    at = [-1] * len(state)
    for k, scope in enumerate(scopes):
        at[scope[0]] = k
    todo = [k for k, (_, hs, need) in enumerate(scopes) if need == 0 or need == len(hs)]
    queued = bytearray(len(scopes))
    for k in todo:
        queued[k] = 1
    while todo:
        k = todo.pop()
        queued[k] = 0
        i, hs, need = scopes[k]
        unknown = []
        for j in hs:
            v = state[j]
            if v == UNKNOWN:
                unknown.append(j)
            else:
                need -= v
        if need < 0 or need > len(unknown):
            return f"the number at {cell_name(width, i)} cannot be satisfied"
        if not unknown or 0 < need < len(unknown):
            continue
        value = 1 if need else 0
        for j in unknown:
            state[j] = value
            known.append(j)
            for q in table[j]:
                d = at[q]
                if d >= 0 and not queued[d]:
                    queued[d] = 1
                    todo.append(d)
    return None


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

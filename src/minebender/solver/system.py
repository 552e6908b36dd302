"""What the player sees, turned into a system of counting constraints.

Every revealed number says how many mines lie among its hidden neighbours.
Hidden cells that touch exactly the same numbers are interchangeable, so they
are grouped and counted with binomial coefficients instead of one by one.
Numbers that share no hidden cell give independent parts of the frontier
(components) that are counted separately; hidden cells away from every number
are the "outside", weighted by binomial coefficients at the very end.
"""

from __future__ import annotations

from dataclasses import dataclass

from minebender.types import Boom, Hidden, Knowledge, Pos, Shown

__all__ = ["Component", "Constraint", "Group", "System", "build_system"]


@dataclass(frozen=True, slots=True)
class Group:
    """Hidden cells that touch exactly the same numbers."""

    cells: tuple[Pos, ...]
    constraints: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.cells)


@dataclass(frozen=True, slots=True)
class Constraint:
    """The groups around one or more numbers hold exactly ``need`` mines.

    ``sources`` are the revealed numbers that say so (several numbers with the
    same hidden neighbours give one constraint).
    """

    groups: tuple[int, ...]
    need: int
    sources: tuple[Pos, ...]


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
    groups: tuple[Group, ...]
    constraints: tuple[Constraint, ...]
    components: tuple[Component, ...]
    outside: tuple[Pos, ...]
    contradiction: str | None
    """Why no layout can agree, when that is plain before any counting."""

    @property
    def free_mines(self) -> int | None:
        """Mines left for the hidden cells (None when the total is unknown)."""
        return None if self.total is None else self.total - self.booms


def build_system(knowledge: Knowledge) -> System:
    """Group the hidden cells and collect one constraint per distinct number scope."""
    w, h = knowledge.width, knowledge.height
    rows = knowledge.rows
    booms = 0
    # scope (hidden neighbours) -> (need, sources)
    scopes: dict[tuple[Pos, ...], tuple[int, list[Pos]]] = {}
    contradiction: str | None = None
    touched: dict[Pos, list[tuple[Pos, ...]]] = {}
    for y in range(h):
        row = rows[y]
        for x in range(w):
            s = row[x]
            t = type(s)
            if t is Boom:
                booms += 1
                continue
            if t is not Shown:
                continue
            hidden: list[Pos] = []
            known = 0
            for ny in range(max(y - 1, 0), min(y + 2, h)):
                nrow = rows[ny]
                for nx in range(max(x - 1, 0), min(x + 2, w)):
                    if nx == x and ny == y:
                        continue
                    c = nrow[nx]
                    if type(c) is Hidden:
                        hidden.append(Pos(nx, ny))
                    elif type(c) is Boom:
                        known += 1
            need = s.n - known  # type: ignore[union-attr]
            if contradiction is None and not 0 <= need <= len(hidden):
                contradiction = (
                    f"the {s.n} at ({x}, {y}) cannot be satisfied"  # type: ignore[union-attr]
                )
            if not hidden:
                continue
            scope = tuple(hidden)
            pos = Pos(x, y)
            if scope in scopes:
                old_need, sources = scopes[scope]
                sources.append(pos)
                if old_need != need and contradiction is None:
                    contradiction = f"the numbers at {sources[0]} and {pos} disagree"
            else:
                scopes[scope] = (need, [pos])
                for cell in scope:
                    touched.setdefault(cell, []).append(scope)
    scope_ids = {scope: i for i, scope in enumerate(scopes)}
    by_signature: dict[tuple[int, ...], list[Pos]] = {}
    for cell in sorted(touched, key=lambda p: (p.y, p.x)):
        signature = tuple(sorted(scope_ids[s] for s in touched[cell]))
        by_signature.setdefault(signature, []).append(cell)
    groups = tuple(Group(tuple(cells), sig) for sig, cells in by_signature.items())
    members: list[list[int]] = [[] for _ in scopes]
    for gi, g in enumerate(groups):
        for ci in g.constraints:
            members[ci].append(gi)
    constraints = tuple(
        Constraint(tuple(members[i]), need, tuple(sources))
        for i, (need, sources) in enumerate(scopes.values())
    )
    outside = tuple(
        Pos(x, y)
        for y in range(h)
        for x in range(w)
        if type(rows[y][x]) is Hidden and Pos(x, y) not in touched
    )
    return System(
        w,
        h,
        knowledge.mines,
        booms,
        groups,
        constraints,
        _components(groups, constraints),
        outside,
        contradiction,
    )


def _components(groups: tuple[Group, ...], constraints: tuple[Constraint, ...]) -> tuple[Component, ...]:
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

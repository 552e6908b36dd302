"""No import cycle between modules of the package.

A cycle makes the order of imports matter (one module of it sees the other
half-made), and it ties two modules together so that neither can be read,
tested or moved alone. Every import counts, those inside functions too
(``importgraph``). One kind of edge is left out: a package's ``__init__``
re-exporting its own modules, which they never import back by name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from importgraph import imported, modules


def graph() -> dict[str, set[str]]:
    """Each module -> the modules of the package it imports."""
    found = modules()
    edges: dict[str, set[str]] = {}
    for name, path in found.items():
        package = path.name == "__init__.py"
        edges[name] = {
            target
            for target in imported(name, path)
            if target in found
            and target != name
            and not (package and target.startswith(name + "."))
        }
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One cycle of each group of modules that import each other (a strongly
    connected component of more than one module, by Tarjan's algorithm), as
    the path round it: ``[a, b, c, a]``."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return [_path_round(group, edges) for group in groups]


def _path_round(group: set[str], edges: dict[str, set[str]]) -> list[str]:
    """The shortest way from the group's first module back to itself, inside
    the group (breadth first)."""
    start = min(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(edges[node] & group):
                if target == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if target not in came_from:
                    came_from[target] = node
                    following.append(target)
        frontier = following
    raise AssertionError(f"{sorted(group)} is no cycle")


def test_no_import_cycles() -> None:
    found = cycles(graph())
    assert not found, "import cycles (move what both sides need below both):\n  " + "\n  ".join(
        " -> ".join(cycle) for cycle in found
    )


@pytest.mark.parametrize(
    ("edges", "expected"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
        ({"a": {"b"}, "b": {"a"}}, [["a", "b", "a"]]),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c", "a"]]),
        ({"a": {"b", "c"}, "b": {"a"}, "c": {"d"}, "d": {"c"}}, [["c", "d", "c"], ["a", "b", "a"]]),
    ],
)
def test_a_cycle_is_found_and_named(edges: dict[str, set[str]], expected: list[list[str]]) -> None:
    """So that the test above cannot pass by missing a cycle."""
    assert cycles(edges) == expected


def test_an_import_inside_a_function_makes_a_cycle(tmp_path: Path) -> None:
    """A lazy import is still one: two modules that import each other inside
    functions are a cycle."""
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("def f():\n    from minebender.b import g\n")
    b.write_text("def g():\n    import minebender.a\n")
    edges = {
        "minebender.a": imported("minebender.a", a),
        "minebender.b": imported("minebender.b", b),
    }
    assert cycles(edges) == [["minebender.a", "minebender.b", "minebender.a"]]

"""Every module of the package, as DESIGN.md's style asks: ``__all__`` in each,
and the examples in its docstrings (the doctests) true.

Modules are found as files under src/minebender, so a new one is checked
without being listed. ``__all__`` is read with ``ast``, without importing, so
``minebender.__main__`` (which starts the server when imported) is checked
too; it is the one module whose doctests are not run, and it has none.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

import minebender

ROOT = Path(minebender.__file__).resolve().parent
NOT_IMPORTED = {"minebender.__main__"}
"""Importing it runs the ``minebender`` command."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["minebender", *parts])


MODULES = {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _bound(body: list[ast.stmt]) -> set[str]:
    """The names a module body binds when it runs (not those only a type
    checker sees, under ``if TYPE_CHECKING``)."""
    names: set[str] = set()
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.If) and not _is_type_checking(node.test):
            names |= _bound(node.body) | _bound(node.orelse)
        elif isinstance(node, ast.Try):
            names |= _bound(node.body)
            for handler in node.handlers:
                names |= _bound(handler.body)
    return names


def declared_all(path: Path) -> list[str] | None:
    """The module's ``__all__`` as written at its top level, or None without one."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            names = ast.literal_eval(value)
            assert isinstance(names, list | tuple), f"{path}: __all__ is not a list"
            return list(names)
    return None


def test_every_module_defines_all() -> None:
    missing = sorted(name for name, path in MODULES.items() if declared_all(path) is None)
    assert not missing, f"modules without __all__: {missing}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_all_names_only_what_the_module_binds(name: str) -> None:
    path = MODULES[name]
    names = declared_all(path) or []
    assert len(names) == len(set(names)), f"{name}: a name twice in __all__"
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    unbound = sorted(set(names) - _bound(tree.body))
    assert not unbound, f"{name}.__all__ names what the module does not define: {unbound}"


DOCTESTED = sorted(
    name
    for name, path in MODULES.items()
    if name not in NOT_IMPORTED and ">>>" in path.read_text(encoding="utf-8")
)
"""The modules with examples: every ``>>>`` in the source must be a doctest that runs."""


def test_the_core_has_doctests() -> None:
    """DESIGN: doctests on the core functions (the game, the values, the solver,
    the board text format, no-guess boards)."""
    for core in (
        "rules.game",
        "values.types",
        "formats.boardtext",
        "rules.noguess",
        "rules.solver.analysis",
        "rules.solver.safety",
    ):
        assert f"minebender.{core}" in DOCTESTED, core


@pytest.mark.parametrize("name", DOCTESTED)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    tests = [t for t in doctest.DocTestFinder().find(module) if t.examples]
    assert tests, f"{name} has '>>>' in its source but no doctest that runs"
    out: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test, out=out.append)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, "".join(out)


HOOKS = {"compose", "render", "check_action", "get_content_width", "get_content_height"}
"""Textual's hooks, documented by Textual: a method of one of these names (or
``on_...``, a message handler) says what it does by its name."""
STREAM_METHODS = {"write", "writelines", "flush", "isatty"}
"""The file methods of ``cli``'s output wrappers: they do what a file's do."""


def _undocumented(tree: ast.Module) -> list[str]:
    """The public functions, classes and methods of a module body without a docstring:
    a public name is what another module reads, and DESIGN asks that it say why."""
    missing = []
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        if node.name.startswith("_"):
            continue
        if ast.get_docstring(node) is None:
            missing.append(node.name)
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if not isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                name = item.name
                if name.startswith("_") or name.startswith("on_") or name in HOOKS:
                    continue
                if name in STREAM_METHODS or ast.get_docstring(item) is not None:
                    continue
                missing.append(f"{node.name}.{name}")
    return missing


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_public_function_class_and_method_has_a_docstring(name: str) -> None:
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    assert not _undocumented(tree), f"{name}: no docstring on {_undocumented(tree)}"

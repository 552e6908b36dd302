"""The package's modules and what each imports, read with ``ast``: the import
graph that test_layers (imports point down) and test_imports (no cycles) check.

Every import counts, those inside functions and under ``TYPE_CHECKING`` too:
a lazy import is still a dependency. So does ``importlib.import_module``: with
a literal name, an edge to that module; with an f-string such as
``f"minebender.faces.commands.{name}"``, an edge to every module whose name starts
with its literal head, since any of them may be the one loaded.
"""

from __future__ import annotations

import ast
from pathlib import Path

import minebender

ROOT = Path(minebender.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["minebender", *parts])


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _is_module(name: str) -> bool:
    rel = Path(*name.split(".")[1:]) if "." in name else Path()
    return (ROOT / rel).with_suffix(".py").is_file() or (ROOT / rel / "__init__.py").is_file()


def _loaded(call: ast.Call) -> set[str]:
    """The modules a call of ``importlib.import_module`` (or ``import_module``,
    ``__import__``) may load: the one named by a literal, or every module of the
    package whose name starts with an f-string's literal head; none for a name
    known only when it runs."""
    func = call.func
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if called not in ("import_module", "__import__") or not call.args:
        return set()
    first = call.args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return {first.value}
    if isinstance(first, ast.JoinedStr) and first.values:
        head = first.values[0]
        if isinstance(head, ast.Constant) and isinstance(head.value, str) and head.value:
            return {m for m in modules() if m.startswith(head.value)}
    return set()


def imported(name: str, path: Path) -> set[str]:
    """The modules ``name`` imports, as absolute names; ``from M import x`` counts
    as importing M.x when that is a module, else M; ``importlib.import_module``
    counts as ``_loaded`` says."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Call):
            found.update(_loaded(node))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            found.add(source)
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                if source.split(".")[0] == "minebender" and _is_module(sub):
                    found.add(sub)
    return found

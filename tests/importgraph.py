"""The package's modules and what each imports, read with ``ast``: the import
graph that test_layers (imports point down) and test_imports (no cycles) check.

Every import counts, those inside functions and under ``TYPE_CHECKING`` too:
a lazy import is still a dependency.
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


def imported(name: str, path: Path) -> set[str]:
    """The modules ``name`` imports, as absolute names; ``from M import x`` counts
    as importing M.x when that is a module, else M."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
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

"""The names modules had before the package was grouped, still importable.

``minebender.rules.game`` is ``minebender.rules.game`` now, and so on for every
module that moved into ``values``, ``rules``, ``formats``, ``services`` or
``faces``. Programs, notebooks and pickled results written against the old
names keep working: an old name is the same module object as the new one
(never a second copy, whose classes would differ).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType

__all__ = ["MOVED", "install"]

MOVED: dict[str, str] = {
    **dict.fromkeys(("types", "words", "jsontext", "seeded", "files"), "values"),
    **dict.fromkeys(("game", "solver", "noguess"), "rules"),
    **dict.fromkeys(("boardtext", "minetext", "mbf", "replay", "tilecodes"), "formats"),
    **dict.fromkeys(
        (
            "session",
            "store",
            "review",
            "bot",
            "puzzle",
            "batch",
            "bench",
            "keys",
            "limited",
            "analysis_board",
            "player_games",
            "scores_report",
            "game_view",
            "dataset",
            "env",
            "progress",
        ),
        "services",
    ),
    **dict.fromkeys(("cli", "commands", "web", "tui"), "faces"),
}
"""Each module's old name below ``minebender`` -> the group it moved into."""


class _Alias(importlib.abc.Loader):
    """Loads an old name as the module of its new one."""

    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        # The import system hands back what sys.modules holds under the old
        # name once this returns: the new module itself.
        sys.modules[module.__name__] = importlib.import_module(self.target)


class _Finder(importlib.abc.MetaPathFinder):
    """Finds ``minebender.OLD[.rest]`` as ``minebender.GROUP.OLD[.rest]``."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, rest = fullname.partition(".")
        head = rest.partition(".")[0]
        if package != "minebender" or head not in MOVED:
            return None
        new = f"minebender.{MOVED[head]}.{rest}"
        if importlib.util.find_spec(new) is None:
            return None
        return importlib.util.spec_from_loader(fullname, _Alias(new))


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())

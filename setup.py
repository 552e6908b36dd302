"""The part of minebender's build that pyproject.toml cannot say: the compiled solver.

Everything else is in pyproject.toml. With ``MINEBENDER_COMPILE=1`` (see
``build_support/minebender_build.py``) the modules of ``minebender.rules.solver``
and ``minebender.services.bot`` are compiled by mypyc into C extension modules. They
are the same source, fully typed (mypy --strict), so they give the same
answers, and the solver still needs nothing outside the standard library at
run time. The solver is 1.4 to 1.6 times faster on real play (Expert to
Beginner) and the strong bot 1.5 times on Expert; ``minebender bench
solver`` and ``bench bot`` say which build ran. The bot is compiled with the
solver because most of its time is its own: compiling only the solver made
it 1.1 times faster.
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).parent / "build_support"))
from minebender_build import compiling

ext_modules = []
if compiling():
    from mypyc.build import mypycify

    packages = [Path("src/minebender/rules/solver"), Path("src/minebender/services/bot")]
    sources = sorted(str(p) for package in packages for p in package.glob("*.py"))
    ext_modules = mypycify(sources, opt_level="3", group_name="minebender_compiled")

setup(ext_modules=ext_modules)

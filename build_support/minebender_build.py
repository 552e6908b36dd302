"""minebender's build backend: setuptools, plus mypy for a compiled build.

``MINEBENDER_COMPILE=1 pip install .`` compiles the solver and the bot with
mypyc (see ``setup.py``). Only that build needs mypy, so only that build
asks for it: a plain install does not download a type checker it never runs.

An editable install cannot be compiled: the compiled modules would sit next
to their source and hide every later edit of it.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401  (the rest of the backend, unchanged)
    build_sdist,
    build_wheel,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

COMPILE = "MINEBENDER_COMPILE"
MYPY = "mypy>=1.10"


def compiling() -> bool:
    """Whether this build compiles the solver and the bot (``MINEBENDER_COMPILE=1``)."""
    value = os.environ.get(COMPILE, "")
    if value not in ("", "0", "1"):
        raise ValueError(
            f"{COMPILE} must be 1 (compile the solver and the bot) or 0, got {value!r}"
        )
    return value == "1"


def compile_requires() -> list[str]:
    """What a compiled build needs besides setuptools and wheel (nothing for a plain one)."""
    return [MYPY] if compiling() else []


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools finds its requirements by running setup.py, which for a
    compiled build imports mypyc: so a compiled build names its own."""
    if compiling():
        return ["wheel", *compile_requires()]
    return list(_setuptools.get_requires_for_build_wheel(config_settings))


def _no_compiled_editable() -> None:
    if compiling():
        raise RuntimeError(
            f"{COMPILE}=1 cannot be used with an editable install (pip install -e):"
            " the compiled modules would hide every later edit of their source."
            " Install with 'pip install .' instead."
        )


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    _no_compiled_editable()
    return list(_setuptools.get_requires_for_build_editable(config_settings))


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    """Refused here too: without build isolation pip skips the requirements hook."""
    _no_compiled_editable()
    return _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)

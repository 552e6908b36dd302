"""The exact solver: it reads only what the player sees, never the layout."""

from minebender.solver.analysis import Analysis, analyse
from minebender.solver.safety import find_safe

__all__ = ["Analysis", "analyse", "find_safe"]

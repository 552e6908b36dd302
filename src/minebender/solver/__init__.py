"""The exact solver: it reads only what the player sees, never the layout."""

from minebender.solver.analysis import Analysis, analyse
from minebender.solver.explain import Explanation, explain
from minebender.solver.safety import find_safe, first_safe

__all__ = ["Analysis", "Explanation", "analyse", "explain", "find_safe", "first_safe"]

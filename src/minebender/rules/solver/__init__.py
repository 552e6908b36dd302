"""The exact solver: it reads only what the player sees, never the layout."""

from minebender.rules.solver.analysis import Analysis, analyse
from minebender.rules.solver.explain import Explanation, explain
from minebender.rules.solver.safety import find_safe, first_safe

__all__ = ["Analysis", "Explanation", "analyse", "explain", "find_safe", "first_safe"]

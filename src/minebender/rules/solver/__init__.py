"""The exact solver: it reads only what the player sees, never the layout."""

from minebender.rules.solver.analysis import Analysis, analyse, analyse_within
from minebender.rules.solver.explain import Explanation, explain
from minebender.rules.solver.safety import find_safe, first_safe

__all__ = [
    "Analysis",
    "Explanation",
    "analyse",
    "analyse_within",
    "explain",
    "find_safe",
    "first_safe",
]

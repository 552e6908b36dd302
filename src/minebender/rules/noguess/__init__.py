"""No-guess boards: layouts cleared from the first click by provably safe
moves alone (the laws' ``ProvablySafe``, which counts the total).

``place_mines_no_guess`` takes the arguments of ``place_mines`` and obeys the
same generation laws, so an interface offers the option by swapping one
function for the other. docs/api.md says what each input gives.
"""

from __future__ import annotations

from collections.abc import Sequence

from minebender.rules.noguess.search import NoGuessError, Report, generate
from minebender.values.types import Layout, Pos

__all__ = ["NoGuessError", "Report", "generate", "place_mines_no_guess"]


def place_mines_no_guess(
    width: int, height: int, mines: int, first: Pos, rs: Sequence[int]
) -> Layout:
    """A layout as ``place_mines`` gives, which safe moves alone clear from ``first``.

    ``place_mines``' own board when it is already no-guess, else a repaired or
    fresh one; ``NoGuessError`` when none is found or none exists.

    >>> place_mines_no_guess(4, 1, 1, Pos(0, 0), [1])
    ((False, False, True, False),)
    """
    return generate(width, height, mines, first, rs).layout

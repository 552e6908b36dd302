"""No-guess boards: layouts that can be cleared from the first click by
revealing only provably safe cells.

``place_mines_no_guess`` has exactly the signature of ``place_mines`` and obeys
the same generation laws of LAWS.bend (gen_shape, gen_count, gen_first_safe,
gen_opening), so the game and its interfaces can offer a "no-guess" option by
swapping one function for the other. "Provably safe" is the laws' exact
``ProvablySafe``, which counts the total number of mines.

>>> from minebender.game import place_mines
>>> from minebender.types import Pos
>>> place_mines_no_guess(4, 1, 1, Pos(0, 0), [1])
((False, False, True, False),)

Revealing (0, 0) opens its 0 and the 1 beside it; with one mine in all, the
1 puts it on (2, 0), so (3, 0) is safe: ``place_mines``' own board needs no
guess, and is the one returned.

>>> place_mines(4, 1, 1, Pos(0, 0), [1])
((False, False, True, False),)
"""

from __future__ import annotations

from collections.abc import Sequence

from minebender.noguess.search import NoGuessError, Report, generate
from minebender.types import Layout, Pos

__all__ = ["NoGuessError", "Report", "generate", "place_mines_no_guess"]


def place_mines_no_guess(
    width: int, height: int, mines: int, first: Pos, rs: Sequence[int]
) -> Layout:
    """A layout as ``place_mines`` gives, which safe moves alone clear from ``first``.

    Deterministic in its arguments; the board ``place_mines`` gives for the same
    arguments is returned when it is already no-guess, otherwise a repaired or
    fresh board (not uniform over no-guess boards).

    Every input gets either a layout or an error that says why:

    * a board with no mine, or no safe cell (mines at least the cells allowed),
      is no-guess as it stands and is returned as ``place_mines`` makes it;
    * a first click off the board reveals nothing, so any other board raises
      ``NoGuessError``;
    * a board whose mines leave no room for a no-guess layout raises
      ``NoGuessError`` after a bounded search (for boards with at most
      ``EXHAUSTIVE_LIMIT`` layouts, after trying them all: none exists);
    * bad arguments raise ``TypeError`` or ``ValueError`` as ``place_mines`` does.
    """
    return generate(width, height, mines, first, rs).layout

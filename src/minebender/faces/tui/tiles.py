"""How each tile looks in a terminal cell, by the name the game's view gives it
(``services.game_view``: covered, flagged, 0-8, blast, hint, mine, wrong_flag).

The board is drawn on Windows XP's silver, with XP's number colours, so a
player who knows the original reads the terminal board at a glance. Only the
glyph and its style live here: the board widget decides where they go, and
the view what each cell is.
"""

from __future__ import annotations

from rich.style import Style

__all__ = ["BOARD_BACKGROUND", "MARK", "NUMBER_COLOURS", "glyph"]

BOARD_BACKGROUND = "#c0c0c0"
"""Windows XP's silver, behind every cell."""

NUMBER_COLOURS: dict[int, str] = {
    1: "#0000ff",  # blue
    2: "#008000",  # green
    3: "#ff0000",  # red
    4: "#000080",  # navy
    5: "#800000",  # maroon
    6: "#008080",  # teal
    7: "#000000",  # black
    8: "#808080",  # grey
}
"""The colour of each number, as Windows XP paints it."""

_BASE = Style(bgcolor=BOARD_BACKGROUND)
_COVERED = ("■", _BASE + Style(color="#ffffff"))
_FLAGGED = ("⚑", _BASE + Style(color="#ff0000", bold=True))
MARK = ("?", _BASE + Style(color="#000000", bold=True))
"""A covered cell with the player's question mark (no tile: ``Session.marks``)."""
_MINE = ("✱", _BASE + Style(color="#000000", bold=True))
# a glyph of its own, as ``bot`` draws it: with NO_COLOR or on a monochrome
# terminal the red ground alone did not tell the mine that went off
_BLAST = ("✸", Style(color="#000000", bgcolor="#ff0000", bold=True))
_WRONG_FLAG = ("✗", Style(color="#ff0000", bgcolor="#ffd0d0", bold=True))
_HINT = ("✓", Style(color="#000000", bgcolor="#00ff00", bold=True))
_NUMBERS = [(" ", _BASE)] + [
    (str(n), _BASE + Style(color=NUMBER_COLOURS[n], bold=True)) for n in range(1, 9)
]


_GLYPHS: dict[str, tuple[str, Style]] = {
    "covered": _COVERED,
    "flagged": _FLAGGED,
    "mine": _MINE,
    "blast": _BLAST,
    "wrong_flag": _WRONG_FLAG,
    "hint": _HINT,
}
_GLYPHS.update({str(n): _NUMBERS[n] for n in range(9)})


def glyph(tile: str) -> tuple[str, Style]:
    """The one-character glyph of a tile, by its name, and its style.

    >>> glyph("3")[0], glyph("flagged")[0], glyph("covered")[0]
    ('3', '⚑', '■')
    >>> glyph("mine")[0] != glyph("blast")[0]
    True
    """
    found = _GLYPHS.get(tile)
    if found is None:
        raise ValueError(f"not a tile name: {tile!r}")
    return found

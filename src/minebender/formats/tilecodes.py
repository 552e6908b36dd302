"""The screen as small integers: one code per tile, for programs that learn.

The Gymnasium environment's observation and the datasets' ``view`` column
both write a tile so, and a program reads a view back into the ``Knowledge``
the solver and the bot take. A number is its own code, so a code below 9 is
a revealed cell showing that many adjacent mines.

==== =====================================================
code tile
==== =====================================================
0-8  a revealed cell and its number (``Number(n)``)
9    a covered cell (``Covered``)
10   a flag (``Flagged``; once won, every mine)
11   the mine that went off (``Blast``)
12   a mine shown once the game is lost (``Mine``)
13   a flag on a safe cell, shown once lost (``WrongFlag``)
14   the safe cell shown after the assist was pressed too early (``Hint``)
==== =====================================================

>>> from minebender.rules.game import Game
>>> from minebender.values.types import Pos, Reveal
>>> g = Game.fresh(3, 1, ((False, False, True),)).step(Reveal(Pos(0, 0)))
>>> screen_codes(g.display())
[0, 1, 10]
>>> SYMBOLS
'012345678.FB*XH'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from types import MappingProxyType

from minebender.values.types import (
    HIDDEN,
    SHOWN,
    TILE_SYMBOLS,
    Blast,
    Covered,
    Flagged,
    Hint,
    Knowledge,
    Mine,
    Number,
    Pos,
    Seen,
    Shown,
    Tile,
    WrongFlag,
)

__all__ = [
    "BLAST",
    "COVERED",
    "FLAGGED",
    "HIGHEST",
    "HINT",
    "MINE",
    "SYMBOLS",
    "WRONG_FLAG",
    "knowledge_of_codes",
    "playing_codes",
    "screen_codes",
    "tile_code",
]

COVERED = 9
FLAGGED = 10
BLAST = 11
MINE = 12
WRONG_FLAG = 13
HINT = 14
HIGHEST = HINT
"""The largest code: an observation lies in 0..HIGHEST."""

_CODES = MappingProxyType(
    {
        Covered: COVERED,
        Flagged: FLAGGED,
        Blast: BLAST,
        Mine: MINE,
        WrongFlag: WRONG_FLAG,
        Hint: HINT,
    }
)


SYMBOLS = "012345678" + "".join(
    TILE_SYMBOLS[kind] for kind, _ in sorted(_CODES.items(), key=lambda item: item[1])
)
"""The character of each code, ``SYMBOLS[code]``: the one ASCII alphabet of
tiles (``types.TILE_SYMBOLS``), as board text writes it: ``012345678.FB*XH``."""


def tile_code(tile: Tile) -> int:
    """The code of one tile (the table above).

    >>> tile_code(Number(3)), tile_code(Covered()), tile_code(WrongFlag())
    (3, 9, 13)
    """
    if type(tile) is Number:
        return tile.n
    code = _CODES.get(type(tile))
    if code is None:
        raise TypeError(f"not a tile: {tile!r}")
    return code


def screen_codes(screen: Sequence[Sequence[Tile]]) -> list[int]:
    """The codes of a screen (``Game.display()``), row by row in one list."""
    codes = _CODES
    return [t.n if type(t) is Number else codes[type(t)] for row in screen for t in row]


def playing_codes(knowledge: Knowledge, flags: Iterable[Pos]) -> list[int]:
    """The codes of the screen of a game being played, from what the player
    knows and their flags: ``screen_codes(game.display())`` while the game
    goes on, without building the tiles (a fifth of the time on Expert).

    >>> from minebender.rules.game import Game
    >>> from minebender.values.types import Flag, Pos, Reveal
    >>> g = Game.fresh(3, 1, ((False, False, True),)).step(Flag(Pos(2, 0)))
    >>> playing_codes(g.knowledge, g.flags) == screen_codes(g.display())
    True
    """
    codes = [s.n if type(s) is Shown else COVERED for row in knowledge.rows for s in row]
    width = knowledge.width
    for f in flags:
        codes[f.y * width + f.x] = FLAGGED
    return codes


def knowledge_of_codes(codes: Sequence[int], width: int, mines: int | None) -> Knowledge:
    """What a player knows from a screen of codes (row by row, ``width`` a row):
    a number is shown, a covered cell or a flag is hidden. The flags are the
    player's notes, not knowledge, so the solver and the bot are given none; a
    screen of a finished game (codes 11 to 14) has no knowledge to give.

    >>> knowledge_of_codes([0, 1, 10], 3, 1).rows
    ((Shown(n=0), Shown(n=1), Hidden()),)
    """
    if width < 1 or len(codes) % width:
        raise ValueError(f"knowledge_of_codes: {len(codes)} codes do not fill rows of {width}")
    seen: list[Seen] = []
    for code in codes:
        c = int(code)
        if 0 <= c <= 8:
            seen.append(SHOWN[c])
        elif c in (COVERED, FLAGGED):
            seen.append(HIDDEN)
        else:
            raise ValueError(f"knowledge_of_codes: code {c} is not a tile of a game being played")
    rows = tuple(tuple(seen[i : i + width]) for i in range(0, len(seen), width))
    return Knowledge(width, len(rows), mines, rows)

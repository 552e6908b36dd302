"""The board of a session: level names, the seed's randomness, mine placement, 3BV.

Kept apart from the ``Session`` class so the terminal game, replays and tests
can compute a board from a seed exactly as a session does.
"""

from __future__ import annotations

import functools
import importlib

from minebender.rules.game import place_mines
from minebender.values.seeded import hash_words
from minebender.values.types import (
    NAMED_LEVELS,
    Beginner,
    Custom,
    Expert,
    Intermediate,
    Knowledge,
    Layout,
    Level,
    Pos,
    Setup,
    neighbours,
)

__all__ = [
    "assist_k",
    "bbbv",
    "bbbv_solved",
    "layout_for",
    "level_from_name",
    "level_name",
    "no_guess_available",
    "seed_words",
]


# --------------------------------------------------------------------------
# Levels by name: the vocabulary of the HTTP API, the store and replays
# --------------------------------------------------------------------------


def level_name(level: Level) -> str:
    """``"beginner"``, ``"intermediate"``, ``"expert"`` or ``"custom"``: the key of
    best times and statistics."""
    match level:
        case Beginner():
            return "beginner"
        case Intermediate():
            return "intermediate"
        case Expert():
            return "expert"
        case Custom():
            return "custom"
    raise TypeError(f"not a level: {level!r}")


def level_from_name(name: str, width: int = 0, height: int = 0, mines: int = 0) -> Level:
    """The level called name; ``"custom"`` takes the sizes (clamped later by setup)."""
    if name in NAMED_LEVELS:
        return NAMED_LEVELS[name]
    if name == "custom":
        return Custom(width, height, mines)
    raise ValueError(f"unknown level {name!r}: use beginner, intermediate, expert or custom")


# --------------------------------------------------------------------------
# Randomness from the seed
# --------------------------------------------------------------------------


def seed_words(seed: str, count: int = 8) -> list[int]:
    """The 32-bit words ``place_mines`` draws from: ``hash_words`` of the seed.

    The same seed always gives the same board, on every machine.
    """
    return hash_words(b"minebender-seed:" + seed.encode("utf-8"), count)


def assist_k(seed: str, index: int) -> int:
    """The assist's deterministic choice among safe cells for its index-th press."""
    return hash_words(f"minebender-assist:{index}:{seed}".encode(), 1)[0]


def no_guess_available() -> bool:
    """``minebender.rules.noguess`` (boards solvable without guessing) is installed."""
    try:
        importlib.import_module("minebender.rules.noguess")
    except ImportError:
        return False
    return True


def layout_for(board: Setup, seed: str, first: Pos, no_guess: bool = False) -> Layout:
    """The layout a session with this setup and seed gets when first is clicked first.

    A no-guess board comes from ``minebender.rules.noguess``, imported only then (its
    search is a larger module); it raises ``NoGuessError``, a ValueError, when
    the mines leave no room for a board that needs no guess.
    """
    rs = seed_words(seed)
    if no_guess:
        from minebender.rules.noguess import place_mines_no_guess

        return place_mines_no_guess(board.width, board.height, board.mines, first, rs)
    return place_mines(board.width, board.height, board.mines, first, rs)


# --------------------------------------------------------------------------
# 3BV: the minimum number of left clicks that clear a board
# --------------------------------------------------------------------------


@functools.lru_cache(maxsize=512)
def _regions(layout: Layout) -> tuple[tuple[frozenset[Pos], ...], frozenset[Pos]]:
    """The openings, each as its zero cells (a 0-region), and the isolated
    numbers: safe cells that border no opening.

    An opening is one click however many numbers border it, and it is done once
    its zeros are revealed (revealing a number on its border does not open it).
    Cached: a live game asks for its 3BV after every action once it is over.
    """
    height = len(layout)
    width = len(layout[0]) if height else 0

    def count(p: Pos) -> int:
        return sum(layout[q.y][q.x] for q in neighbours(width, height, p))

    zeros = {
        Pos(x, y)
        for y in range(height)
        for x in range(width)
        if not layout[y][x] and count(Pos(x, y)) == 0
    }
    seen: set[Pos] = set()  # the cells of every opening, its border numbers too
    openings: list[frozenset[Pos]] = []
    for start in sorted(zeros, key=lambda p: (p.y, p.x)):
        if start in seen:
            continue
        region: set[Pos] = set()
        todo = [start]
        seen.add(start)
        while todo:
            p = todo.pop()
            if p in zeros:
                region.add(p)
                for q in neighbours(width, height, p):
                    if q not in seen and not layout[q.y][q.x]:
                        seen.add(q)
                        todo.append(q)
        openings.append(frozenset(region))
    isolated = frozenset(
        Pos(x, y)
        for y in range(height)
        for x in range(width)
        if not layout[y][x] and Pos(x, y) not in seen
    )
    return tuple(openings), isolated


def bbbv(layout: Layout) -> int:
    """The board's 3BV: openings plus safe cells not bordering any opening.

    >>> bbbv(((False, False, False, False, True),))  # one opening: 0 0 0 1 and the mine
    1
    """
    openings, isolated = _regions(layout)
    return len(openings) + len(isolated)


def bbbv_solved(layout: Layout, knowledge: Knowledge) -> int:
    """How much of the 3BV the player has done: openings whose zeros are all
    revealed, and revealed isolated numbers. A won game has done all of it.

    >>> from minebender.rules.game import Game
    >>> from minebender.values.types import Reveal
    >>> layout = ((False, False, False, False, True),)
    >>> g = Game.fresh(5, 1, layout).step(Reveal(Pos(3, 0)))  # the 1 beside the mine
    >>> bbbv_solved(layout, g.knowledge)  # the opening still takes a click
    0
    >>> bbbv_solved(layout, g.step(Reveal(Pos(0, 0))).knowledge)
    1
    """
    openings, isolated = _regions(layout)
    done = sum(1 for zeros in openings if all(knowledge.revealed(p) for p in zeros))
    return done + sum(1 for p in isolated if knowledge.revealed(p))

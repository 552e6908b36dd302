"""Positions for the solver benchmark: real play at each level, and lattices.

Real play: a solver-driven player plays seeded games (``place_mines`` with a
seed) and we keep the view before every decision it makes. It reveals every
provably safe cell at once; when there is none it guesses the hidden cell with
the lowest mine probability (first row by row on ties). These are the views a
player, a bot or the assist really asks the solver about.

Lattice: a k-by-k grid of shown numbers two cells apart on a 30x24 board with
150 mines, every other cell hidden. The numbers come from a real seeded
layout, so the view is consistent, and the whole frontier is one component:
the worst case for a counting solver, far from real play.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from minebender.game import Game, place_mines, setup
from minebender.solver import analyse, find_safe
from minebender.types import (
    NAMED_LEVELS,
    Hidden,
    Knowledge,
    Level,
    Playing,
    Pos,
    Reveal,
    Seen,
    Shown,
)

__all__ = ["LEVELS", "Position", "lattice", "real_play"]

LEVELS = NAMED_LEVELS

LATTICE_WIDTH, LATTICE_HEIGHT, LATTICE_MINES = 30, 24, 150


@dataclass(frozen=True, slots=True)
class Position:
    """A view to analyse and where it came from (for the table and for replay)."""

    name: str
    knowledge: Knowledge


def _play(level: Level, seed: int) -> Iterator[Knowledge]:
    """The views before each decision of one seeded game."""
    s = setup(level)
    rng = random.Random(seed)
    first = Pos(rng.randrange(s.width), rng.randrange(s.height))
    rs = [rng.getrandbits(32) for _ in range(8)]
    layout = place_mines(s.width, s.height, s.mines, first, rs)
    game = Game.fresh(s.width, s.height, layout).step(Reveal(first))
    while isinstance(game.status, Playing):
        view = game.knowledge
        yield view
        safe = find_safe(view)
        if safe:
            for pos in safe:
                game = game.step(Reveal(pos))
            continue
        probs = analyse(view).probabilities
        guess = min(
            (p, Pos(x, y))
            for y, row in enumerate(probs)
            for x, p in enumerate(row)
            if p is not None
        )[1]
        game = game.step(Reveal(guess))


def real_play(level: str, count: int, seed: int) -> list[Position]:
    """``count`` views from seeded games at ``level``, game after game."""
    out: list[Position] = []
    game_seed = seed * 1_000_003
    while len(out) < count:
        for view in _play(LEVELS[level], game_seed):
            out.append(Position(level, view))
            if len(out) == count:
                break
        game_seed += 1
    return out


def lattice(k: int, seed: int) -> Position:
    """The k-by-k lattice of numbers two cells apart, from a seeded layout.

    The numbers sit at odd coordinates from (1, 1); every other cell is hidden.
    The layout keeps the number cells free of mines, so every number is what a
    real board would show there.
    """
    w, h, n = LATTICE_WIDTH, LATTICE_HEIGHT, LATTICE_MINES
    if k < 1 or 2 * k + 1 > min(w, h):
        raise ValueError(f"lattice: k must be from 1 to {(min(w, h) - 1) // 2}, got {k}")
    numbers = {Pos(2 * i + 1, 2 * j + 1) for j in range(k) for i in range(k)}
    cells = [Pos(x, y) for y in range(h) for x in range(w) if Pos(x, y) not in numbers]
    rng = random.Random(seed * 7919 + k)
    mines = set(rng.sample(cells, n))
    rows: list[tuple[Seen, ...]] = []
    for y in range(h):
        row: list[Seen] = []
        for x in range(w):
            if Pos(x, y) in numbers:
                around = sum(Pos(x + dx, y + dy) in mines for dx in (-1, 0, 1) for dy in (-1, 0, 1))
                row.append(Shown(around))
            else:
                row.append(Hidden())
        rows.append(tuple(row))
    return Position(f"lattice k={k}", Knowledge(w, h, n, tuple(rows)))

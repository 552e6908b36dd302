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

from collections.abc import Iterator
from dataclasses import dataclass

from minebender.rules.game import Game, place_mines, setup
from minebender.rules.solver import analyse, find_safe
from minebender.values.seeded import Stream
from minebender.values.types import (
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

__all__ = ["LEVELS", "Position", "lattice", "real_play", "real_play_board", "wide_lattice"]

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
    return _play_size(s.width, s.height, s.mines, seed)


def _play_size(width: int, height: int, mines: int, seed: int) -> Iterator[Knowledge]:
    """``_play`` on any board, past the sizes the levels allow."""
    rng = Stream.from_text(f"minebender bench play {seed}")
    first = Pos(rng.below(width), rng.below(height))
    rs = [rng.word() for _ in range(8)]
    layout = place_mines(width, height, mines, first, rs)
    game = Game.fresh(width, height, layout).step(Reveal(first))
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


def real_play_board(width: int, height: int, mines: int, count: int, seed: int) -> list[Position]:
    """``count`` views of real play on a width x height board with ``mines``
    mines (any size, past the Custom level's limits), spread over the games:
    every ``step``-th view of each, so that a big board gives early, middle
    and late positions, not only its first few."""
    out: list[Position] = []
    game_seed = seed * 1_000_003
    name = f"{width}x{height}x{mines}"
    while len(out) < count:
        views = list(_play_size(width, height, mines, game_seed))
        step = max(1, len(views) // max(1, count - len(out)))
        for view in views[::step]:
            out.append(Position(name, view))
            if len(out) == count:
                break
        game_seed += 1
    return out


def wide_lattice(size: int, seed: int, density: float = 0.2) -> Position:
    """A size x size board of numbers two cells apart from a seeded layout, every
    other cell hidden: the whole frontier one component, the hardest kind of
    board for an exact solver (200 x 200 runs out of any sane time and memory)."""
    rng = Stream.from_text(f"minebender bench wide lattice {size} {seed}")
    numbers = {Pos(x, y) for y in range(1, size, 2) for x in range(1, size, 2)}
    cells = [Pos(x, y) for y in range(size) for x in range(size) if Pos(x, y) not in numbers]
    mines = set(rng.sample(cells, int(len(cells) * density)))
    rows = _number_rows(size, size, numbers, mines)
    return Position(f"lattice {size}x{size}", Knowledge(size, size, len(mines), rows))


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
    rng = Stream.from_text(f"minebender bench lattice {k} {seed}")
    mines = set(rng.sample(cells, n))
    return Position(f"lattice k={k}", Knowledge(w, h, n, _number_rows(w, h, numbers, mines)))


def _number_rows(
    w: int, h: int, numbers: set[Pos], mines: set[Pos]
) -> tuple[tuple[Seen, ...], ...]:
    """Rows where the cells of ``numbers`` show their count of ``mines`` and
    every other cell is hidden."""
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
    return tuple(rows)

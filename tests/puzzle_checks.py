"""Brute-force checks of puzzles, written apart from the puzzle module: every
placement of the mines counted, numbers counted cell by cell, a symmetry's
images worked out from its definition."""

from __future__ import annotations

from itertools import combinations

from minebender.services.puzzle import Puzzle


def around(w: int, h: int, i: int) -> list[int]:
    x, y = i % w, i // w
    return [
        ny * w + nx
        for ny in range(y - 1, y + 2)
        for nx in range(x - 1, x + 2)
        if 0 <= nx < w and 0 <= ny < h and (nx, ny) != (x, y)
    ]


def clues(p: Puzzle, shown: frozenset[int]) -> dict[int, int]:
    return {i: sum(j in p.mines for j in around(p.width, p.height, i)) for i in shown}


def fitting(w: int, h: int, n: int, clues: dict[int, int], most: int = 2) -> int:
    """How many layouts of n mines fit the clues (shown cells safe, numbers
    right), counting no further than ``most``."""
    found = 0
    cells = [i for i in range(w * h) if i not in clues]
    near = {i: around(w, h, i) for i in clues}
    for mines in combinations(cells, n):
        s = set(mines)
        if all(sum(j in s for j in near[i]) == v for i, v in clues.items()):
            found += 1
            if found >= most:
                break
    return found


def images(symmetry: str, w: int, h: int, i: int) -> set[int]:
    """Where cell i goes under each map of the symmetry (i itself included)."""
    x, y = i % w, i // w
    lr, ud, turn = (w - 1 - x, y), (x, h - 1 - y), (w - 1 - x, h - 1 - y)
    chosen = {
        "none": [],
        "left-right": [lr],
        "up-down": [ud],
        "both": [lr, ud, turn],
        "rotation": [turn],
    }[symmetry]
    return {i} | {b * w + a for a, b in chosen}


def assert_keeps(p: Puzzle, symmetry: str) -> None:
    for i in p.shown:
        gone = images(symmetry, p.width, p.height, i) - p.shown
        assert not gone, f"cell {i} shows and its image {min(gone)} does not ({symmetry})"


def assert_unique_and_orbit_minimal(p: Puzzle, symmetry: str) -> None:
    """One layout fits; hiding any one orbit of shown numbers (a cell and its
    images) lets a second fit."""
    w, h, n = p.width, p.height, p.total
    assert fitting(w, h, n, clues(p, p.shown)) == 1
    for i in p.shown:
        orbit = images(symmetry, w, h, i)
        assert fitting(w, h, n, clues(p, p.shown - orbit)) == 2, f"orbit of {i} is spare"

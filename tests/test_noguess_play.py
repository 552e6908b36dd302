"""The generator's own judge: ``noguess.play`` must say "cleared" exactly when the
brute-force checker does, on layouts that were not made to pass."""

from __future__ import annotations

import random
from dataclasses import replace
from math import comb

import pytest

from minebender import Knowledge, Layout, Pos, place_mines
from minebender.rules.noguess.play import geometry, play
from test_noguess_check import BRUTE_LIMIT, clears_brute


def random_boards(seed: int, count: int) -> list[tuple[int, int, Layout, Pos]]:
    """Small random layouts with a safe first click, at every density (small enough
    for ``clears_brute`` to list every layout)."""
    r = random.Random(seed)
    out: list[tuple[int, int, Layout, Pos]] = []
    while len(out) < count:
        w, h = r.randint(1, 5), r.randint(1, 5)
        n = r.randint(0, min(w * h - 1, 7))
        if comb(w * h - 1, n) > BRUTE_LIMIT:
            continue
        cells = r.sample(range(w * h), w * h)
        mines = set(cells[:n])
        first = cells[n]
        layout = tuple(tuple(y * w + x in mines for x in range(w)) for y in range(h))
        out.append((w, h, layout, Pos(first % w, first // w)))
    return out


def flat(layout: Layout) -> list[bool]:
    return [c for row in layout for c in row]


@pytest.mark.parametrize("seed", range(4))
def test_play_agrees_with_brute_force(seed: int) -> None:
    for w, h, layout, first in random_boards(seed, 150):
        outcome = play(geometry(w, h), flat(layout), first.y * w + first.x)
        assert outcome.cleared == clears_brute(w, h, layout, first), (w, h, layout, first)


def test_cheap_rules_alone_are_sound() -> None:
    """Without the exact solver, play never reveals a mine (it would raise), and a
    board it clears is one the brute-force checker clears too."""

    def nothing(_: Knowledge) -> list[Pos]:
        return []

    for w, h, layout, first in random_boards(99, 400):
        outcome = play(geometry(w, h), flat(layout), first.y * w + first.x, finder=nothing)
        if outcome.cleared:
            assert clears_brute(w, h, layout, first)


def test_play_remembers_the_solver_answers() -> None:
    """Replaying the same board asks the exact solver nothing new."""
    w, h = 30, 16
    for seed in range(50):
        # the first Expert board on which the cheap rules get stuck somewhere
        layout = place_mines(w, h, 99, Pos(15, 8), [seed])
        cache: dict[bytes, tuple[int, ...]] = {}
        first = play(geometry(w, h), flat(layout), 8 * w + 15, cache)
        if first.exact_calls:
            break
    assert first.exact_calls > 0, "no board among 50 needed the exact solver"
    again = play(geometry(w, h), flat(layout), 8 * w + 15, cache)
    assert again.exact_calls == 0
    assert again == replace(first, exact_calls=0)

"""The brute force's two ways of listing a view's layouts agree: all the
layouts of its size and total, filtered by their full views, and the choices
of its free cells alone (``brute._layouts_on``), which bigger views take."""

from __future__ import annotations

import random

import pytest

from minebender import Hidden, Knowledge
from reference import brute


@pytest.mark.parametrize(("w", "h"), [(4, 3), (5, 2), (3, 4)])
def test_both_listings_give_the_same_layouts_in_the_same_order(w: int, h: int) -> None:
    rng = random.Random(w * 10 + h)
    seen_free = seen_some = 0
    for _ in range(60):
        total = rng.randint(0, w * h // 2)
        layout = rng.choice(brute._views_of_total(w, h, total))[0]
        full = brute.full_view(w, h, layout)
        shown = rng.random()
        rows = tuple(
            tuple(
                full[y][x] if not layout[y][x] and rng.random() < shown else Hidden()
                for x in range(w)
            )
            for y in range(h)
        )
        view = Knowledge(w, h, total, rows)
        every = [
            lay
            for lay, _, f in brute._views_of_total(w, h, total)
            if all(
                f[y][x] == s
                for y, row in enumerate(rows)
                for x, s in enumerate(row)
                if type(s) is not Hidden
            )
        ]
        assert layout in every
        assert brute.consistent_layouts(view) == every
        free = [p for p in view.cells() if type(view.seen(p)) is Hidden]
        assert brute._layouts_on(w, h, free, total, brute._shown(view)) == every
        seen_free += len(free) < w * h
        seen_some += len(every) > 1
    assert seen_free > 30 and seen_some > 10  # views with numbers, and with a choice

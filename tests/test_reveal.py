"""``solver.reveal`` gives, for a view with one more number shown, the figures
``analyse`` gives on that view made whole: the short way (the view read once,
no ``Fraction`` per cell) must not change a single answer of the strong bot."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from minebender import Boom, Hidden, Knowledge, Pos, Shown
from minebender.rules.solver import analyse, small
from minebender.rules.solver.reveal import Outcome, Reveals
from minebender.services.bench.positions import real_play
from minebender.values.types import SHOWN


def _made_whole(knowledge: Knowledge, p: Pos, n: int) -> Outcome | None:
    """The outcome read off ``analyse`` of the view with p showing n."""
    rows = [list(r) for r in knowledge.rows]
    rows[p.y][p.x] = SHOWN[n]
    view = Knowledge(knowledge.width, knowledge.height, knowledge.mines, tuple(map(tuple, rows)))
    after = analyse(view)
    if not after.consistent:
        return None
    probabilities = [q for row in after.probabilities for q in row if q is not None and q != 1]
    lowest = min(probabilities, default=Fraction(0))
    ratio = (lowest.numerator, lowest.denominator)
    return Outcome(after.solutions, len(after.safe), float(lowest), ratio)


def _random_view(rng: random.Random) -> Knowledge:
    """A small view from a random layout, part revealed; now and then a
    revealed mine, a wrong number or an unknown total."""
    w, h = rng.randint(2, 7), rng.randint(2, 6)
    mines = set(rng.sample(range(w * h), rng.randint(1, w * h // 2)))
    share = rng.random()
    rows = []
    for y in range(h):
        row: list[Hidden | Shown | Boom] = []
        for x in range(w):
            i = y * w + x
            if rng.random() >= share:
                row.append(Hidden())
            elif i in mines:
                row.append(Boom() if rng.random() < 0.05 else Hidden())
            else:
                n = sum(
                    (yy * w + xx) in mines
                    for yy in range(y - 1, y + 2)
                    for xx in range(x - 1, x + 2)
                    if 0 <= xx < w and 0 <= yy < h
                )
                row.append(Shown(rng.randint(0, 8) if rng.random() < 0.03 else n))
        rows.append(tuple(row))
    total = len(mines) if rng.random() < 0.8 else None
    return Knowledge(w, h, total, tuple(rows))


def _every_outcome(knowledge: Knowledge) -> tuple[int, int]:
    """Check every hidden cell and every number 0..8 of a view; how many
    outcomes agreed with some layout, and how many did not."""
    reveals = Reveals(knowledge)
    found = [0, 0]
    for p in knowledge.cells():
        if not knowledge.hidden(p):
            continue
        for n in range(9):
            got = reveals.outcome(p, n)
            assert got == _made_whole(knowledge, p, n), (knowledge, p, n)
            found[got is None] += 1
    return found[0], found[1]


@pytest.mark.parametrize("way", ["listed", "swept"])
def test_an_outcome_is_what_analyse_says_of_the_view_made_whole(
    way: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On random small views, some inconsistent, some with a revealed mine:
    solutions, safe cells and the lowest probability agree exactly."""
    monkeypatch.setattr(small, "LISTABLE", 10**9 if way == "listed" else 0)
    agreed = refused = 0
    for seed in range(80):
        a, r = _every_outcome(_random_view(random.Random(seed)))
        agreed += a
        refused += r
    assert agreed > 300 and refused > 300  # both kinds were checked


def test_outcomes_of_real_play_agree_with_analyse() -> None:
    """On views of seeded Intermediate games, at the candidates the bot
    scores (hidden cells next to a number) and a few others."""
    for position in real_play("intermediate", 6, 11)[1::2]:
        k = position.knowledge
        reveals = Reveals(k)
        cells = [p for p in k.cells() if k.hidden(p)][::7]
        for p in cells:
            for n in range(9):
                assert reveals.outcome(p, n) == _made_whole(k, p, n), (p, n)


def test_a_cell_that_is_not_hidden_is_refused() -> None:
    k = Knowledge(3, 1, 1, ((Hidden(), Shown(1), Hidden()),))
    with pytest.raises(ValueError, match="not a hidden cell"):
        Reveals(k).outcome(Pos(1, 0), 0)

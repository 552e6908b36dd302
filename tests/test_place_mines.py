"""place_mines: total, deterministic, and uniform over the allowed layouts.

Uniformity is checked with a chi-squared test over every allowed layout of a
small board, with a fixed seed and a threshold a correct sampler exceeds with
probability about one in a million. The test is itself tested: two samplers
with classic biases (a naive shuffle, and "take the next free cell" on a
collision) must fail it.
"""

from __future__ import annotations

import itertools
import math
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minebender import Layout, Pos, place_mines
from reference import defs

Sampler = Callable[[int, int, int, Pos, Sequence[int]], Layout]


# --------------------------------------------------------------------------
# Totality and determinism
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("w", "h", "n", "first", "rs"),
    [
        (0, 0, 0, Pos(0, 0), []),
        (0, 4, 2, Pos(0, 0), [1]),
        (5, 0, 2, Pos(0, 0), [1]),
        (3, 3, 100, Pos(1, 1), []),
        (3, 3, 9, Pos(5, 5), []),
        (3, 3, 4, Pos(-1, -1), []),
        (2, 2, 1, Pos(-(10**12), 10**12), [0, 2**32 - 1]),
        (1, 1, 1, Pos(0, 0), []),
    ],
)
def test_place_mines_is_total(w: int, h: int, n: int, first: Pos, rs: list[int]) -> None:
    layout = place_mines(w, h, n, first, rs)
    assert defs.shaped(w, h, layout)
    assert not defs.mine(layout, first)
    assert all(type(b) is bool for row in layout for b in row)


def test_too_many_mines_fill_every_cell_but_the_first_click() -> None:
    layout = place_mines(3, 3, 100, Pos(1, 1), [3])
    assert defs.total_mines(layout) == 8 and not layout[1][1]


@given(
    st.integers(0, 9),
    st.integers(0, 9),
    st.integers(0, 90),
    st.builds(Pos, st.integers(-2, 10), st.integers(-2, 10)),
    st.lists(st.integers(0, 2**32 - 1), max_size=6),
)
def test_place_mines_is_deterministic(w: int, h: int, n: int, first: Pos, rs: list[int]) -> None:
    assert place_mines(w, h, n, first, rs) == place_mines(w, h, n, Pos(*first), tuple(rs))


def test_different_words_give_different_boards() -> None:
    boards = {place_mines(9, 9, 10, Pos(4, 4), [seed]) for seed in range(50)}
    assert len(boards) > 45


@pytest.mark.parametrize("bad", [(4.0, 4), (0, True), (1,), "ab", 7, (1, 1, 99), [1, 1]])
def test_the_first_click_must_be_a_pair_of_ints(bad: object) -> None:
    with pytest.raises(TypeError, match=re.escape(f"first must be a Pos of two ints, got {bad!r}")):
        place_mines(9, 9, 10, bad, [1])  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [{1: 2}, {1}, "12", b"12", 7])
def test_the_words_must_be_a_sequence(bad: object) -> None:
    """A dict or a set is iterable, and its keys became the seed without a word."""
    with pytest.raises(TypeError, match="rs must be a sequence of 32-bit ints"):
        place_mines(9, 9, 10, Pos(4, 4), bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 2**32, 1.5, "7"])
def test_words_must_be_32_bit_unsigned(bad: object) -> None:
    with pytest.raises((ValueError, TypeError), match=re.escape(repr(bad))):
        place_mines(3, 3, 1, Pos(0, 0), [bad])  # type: ignore[list-item]


# --------------------------------------------------------------------------
# Uniformity
# --------------------------------------------------------------------------


def allowed_layouts(w: int, h: int, n: int, first: Pos) -> list[Layout]:
    """The layouts place_mines may give: n mines, none on the first click, and,
    when the first click's neighbourhood fits beside them, none next to it."""
    cells = defs.cells(w, h)
    near = [p for p in cells if defs.within_one(first, p)]
    banned = near if n + len(near) <= w * h else [first]
    free = [p for p in cells if p not in banned]
    return [
        tuple(tuple(Pos(x, y) in chosen for x in range(w)) for y in range(h))
        for chosen in map(set, itertools.combinations(free, n))
    ]


CASES = [
    (4, 4, 3, Pos(1, 1)),  # an opening: 3 mines in the 7 cells away from the click
    (3, 3, 3, Pos(1, 1)),  # no room for an opening: 3 mines in 8 cells
]
SAMPLES_PER_LAYOUT = 60


def chi_squared_quantile(df: int, z: float = 4.753) -> float:
    """The chi-squared value exceeded with probability ~1e-6 (z is the normal
    quantile), by the Wilson-Hilferty approximation."""
    c = 2 / (9 * df)
    return df * (1 - c + z * math.sqrt(c)) ** 3


def chi_squared(sampler: Sampler, seed: int = 20261129) -> list[tuple[float, float]]:
    """For each case: the statistic over every allowed layout, and the threshold."""
    rng = random.Random(seed)
    out = []
    for w, h, n, first in CASES:
        allowed = allowed_layouts(w, h, n, first)
        draws = SAMPLES_PER_LAYOUT * len(allowed)
        counts = Counter(
            sampler(w, h, n, first, [rng.getrandbits(32) for _ in range(4)]) for _ in range(draws)
        )
        assert set(counts) <= set(allowed), "a layout outside the allowed ones"
        expected = draws / len(allowed)
        stat = sum((counts[layout] - expected) ** 2 / expected for layout in allowed)
        out.append((stat, chi_squared_quantile(len(allowed) - 1)))
    return out


def test_place_mines_is_uniform_over_the_allowed_layouts() -> None:
    for (stat, threshold), case in zip(chi_squared(place_mines), CASES, strict=True):
        assert stat < threshold, f"{case}: chi-squared {stat:.1f} >= {threshold:.1f}"


def _stream(rs: Sequence[int]) -> Callable[[int], int]:
    """Draws below k from the words, then from a seeded generator."""
    words = list(rs)
    rng = random.Random(sum(rs))

    def below(k: int) -> int:
        return (words.pop() if words else rng.getrandbits(32)) % k

    return below


def _pool(w: int, h: int, n: int, first: Pos) -> list[Pos]:
    cells = list(defs.cells(w, h))
    near = [p for p in cells if defs.within_one(first, p)]
    banned = near if n + len(near) <= w * h else [first]
    return [p for p in cells if p not in banned]


def naive_shuffle(w: int, h: int, n: int, first: Pos, rs: Sequence[int]) -> Layout:
    """Biased: swaps every cell with any cell (not only later ones), then takes n."""
    pool, below = _pool(w, h, n, first), _stream(rs)
    for i in range(len(pool)):
        j = below(len(pool))
        pool[i], pool[j] = pool[j], pool[i]
    chosen = set(pool[:n])
    return tuple(tuple(Pos(x, y) in chosen for x in range(w)) for y in range(h))


def next_free_cell(w: int, h: int, n: int, first: Pos, rs: Sequence[int]) -> Layout:
    """Biased: on a collision, takes the next free cell instead of drawing again."""
    pool, below = _pool(w, h, n, first), _stream(rs)
    chosen: set[Pos] = set()
    while len(chosen) < n:
        i = below(len(pool))
        while pool[i] in chosen:
            i = (i + 1) % len(pool)
        chosen.add(pool[i])
    return tuple(tuple(Pos(x, y) in chosen for x in range(w)) for y in range(h))


@pytest.mark.parametrize("biased", [naive_shuffle, next_free_cell])
def test_the_uniformity_test_catches_biased_samplers(biased: Sampler) -> None:
    results = chi_squared(biased)
    assert any(stat > threshold for stat, threshold in results), results


def test_the_uniformity_test_passes_a_fair_sampler() -> None:
    """Python's own random.sample, over the same allowed cells, passes."""

    def fair(w: int, h: int, n: int, first: Pos, rs: Sequence[int]) -> Layout:
        chosen = set(random.Random(str(list(rs))).sample(_pool(w, h, n, first), n))
        return tuple(tuple(Pos(x, y) in chosen for x in range(w)) for y in range(h))

    for stat, threshold in chi_squared(fair):
        assert stat < threshold


def test_sequences_that_differ_in_one_word_give_unrelated_layouts() -> None:
    """A run's seed words followed by a game index must not pin any mine: with
    rs = [seed, 0, i] for 60 games, no cell is a mine in every one of them, and
    each cell's mine count stays near its expectation."""
    from minebender import Pos, place_mines

    layouts = [place_mines(9, 9, 10, Pos(4, 4), [12345, 0, i]) for i in range(60)]
    counts = [[sum(lay[y][x] for lay in layouts) for x in range(9)] for y in range(9)]
    assert max(max(row) for row in counts) < 30, counts
    assert all(counts[y][x] == 0 for y in range(3, 6) for x in range(3, 6))

"""One seeded stream: every seeded choice comes from ``minebender.values.seeded``,
by the algorithm its docstring writes down, and the boards of old seeds stay.

The boards below were dealt by minebender before the stream was one module:
board codes, stored games and replays must deal them again. Puzzles were
drawn with Python's ``random`` then, so their pins are of the new stream.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable

import pytest

from importgraph import imported, modules
from minebender.rules.game import board_rs
from minebender.rules.noguess.search import generate
from minebender.services.bot import game_words
from minebender.services.puzzle import make_puzzle
from minebender.services.session.board import assist_k, layout_for, seed_words
from minebender.values.seeded import Stream, hash_words
from minebender.values.types import Layout, Pos, Setup

HASHLIB_ALLOWED = {
    "minebender.services.store.records": "keeps a game's token as its SHA-256",
    "minebender.services.review.corpus": "counts a replay file by the SHA-256 of its bytes",
}
"""Modules besides ``seeded`` that may use hashlib, and why: never for a stream."""


def rows(layout: Layout) -> list[str]:
    return ["".join("*" if c else "." for c in row) for row in layout]


def test_no_module_but_seeded_makes_its_own_randomness() -> None:
    """Python's ``random`` gives other draws on another Python, and a stream
    of hashes written twice can drift apart: only ``seeded`` has either."""
    bad = []
    for name, path in modules().items():
        if name == "minebender.values.seeded":
            continue
        found = imported(name, path)
        if "random" in found:
            bad.append(f"{name} imports random")
        if "hashlib" in found and name not in HASHLIB_ALLOWED:
            bad.append(f"{name} imports hashlib")
    assert not bad, "draw from minebender.values.seeded instead:\n  " + "\n  ".join(bad)


# --------------------------------------------------------------------------
# The algorithm, as written down
# --------------------------------------------------------------------------


def test_the_words_are_sha256_of_the_key_and_a_block_counter() -> None:
    """Another program can compute the words from the docstring alone."""
    key = b"minebender test"
    expected = []
    for block in range(3):
        digest = hashlib.sha256(key + block.to_bytes(8, "big")).digest()
        expected += [int.from_bytes(digest[i : i + 4], "big") for i in range(0, 32, 4)]
    s = Stream.from_text("minebender test")
    assert [s.word() for _ in range(24)] == expected
    hashed = Stream.hashed(key)
    assert hashed.word() == int.from_bytes(
        hashlib.sha256(hashlib.sha256(key).digest() + bytes(8)).digest()[:4], "big"
    )


def test_hash_words_chain_past_one_digest() -> None:
    first = hashlib.sha256(b"x").digest()
    second = hashlib.sha256(first).digest()
    third = hashlib.sha256(first + second).digest()
    chained = first + second + third
    assert hash_words(b"x", 20) == [
        int.from_bytes(chained[i : i + 4], "big") for i in range(0, 80, 4)
    ]


def test_the_choices_are_pinned() -> None:
    """What a key gives is fixed for good: a change here changes puzzles."""
    s = Stream.from_text("minebender test")
    assert s.below(10) == 4
    assert s.below(2**40) == 1044652372259
    assert s.random() == 0.6702841140807173
    assert s.choice("abcdef") == "b"
    assert s.weighted("xyz", [1, 0, 10**30]) == "z"
    assert s.sample(range(20), 5) == [15, 13, 5, 7, 4]
    order = list(range(10))
    s.shuffle(order)
    assert order == [0, 3, 2, 5, 8, 6, 7, 9, 4, 1]


def test_below_rejects_the_words_past_the_last_whole_multiple() -> None:
    """For n = 2**31 + 1 one whole multiple fits in a word, so about half the
    words are skipped; the others are taken modulo n, each value as likely."""
    n = 2**31 + 1
    words = Stream(b"k")
    kept = [w % n for w in (words.word() for _ in range(64)) if w < n]
    s = Stream(b"k")
    assert len(kept) < 50
    assert [s.below(n) for _ in range(10)] == kept[:10]


def test_below_reads_big_numbers_from_several_words() -> None:
    s, t = Stream(b"big"), Stream(b"big")
    n = 2**64
    a, b = t.word(), t.word()
    assert s.below(n) == (a << 32 | b) % n


def test_below_is_uniform() -> None:
    s = Stream.from_text("minebender uniform")
    counts = Counter(s.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(abs(c - 10_000) < 500 for c in counts.values())  # about 5 standard deviations


def test_random_is_in_the_unit_interval() -> None:
    s = Stream(b"float")
    values = [s.random() for _ in range(10_000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.48 < sum(values) / len(values) < 0.52


def test_weighted_never_picks_a_zero_weight_and_follows_whole_weights() -> None:
    s = Stream(b"weights")
    picks = Counter(s.weighted("abc", [10**40, 0, 3 * 10**40]) for _ in range(8_000))
    assert picks["b"] == 0
    assert 1_800 < picks["a"] < 2_200


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda s: s.below(0), "at least 1"),
        (lambda s: s.sample([1, 2], 3), "from 0 to 2"),
        (lambda s: s.weighted("ab", [0, 0]), "all 0"),
        (lambda s: s.weighted("ab", [1]), "as many weights"),
        (lambda s: s.weighted("ab", [2, -1]), "negative"),
    ],
)
def test_impossible_choices_say_why(call: Callable[[Stream], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call(Stream(b"x"))


def test_sample_and_shuffle_keep_the_items() -> None:
    s = Stream(b"keep")
    items = list(range(30))
    drawn = s.sample(items, 30)
    assert sorted(drawn) == items and drawn != items
    s.shuffle(items)
    assert sorted(items) == list(range(30))
    assert s.sample(items, 0) == []


# --------------------------------------------------------------------------
# The boards of old seeds, captured before the stream was one module
# --------------------------------------------------------------------------


def test_a_board_code_deals_the_board_it_always_dealt() -> None:
    """``e:k3j9`` with the first click at (3, 3)."""
    assert rows(layout_for(Setup(30, 16, 99), "k3j9", Pos(3, 3))) == [
        "...............*....*.*..*....",
        "....*.........*...*.*.......*.",
        ".*........*.**........*..*..*.",
        ".....*..*..............*.**...",
        "........*......*.....**......*",
        "**..*.......*........*.**..*..",
        "*...*.**.......*....*..*......",
        ".....*.***....*..*.....*..*.*.",
        "...........**..*.*.*......*...",
        "***....**....*.*..**...*....**",
        "*...*..*.......*......*..**..*",
        "................*....*........",
        "........*......*..*......*...*",
        ".................**....*.*..*.",
        "*.........**..**..*..*.....*..",
        "..*......*..........*.........",
    ]
    assert rows(layout_for(Setup(9, 9, 10), "k3j9", Pos(3, 3))) == [
        ".........",
        ".........",
        ".*.......",
        "......*..",
        ".*.......",
        "....**..*",
        "......**.",
        "*........",
        "...*.....",
    ]


def test_a_no_guess_code_deals_the_board_it_always_dealt() -> None:
    """``i+ng:k3j9`` with the first click at (3, 3): a board that was repaired."""
    assert rows(layout_for(Setup(16, 16, 40), "k3j9", Pos(3, 3), no_guess=True)) == [
        "........*.......",
        "..*.....*....*.*",
        "........*...*..*",
        "............*..*",
        "*...............",
        ".*..........*...",
        ".*...*.*......*.",
        "*..........*....",
        "................",
        "**.*.**.....*...",
        "*....**.*......*",
        "..*.*...........",
        "...*..........**",
        "......*.*.......",
        ".*.........*.*..",
        "................",
    ]


@pytest.mark.parametrize(
    ("size", "index", "repairs", "digest"),
    [
        ((30, 16, 99), 3, 8, "aa7e02cd3c59e8bc"),
        ((30, 16, 99), 7, 4, "f8615a2814b94422"),
        ((9, 9, 30), 0, 7, "8a7502f34f13d52b"),
    ],
)
def test_a_no_guess_run_gives_the_boards_it_always_gave(
    size: tuple[int, int, int], index: int, repairs: int, digest: str
) -> None:
    """Boards of ``generate --no-guess``, seed 7 then 11, found after repairs
    (so shuffles and samples of the stream decided them)."""
    w, h, m = size
    first = Pos(15, 8) if m == 99 else Pos(2, 2)
    report = generate(w, h, m, first, board_rs(7 if m == 99 else 11, index))
    assert report.repairs == repairs
    assert hashlib.sha256(repr(report.layout).encode()).hexdigest()[:16] == digest


def test_the_words_of_seeds_are_those_they_always_were() -> None:
    assert seed_words("k3j9") == [
        262847961,
        968129791,
        1577156317,
        1750933666,
        3809428710,
        2607721181,
        3669471648,
        3460106993,
    ]
    assert seed_words("x", 12)[8:] == [247588741, 4025385516, 1525540754, 3585127395]
    assert [assist_k("k3j9", i) for i in range(3)] == [44488665, 1829829954, 121747902]
    assert game_words(5, 0)[:3] == [4235870131, 665787014, 3733584064]


# --------------------------------------------------------------------------
# Puzzles: new draws, pinned so that they stay
# --------------------------------------------------------------------------


def test_a_puzzle_of_a_seed_is_pinned() -> None:
    made = make_puzzle(8, 8, 12, 5, 2)
    assert made.puzzle.board_text() == (
        "8x8x12\n.01..2.2\n.1.2....\n.22...2.\n.....3.0\n2.3.....\n...1....\n.1..11.1\n..0.1.1.\n"
    )
    assert sorted(made.puzzle.mines) == [3, 6, 14, 16, 20, 21, 25, 27, 36, 41, 47, 61]
    easy = make_puzzle(5, 5, 6, 11, 0, "easy")
    assert easy.puzzle.board_text() == "5x5x6\n.....\n3....\n....0\n.22..\n12...\n"

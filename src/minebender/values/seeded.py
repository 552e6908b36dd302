"""Every seeded choice minebender makes: SHA-256 in counter mode.

Boards, no-guess boards, puzzles, the bot's draws and benchmark positions
all come from here, by an algorithm written down below, so that a seed gives
the same result with every Python and on every machine. Python's ``random``
promises no such thing for ``sample`` or ``shuffle``. A word is a 32-bit
unsigned integer, and bytes become words big-endian, 4 at a time.

``hash_words(data, count)``: the first ``count`` words of B0 B1 B2 ..., where
B0 = SHA-256(data) and each further block is SHA-256 of all the blocks before
it (B1 = SHA-256(B0), B2 = SHA-256(B0 B1)).

``Stream(key)``: the words of SHA-256(key + u64(0)), then of
SHA-256(key + u64(1)), and so on, 8 words a block, where u64(i) is i in 8
bytes big-endian. ``Stream.from_text(text)`` has the UTF-8 bytes of text as
its key, ``Stream.hashed(data)`` the 32 bytes of SHA-256(data). The choices
take words from the stream in this order:

- ``word()``: the next word.
- ``below(n)``, for n >= 1: take the least k >= 1 with 2**(32k) >= n; read k
  words as one number v, the first word highest; start again while v >=
  L = (2**(32k) // n) * n; return v % n. Every result is equally likely.
- ``random()``: words a, b; ((a >> 5) * 2**26 + (b >> 6)) / 2**53, in [0, 1).
- ``uniform(low, high)``: low + (high - low) * random().
- ``choice(items)``: items[below(len(items))].
- ``weighted(items, weights)``: whole weights of any size; p =
  below(sum(weights)); the first item whose weight is more than p, p less
  the weights before it.
- ``sample(items, k)``: a list of the items; for i from 0 to k - 1, swap
  place i with place i + below(len - i); the first k places.
- ``shuffle(items)``: in place (Fisher-Yates); for i from len - 1 down to 1,
  swap place i with place below(i + 1).
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["Stream", "hash_words"]

T = TypeVar("T")

WORD = 2**32

BLOCKS = 8
"""Blocks hashed at a time: the same words, fewer calls for each."""

_EIGHT = struct.Struct(">8I")


def hash_words(data: bytes, count: int = 8) -> list[int]:
    """The first ``count`` words of SHA-256(data), chained past 8 (see above):
    a few words fixed by a text, such as the words of a board's seed.

    >>> hash_words(b"abc", 2)
    [3128432319, 2399260650]
    """
    digest = hashlib.sha256(data).digest()
    while len(digest) < 4 * count:
        digest += hashlib.sha256(digest).digest()
    return [int.from_bytes(digest[i : i + 4], "big") for i in range(0, 4 * count, 4)]


class Stream:
    """An endless stream of words from a key, and the choices made with them.

    The same key always gives the same choices; keys that differ anywhere
    give unrelated ones.

    >>> s = Stream.from_text("minebender example")
    >>> s.below(6), s.choice("abc"), s.sample(range(10), 3)
    (2, 'c', [8, 3, 9])
    """

    def __init__(self, key: bytes) -> None:
        self._key = hashlib.sha256(key)
        self._block = 0
        self._words: list[int] = []
        self._next = 0

    @classmethod
    def from_text(cls, text: str) -> Stream:
        """The stream keyed by the UTF-8 bytes of text: name what it is for and
        every number that picks it, as ``"minebender puzzle 8x8x10 5 0 0"``."""
        return cls(text.encode("utf-8"))

    @classmethod
    def hashed(cls, data: bytes) -> Stream:
        """The stream keyed by the 32 bytes of SHA-256(data)."""
        return cls(hashlib.sha256(data).digest())

    def word(self) -> int:
        """The next 32 bits."""
        i = self._next
        if i >= len(self._words):
            self._refill()
            i = 0
        self._next = i + 1
        return self._words[i]

    def _refill(self) -> None:
        """The words of the next blocks, 8 at a time (fewer calls per word)."""
        words: list[int] = []
        for _ in range(BLOCKS):
            h = self._key.copy()
            h.update(self._block.to_bytes(8, "big"))
            self._block += 1
            words.extend(_EIGHT.unpack(h.digest()))
        self._words = words
        self._next = 0

    def below(self, n: int) -> int:
        """A whole number from 0 to n - 1, each equally likely (n of any size)."""
        if n < 1:
            raise ValueError(f"below: n must be at least 1, got {n}")
        if n <= WORD:  # the common case, one word at a time
            limit = (WORD // n) * n
            while True:
                w = self.word()
                if w < limit:
                    return w % n
        k = ((n - 1).bit_length() + 31) // 32
        span = 1 << (32 * k)
        limit = (span // n) * n
        while True:
            v = 0
            for _ in range(k):
                v = (v << 32) | self.word()
            if v < limit:
                return v % n

    def random(self) -> float:
        """A float in [0, 1), a multiple of 2**-53."""
        i = self._next
        if i + 2 <= len(self._words):  # both words at hand: the common case, inlined
            a, b = self._words[i] >> 5, self._words[i + 1] >> 6
            self._next = i + 2
        else:
            a = self.word() >> 5
            b = self.word() >> 6
        return (a * 67108864 + b) / 9007199254740992

    def uniform(self, low: float, high: float) -> float:
        """A float from low to high."""
        return low + (high - low) * self.random()

    def choice(self, items: Sequence[T]) -> T:
        """One of items, each equally likely."""
        if not items:
            raise IndexError("choice: no items to choose from")
        return items[self.below(len(items))]

    def weighted(self, items: Sequence[T], weights: Sequence[int]) -> T:
        """One of items, each as likely as its whole weight: exact for weights far
        past a float (the count of layouts on a big board)."""
        if len(items) != len(weights) or not items:
            raise ValueError("weighted: as many weights as items, and at least one")
        if any(wt < 0 for wt in weights):
            raise ValueError("weighted: a weight is negative")
        total = sum(weights)
        if total < 1:
            raise ValueError("weighted: the weights are all 0")
        pick = self.below(total)
        for item, wt in zip(items, weights, strict=True):
            if pick < wt:
                return item
            pick -= wt
        raise AssertionError("unreachable: pick is below the total")

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k of items, without repeats, in the order drawn."""
        pool = list(items)
        n = len(pool)
        if not 0 <= k <= n:
            raise ValueError(f"sample: k must be from 0 to {n}, got {k}")
        for i in range(k):
            j = i + self.below(n - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Put items in an order drawn at random, every order equally likely."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

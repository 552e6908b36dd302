"""One line of text that fits the terminal (``board_fit`` fits the board):
the status line shortened by leaving out what matters least, never by
cropping its end.

A status line cut at the terminal's edge loses its last words, which are
often the ones that matter ("won in" with no time). So each app says what its
line is made of and which parts go first; what is left is always true, only
less complete.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from rich.cells import cell_len

__all__ = ["dropping", "fit"]


def fit(candidates: Iterable[str], width: int) -> str:
    """The first candidate (longest first) that fits in width columns, else the last.

    >>> fit(["a long line", "short", "s"], 6)
    'short'
    >>> fit(["a long line", "still long"], 3)
    'still long'
    """
    line = ""
    for line in candidates:
        if cell_len(line) <= width:
            return line
    return line


def dropping(parts: Sequence[str], drop: Sequence[int], sep: str = " · ") -> Iterator[str]:
    """The parts joined by sep, then again without each part of drop in turn
    (indexes, the least important first), each line shorter than the one before.
    Empty parts are left out.

    >>> list(dropping(["beginner", "step 3/9", "won in 2.000 s"], [0, 1]))
    ['beginner · step 3/9 · won in 2.000 s', 'step 3/9 · won in 2.000 s', 'won in 2.000 s']
    """
    gone: set[int] = set()
    yield sep.join(p for p in parts if p)
    for index in drop:
        gone.add(index)
        yield sep.join(p for i, p in enumerate(parts) if p and i not in gone)

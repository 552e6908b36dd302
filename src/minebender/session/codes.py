"""Board codes: share a board as a short text (level, seed, no-guess)."""

from __future__ import annotations

from minebender.session.board import level_from_name, level_name
from minebender.session.values import SessionSpec
from minebender.types import Custom, Level

__all__ = ["MAX_SEED_LENGTH", "board_code", "parse_board_code"]


_LEVEL_LETTERS = {"beginner": "b", "intermediate": "i", "expert": "e"}
_LETTER_LEVELS = {v: k for k, v in _LEVEL_LETTERS.items()}
MAX_SEED_LENGTH = 64


def board_code(spec: SessionSpec) -> str:
    """A short code that gives another player the same board: ``e:SEED``,
    ``i+ng:SEED`` (no-guess) or ``20x12x40:SEED`` for a custom level.

    >>> board_code(SessionSpec(Custom(20, 12, 40), "abc", no_guess=True))
    '20x12x40+ng:abc'
    """
    name = level_name(spec.level)
    if name == "custom":
        b = spec.setup
        head = f"{b.width}x{b.height}x{b.mines}"
    else:
        head = _LEVEL_LETTERS[name]
    return f"{head}{'+ng' if spec.no_guess else ''}:{spec.seed}"


def parse_board_code(code: str, practice: bool = False) -> SessionSpec:
    """The spec of a board code; a ValueError names what is wrong with a bad one.

    >>> parse_board_code("e:xyz").level
    Expert()
    """
    if not isinstance(code, str):
        raise ValueError(f"a board code must be text, got {code!r}")
    head, sep, seed = code.strip().partition(":")
    if not sep or not seed:
        raise ValueError(f"board code {code!r} must look like LEVEL:SEED, e.g. e:k3j9")
    if len(seed) > MAX_SEED_LENGTH:
        raise ValueError(f"board code seed is longer than {MAX_SEED_LENGTH} characters")
    head = head.lower()
    no_guess = head.endswith("+ng")
    head = head.removesuffix("+ng")
    level: Level
    if head in _LETTER_LEVELS:
        level = level_from_name(_LETTER_LEVELS[head])
    else:
        parts = head.split("x")
        if len(parts) != 3 or not all(p.isdigit() and len(p) <= 4 for p in parts):
            raise ValueError(f"board code level {head!r} must be b, i, e or WIDTHxHEIGHTxMINES")
        level = Custom(int(parts[0]), int(parts[1]), int(parts[2]))
    return SessionSpec(level, seed, no_guess=no_guess, practice=practice)

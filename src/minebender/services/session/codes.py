"""Board codes: share a board as a short text (level, seed, no-guess)."""

from __future__ import annotations

import contextlib
import secrets

from minebender.services.session.board import level_from_name, level_name
from minebender.services.session.values import SessionSpec
from minebender.values.types import Custom, Level
from minebender.values.words import count, cut

__all__ = [
    "FILE_SEED",
    "MAX_SEED_LENGTH",
    "SEED_RULE",
    "board_code",
    "check_given_seed",
    "is_board_seed",
    "new_seed",
    "parse_board_code",
]


_LEVEL_LETTERS = {"beginner": "b", "intermediate": "i", "expert": "e"}
_LETTER_LEVELS = {v: k for k, v in _LEVEL_LETTERS.items()}
MAX_SEED_LENGTH = 64
SEED_RULE = f"1 to {MAX_SEED_LENGTH} printable characters, without spaces at either end"
"""What a seed a player gives must be (``is_board_seed``), said the same way everywhere."""


FILE_SEED = "mbf"
"""The seed of a game on a board from a file: the layout decides that board, not
this seed, so such a game has no board code (``board_code`` gives None) and a
code with this seed is refused (it was once shown as ``b:mbf``, a lie)."""


SEED_LETTERS = "abcdefghijkmnpqrstuvwxyz23456789"
"""The letters of a seed minebender makes: lower case, without 0, o, 1 and l,
which are misread when a code is read out or copied by hand."""


def new_seed() -> str:
    """A fresh seed for a game that asked for none, the same in the terminal and
    on the page: 10 letters of ``SEED_LETTERS`` (50 bits, so two games of one
    player never meet the same board by chance), short enough to type again
    from its board code.

    >>> s = new_seed(); len(s), set(s) <= set(SEED_LETTERS), is_board_seed(s)
    (10, True, True)
    """
    return "".join(secrets.choice(SEED_LETTERS) for _ in range(10))


def is_board_seed(seed: str) -> bool:
    """The seed may be given to pick a board (``minebender play --seed``, the
    API's ``seed``): its board code then deals that same board back.

    A code is read with the spaces around it forgiven (``parse_board_code``:
    a pasted code often has some), so a seed ending in a space would come back
    without it, another board; one starting with a space is refused alike, and
    a seed that cannot be shown (a control character, half a surrogate pair)
    cannot be shared as a code either. Anything else a code carries intact:
    the seed is all that follows the code's first ``:``, spaces, ``:`` and
    ``+`` included.

    >>> is_board_seed("k3j9"), is_board_seed("a b:+ng"), is_board_seed("abc "), is_board_seed("")
    (True, True, False, False)
    """
    return 0 < len(seed) <= MAX_SEED_LENGTH and seed.isprintable() and seed == seed.strip()


def check_given_seed(seed: str, name: str) -> None:
    """A ValueError, naming the seed as name (``--seed``, ``seed``), unless
    a player may give it to pick a board: ``is_board_seed``, and not
    ``FILE_SEED``, whose board code is refused (it was shown for boards from
    a file), so a game on it could not be shared.

    >>> check_given_seed("mbf", "--seed")
    Traceback (most recent call last):
    ValueError: --seed mbf is kept for boards from a file: pick another seed
    """
    if not is_board_seed(seed):
        raise ValueError(f"{name} {cut(seed)} must be {SEED_RULE}")
    if seed == FILE_SEED:
        raise ValueError(f"{name} {seed} is kept for boards from a file: pick another seed")


def board_code(spec: SessionSpec) -> str | None:
    """A short code that gives another player the same board: ``e:SEED``,
    ``i+ng:SEED`` (no-guess) or ``20x12x40:SEED`` for a custom level. None for
    a board given by its layout (an .mbf file, an imported replay): a code
    deals a board from its seed, so any code would deal another board.

    >>> board_code(SessionSpec(Custom(20, 12, 40), "abc", no_guess=True))
    '20x12x40+ng:abc'
    >>> board_code(SessionSpec(Custom(9, 9, 10), FILE_SEED, layout=((False,) * 9,) * 9)) is None
    True
    """
    if spec.layout is not None:
        return None
    name = level_name(spec.level)
    if name == "custom":
        b = spec.setup
        head = f"{b.width}x{b.height}x{b.mines}"
    else:
        head = _LEVEL_LETTERS[name]
    return f"{head}{'+ng' if spec.no_guess else ''}:{spec.seed}"


def parse_board_code(code: str, practice: bool = False) -> SessionSpec:
    """The spec of a board code; a ValueError names what is wrong with a bad one.

    The board is ``chosen``: whoever has a code may have played that board
    already, so its games never count for best times or statistics. A custom
    size is read as every ``WIDTHxHEIGHTxMINES`` is (``Custom.from_text``: ASCII
    digits, any size the laws then clamp), so a code takes whatever the HTTP API
    takes as a level.

    >>> parse_board_code("e:xyz").level
    Expert()
    >>> parse_board_code("10000x9x10+ng:s").setup
    Setup(width=30, height=9, mines=10)
    """
    if not isinstance(code, str):
        raise ValueError(f"a board code must be text, got {code!r}")
    code = _code_in_link(code)
    head, sep, seed = code.strip().partition(":")
    if not sep or not seed:
        raise ValueError(f"board code {code!r} must look like LEVEL:SEED, e.g. e:k3j9")
    if seed == FILE_SEED:
        raise ValueError(
            f"{cut(code.strip(), 20)} is not a board code: a board from a file has none"
            " (open the .mbf file itself)"
        )
    if not is_board_seed(seed):
        # only such seeds are ever given a code: this one was mistyped or made up
        raise ValueError(f"board code seed {cut(seed, 20)} must be {SEED_RULE}")
    head = head.lower()
    no_guess = head.endswith("+ng")
    level = _level(head.removesuffix("+ng"), head)
    return SessionSpec(level, seed, no_guess=no_guess, practice=practice, chosen=True)


def mbf_spec(data: bytes, practice: bool = False, name: str | None = None) -> SessionSpec:
    """The spec of a game on the board of an .mbf file, played as the file has
    it: a chosen board, so never ranked; ``name``, the file's name, is kept
    with it (``SessionSpec.board_file``). An MBFError (a ValueError) names what
    is wrong with the file, or says that minebender does not play a board of
    that size (it plays the sizes the laws allow, as Windows XP); a bad name
    is a ValueError (``BOARD_FILE_RULE``)."""
    from minebender.formats.mbf import MBFError, parse_mbf
    from minebender.rules.game import setup
    from minebender.values.types import Beginner, Expert, Intermediate
    from minebender.values.words import article

    try:
        layout = parse_mbf(data)
    except MBFError as exc:
        kind = ".abf" if name is not None and name.lower().endswith(".abf") else ".mbf"
        raise MBFError(f"not an {kind} board: {exc}") from None
    width, height = len(layout[0]), len(layout)
    mines = sum(map(sum, layout))
    level: Level = Custom(width, height, mines)
    for named in (Beginner(), Intermediate(), Expert()):
        if setup(named) == setup(level):
            level = named
    b = setup(level)
    if (b.width, b.height, b.mines) != (width, height, mines):
        raise MBFError(
            f"{article(f'{width}x{height}')} board with {count(mines, 'mine')},"
            " and minebender plays 9 to 30 columns, 9 to 25 rows"
            " and 10 mines to all but 10 cells (as Windows XP)"
        )
    return SessionSpec(level, FILE_SEED, practice=practice, layout=layout, board_file=name)


def _code_in_link(text: str) -> str:
    """The code of a shared link pasted where a code goes
    (``http://127.0.0.1:8000/?code=e:k3j9`` is ``e:k3j9``); other text as it is.
    A link was read as a code of level 'http'."""
    if "://" not in text:
        return text
    from urllib.parse import unquote, urlsplit

    for part in urlsplit(text.strip()).query.split("&"):
        name, _, value = part.partition("=")
        if name == "code":
            return unquote(
                value
            )  # not unquote_plus: "b+ng" is written as it reads, as the page reads it
    raise ValueError(f"{cut(text, 40)} is a link with no board code in it (?code=...)")


def _level(head: str, written: str) -> Level:
    """The level of a code's head (lower case, without ``+ng``; ``written`` is
    the head as the player wrote it, for the message). A bad one is
    told as a bad board code (``Custom.from_text``'s message does not say that
    the text was a code's). ``from_text`` forgives spaces around its text;
    inside a code they are a typo, so they are refused."""
    if head in _LETTER_LEVELS:
        return level_from_name(_LETTER_LEVELS[head])
    if head == head.strip():
        with contextlib.suppress(ValueError):
            return Custom.from_text(head)
    raise ValueError(
        f"board code level {cut(written)} must be b, i, e or WIDTHxHEIGHTxMINES"
        " in ASCII digits (e.g. 20x12x40), then +ng for a no-guess board"
    )

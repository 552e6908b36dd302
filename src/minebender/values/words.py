"""The small words of messages: a count with its noun agreeing, "a" or "an",
a value cut short, and which text can be shown. Every message of every layer
is written with them, so none says "1 rows", "a expert board" or echoes
5000 characters of a bad value.

It needs nothing, so the lowest layer (the values) and everything above may
use it.
"""

from __future__ import annotations

__all__ = ["CUT", "article", "count", "cut", "either", "joins", "showable"]

CUT = 40
"""Characters of a bad value a message shows before it says how long the rest is."""


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one.

    >>> count(1, "row"), count(2, "row"), count(0, "guess"), count(1, "cell")
    ('1 row', '2 rows', '0 guesses', '1 cell')
    """
    if n == 1:
        return f"{n} {noun}"
    if plural is None:
        plural = noun + ("es" if noun.endswith(("s", "sh", "ch", "x")) else "s")
    return f"{n} {plural}"


def either(words: tuple[str, ...] | list[str]) -> str:
    """The choices of a message, as said: the last after "or".

    >>> either(["fast"]), either(["fast", "strong"]), either(["fast", "strong", "perfect"])
    ('fast', 'fast or strong', 'fast, strong or perfect')
    """
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} or {words[-1]}"


def article(word: str) -> str:
    """``word`` with "a" or "an" before it, as it is spoken: numbers by their
    sound (an 8, an 11, an 18-digit, an 80, a 1/8) and words by their first
    letter (an expert, a beginner).

    >>> article("expert"), article("beginner"), article("intermediate")
    ('an expert', 'a beginner', 'an intermediate')
    >>> article("8-digit"), article("11-digit"), article("18"), article("1/8"), article("7/9")
    ('an 8-digit', 'an 11-digit', 'an 18', 'a 1/8', 'a 7/9')
    """
    digits = ""
    for ch in word:
        if not ("0" <= ch <= "9"):
            break
        digits += ch
    if digits:
        # Spoken with a vowel first: 8, 8x, 8xx ... (eight, eighty, eight hundred),
        # and 11 and 18 (eleven, eighteen) and the thousands etc. they start.
        group = len(digits) % 3 or 3
        lead = digits[:group]
        vowel = digits[0] == "8" or lead in ("11", "18")
    else:
        vowel = word[:1].lower() in ("a", "e", "i", "o", "u")
    return f"{'an' if vowel else 'a'} {word}"


def cut(text: str, limit: int = CUT) -> str:
    """``repr(text)``, or its first ``limit`` characters and how long it is when
    it is longer: a message names a bad value without echoing all of it.

    >>> cut("abc")
    "'abc'"
    >>> cut("7" * 5000, 8)
    "'77777777'... (5000 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


def joins(char: str) -> bool:
    """A character that only joins or varies the one before it in an emoji:
    the zero-width joiner of 👩‍💻, the variation selectors of 🏳️, the tags of a
    subdivision's flag. Python calls them unprintable (they draw nothing
    alone), which refused every such emoji as "printable characters only"."""
    code = ord(char)
    return (
        code in (0x200D, 0xFE0E, 0xFE0F) or 0xE0020 <= code <= 0xE007F or 0xE0100 <= code <= 0xE01EF
    )


def showable(text: str) -> bool:
    r"""Whether text shows as it reads on one line: every character printable or
    joining an emoji (never the first). A control character, a zero-width space
    or a bidirectional override would garble it or move the text around it.

    >>> showable("\U0001f469\u200d\U0001f4bb board.mbf"), showable("a\u202eb"), showable("a\nb")
    (True, False, False)
    """
    return bool(text) and not joins(text[0]) and all(c.isprintable() or joins(c) for c in text)

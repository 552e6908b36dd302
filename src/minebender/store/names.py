"""Best-time names: what a player may type, and the one form it is kept in."""

from __future__ import annotations

import unicodedata

__all__ = ["MAX_NAME_LENGTH", "NAME_RULE", "clean_name", "joins"]


MAX_NAME_LENGTH = 32
NAME_RULE = f"a name must have 1 to {MAX_NAME_LENGTH} printable characters, not only spaces"


def joins(char: str) -> bool:
    """A character that only joins or varies the one before it in an emoji:
    the zero-width joiner of 👩‍💻, the variation selectors of 🏳️, the tags of a
    subdivision's flag. Python calls them unprintable (they draw nothing
    alone), which refused every such emoji with "1 to 32 printable characters"."""
    code = ord(char)
    return (
        code in (0x200D, 0xFE0E, 0xFE0F) or 0xE0020 <= code <= 0xE007F or 0xE0100 <= code <= 0xE01EF
    )


def clean_name(name: str) -> str:
    """A best-time name as it is kept: spaces at either end dropped, runs of
    them (tabs and line ends too) made one; a ValueError (``NAME_RULE``)
    unless 1 to ``MAX_NAME_LENGTH`` characters are left, each printable or
    joining an emoji (never the first). A control or zero-width character
    would show an empty or garbled name in the list, or move the text around
    it; the controls U+001C to U+001F, which Python splits words at, were
    kept as spaces without a word.

    >>> clean_name("  Ada   L. "), clean_name("\U0001f469\u200d\U0001f4bb Ada")
    ('Ada L.', '👩\u200d💻 Ada')
    """
    text = str(name)
    if any(unicodedata.category(c) == "Cc" and c not in "\t\n\r" for c in text):
        raise ValueError(NAME_RULE)
    cleaned = " ".join(text.split())
    if not cleaned or len(cleaned) > MAX_NAME_LENGTH or joins(cleaned[0]):
        raise ValueError(NAME_RULE)
    if not all(c.isprintable() or joins(c) for c in cleaned):
        raise ValueError(NAME_RULE)
    return cleaned

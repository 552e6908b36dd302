"""Best-time names: what a player may type, and the one form it is kept in."""

from __future__ import annotations

import unicodedata

from minebender.values.words import joins, showable

__all__ = ["MAX_NAME_LENGTH", "NAME_RULE", "clean_name", "joins"]


MAX_NAME_LENGTH = 32
NAME_RULE = f"a name must have 1 to {MAX_NAME_LENGTH} printable characters, not only spaces"


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
    if len(cleaned) > MAX_NAME_LENGTH or not showable(cleaned):
        raise ValueError(NAME_RULE)
    return cleaned

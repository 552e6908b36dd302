"""Best-time names: what a player may type, and the one form it is kept in."""

from __future__ import annotations

__all__ = ["MAX_NAME_LENGTH", "NAME_RULE", "clean_name"]


MAX_NAME_LENGTH = 32
NAME_RULE = f"a name must have 1 to {MAX_NAME_LENGTH} printable characters, not only spaces"


def clean_name(name: str) -> str:
    """A best-time name as it is kept: spaces at either end dropped, runs of
    them made one; a ValueError (``NAME_RULE``) unless 1 to ``MAX_NAME_LENGTH``
    printable characters are left. A control or zero-width character would
    show an empty or garbled name in the list, or move the text around it.

    >>> clean_name("  Ada   L. ")
    'Ada L.'
    """
    cleaned = " ".join(str(name).split())
    if not cleaned or len(cleaned) > MAX_NAME_LENGTH or not cleaned.isprintable():
        raise ValueError(NAME_RULE)
    return cleaned

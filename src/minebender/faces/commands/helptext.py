"""How a command's ``--help`` reads: its description, taken from its module's
docstring. ``cli`` and ``bench`` (which gives each benchmark its own parser)
both build help this way, so it sits below both rather than in ``cli``.
"""

from __future__ import annotations

__all__ = ["description"]


def description(doc: str | None, summary: str) -> str:
    """The ``--help`` description of a subcommand: the first paragraph of its
    module's docstring, whole (its first line alone can stop mid-sentence), or
    the summary as a sentence when there is no docstring. A docstring's
    ``literal`` (reStructuredText, for readers of the code) is shown as
    `literal`, as the rest of the help quotes a command.

    >>> description(None, "do a thing")
    'Do a thing.'
    >>> description("As ``bench bot`` does.", "x")
    'As `bench bot` does.'
    """
    if doc and doc.strip():
        return doc.strip().split("\n\n")[0].replace("``", "`")
    return summary[:1].upper() + summary[1:] + "."

"""What ``play`` and ``replay`` need of the terminal before they draw on it.

Textual draws on the process's own stderr (``sys.__stderr__``) and reads keys
from stdin: a stderr sent to a file played blind (keys still acted, nothing was
shown), while a stdout sent to a file was refused though nothing is drawn
there. And it draws in Unicode: in a terminal of another encoding (a Latin-1
locale) every cell came out as ``\\u25a0``, a board no one can read.
"""

from __future__ import annotations

import codecs
import sys

from minebender.faces.commands.options import UsageError

__all__ = ["require_terminal"]


def require_terminal() -> None:
    """Refuse (UsageError) unless the keys come from a terminal and the screen
    goes to a UTF-8 terminal, saying which of the two is missing and how to
    get it."""
    screen = sys.__stderr__
    if not sys.stdin.isatty() or screen is None or not screen.isatty():
        raise UsageError(
            "it needs a terminal: stdin (the keys) and stderr (where it is drawn) must"
            " be a terminal, not a file or a pipe"
        )
    encoding = screen.encoding or "ascii"
    try:
        utf8 = codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        utf8 = False
    if not utf8:
        raise UsageError(
            f"it draws the board in Unicode, but this terminal's encoding is {encoding}"
            " (from LANG, LC_ALL or PYTHONIOENCODING): run it in a UTF-8 locale,"
            " e.g. LC_ALL=C.UTF-8"
        )

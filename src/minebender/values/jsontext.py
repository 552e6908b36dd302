"""Reading JSON that other programs send, with errors that say what is wrong.

Python's reader fails in ways its message does not explain to the sender: a
number of over 4300 digits, nesting deep enough to exhaust the stack, or bytes
that are not UTF-8 each raise a different exception, and it takes NaN and
Infinity, which are not JSON. Replay files and the web API's bodies both come
from outside, so both read them here and say the same thing of the same fault.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["JSONTextError", "loads", "problem"]


class JSONTextError(ValueError):
    """The text is not JSON; the message says why in a few words."""


def loads(text: str | bytes) -> Any:
    """The value of a JSON text; ``JSONTextError`` when it is not JSON (bytes
    must be UTF-8, and no object may repeat a key).

    >>> loads(b'{"a": [1, 2.5, null]}')
    {'a': [1, 2.5, None]}
    >>> loads("NaN")
    Traceback (most recent call last):
    ...
    minebender.values.jsontext.JSONTextError: NaN is not a JSON number
    """
    try:
        # JSON from outside is UTF-8 (RFC 8259), a BOM forgiven (Notepad writes
        # one); Python's reader would also guess UTF-16 and UTF-32
        text = text.decode("utf-8-sig") if isinstance(text, bytes) else text.removeprefix("\ufeff")
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_repeats)
    except JSONTextError:
        raise
    except (ValueError, RecursionError) as exc:
        raise JSONTextError(problem(exc)) from None


def problem(exc: BaseException) -> str:
    """What an exception of Python's JSON reader means, said plainly.

    >>> problem(RecursionError())
    'it is nested too deeply'
    """
    if isinstance(exc, JSONTextError):
        return str(exc)
    if isinstance(exc, json.JSONDecodeError):
        # as an editor counts, and as board text's errors say it: not Python's
        # "Expecting value: line 1 column 1 (char 0)"
        return f"line {exc.lineno}, column {exc.colno}: {exc.msg[:1].lower()}{exc.msg[1:]}"
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 text: byte 0x{exc.object[exc.start]:02x} at position {exc.start}"
    if isinstance(exc, RecursionError):
        return "it is nested too deeply"
    if isinstance(exc, ValueError) and "digits" in str(exc):
        return "it holds an integer of over 4300 digits"
    return f"cannot be read ({type(exc).__name__})"


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object; a key written twice is an error (Python's reader keeps the
    last one silently, so a file could say one thing and mean another)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise JSONTextError(f"the key {json.dumps(key)} is written twice in one object")
        out[key] = value
    return out


def _no_constant(name: str) -> object:
    """NaN and Infinity are not JSON (Python's reader takes them by default)."""
    raise JSONTextError(f"{name} is not a JSON number")

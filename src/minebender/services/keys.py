"""The terminal game's keys, as data: its key bindings, its F1 screen and
``play --help`` are all built from ``GAME_KEYS``, so the three never disagree.

It sits below both interfaces that read it (``tui`` binds the keys,
``commands.play`` prints them) and needs neither Textual nor argparse.

>>> print(key_table(GAME_KEYS[:2]))
arrows  move (or h j k l)
space   reveal, or chord on a number
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

__all__ = ["GAME_KEYS", "VIEWER_KEYS", "Key", "KeyBinding", "key_table"]


@dataclass(frozen=True, slots=True)
class KeyBinding:
    """One binding, in Textual's terms: the key names, the action it runs, the
    label in the footer, whether the footer shows it, and how it names the keys."""

    keys: str
    action: str
    label: str
    footer: bool = False
    display: str | None = None


@dataclass(frozen=True, slots=True)
class Key:
    """A line of the key list: the keys as a person reads them, what they do,
    and the bindings behind them (none for what is no key, such as the mouse)."""

    keys: str
    does: str
    bindings: tuple[KeyBinding, ...] = ()


GAME_KEYS: tuple[Key, ...] = (
    Key(
        "arrows",
        "move (or h j k l)",
        (
            KeyBinding("up,k", "move(0, -1)", "up"),
            KeyBinding("down,j", "move(0, 1)", "down"),
            KeyBinding("left,h", "move(-1, 0)", "left"),
            KeyBinding("right,l", "move(1, 0)", "right"),
        ),
    ),
    Key(
        "space",
        "reveal, or chord on a number",
        (KeyBinding("space,enter", "open", "open", footer=True, display="space"),),
    ),
    Key("enter", "the same as space"),
    Key(
        "f",
        "flag; with Marks (?) on: flag, ?, covered again, as a right click",
        (KeyBinding("f", "flag", "flag", footer=True),),
    ),
    Key(
        "m",
        "Marks (?) on or off (--no-marks: off)",
        (KeyBinding("m", "marks", "marks (?)"),),
    ),
    Key(
        "a",
        "the assist (or click the assist button)",
        (KeyBinding("a", "assist", "assist", footer=True),),
    ),
    Key(
        "i",
        "hints on or off: safe cells in green, else the best guess in amber (never a best time)",
        (KeyBinding("i", "hints", "hints"),),
    ),
    Key(
        "g",
        "auto play until a guess: every certain move, fewest clicks (never a best time)",
        (KeyBinding("g", "auto", "auto play"),),
    ),
    Key(
        "n F2",
        "a new game (or click the face)",
        (KeyBinding("n,f2", "new_game", "new", footer=True, display="n"),),
    ),
    Key(
        "1 2 3",
        "a new Beginner, Intermediate or Expert game",
        (
            KeyBinding("1", "level('beginner')", "beginner"),
            KeyBinding("2", "level('intermediate')", "intermediate"),
            KeyBinding("3", "level('expert')", "expert"),
        ),
    ),
    Key("c", "a new Custom field", (KeyBinding("c", "custom", "custom"),)),
    Key("s", "best times and statistics", (KeyBinding("s", "scores", "scores"),)),
    Key(
        "t",
        "live counters on or off: time, 3BV, 3BV/s, estimate, IOE, clicks",
        (KeyBinding("t", "counters", "counters"),),
    ),
    Key(
        "e",
        "a finished game's numbers and code",
        (KeyBinding("e", "end_screen", "end screen"),),
    ),
    Key("F1", "these keys", (KeyBinding("f1", "keys", "keys", footer=True, display="F1"),)),
    Key("q", "save and quit (play resumes)", (KeyBinding("q", "quit", "quit", footer=True),)),
    Key("mouse", "left reveals, right flags (or ?), middle chords on a number"),
)
"""Every key of the terminal game, in the order the F1 screen lists them."""

VIEWER_KEYS: tuple[Key, ...] = (
    # Short footer words: the footer must keep "q quit" in the 48 columns of the
    # smallest terminal (fit.MIN_COLUMNS), so + and - share one entry.
    Key(
        "space",
        "play or pause",
        (KeyBinding("space", "play_pause", "play", footer=True),),
    ),
    Key(
        "right",
        "a step forward, and pause (or l)",
        (KeyBinding("right,l", "step_forward", "step", footer=True),),
    ),
    Key("left", "a step back, and pause (or h)", (KeyBinding("left,h", "step_back", "back"),)),
    Key("home", "to the start (or g)", (KeyBinding("home,g", "to_start", "start"),)),
    Key("end", "to the end (or G)", (KeyBinding("end,G", "to_end", "end"),)),
    Key(
        "n",
        "to the board before the next guess (a needless one's proof on the status line)",
        (KeyBinding("n", "next_guess", "next guess"),),
    ),
    Key(
        "p",
        "to the board before the previous guess",
        (KeyBinding("p", "previous_guess", "previous guess"),),
    ),
    Key(
        "+ -",
        "double or halve the speed (1/16 to 64)",
        (
            KeyBinding("plus,equals_sign", "faster", "speed", footer=True, display="+/-"),
            KeyBinding("minus", "slower", "slower"),
        ),
    ),
    Key("F1", "these keys", (KeyBinding("f1", "keys", "keys", footer=True, display="F1"),)),
    Key("q", "quit", (KeyBinding("q", "quit", "quit", footer=True),)),
)
"""Every key of the replay viewer, in the order its F1 screen and ``replay --help`` list them."""

KEY_COLUMN = 8
"""Where the descriptions start in ``key_table``."""


def key_table(keys: tuple[Key, ...] = GAME_KEYS, width: int = 78) -> str:
    """The keys as plain text in two columns, each description wrapped under
    itself at ``width``: what ``play --help`` prints."""
    lines: list[str] = []
    for key in keys:
        wrapped = textwrap.wrap(key.does, width - KEY_COLUMN) or [""]
        lines.append(f"{key.keys:<{KEY_COLUMN}}{wrapped[0]}".rstrip())
        lines.extend(" " * KEY_COLUMN + rest for rest in wrapped[1:])
    return "\n".join(lines)

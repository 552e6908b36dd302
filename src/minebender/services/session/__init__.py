"""A game as a person plays it: the service both the web page and the terminal use.

``Game`` (the core) is the rules on a known layout. A person, though, starts
with no layout: the mines are placed only at the first click, so that the first
click is always safe and opens an area. Around that, a person's game has a
timer, click counts and a log of every action with its time. ``Session`` keeps
all of that, and nothing else: no screen, no storage.

Everything in a session follows from its ``SessionSpec`` (level, seed, no-guess,
practice) and its event log, so ``Session.rebuild(spec, events)`` gives back
exactly the same game: that is how the store resumes an unfinished game after a
crash and how a replay is watched again. Randomness is the seed; time is an
injectable clock.

>>> from minebender.values.types import Beginner, Pos
>>> s = Session(SessionSpec(Beginner(), "demo"), clock=lambda: 0.0)
>>> s.status
Playing()
>>> _ = s.reveal(Pos(4, 4))
>>> s.started, s.setup
(True, Setup(width=9, height=9, mines=10))
"""

from minebender.services.session.board import (
    bbbv,
    bbbv_solved,
    layout_for,
    level_from_name,
    level_name,
    no_guess_available,
    seed_words,
)
from minebender.services.session.codes import (
    FILE_SEED,
    MAX_SEED_LENGTH,
    SEED_RULE,
    board_code,
    check_given_seed,
    is_board_seed,
    mbf_spec,
    new_seed,
    parse_board_code,
)
from minebender.services.session.play import DISPLAY_LIMIT_S, Session, shown_seconds
from minebender.services.session.presses import Cell, Count, Hands, Meaning
from minebender.services.session.values import (
    BOARD_FILE_RULE,
    BUTTONS,
    EVENT_TYPES,
    HELP_TYPES,
    INPUT_TYPES,
    MAX_BOARD_FILE_LENGTH,
    PATH_CELL,
    Auto,
    Button,
    Clicks,
    Clock,
    Event,
    EventType,
    HandInput,
    Hints,
    Mark,
    MarksOption,
    Move,
    Path,
    Practice,
    Press,
    Release,
    SessionSpec,
    check_board_file,
)

__all__ = [
    "BOARD_FILE_RULE",
    "BUTTONS",
    "DISPLAY_LIMIT_S",
    "EVENT_TYPES",
    "FILE_SEED",
    "HELP_TYPES",
    "INPUT_TYPES",
    "MAX_BOARD_FILE_LENGTH",
    "MAX_SEED_LENGTH",
    "PATH_CELL",
    "SEED_RULE",
    "Auto",
    "Button",
    "Cell",
    "Clicks",
    "Clock",
    "Count",
    "Event",
    "EventType",
    "HandInput",
    "Hands",
    "Hints",
    "Mark",
    "MarksOption",
    "Meaning",
    "Move",
    "Path",
    "Practice",
    "Press",
    "Release",
    "Session",
    "SessionSpec",
    "bbbv",
    "bbbv_solved",
    "board_code",
    "check_board_file",
    "check_given_seed",
    "is_board_seed",
    "layout_for",
    "level_from_name",
    "level_name",
    "mbf_spec",
    "new_seed",
    "no_guess_available",
    "parse_board_code",
    "seed_words",
    "shown_seconds",
]

"""What the subcommands share: UsageError and the reading of the options they
have in common (a level name, WxHxM, X,Y, a seed, an integer option, --db).

It lives with the commands, as the argparse it uses: the services below
(``bench``, ``batch``...) take values already read, so none of them imports
argparse. ``minebender.faces.cli`` turns a UsageError into one line and exit status
2; commands import it from here, never from ``cli``, which imports them.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from minebender.values import types
from minebender.values.files import read_regular
from minebender.values.types import Custom, Level, Pos, Setup
from minebender.values.words import cut

if TYPE_CHECKING:
    from minebender.services.batch import RunSpec

__all__ = [
    "COUNT_LIMIT",
    "OUT_OF_TIME",
    "SEED_LIMIT",
    "WORKERS_LIMIT",
    "AppendCustom",
    "AppendLevel",
    "ReadCustom",
    "ReadLevel",
    "UsageError",
    "add_batch_arguments",
    "add_db_argument",
    "add_int_argument",
    "add_level_arguments",
    "add_levels_arguments",
    "add_stored_game_arguments",
    "add_workers_argument",
    "checked_board",
    "memory_cap",
    "note_if_custom_limited",
    "note_if_limited",
    "parse_custom_level",
    "parse_first",
    "parse_int",
    "parse_seed",
    "read_at_most",
    "read_level",
    "reading_action",
    "stored_games",
]

SEED_LIMIT = 2**64
COUNT_LIMIT = 2**32
"""The most boards one run of ``generate`` or ``bench noguess`` makes: board
indexes are one 32-bit word of ``board_rs``."""
"""Seeds are from 0 to SEED_LIMIT - 1: the 64 bits ``board_rs`` splits in two."""


WORKERS_LIMIT = 512
"""The most local worker processes: far more than any machine's cores, so only
a typo is refused (``review --workers 100000`` started 100,000 processes)."""


class UsageError(Exception):
    """Bad usage or input: printed as one line on stderr, exit status 2."""


OUTPUT_ERROR = 74
"""Exit status when stdout or another output of a command cannot be written
(``minebender solve b.txt > /dev/full``, a ``--resume`` log on a full disk):
sysexits' EX_IOERR, so a script never reads a full disk as one of a command's
own answers (1 is "no layout agrees" for ``solve``)."""


OUT_OF_TIME = 75
"""Exit status when ``--time-limit`` ran out (sysexits' EX_TEMPFAIL: try
again with more time), never read as one of the command's own answers."""


def parse_custom_level(text: str, option: str = "--custom") -> Custom:
    """WxHxM as the Custom Field asked for, not yet limited (``types.read_custom``).

    >>> parse_custom_level("20x12x40")
    Custom(width=20, height=12, mines=40)
    """
    try:
        return types.read_custom(text, option)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def read_level(text: str, option: str = "--level") -> Level:
    """beginner, intermediate, expert (any case) or a custom WxHxM, not yet
    limited (``types.read_level``), or a UsageError saying what is wrong.

    >>> read_level("Expert"), read_level("20x12x40")
    (Expert(), Custom(width=20, height=12, mines=40))
    """
    try:
        return types.read_level(text, option)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


MEMORY_SHARE = 0.75
"""The share of the machine's memory a solve may take (``memory_cap``)."""


@contextmanager
def memory_cap(share: float = MEMORY_SHARE) -> Iterator[int | None]:
    """Limit this process's address space to ``share`` of the machine's memory
    while the block runs (unless a lower limit is set already), and give the
    old limit back after it: the limit in bytes, or None where it cannot be
    known or set.

    Linux gives a process memory it does not have (overcommit) and then kills
    it, and whatever else it picks, with no word: a hard 316x316 board took
    all 23 GB of a machine and ended by SIGKILL, status 137. Under this limit
    the allocation that would pass it fails, the solve ends with ``out of
    memory`` (status 71), and the machine keeps a quarter for everything else.
    The old limit comes back so that a caller in the same process (a test, a
    browser it starts, which reserves far more address space than it uses) is
    not held to it.
    """
    try:
        import resource

        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        before = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, AttributeError, ValueError, OSError):
        yield None  # not a POSIX system that says how much memory it has
        return
    soft, hard = before
    cap = int(total * share)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    if soft != resource.RLIM_INFINITY and soft <= cap:
        yield int(soft)
        return
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield cap
    finally:
        resource.setrlimit(resource.RLIMIT_AS, before)


def parse_int(option: str, text: str, lo: int, hi: int) -> int:
    """An integer from ``lo`` to ``hi - 1`` written in ASCII digits, nothing else:
    not ``int``'s reading, which takes ``1_000``, ``٣`` (an Arabic-Indic three)
    and spaces round it, so a typo would quietly name another value. A long bad
    value is cut short in the message, and no huge number is converted.

    >>> parse_int("--count", "12", 1, 100)
    12
    """
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise UsageError(f"{option} must be an integer in digits 0-9, got {cut(text)}")
    if text.startswith("-"):
        raise UsageError(f"{option} must be from {lo} to {hi - 1}, got {cut(text)}")
    # More digits than the limit has is out of range whatever they say: saying so
    # without int() also keeps clear of its limit on digits (4300).
    value = int(text) if len(text.lstrip("0")) <= len(str(hi)) else hi
    if not lo <= value < hi:
        raise UsageError(f"{option} must be from {lo} to {hi - 1}, got {cut(text)}")
    return value


def parse_seed(text: str, option: str = "--seed") -> int:
    """A run's seed, from 0 to 2**64 - 1 in ASCII digits: the one reader of every
    command's integer --seed (``generate``, ``bot`` and the benchmarks).

    >>> parse_seed("18446744073709551615")
    18446744073709551615
    """
    return parse_int(option, text, 0, SEED_LIMIT)


def note_if_limited(command: str, option: str, text: str, size: Setup) -> None:
    """Say on stderr when the custom field ``text`` (WxHxM) asked for was limited
    to ``size``, as Windows XP limits it: a board other than the one asked for is
    never played or printed without a word. Every command says it the same way."""
    parts = text.strip().lower().split("x")
    asked = tuple(int(p) for p in parts) if len(parts) == 3 else None
    if asked != (size.width, size.height, size.mines):
        print(
            f"minebender {command}: note: {option} {text} is limited to"
            f" {size.width}x{size.height}x{size.mines} as Windows XP limits it",
            file=sys.stderr,
        )


def note_if_custom_limited(command: str, option: str, level: Level, size: Setup) -> None:
    """``note_if_limited`` for a level already read (``ReadLevel``): a Custom
    Field is named as it was asked, in lower case; a named level is never limited."""
    if isinstance(level, Custom):
        note_if_limited(command, option, f"{level.width}x{level.height}x{level.mines}", size)


def parse_first(text: str, size: Setup) -> Pos:
    """X,Y as a cell of the board.

    >>> parse_first("3,0", Setup(9, 9, 10))
    Pos(x=3, y=0)
    """
    bare = text.strip().removeprefix("(").removesuffix(")")  # (X,Y), as cells are printed
    parts = [p.strip() for p in bare.split(",")]
    if len(parts) != 2 or not all(
        (d := p.removeprefix("-")).isascii() and d.isdigit() for p in parts
    ):
        # ASCII digits, as every option's number (int() takes full-width digits too)
        raise UsageError(f"--first must look like X,Y (column,row from 0), got {cut(text)}")
    digits = [p.removeprefix("-").lstrip("0") or "0" for p in parts]
    if max(map(len, digits)) > 9:
        # off the board; and int() refuses a number of over 4,300 digits
        raise UsageError(f"--first {cut(text)} is off the {size.width}x{size.height} board")
    x, y = (-int(d) if p.startswith("-") else int(d) for p, d in zip(parts, digits, strict=True))
    if not (0 <= x < size.width and 0 <= y < size.height):
        raise UsageError(f"--first {x},{y} is off the {size.width}x{size.height} board")
    return Pos(x, y)


def checked_board(spec: RunSpec, command: str) -> Setup:
    """The board of a run of games, or a UsageError naming what is wrong; a custom
    field that the laws limited is noted on stderr, as ``generate`` notes it."""
    from minebender.services.batch import BatchError

    try:
        board = spec.check()
    except BatchError as exc:
        raise UsageError(str(exc)) from None
    note_if_custom_limited(command, "--level", spec.level, board)
    return board


def add_db_argument(parser: argparse.ArgumentParser, what: str = "the games database") -> None:
    """``--db PATH``, the games database, the same on every command that uses the
    store (serve, play, stats, replay --last); its help names ``MINEBENDER_DB``,
    which picks the database when --db is not given."""
    parser.add_argument(
        "--db",
        metavar="PATH",
        default=None,
        help=f"{what} (default: $MINEBENDER_DB or the data folder)",
    )


def add_stored_game_arguments(parser: argparse.ArgumentParser) -> None:
    """``--last``, ``--game ID`` and ``--db``: the stored game that replay and
    review take instead of a file, said the same way in both."""
    parser.add_argument(
        "--last", action="store_true", help="the newest finished game of the store instead"
    )
    parser.add_argument(
        "--game",
        metavar="ID",
        help="the finished game of the store with this id instead (stats --json gives the"
        " ids of the best times), from the terminal or the web; --game=ID for an id that"
        " starts with -",
    )
    add_db_argument(parser, "the games database of --last and --game")


def stored_games(db: str | None) -> Path | None:
    """The database a command that only reads the store would open (``--db``,
    else ``$MINEBENDER_DB``, else the data folder's), or None when there is none
    there yet: opening creates folders and an empty database, which reading
    ``stats`` or ``replay --last`` must never do.

    An empty regular file is no database yet either (``touch games.db``, or a
    file made ready for ``--db``): SQLite would take it for an empty database
    and write its tables into it, so it is left as it is. Anything else that
    exists (a folder, a device, a file that is not SQLite) is returned, for the
    store to name what is wrong with it."""
    from minebender.services.store import default_path

    path = default_path() if db is None else Path(db)
    try:
        found = path.stat()
    except FileNotFoundError:  # a link to nothing too: nothing to read there
        return None
    except OSError:  # a loop of links, a folder that cannot be searched
        return path  # the store says what is wrong with it ("no games yet", it said)
    empty = stat.S_ISREG(found.st_mode) and found.st_size == 0
    return None if empty else path


def add_workers_argument(parser: argparse.ArgumentParser, used_by: str) -> None:
    """``--workers``: the local processes that review files (``review
    --summary``, ``stats --import``), all the cores unless told."""
    add_int_argument(
        parser,
        "--workers",
        1,
        WORKERS_LIMIT + 1,
        default=os.cpu_count() or 1,
        help=f"local processes for {used_by}, from 1 to {WORKERS_LIMIT} (default: all cores)",
    )


def add_int_argument(
    parser: argparse.ArgumentParser,
    option: str,
    lo: int,
    hi: int,
    *,
    default: int | None,
    help: str,
    metavar: str = "N",
) -> None:
    """``option`` as an integer from ``lo`` to ``hi - 1``, read by ``parse_int`` while
    argparse reads the line: so a bad value gets the one message every command
    gives (``--games must be an integer in digits 0-9, got 'x'``), not argparse's
    ``invalid int value``, and the value is an int at once, for commands that share
    the option and read it as it is (``bot`` and ``bench bot`` share ``--games``).
    The default is taken as given, not read."""
    action = reading_action(lambda text, _: parse_int(option, text, lo, hi))
    parser.add_argument(option, action=action, default=default, help=help, metavar=metavar)


def reading_action(
    read: Callable[[str, str], object], append: bool = False
) -> type[argparse.Action]:
    """An argparse action that stores ``read(text, option)``, the value read while
    argparse reads the line, and turns its UsageError into the subcommand's one
    line, status 2 (``add_int_argument``, ``ReadLevel``). With ``append``, each
    value read is added to a list, as argparse's ``append`` does (a repeatable
    option: ``bench noguess --level``)."""

    class _Read(argparse.Action):
        def __call__(
            self,
            parser: argparse.ArgumentParser,
            namespace: argparse.Namespace,
            values: object,
            option_string: str | None = None,
        ) -> None:
            try:
                value = read(str(values), option_string or self.option_strings[0])
            except UsageError as exc:
                parser.error(str(exc))  # the subcommand's one line, status 2
            if append:  # a new list, never the default's, as argparse's append
                value = [*(getattr(namespace, self.dest, None) or []), value]
            setattr(namespace, self.dest, value)

    return _Read


ReadLevel = reading_action(read_level)
"""The argparse action of ``--level`` (and ``--custom``): the text read by
``read_level`` while argparse reads the line, so the level is a Level from
there on, read once, and a bad one gets the one message every command gives
(``unknown level 'foo': ...``), naming the option typed, rather than
argparse's ``invalid value``. A default is taken as given, not read."""

ReadCustom = reading_action(parse_custom_level)
"""The argparse action of a ``--custom`` that takes only WxHxM, never a level
name (``play``, ``generate``): ``ReadLevel``'s reading, with
``parse_custom_level``'s message."""

AppendLevel = reading_action(read_level, append=True)
AppendCustom = reading_action(parse_custom_level, append=True)
"""``ReadLevel`` and ``ReadCustom`` for a repeatable option (``bench noguess``):
a list of the levels read, in the order given."""


def read_at_most(path: str, limit: int) -> bytes:
    """The first ``limit + 1`` bytes of the file at path, or of stdin for
    ``-`` (``solve -``, ``replay -``): one byte past the limit tells a file that
    is too big, and a pipe or a device (/dev/zero) has no size to look at
    first and may never end. A named file must be a regular one: a FIFO hung
    the command for ever waiting for a writer (``-`` reads a pipe). OSError as
    ``open`` and ``read`` raise it, "not a regular file" for the others."""
    if path == "-":
        return sys.stdin.buffer.read(limit + 1)
    return read_regular(path, limit)


def add_level_arguments(parser: argparse.ArgumentParser) -> None:
    """``--level`` (Expert by default) or ``--custom WxHxM``, one of them: the
    board of a run of games (``bot``, ``bench bot``, ``dataset``)."""
    from minebender.values.types import Expert

    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--level",
        action=ReadLevel,
        default=Expert(),
        help="beginner, intermediate, expert (default) or a custom WxHxM",
    )
    group.add_argument(
        "--custom",
        dest="level",
        action=ReadCustom,
        metavar="WxHxM",
        help="a custom field: the same as --level WxHxM, as play and generate take it",
    )


def add_levels_arguments(parser: argparse.ArgumentParser) -> None:
    """``--level`` and ``--custom WxHxM``, each repeatable: the levels a
    benchmark measures, a line each (``bench noguess``, ``bench help``)."""
    parser.add_argument(
        "--level",
        action=AppendLevel,
        help="a level to measure, any case, or a custom WxHxM (repeatable; default: all three)",
    )
    parser.add_argument(
        "--custom",
        action=AppendCustom,
        metavar="WxHxM",
        help="a custom field to measure (repeatable)",
    )


def add_batch_arguments(parser: argparse.ArgumentParser, cluster: str) -> None:
    """``--workers``, ``--cluster`` (said as ``cluster``) and ``--progress``: where
    and how visibly a batch of games is played (``bench bot``, ``dataset``)."""
    add_int_argument(
        parser,
        "--workers",
        1,
        WORKERS_LIMIT + 1,
        default=None,
        help=f"local worker processes, from 1 to {WORKERS_LIMIT} (default: all cores)",
    )
    parser.add_argument("--cluster", metavar="tcp://HOST:PORT", help=cluster)
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar (default: only on a terminal)",
    )

"""Analyse a board from a file: which cells are safe, which are mines, and the
exact mine probability of every hidden cell.

The board is read in the board text format (docs/formats.md) or as a
JSMinesweeper ``.mine`` position; ``-`` reads standard input. Beside the
counts it gives what the analysis board shows: dead cells, the move the bot
would make and why, win chances in small endgames, and on an impossible
board a minimal conflict. Exit status 0 for a consistent board, 1 when no layout agrees
with it, 2 for a bad file or bad usage.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import textwrap
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

from rich.text import Text

from minebender.faces.commands.options import (
    MEMORY_SHARE,
    OUT_OF_TIME,
    UsageError,
    memory_cap,
    read_at_most,
    reading_action,
)
from minebender.faces.commands.streams import console
from minebender.formats.boardtext import CELL_LIMIT, Board, BoardTextError
from minebender.formats.mbf import MBFError, board_suffix, layout_position, parse_mbf
from minebender.formats.minetext import parse_position
from minebender.rules.solver import Analysis, explain
from minebender.rules.solver.conflict import Conflict
from minebender.services import limited
from minebender.services.analysis_board import (
    Best,
    analysis_json,
    decimal,
    explanation_json,
    fraction_text,
    stage_json,
    study,
)
from minebender.values.files import shown
from minebender.values.types import Boom, Knowledge, Pos, Shown, cell_name
from minebender.values.words import article, cut

__all__ = ["EXAMPLE", "SUMMARY", "add_arguments", "analysis_json", "read_board", "run"]

SUMMARY = "analyse a board file: safe cells, mines, exact probabilities"
EXAMPLE = "minebender solve board.txt --mines 10   (or: cat board.txt | minebender solve - --json)"

NUMBER_STYLES = {
    1: "bold blue",
    2: "bold green",
    3: "bold red",
    4: "bold navy_blue",
    5: "bold dark_red",
    6: "bold dark_cyan",
    7: "bold",
    8: "bold grey50",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender solve``: ``cli`` gives every command its own parser, so each
    module says only what is its own."""
    parser.add_argument(
        "file", metavar="FILE", help="a board text file, an .mbf or .abf board, or - for stdin"
    )
    parser.add_argument(
        "--mines",
        type=_nat,
        metavar="N",
        help="the total number of mines (sets or overrides the file's header)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object (docs/formats.md)"
    )
    parser.add_argument(
        "--explain",
        type=_cell,
        metavar="X,Y",
        help="the fewest shown numbers that prove the hidden cell X,Y safe or a mine",
    )
    parser.add_argument(
        "--time-limit",
        action=reading_action(_seconds),
        metavar="SECONDS",
        help=f"stop the analysis after SECONDS, above 0 and at most {TIME_LIMIT_MAX:g}:"
        f" one line, exit status {OUT_OF_TIME} (default: no limit)",
    )


TIME_LIMIT_MAX = 86_400.0
"""The longest ``--time-limit``, a day: a longer one is a typo."""


def _seconds(text: str, option: str) -> float:
    """A --time-limit in seconds: a finite number above 0, at most TIME_LIMIT_MAX."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= TIME_LIMIT_MAX:  # NaN and inf fail too
        raise UsageError(
            f"{option} must be a number of seconds above 0, at most {TIME_LIMIT_MAX:g};"
            f" got {cut(text)}"
        )
    return value


_CELL = re.compile(r"\s*\(?\s*([0-9]+)\s*,\s*([0-9]+)\s*\)?\s*")
"""X,Y in ASCII digits (``isdigit`` would take ``٣`` and ``²``), or (X,Y) as solve prints cells."""
CELL_DIGITS = len(str(CELL_LIMIT))
"""The most digits a column or row of a board can have."""
_WHOLE = re.compile(r"\s*(-?)([0-9]+)\s*")


def _cell(text: str) -> Pos:
    match = _CELL.fullmatch(text)
    if match is None:
        raise argparse.ArgumentTypeError(f"expected a cell as X,Y (e.g. 3,4), got {cut(text)}")
    if max(len(match[1].lstrip("0")), len(match[2].lstrip("0"))) > CELL_DIGITS:
        # off every board; and int() refuses over 4,300 digits ("invalid _cell value")
        raise argparse.ArgumentTypeError(
            f"the cell {cut(text)} is off every board: a board has at most {CELL_LIMIT:,} cells"
        )
    return Pos(*(int(d.lstrip("0") or "0") for d in (match[1], match[2])))


def _check_cell(knowledge: Knowledge, pos: Pos) -> None:
    """Refuse an --explain cell off the board or not hidden, on any board: an
    inconsistent one, which has nothing to explain, included."""
    if not knowledge.on_board(pos):
        raise UsageError(
            f"({pos.x}, {pos.y}) is off the {knowledge.width}x{knowledge.height} board"
        )
    if not knowledge.hidden(pos):
        raise UsageError(f"({pos.x}, {pos.y}) is not a hidden cell")


def _explanation(
    knowledge: Knowledge, pos: Pos, analysis: Analysis
) -> tuple[str, dict[str, Any] | None]:
    """The line ``--explain`` prints, and its JSON object (None: not settled).
    A cell not settled gets its chance of a mine, as the page's Why? gives it."""
    try:
        found = explain(knowledge, pos)
    except ValueError as exc:
        raise UsageError(str(exc).removeprefix("explain: ")) from None
    if found is None:
        p = analysis.probability(pos)
        return (
            f"({pos.x}, {pos.y}) is neither provably safe nor provably a mine:"
            f" its chance of a mine is {fraction_text(p)} ({float(p):.1%})",
            None,
        )
    return str(found), explanation_json(found)


def _nat(text: str) -> int:
    """A count in ASCII digits (``int`` alone would take ``٣`` and ``1_0``); one
    longer than 20 digits is refused before ``int``, which stops at 4300."""
    match = _WHOLE.fullmatch(text)
    if match is None:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}")
    digits = match[2].lstrip("0") or "0"
    if match[1] and digits != "0":
        raise argparse.ArgumentTypeError(f"expected a number of at least 0, got {text.strip()}")
    if len(digits) > 20:
        raise argparse.ArgumentTypeError(
            f"expected a number of at most {CELL_LIMIT} (the most cells a board may have),"
            f" got {article(str(len(digits)))}-digit number"
        )
    return int(digits)


DEAD_SECONDS = 10.0
"""Processor time the dead cells may take (``analysis_board.dead_cells``): on a
lattice of numbers each cell is a count of the whole board, minutes in all;
past it ``dead`` is null and the grid says so."""

MAX_FILE_BYTES = 10_000_000
"""The most of a board file read (formats.md): the largest board the format
holds takes about 0.1 MB, and reading no more keeps an endless input (``yes |``,
/dev/zero) from filling the memory."""


def read_board(path: str) -> Board:
    """Read and parse FILE (or stdin for ``-``); any problem is a UsageError. A
    file named ``.mbf`` or ``.abf`` is a board file of one layout, read as the
    analysis board opens it: every safe cell shows its number, every mine is hidden."""
    name = "<stdin>" if path == "-" else shown(path)
    try:
        data = read_at_most(path, MAX_FILE_BYTES)
    except OSError as exc:
        raise UsageError(f"cannot read {name}: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise UsageError(
            f"{name}: more than {MAX_FILE_BYTES // 1_000_000} MB, too big for a board file"
        )
    if path != "-" and board_suffix(path) is not None:
        try:
            return layout_position(parse_mbf(data))
        except MBFError as exc:
            raise UsageError(f"{name}: not an {board_suffix(path)} board: {exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{name}: {_not_utf8(data, exc.start)}") from None
    try:
        return parse_position(text)
    except BoardTextError as exc:
        raise UsageError(f"{name}: {exc}") from None


_UTF8_BOM = "\ufeff".encode()
"""UTF-8's byte order mark, which Notepad writes at the start of a file."""


def _not_utf8(data: bytes, start: int) -> str:
    """Where the first byte that is not UTF-8 is, as an editor counts: its
    line, and its column in characters (those before it on its line are good
    UTF-8)."""
    line_start = data.rfind(b"\n", 0, start) + 1
    if line_start == 0 and data.startswith(_UTF8_BOM):
        line_start = len(_UTF8_BOM)  # not a column: the board text's reader drops it too
    line = data.count(b"\n", 0, start) + 1
    column = len(data[line_start:start].decode("utf-8")) + 1
    return f"line {line}, column {column}: byte 0x{data[start]:02x} is not UTF-8 (the file must be)"


def _percent(p: Fraction) -> str:
    """A hidden cell's label in the grid: S, M, or its chance of a mine in
    percent, always two characters or more (``05``, ``<1``), so that it never
    looks like the one-digit number of a revealed cell.

    >>> [_percent(Fraction(n, 100)) for n in (0, 1, 5, 50, 99, 100)]
    ['S', '01', '05', '50', '99', 'M']
    >>> _percent(Fraction(1, 1000)), _percent(Fraction(999, 1000))
    ('<1', '>99')
    """
    if p == 0:
        return "S"
    if p == 1:
        return "M"
    value = float(p) * 100
    if value < 1:
        return "<1"
    if value > 99:
        return ">99"
    return f"{value:02.0f}"


LONG_COUNT = 24
"""The most digits a count of layouts has in full on the summary line; a
longer one (a 200x200 board's has 9,834) is written short there, and whole
in ``--json``."""


def _count(n: int) -> tuple[str, int | None]:
    """A count of layouts for the summary line: in full with commas up to
    ``LONG_COUNT`` digits, else rounded to four figures; and the number of
    its digits when it was rounded, for a note.

    >>> _count(1234567)
    ('1,234,567', None)
    >>> _count(2**200)
    ('about 1.607 x 10^60', 61)
    """
    digits = decimal(n)
    if len(digits) <= LONG_COUNT:
        return decimal(n, ","), None
    mantissa, exponent = format(Decimal(n), ".3e").split("e")
    return f"about {mantissa} x 10^{int(exponent)}", len(digits)


GRID_WIDTH = 80
"""The columns the grid fits in when the output is no terminal (a file, a pipe)."""

_WHOLE_UNITS = re.compile(r"\(\d+, \d+\)|\d+(?:\.\d+)? x 10\^-?\d+")
"""What a folded line never splits at its spaces: a cell, ``(12, 3)``, and a
rounded count, ``1.607 x 10^60``."""
_KEEP = "\xa0"
"""Stands for a space of a whole unit while folding: ``textwrap`` breaks only
at its own list of spaces, which leaves out the no-break space."""
INDENT = "  "
"""Before each line a prose line folds onto, so that it reads as one."""


def _fold_spans(plain: str, width: int) -> list[tuple[int, int]]:
    """Where ``plain`` (one line, no tabs) is cut to fit ``width`` columns: the
    start and end of each piece, at spaces only, never inside a whole unit
    (``_WHOLE_UNITS``) or a word; a piece after the first has ``INDENT`` before it.

    >>> text = "safe (2): (12, 3) (4, 15)"
    >>> [text[a:b] for a, b in _fold_spans(text, 16)]
    ['safe (2):', '(12, 3)', '(4, 15)']
    """
    kept = _WHOLE_UNITS.sub(lambda m: m[0].replace(" ", _KEEP), plain)
    pieces = textwrap.wrap(
        kept,
        width=max(width, len(INDENT) + 1),
        subsequent_indent=INDENT,
        break_long_words=False,
        break_on_hyphens=False,
    )
    spans: list[tuple[int, int]] = []
    at = 0
    for piece in pieces:
        piece = piece.removeprefix(INDENT) if spans else piece
        start = kept.index(piece, at)  # textwrap only drops the spaces it cuts at
        at = start + len(piece)
        spans.append((start, at))
    return spans or [(0, 0)]


def _fold(line: Text, width: int) -> Text:
    """A prose line folded to ``width`` columns, its styles kept, ending in a newline."""
    out = Text()
    for n, (start, end) in enumerate(_fold_spans(line.plain, width)):
        if n:
            out.append(INDENT)
        out.append_text(line[start:end])
        out.append("\n")
    return out


def _bands(columns: int, rows: int, width: int, label: int = 3) -> list[tuple[range, int, int]]:
    """The grid folded into bands of columns that each fit ``width``: each
    band's columns, the width of a cell and of the row labels. ``label`` is
    the longest a cell's label may be (``>99``, and ``d<`` after it when dead
    cells or a best move are marked); a space always parts two cells.

    >>> [(b[0], b[1]) for b in _bands(30, 16, 80)]
    [(range(0, 19), 4), (range(19, 30), 4)]
    >>> len(_bands(9, 9, 80)), _bands(9, 9, 80, label=5)[0][1]
    (1, 6)
    """
    cell = max(4, len(str(columns - 1)) + 1, label + 1)
    margin = max(4, len(str(rows - 1)) + 1)
    per_band = max(1, (width - margin) // cell)
    return [
        (range(start, min(start + per_band, columns)), cell, margin)
        for start in range(0, columns, per_band)
    ]


def _grid(
    out: Text,
    board: Board,
    analysis: Analysis,
    band: tuple[range, int, int],
    marks: dict[Pos, str],
) -> None:
    """One band of the grid: its column numbers, then each row's cells, a
    hidden cell's label followed by its ``marks`` (``d`` dead, ``<`` best)."""
    xs, cell, label = band
    k = board.knowledge
    out.append(" " * label + "".join(f"{x:>{cell}}" for x in xs) + "\n", style="dim")
    for y, row in enumerate(k.rows):
        out.append(f"{y:>{label}}", style="dim")
        for x in xs:
            seen = row[x]
            if type(seen) is Shown:
                out.append(f"{seen.n:>{cell}}", style=NUMBER_STYLES.get(seen.n, "dim"))
            elif type(seen) is Boom:
                out.append(f"{'*':>{cell}}", style="bold red")
            else:
                p = analysis.probabilities[y][x]
                assert p is not None
                pos = Pos(x, y)
                style = "bold green" if p == 0 else "bold red" if p == 1 else "yellow"
                if pos in board.flags and p != 1:
                    style += " underline"
                out.append(f"{_percent(p) + marks.get(pos, ''):>{cell}}", style=style)
        out.append("\n")


MARKED = (
    ("fifties", "50/50", "50/50"),
    ("fifties", "pseudo", "pseudo-50/50"),
    ("guess_sets", "forced", "set no click can split"),
    ("guess_sets", "pseudo", "pseudo set"),
)
"""The report's lines of the guesses no click can avoid: stage, kind, name."""


def _render(
    board: Board,
    analysis: Analysis,
    extras: dict[str, Any],
    underlined: bool = False,
    width: int = GRID_WIDTH,
) -> Text:
    """The readable report; ``extras``: the stages of ``analysis_board.study``
    by name; ``underlined``: the console shows styles, so the wrong flags are
    underlined in the grid and the note can point at them. The grid fits
    ``width`` columns, folded into bands of columns if it must be; each line
    of prose is folded to ``width`` at its spaces (``_fold``)."""
    k = board.knowledge
    out = Text()

    def say(*parts: str | tuple[str, str]) -> None:
        """One line of prose, folded: plain strings and (string, style) pairs."""
        line = Text()
        for part in parts:
            if isinstance(part, tuple):
                line.append(part[0], style=part[1])
            else:
                line.append(part)
        out.append_text(_fold(line, width))

    total = (
        "unknown number of mines" if k.mines is None else f"{k.mines} mine{'s' * (k.mines != 1)}"
    )
    size = (f"{k.width}x{k.height} board, {total}: ", "bold")
    if not analysis.consistent:
        say(size, ("no layout agrees with this board (inconsistent)", "bold red"))
        found: Conflict | None = extras.get("conflict")
        if found is not None:
            say(f"conflict: {found}")
        return out
    # an endgame's exact search, when it finished, may name a better move
    best: Best | None = extras.get("perfect") or extras.get("best")
    dead = frozenset(extras.get("dead") or ())
    count, digits = _count(analysis.solutions)
    layouts = f"{count} consistent layout{'s' * (analysis.solutions != 1)}"
    say(size, layouts + (" (unique)" if analysis.unique else ""))
    if digits is not None:
        say(f"(a number of {digits:,} digits: solve --json prints all of them)")
    say(
        ("S", "bold green"),
        " safe   ",
        ("M", "bold red"),
        " certain mine   others: the chance of a mine in % (01 to 99, <1, >99)",
    )
    say(
        ("d", "bold"),
        " after it: dead (it can show only one number)   ",
        ("<", "bold"),
        " after it: the best move",
    )
    out.append("\n")
    marks = {pos: "d" for pos in dead}
    if best is not None:
        marks[best.cell] = marks.get(best.cell, "") + "<"
    longest = 3 + max((len(m) for m in marks.values()), default=0)
    for band in _bands(k.width, k.height, width, longest):
        _grid(out, board, analysis, band, marks)
        out.append("\n")

    def listing(cells: frozenset[Pos]) -> str:
        ordered = sorted(cells, key=lambda p: (p.y, p.x))
        shown = " ".join(cell_name(p) for p in ordered[:40])
        return shown + (f" ... and {len(ordered) - 40} more" if len(ordered) > 40 else "")

    say((f"safe ({len(analysis.safe)}): ", "bold green"), listing(analysis.safe) or "none")
    say((f"mines ({len(analysis.mines)}): ", "bold red"), listing(analysis.mines) or "none")
    if dead:
        say((f"dead ({len(dead)}): ", "bold"), listing(dead))
    elif extras.get("dead", ()) is None:
        say((f"dead cells not worked out: they took more than {DEAD_SECONDS:g} s", "yellow"))
    if best is not None:
        say(("best move: ", "bold"), best.reason)
    for stage, kind, name in MARKED:
        coins = [f for f in extras.get(stage) or () if f.kind == kind]
        if coins:
            named = ", ".join("-".join(map(cell_name, f.cells)) for f in coins)
            say((f"{name} ({len(coins)}): ", "bold"), named)
    if not analysis.safe:
        hidden = [
            (p, Pos(x, y))
            for y, row in enumerate(analysis.probabilities)
            for x, p in enumerate(row)
            if p is not None
        ]
        if hidden:
            p, pos = min(hidden, key=lambda item: (item[0], item[1].y, item[1].x))
            if p == 1:  # a guess here is certain death: there is nothing to guess
                if best is None or best.cell is not None:  # else best move said it
                    say("every hidden cell is a mine: nothing is left to reveal")
            else:
                say(_least_risky(analysis, p, pos, best))
    # A flag off the certain mines is either provably wrong (the cell is safe) or
    # only unproven; the note names the cells, as plain output underlines nothing.
    wrong = frozenset(p for p in board.flags if p in analysis.safe)
    unproven = board.flags - analysis.mines - wrong
    where = " (underlined)" if underlined else ""
    if wrong:
        noun = "flag" if len(wrong) == 1 else "flags"
        say(
            (
                f"wrong {noun} ({len(wrong)}), on provably safe cells{where}: {listing(wrong)}",
                "yellow",
            )
        )
    if unproven:
        noun = "flag" if len(unproven) == 1 else "flags"
        say(
            (
                f"{noun} not proven to be on a mine ({len(unproven)}){where}: {listing(unproven)}",
                "yellow",
            )
        )
    return out


def _least_risky(analysis: Analysis, p: Fraction, pos: Pos, best: Best | None) -> str:
    """The report's line on the least risky guess: the best move's cell when it
    is as safe (one cell for one risk, not two that read as a contradiction),
    else the first such cell and why the best move takes more risk."""
    if best is not None and best.cell is not None and analysis.probability(best.cell) == p:
        pos = best.cell
    line = (
        f"no safe cell: the least risky guess is {cell_name(pos)}"
        f" with {article(fraction_text(p))} ({float(p):.1%}) chance of a mine"
    )
    if best is not None and best.cell is not None and best.cell != pos:
        line += (
            f"; the best move {cell_name(best.cell)} risks more now"
            " for a better chance to win from here"
        )
    return line


def _work(
    report: Callable[[tuple[str, Any]], None], knowledge: Knowledge, pos: Pos | None
) -> tuple[str, dict[str, Any] | None] | None:
    """The analysis board's stages, each sent to report, then --explain's answer
    (None without one, or on a board no layout fits)."""
    stages: list[tuple[str, Any]] = []

    def keep(stage: tuple[str, Any]) -> None:
        stages.append(stage)
        report(stage)

    study(keep, knowledge, DEAD_SECONDS)
    analysis: Analysis = dict(stages)["analysis"]
    return (
        _explanation(knowledge, pos, analysis) if pos is not None and analysis.consistent else None
    )


def _limited_work(
    knowledge: Knowledge, pos: Pos | None, seconds: float
) -> tuple[list[tuple[str, Any]], tuple[str, dict[str, Any] | None] | None]:
    """``_work`` in a child process killed after ``seconds`` (``limited``): a
    board too hard for the time given ends in one line and OUT_OF_TIME, not a
    wait without end."""
    cap = limited.machine_memory()
    limits = limited.Limits(
        seconds=seconds, memory=None if cap is None else int(cap * MEMORY_SHARE)
    )
    outcome = limited.run(_work, knowledge, pos, limits=limits)
    if isinstance(outcome, limited.Done):
        return list(outcome.stages), outcome.value
    if isinstance(outcome, limited.TimedOut):
        raise TimeLimit(f"the analysis ran past --time-limit {seconds:g} s")
    if isinstance(outcome, limited.OutOfMemory):
        raise MemoryError
    if isinstance(outcome, limited.Failed):
        if outcome.kind == "UsageError":
            raise UsageError(outcome.message)
        raise ChildFailed(f"the analysis failed: {outcome.kind}: {outcome.message}")
    if isinstance(outcome, limited.Crashed):
        how = f"signal {outcome.signal}" if outcome.signal else f"status {outcome.exit_code}"
        raise ChildFailed(f"the analysis ended with {how}, without an answer")
    raise ChildFailed("the analysis gave no answer")


class TimeLimit(Exception):
    """``--time-limit`` ran out: one line, status OUT_OF_TIME."""


class ChildFailed(Exception):
    """The child of ``--time-limit`` ended without an answer (a bug): one line,
    status SOFTWARE_ERROR, rather than a traceback."""


SOFTWARE_ERROR = 70
"""Exit status when the analysis child crashed (sysexits' EX_SOFTWARE)."""


def run(args: argparse.Namespace) -> int:
    """Carry out ``minebender solve`` with args parsed by ``add_arguments``; the exit
    status (README: 2 for bad usage, 74 when the output cannot be written)."""
    with memory_cap():  # a hard board ends with "out of memory", not the kernel's SIGKILL
        try:
            return _run(args)
        except TimeLimit as exc:
            print(f"minebender solve: error: {exc}", file=sys.stderr)
            return OUT_OF_TIME
        except ChildFailed as exc:
            print(f"minebender solve: error: {exc}", file=sys.stderr)
            return SOFTWARE_ERROR


def _run(args: argparse.Namespace) -> int:
    board = read_board(args.file)
    knowledge = board.knowledge
    if args.mines is not None:
        cells = knowledge.width * knowledge.height
        if args.mines > cells:  # a bad argument, not a board that says "no"
            raise UsageError(
                f"--mines {args.mines}: more mines than the"
                f" {knowledge.width}x{knowledge.height} board has cells ({cells})"
            )
        knowledge = knowledge.with_mines(args.mines)
        board = Board(knowledge, board.flags)
    if args.explain is not None:
        _check_cell(knowledge, args.explain)
    if args.time_limit is None:
        stages: list[tuple[str, Any]] = []
        why = _work(stages.append, knowledge, args.explain)
    else:
        stages, why = _limited_work(knowledge, args.explain, args.time_limit)
    extras = dict(stages)
    analysis: Analysis = extras["analysis"]
    if args.json:
        out: dict[str, Any] = {}
        for stage in stages:
            out.update(stage_json(knowledge, stage))
        if why is not None:
            out["explanation"] = why[1]
        print(json.dumps(out))
    else:
        out_console = console(highlight=False, soft_wrap=True)
        width = out_console.width if out_console.is_terminal else GRID_WIDTH
        out_console.print(_render(board, analysis, extras, out_console.is_terminal, width), end="")
        if why is not None:
            out_console.print(_fold(Text(f"why: {why[0]}"), width), end="")
    return 0 if analysis.consistent else 1

"""Make puzzles with exactly one solution, as board text, JSON lines or a printable sheet.

Puzzle i of a run is ``make_puzzle(W, H, N, seed, i, difficulty)``: the same
seed always makes the same puzzles. Each shows some numbers of a layout of N
mines; told N, exactly one layout fits, and hiding any one number lets more
fit. docs/puzzles.md says how the difficulty is graded.
"""

from __future__ import annotations

import argparse
import json
import re
import secrets
import sys
from pathlib import Path

from minebender.faces.commands.options import (
    COUNT_LIMIT,
    SEED_LIMIT,
    UsageError,
    parse_int,
    parse_seed,
)
from minebender.formats.boardtext import CELL_LIMIT
from minebender.services.puzzle import DIFFICULTIES, Made, PuzzleError, make_puzzle
from minebender.services.puzzle.book import BOOK_MOST, Entry, book_sheet, make_book, numbered_sheet
from minebender.services.puzzle.code import puzzle_code
from minebender.services.puzzle.sheet import Sheet
from minebender.services.puzzle.symmetry import SYMMETRIES
from minebender.values.words import count as counted

__all__ = ["EXAMPLE", "SUMMARY", "add_arguments", "run"]

SUMMARY = "make puzzles with exactly one solution; print them or a sheet"
EXAMPLE = "minebender puzzle --size 10x10 --mines 20 --count 6 --seed 7 --svg sheet.svg"

_SIZE = re.compile(r"([0-9]{1,5})x([0-9]{1,5})")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender puzzle``."""
    parser.add_argument("--size", metavar="WxH", default="10x10", help="the board (default: 10x10)")
    parser.add_argument("--mines", default="20", help="mines on each board (default: 20)")
    parser.add_argument("--count", default="1", help="how many puzzles (default: 1)")
    parser.add_argument(
        "--seed",
        help=f"the run's seed, an integer from 0 to {SEED_LIMIT - 1} (default: a new one each"
        " run, printed with every puzzle)",
    )
    parser.add_argument(
        "--difficulty", choices=DIFFICULTIES, help="only puzzles of this grade (default: any)"
    )
    parser.add_argument(
        "--symmetry",
        choices=SYMMETRIES,
        default="none",
        help="the numbers shown keep this symmetry: a mirror left-right or up-down, both"
        " mirrors, or a half turn (default: none)",
    )
    parser.add_argument(
        "--book",
        metavar="N",
        help=f"a graded book of N puzzles (1 to {BOOK_MOST}), easiest first, numbered from 0;"
        " with --pdf or --svg, printed with the answers at the back",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object a line")
    parser.add_argument("--svg", metavar="FILE", help="also write a printable sheet as SVG")
    parser.add_argument(
        "--pdf", metavar="FILE", help="also write the sheet as PDF (needs minebender[print])"
    )
    parser.add_argument(
        "--play",
        metavar="CODE",
        nargs="?",
        const="new",
        help="play a puzzle in the terminal: its code (p2:...), or a new one of --size and --mines",
    )


def _size(text: str) -> tuple[int, int]:
    found = _SIZE.fullmatch(text.strip().lower())
    if found is None:
        raise UsageError(f"--size must be WIDTHxHEIGHT in digits, e.g. 10x10, got {text!r}")
    w, h = int(found[1]), int(found[2])
    if w < 1 or h < 1 or w * h > CELL_LIMIT:
        raise UsageError(f"--size {w}x{h} must have from 1 to {CELL_LIMIT} cells")
    return w, h


def _writable(option: str, name: str | None) -> Path | None:
    """The path of a sheet, refused before any work when its folder is missing."""
    if name is None:
        return None
    path = Path(name)
    if not path.parent.is_dir():
        raise UsageError(f"{option} {name}: the folder {str(path.parent)!r} does not exist")
    return path


def _print(made: Made, index: int, seed: int, as_json: bool, made_as: int | None = None) -> None:
    p = made.puzzle
    code = puzzle_code(p)
    if as_json:
        line = {
            "board": p.board_text(),
            "solution": p.solution(),
            "difficulty": made.grade.difficulty,
            "clues": len(p.shown),
            "code": code,
        }
        print(json.dumps(line), flush=True)
        return
    if index:
        print()
    which = (
        f"of seed {seed}" if made_as is None else f"of the book (index {made_as} of seed {seed})"
    )
    print(
        f"# puzzle {index} {which}: {made.grade.difficulty} ({made.grade.reasoning}),"
        f" {counted(len(p.shown), 'number')} shown, code {code}"
    )
    print(p.board_text(), end="", flush=True)


def run(args: argparse.Namespace) -> int:
    """Carry out ``minebender puzzle``; the exit status (2 for bad usage, 1 when no
    puzzle of the difficulty was found)."""
    w, h = _size(args.size)
    mines = parse_int("--mines", args.mines, 0, w * h + 1)
    count = parse_int("--count", args.count, 1, COUNT_LIMIT + 1)
    seed = parse_seed(args.seed) if args.seed is not None else secrets.randbelow(SEED_LIMIT)
    if args.play is not None:
        return _play(args.play, w, h, mines, seed, args.difficulty, args.symmetry)
    svg, pdf = _writable("--svg", args.svg), _writable("--pdf", args.pdf)
    if pdf is not None:
        try:
            import fpdf  # noqa: F401
        except ImportError:
            raise UsageError(
                "--pdf needs fpdf2: pip install 'minebender[print]' (or use --svg)"
            ) from None
    if args.book is not None:
        return _book(args, w, h, mines, seed, svg, pdf)
    made: list[Made] = []
    try:
        for i in range(count):
            one = make_puzzle(w, h, mines, seed, i, args.difficulty, args.symmetry)
            _print(one, i, seed, args.json)
            if svg or pdf:
                made.append(one)
    except PuzzleError as exc:
        print(f"minebender puzzle: error: {exc}", file=sys.stderr)
        return 1
    if made:
        title = f"minebender puzzles {w}x{h}, seed {seed}"
        _write_sheets(numbered_sheet(made, title), svg, pdf)
    return 0


def _book(
    args: argparse.Namespace,
    w: int,
    h: int,
    mines: int,
    seed: int,
    svg: Path | None,
    pdf: Path | None,
) -> int:
    """``--book N``: the book's puzzles printed in rising grade, numbered as
    its sheet numbers them, and the sheet written."""
    size = parse_int("--book", args.book, 1, BOOK_MOST + 1)
    if args.difficulty is not None or args.count != "1":
        raise UsageError(
            "--book chooses the difficulty and count itself: leave out --difficulty and --count"
        )
    try:
        book: list[Entry] = make_book(w, h, mines, seed, size, args.symmetry)
    except PuzzleError as exc:
        print(f"minebender puzzle: error: {exc}", file=sys.stderr)
        return 1
    for place, entry in enumerate(book):
        _print(entry.made, place, seed, args.json, entry.index)
    _write_sheets(book_sheet(book, seed, args.symmetry), svg, pdf)
    return 0


def _play(
    code: str, w: int, h: int, mines: int, seed: int, difficulty: str | None, symmetry: str
) -> int:
    """Play one puzzle in the terminal: the code's, or puzzle 0 of the seed."""
    from minebender.faces.commands.terminal import require_terminal
    from minebender.services.puzzle.code import parse_code

    if code == "new":
        try:
            puzzle = make_puzzle(w, h, mines, seed, 0, difficulty, symmetry).puzzle
        except PuzzleError as exc:
            print(f"minebender puzzle: error: {exc}", file=sys.stderr)
            return 1
    else:
        try:
            puzzle = parse_code(code)
        except ValueError as exc:
            raise UsageError(f"--play: {exc}") from None
    require_terminal()
    from minebender.faces.tui.puzzle_app import PuzzleApp

    PuzzleApp(puzzle).run()
    return 0


def _write_sheets(sheet: Sheet, svg: Path | None, pdf: Path | None) -> None:
    from minebender.services.puzzle.sheet import write_pdf, write_svg
    from minebender.values.files import shown

    for path, write in ((svg, write_svg), (pdf, write_pdf)):
        if path is not None:
            try:
                write(sheet, path)
            except OSError as exc:
                raise UsageError(f"cannot write {shown(path)}: {exc.strerror or exc}") from None

"""Generate boards, one JSON object a line or readable text, optionally no-guess.

Board i of a run is ``place_mines`` (or, with --no-guess,
``place_mines_no_guess``) of the level's size with rs = ``minebender.rules.game.board_rs(seed, i)``:
[the low and high 32 bits of the seed, i]. Any program can replay it from the
printed seed and index. The first click, part of every board, is the centre
cell (width // 2, height // 2) unless --first says otherwise.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Iterator

from minebender.faces.commands.options import (
    COUNT_LIMIT,
    SEED_LIMIT,
    ReadCustom,
    ReadLevel,
    UsageError,
    note_if_custom_limited,
    parse_first,
    parse_int,
    parse_seed,
)
from minebender.rules.game import board_rs, place_mines, setup
from minebender.values import words
from minebender.values.types import Beginner, Layout, Pos, Setup

__all__ = ["EXAMPLE", "SUMMARY", "add_arguments", "boards", "run"]

SUMMARY = "generate boards as JSON lines or text, optionally no-guess"
EXAMPLE = "minebender generate --level expert --no-guess --seed 7 --count 3 --json"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender generate``: ``cli`` gives every command its own parser, so each
    module says only what is its own."""
    parser.add_argument(
        "--level",
        action=ReadLevel,
        help="beginner (the default), intermediate, expert, any case, or a custom WxHxM",
    )
    parser.add_argument(
        "--custom",
        action=ReadCustom,
        metavar="WxHxM",
        help="a custom field instead of --level, limited as Windows XP limits it",
    )
    parser.add_argument(
        "--no-guess",
        action="store_true",
        help="only boards that safe moves alone clear from the first click",
    )
    parser.add_argument(
        "--seed",
        help=f"the run's seed, an integer from 0 to {SEED_LIMIT - 1} (default: a new one"
        " each run, printed with every board, so a board found can be made again)",
    )
    parser.add_argument("--count", default="1", help="how many boards (default: 1)")
    parser.add_argument("--json", action="store_true", help="one JSON object a line")
    parser.add_argument("--first", metavar="X,Y", help="the first click (default: the centre cell)")


def boards(size: Setup, first: Pos, seed: int, count: int, no_guess: bool) -> Iterator[Layout]:
    """The boards of a run, one by one."""
    if no_guess:
        from minebender.rules.noguess import place_mines_no_guess as make
    else:
        make = place_mines
    for i in range(count):
        yield make(size.width, size.height, size.mines, first, board_rs(seed, i))


def _rows(layout: Layout) -> list[str]:
    return ["".join("*" if cell else "." for cell in row) for row in layout]


def run(args: argparse.Namespace) -> int:
    """Carry out ``minebender generate`` with args parsed by ``add_arguments``; the exit
    status (README: 2 for bad usage, 74 when the output cannot be written)."""
    from minebender.rules.noguess import NoGuessError

    if args.level is not None and args.custom is not None:
        raise UsageError("give --level or --custom, not both")
    # --level and --custom were read as argparse read them (ReadLevel): a Level
    option = "--custom" if args.custom is not None else "--level"
    level = args.custom if args.custom is not None else args.level or Beginner()
    size = setup(level)
    seed = parse_seed(args.seed) if args.seed is not None else secrets.randbelow(SEED_LIMIT)
    count = parse_int("--count", args.count, 1, COUNT_LIMIT + 1)
    first = (
        parse_first(args.first, size)
        if args.first is not None
        else Pos(size.width // 2, size.height // 2)
    )
    # Every option is read before anything is written, the note too: a bad
    # option is the one line on stderr.
    note_if_custom_limited("generate", option, level, size)
    try:
        for i, layout in enumerate(boards(size, first, seed, count, args.no_guess)):
            if args.json:
                line = {
                    "width": size.width,
                    "height": size.height,
                    "mines": sum(sum(row) for row in layout),
                    "first": [first.x, first.y],
                    "seed": seed,
                    "index": i,
                    "no_guess": args.no_guess,
                    "layout": _rows(layout),
                }
                print(json.dumps(line), flush=True)
            else:
                if i:
                    print()
                kind = ", no-guess" if args.no_guess else ""
                print(
                    f"# board {i} of seed {seed}: {size.width}x{size.height},"
                    f" {words.count(size.mines, 'mine')}{kind},"
                    f" first click at ({first.x}, {first.y})"
                    " marked o; * is a mine"
                )
                for y, row in enumerate(_rows(layout)):
                    if y == first.y:
                        row = row[: first.x] + "o" + row[first.x + 1 :]
                    print(row)
                sys.stdout.flush()
    except NoGuessError as exc:
        print(f"minebender generate: error: {exc}", file=sys.stderr)
        return 1
    # A reader that has gone (head, a pager) ends the run in cli.main, quietly, as
    # for every command.
    return 0

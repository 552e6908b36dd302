"""Play Minesweeper in the terminal; quitting saves the game for next time.

Every action goes to the same store as the web game (``MINEBENDER_DB`` or the
user's data folder) as it happens, so ``q``, a closed window or a crash loses
nothing: the next ``minebender play`` resumes the unfinished game.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from typing import TYPE_CHECKING

from minebender.faces.commands.options import (
    OUTPUT_ERROR,
    ReadCustom,
    ReadLevel,
    UsageError,
    add_db_argument,
)
from minebender.faces.commands.terminal import require_terminal
from minebender.services.keys import key_table
from minebender.values.types import Level

if TYPE_CHECKING:
    from minebender.services.session import Session, SessionSpec
    from minebender.services.store import Store

__all__ = ["EXAMPLE", "SUMMARY", "add_arguments", "run"]

SUMMARY = "play in the terminal; q saves and quits, the next play resumes"
EXAMPLE = "minebender play --level intermediate --seed k3j9"


KEYS = f"""\
keys:
{key_table()}

play saves every action as it happens, and after q it says in a line
whether the game is saved. Without --seed or --new it goes on where you
left off. First it asks for the name of a best time left unnamed,
when the terminal was closed while it asked. Else it resumes your newest
unfinished terminal game, of --level or --custom if given; a new game that
leaves another saved says so in a line. The page resumes its own games.
A started game left for a new one (n, F2, 1 2 3, c) counts as lost."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender play``: ``cli`` gives every command its own parser, so each
    module says only what is its own."""
    parser.description = f"{parser.description}\n\n{KEYS}"
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--level",
        action=ReadLevel,
        metavar="LEVEL",
        help="beginner (9x9, 10 mines; the default), intermediate (16x16, 40), expert (30x16,"
        " 99) or a custom WxHxM, as --custom",
    )
    group.add_argument(
        "--custom",
        action=ReadCustom,
        metavar="WxHxM",
        help="a custom board, limited as Windows XP limits it, e.g. 20x12x40",
    )
    group.add_argument(
        "--code",
        metavar="CODE",
        help="the board of a board code (e:k3j9, 20x12x40+ng:abc, or a shared link to one),"
        " as the page's Game > Board Code plays it: a chosen board",
    )
    group.add_argument(
        "--board",
        metavar="FILE.mbf",
        help="play the board of a MinesweeperX .mbf (or Arbiter .abf) file as it is (a"
        " chosen board, never ranked; no mine moves, so the first click may hit one)",
    )
    parser.add_argument(
        "--seed",
        metavar="S",
        help="the board's seed: the same seed, the same board (a chosen board: its"
        " games count for neither best times nor statistics)",
    )
    parser.add_argument(
        "--no-guess",
        action="store_true",
        help="a board that can be solved without guessing (its games count for"
        " neither best times nor statistics)",
    )
    parser.add_argument(
        "--no-marks",
        action="store_true",
        help="start with Marks (?) off: f and a right click only flag and unflag"
        " (m switches it on and off while playing)",
    )
    parser.add_argument(
        "--new",
        action="store_true",
        help="start a new game even if an unfinished one is saved",
    )
    add_db_argument(parser)


def board_spec(path: str) -> SessionSpec:
    """The spec of a game on the board of an .mbf file: a chosen board, played
    as the file has it, under the file's name (as the page keeps it). A
    UsageError names the file and what is wrong, or says that minebender does
    not play a board of that size."""
    from minebender.faces.commands.options import read_at_most
    from minebender.formats.mbf import MBFError
    from minebender.services.session import check_board_file, mbf_spec
    from minebender.values.files import shown

    try:
        data = read_at_most(path, 4 + 2 * 255 * 255)
    except OSError as exc:
        raise UsageError(f"cannot read {shown(path)}: {exc.strerror or exc}") from None
    name: str | None = os.path.basename(path)
    try:
        check_board_file(name)
    except ValueError:
        name = None  # a name that cannot be shown on one line: the board is still played
    try:
        return mbf_spec(data, name=name)
    except MBFError as exc:
        raise UsageError(f"{path}: {exc}") from None


def _play_board(args: argparse.Namespace) -> int:
    """``play --board FILE.mbf``: a new game on that board, saved as every game."""

    if args.seed is not None or args.no_guess or args.new:
        raise UsageError("a --board names its board: give it without --seed, --no-guess or --new")
    spec = board_spec(args.board)
    require_terminal()

    from minebender.services.session import Session

    with _open_store(args.db) as store:
        return _run_app(store, Session(spec), None, marks=not args.no_marks, db=args.db)


def _open_store(db: str | None) -> Store:
    """The games database; a UsageError says why it cannot be opened."""
    from minebender.services import store as store_module

    try:
        return store_module.open(db)
    except store_module.StoreError as exc:
        raise UsageError(str(exc)) from exc


def run(args: argparse.Namespace) -> int:
    """Carry out ``minebender play`` with args parsed by ``add_arguments``; the exit
    status (README: 2 for bad usage, 74 when the output cannot be written)."""
    from minebender.services.session import check_given_seed

    if args.board is not None:
        return _play_board(args)
    # --level and --custom were read as argparse read them (ReadLevel): a Level
    level: Level | None = args.level if args.level is not None else args.custom
    if args.code is not None:
        from minebender.services.session import parse_board_code

        if args.seed is not None or args.no_guess:
            raise UsageError("a --code names its board: give it without --seed or --no-guess")
        try:
            spec = parse_board_code(args.code)
        except ValueError as exc:
            raise UsageError(f"--code: {exc}") from None
        level, args.seed, args.no_guess = spec.level, spec.seed, spec.no_guess
    elif level is not None:  # a code's size is as the laws clamp it: no note
        from minebender.faces.commands.options import note_if_custom_limited
        from minebender.rules.game import setup

        option = "--level" if args.level is not None else "--custom"
        note_if_custom_limited("play", option, level, setup(level))
    seed: str | None = args.seed
    if seed is not None:
        try:
            check_given_seed(seed, "--seed")
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    if args.no_guess:
        from minebender.services.session import no_guess_available

        if not no_guess_available():
            raise UsageError("no-guess boards are not available in this version of minebender")
    require_terminal()

    from minebender.services.player_games import resume_or_new, waiting_game
    from minebender.services.session import new_seed

    with _open_store(args.db) as store:
        session, game_id = resume_or_new(
            store,
            interface="terminal",
            level=level,
            seed=seed,
            no_guess=args.no_guess,
            new=args.new,
            new_seed=new_seed,
        )
        waiting = waiting_game(store, "terminal", game_id)
        if waiting is not None:  # left saved: say so, lest the player think it lost
            print(
                f"minebender play: note: a saved {waiting} game waits:"
                " `minebender play` resumes it",
                file=sys.stderr,
            )
        return _run_app(store, session, game_id, marks=not args.no_marks, db=args.db)


def _run_app(
    store: Store, session: Session, game_id: str | None, *, marks: bool, db: str | None
) -> int:
    """Play session in the terminal app, saving every action to store; once
    quit, say in one line whether the game is kept and how to come back to it."""
    from minebender.faces.tui.app import MinebenderApp
    from minebender.services.player_games import GameRecord, Unsaved

    saver = GameRecord(store, "terminal", game_id)
    app = MinebenderApp(session, saver=saver, marks=marks)
    app.run()
    if app.unsaved is not None:  # a last try, with the store's full wait
        outcome = saver.record(app.session, wait_s=5.0)
        if isinstance(outcome, Unsaved):
            print(
                "minebender play: error: the last moves of this game were not saved:"
                f" {outcome.reason}",
                file=sys.stderr,
            )
            return OUTPUT_ERROR
    code = app.return_code or 0  # 1 if it failed; 128 + a signal of STOPS, saved as at q
    play = "minebender play" if db is None else f"minebender play --db {shlex.quote(db)}"
    line = app.farewell(play)
    if code == 0 and line:  # after a signal the terminal may be gone: no line for it
        print(line)
    return code

"""Watch a finished game again in the terminal, step by step.

Reads the replay format of ``minebender.formats.replay`` (docs/replays.md), the same
files the web page saves, and other clients' replays (.avf .rmv .evf .mvf .rawvf) as
review reads them; ``--last`` plays back the newest finished game of the
store instead, and ``--game ID`` any finished game of it (``stats --json``
names the games of the best times), whichever interface played it. A file
that is not a valid replay gets one clear error line.
"""

from __future__ import annotations

import argparse
import math
import sys
from fractions import Fraction
from pathlib import Path

from minebender.faces.commands.options import (
    UsageError,
    add_stored_game_arguments,
    read_at_most,
    stored_games,
)
from minebender.faces.commands.terminal import require_terminal
from minebender.formats.replay import MAX_SPEED, MIN_SPEED, Replay
from minebender.services.keys import VIEWER_KEYS, key_table
from minebender.values.files import replace_file, shown

__all__ = [
    "EXAMPLE",
    "SUMMARY",
    "add_arguments",
    "board_after",
    "load",
    "run",
    "stored_replay",
]

SUMMARY = "watch a replay file in the terminal, step by step"
EXAMPLE = "minebender replay game.json --speed 2"


def _speed(text: str) -> float:
    """A speed as a number or a fraction (``0.5``, ``1/16``: the help writes it so)."""
    try:
        exact = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number or a fraction") from None
    value = float(exact) if abs(exact) <= MAX_SPEED else math.inf  # 1e400 is no float
    if not math.isfinite(value) or not MIN_SPEED <= value <= MAX_SPEED:
        raise argparse.ArgumentTypeError(
            f"{text!r} must be from {MIN_SPEED:g} (1/16) to {MAX_SPEED:g}"
        )
    return value


KEYS = "keys (F1 in the viewer shows them too):\n" + key_table(VIEWER_KEYS)
"""The viewer's keys, from the table its F1 screen shows, so the two never disagree."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender replay``: ``cli`` gives every command its own parser, so each
    module says only what is its own."""
    parser.description = f"{parser.description}\n\n{KEYS}"
    parser.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help="a replay file (JSON, or another client's .avf .rmv .evf .mvf .rawvf to watch),"
        " or - to read a JSON one from stdin (with --board)",
    )
    add_stored_game_arguments(parser)
    parser.add_argument(
        "--speed",
        type=_speed,
        default=1.0,
        metavar="X",
        help=f"play X times as fast as it was played, from {MIN_SPEED:g} (1/16) to"
        f" {MAX_SPEED:g}, the range of the + and - keys (default 1; long pauses are cut to 2 s)",
    )
    parser.add_argument(
        "--step", action="store_true", help="start paused: step with the arrow keys"
    )
    parser.add_argument(
        "--board",
        type=_moves,
        metavar="MOVE",
        help="print the board after MOVE moves (0 to the replay's count, or end) as board"
        " text, what minebender solve reads, and quit: no terminal needed",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the game as a replay file (JSON, docs/replays.md) and quit: what"
        " --last or --game keep in the store, saved to share or to review",
    )
    parser.add_argument(
        "--mbf",
        metavar="OUT",
        help="write the game's board (its mines) to OUT as a MinesweeperX .mbf file, which"
        " Arbiter, JSMinesweeper and minebender play --board read, and quit",
    )
    parser.add_argument(
        "--evf",
        metavar="OUT",
        help="write the game as a Metasweeper .evf replay to OUT (a game without the assist),"
        " and quit",
    )
    parser.add_argument(
        "--rawvf",
        metavar="OUT",
        help="write the game as a RAW vf text replay to OUT (a game without the assist;"
        " another client's replay too), which the community's tools and minebender"
        " review read, and quit",
    )


END = -1
"""``--board end``: after the last move."""


def _moves(text: str) -> int:
    """A move number in digits 0-9, or ``end`` (END)."""
    if text.lower() == "end":
        return END
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise argparse.ArgumentTypeError(f"{text!r} must be a move number (0, 1, ...) or end")
    return int(text)


def board_after(replay: Replay, moves: int) -> str:
    """The board text of what the player saw after ``moves`` moves of the
    replay (all of them for END): a position taken out of a game for the
    solver or a puzzle. A UsageError when the replay has fewer moves."""
    from minebender.services.session import Session

    count = len(replay.moves)
    if moves > count:
        raise UsageError(f"--board {moves}: this replay has {count} moves (0 to {count}, or end)")
    s = Session(replay.spec, lambda: 0.0)
    for event in replay.events:
        if len(s.moves) == moves:
            break  # a move is a cell action: the presses after it wait for the next
        s.act(event)
    return s.board_text()


def load(path: Path) -> Replay:
    """The replay in a file; a UsageError names the file and what is wrong. A
    file not named .json that is not even JSON (a program, a README) is refused
    as ``review`` refuses it: no replay minebender reads."""
    from minebender.formats.replay import MAX_BYTES, ReplayError, ReplayNotJSON, loads
    from minebender.services.review.record import not_a_replay

    name = "<stdin>" if str(path) == "-" else shown(path)
    try:
        data = read_at_most(str(path), MAX_BYTES)
        if len(data) > MAX_BYTES:
            raise UsageError(f"{name}: too big for a replay (over {MAX_BYTES // 1_000_000} MB)")
    except IsADirectoryError:
        raise UsageError(f"{name} is a folder, not a replay file") from None
    except OSError as exc:
        raise UsageError(f"cannot read {name}: {exc.strerror or exc}") from None
    try:
        return loads(data)
    except ReplayNotJSON as exc:
        if name == "<stdin>" or path.suffix.lower() == ".json":
            raise UsageError(f"{name}: {str(exc).removeprefix('replay: ')}") from None
        raise UsageError(not_a_replay(name)) from None
    except ReplayError as exc:
        raise UsageError(f"{name}: {str(exc).removeprefix('replay: ')}") from None


def stored_replay(db: str | None, game_id: str | None) -> Replay:
    """The newest finished game of the store (``--last``), or the one with
    ``game_id`` (``--game``), with the name of its best time if it has one."""
    from minebender.formats.replay import ReplayError, from_session
    from minebender.services import store as store_module
    from minebender.values.words import cut

    path = stored_games(db)  # reading must not create a database
    where = path or (db if db is not None else store_module.default_path())
    game = None
    player = None
    if path is not None:
        try:
            with store_module.open(path, read_only=True) as store:
                if game_id is None:
                    game = next(iter(store.finished_games(limit=1)), None)
                else:
                    game = store.load(game_id)
                if game is not None:
                    player = store.best_time_name(game.id)
        except store_module.StoreError as exc:
            raise UsageError(str(exc)) from None
    if game_id is None and game is None:
        raise UsageError(f"no finished game in {where} yet: play one with minebender play")
    if game is None:
        raise UsageError(f"no game {cut(game_id or '')} in {where}")
    if game.status not in ("won", "lost"):
        raise UsageError(
            f"game {cut(game.id)} is {game.status}, not finished: only a game won or lost"
            " has an end to replay"
        )
    try:
        return from_session(game.session(), player=player)
    except (ReplayError, ValueError) as exc:
        what = "the newest finished game" if game_id is None else f"game {cut(game.id)}"
        raise UsageError(f"{what} cannot be replayed: {exc}") from None


def _write(replay: Replay, out: Path, kind: str) -> int:
    """Write the replay's board as .mbf, or the game as .evf or RAW vf; OUTPUT_ERROR when
    the file cannot be written, a UsageError when the game has no such file."""
    from minebender.faces.commands.options import UsageError
    from minebender.formats.mbf import format_mbf
    from minebender.services.review import ReviewError
    from minebender.services.review.evf import evf_bytes
    from minebender.services.review.rawvf import rawvf_text

    try:
        if kind == "mbf":
            data = format_mbf(replay.layout)
        elif kind == "evf":
            data = evf_bytes(replay)
        else:
            data = rawvf_text(replay).encode("utf-8")
    except ReviewError as exc:
        raise UsageError(f"--{kind}: {exc}") from None
    return _save(out, data)


def _save(out: Path, data: bytes) -> int:
    """Write a file whole; OUTPUT_ERROR, in one line, when it cannot be written."""
    from minebender.faces.commands.options import OUTPUT_ERROR

    try:  # whole or not at all: a full disk leaves the old file, not half a new one
        replace_file(out, data)
    except OSError as exc:
        print(
            f"minebender replay: cannot write {shown(out)}: {exc.strerror or exc}",
            file=sys.stderr,
        )
        return OUTPUT_ERROR
    return 0


def _watch_peer(path: Path, args: argparse.Namespace) -> int:
    """Watch another client's replay (.avf .rmv .evf .mvf .rawvf): read as
    review reads it, and played by that client's rule; or with ``--rawvf``
    write it as RAW vf text. The other options that write a minebender
    replay's board or file take a .json only."""
    from minebender.services.review import ReviewError, read_record

    used = [
        name
        for name, given in (
            ("--board", args.board is not None),
            ("--json", args.json),
            ("--mbf", args.mbf is not None),
            ("--evf", args.evf is not None),
        )
        if given
    ]
    if used:
        raise UsageError(
            f"{used[0]} takes a minebender replay (.json): {shown(path)} can be watched,"
            f" or read by minebender review {shown(path)}"
        )
    try:
        record = read_record(path)
    except ReviewError as exc:
        raise UsageError(shown(str(exc))) from None
    if not record.moves:
        raise UsageError(f"{shown(path)}: the replay holds no move")
    if args.rawvf is not None:
        from minebender.services.review.figures import figures
        from minebender.services.review.play import played
        from minebender.services.review.rawvf import record_rawvf_text

        done = figures(played(record), None, record.clock_ms)
        return _save(Path(args.rawvf), record_rawvf_text(record, done).encode("utf-8"))
    require_terminal()

    from minebender.faces.tui.viewer import ReplayApp

    viewer = ReplayApp(record, speed=args.speed, paused=args.step)
    viewer.run()
    return viewer.return_code or 0


def run(args: argparse.Namespace) -> int:
    """Carry out ``minebender replay`` with args parsed by ``add_arguments``; the exit
    status (README: 2 for bad usage, 74 when the output cannot be written)."""

    sources = (
        ("a replay FILE", args.file is not None),
        ("--last", args.last),
        ("--game", args.game is not None),
    )
    chosen = [name for name, given in sources if given]
    if len(chosen) != 1:
        raise UsageError(
            f"give one of a replay FILE, --last or --game ID, not {' and '.join(chosen)}"
            if chosen
            else "give a replay FILE (or --last for the newest finished game, --game ID for one)"
        )
    stored = args.last or args.game is not None
    if args.db is not None and not stored:
        raise UsageError("--db is the database of --last and --game: give one of them with it")
    outs = (("--mbf", args.mbf), ("--evf", args.evf), ("--rawvf", args.rawvf))
    writes = [name for name, out in outs if out is not None]
    if args.json:
        writes.insert(0, "--json")
    if writes and (len(writes) > 1 or args.board is not None or args.step or args.speed != 1.0):
        raise UsageError(f"{writes[0]} writes the game out and quits: give it alone")
    if args.board is not None and (args.step or args.speed != 1.0):
        raise UsageError("--board prints a board and quits: --speed and --step are for watching")
    if args.file == "-" and args.board is None:
        raise UsageError(
            "replay - reads the replay from stdin, so the viewer cannot read its keys"
            " there. Give --board N (or end) to print a board, or name the file to watch it"
        )
    from minebender.services.review.peers import PEER_FORMATS

    if not stored and Path(args.file).suffix.lower() in PEER_FORMATS:
        return _watch_peer(Path(args.file), args)
    replay = stored_replay(args.db, args.game) if stored else load(Path(args.file))
    if args.board is not None:
        sys.stdout.write(board_after(replay, args.board))
        return 0
    if args.json:
        from minebender.formats.replay import dumps

        sys.stdout.write(dumps(replay) + "\n")
        return 0
    if args.mbf is not None:
        return _write(replay, Path(args.mbf), "mbf")
    if args.evf is not None:
        return _write(replay, Path(args.evf), "evf")
    if args.rawvf is not None:
        return _write(replay, Path(args.rawvf), "rawvf")
    require_terminal()

    from minebender.faces.tui.viewer import ReplayApp

    viewer = ReplayApp(replay, speed=args.speed, paused=args.step)
    viewer.run()
    return viewer.return_code or 0  # 1 if it failed; 128 + a signal of tui.base.STOPS

"""The bot plays whole games through the public Game API; this prints how
each ended: its moves, its guesses and its final board. It does not show a
game as it is played (``bench bot`` measures many games at once).

The bot sees only what a player sees, picks its own first click and never
presses the assist. Game i uses seed (SEED, i), the same games as
``minebender bench bot`` plays.
"""

from __future__ import annotations

import argparse
import sys

from minebender.faces.commands.bench.bot import add_game_arguments
from minebender.faces.commands.options import checked_board, parse_seed
from minebender.values.types import (
    TILE_SYMBOLS,
    Blast,
    Covered,
    Flagged,
    Hint,
    Mine,
    Number,
    Tile,
    WrongFlag,
    tile_symbol,
)
from minebender.values.words import count

__all__ = [
    "ASCII_GLYPHS",
    "EXAMPLE",
    "GLYPHS",
    "LEGEND",
    "SUMMARY",
    "add_arguments",
    "glyphs_for",
    "legend",
    "render_board",
    "run",
]

SUMMARY = "let the bot play games; print how each ended and its last board"
EXAMPLE = "minebender bot --level expert --seed 7"

_COLOURS = ["dim", "blue", "green", "red", "dark_blue", "dark_red", "cyan", "magenta", "white"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender bot``: ``cli`` gives every command its own parser, so each
    module says only what is its own."""
    add_game_arguments(parser, games=1)
    parser.add_argument(
        "--board",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="print each final board (default: only for a single game)",
    )


GLYPHS = {"empty": "·", "covered": "■", "flag": "⚑", "blast": "✸", "mine": "✱", "wrong": "✗"}
"""The glyphs of a final board."""
ASCII_GLYPHS = {
    "empty": tile_symbol(Number(0)),
    "covered": TILE_SYMBOLS[Covered],
    "flag": TILE_SYMBOLS[Flagged],
    "blast": TILE_SYMBOLS[Blast],
    "mine": TILE_SYMBOLS[Mine],
    "wrong": TILE_SYMBOLS[WrongFlag],
}
"""The glyphs where the output cannot show the others (a Latin-1 or ASCII
locale, where every board ended ``bot`` with a traceback): the letters of
board text and replay frames (``types.TILE_SYMBOLS``), never another alphabet."""


def legend(glyphs: dict[str, str]) -> str:
    """What the glyphs of a final board mean, printed above the first one."""
    g = glyphs
    return (
        f"{g['covered']} covered  {g['empty']} empty  {g['mine']} mine  {g['blast']} the mine"
        f" that went off  {g['flag']} flag  {g['wrong']} wrong flag"
    )


LEGEND = legend(GLYPHS)


def glyphs_for(encoding: str | None) -> dict[str, str]:
    """GLYPHS if an output of this encoding can write them, else ASCII_GLYPHS."""
    try:
        "".join(GLYPHS.values()).encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return ASCII_GLYPHS
    return GLYPHS


def _cell(tile: Tile, g: dict[str, str]) -> tuple[str, str]:
    match tile:
        case Number(0):
            return f" {g['empty']}", "dim"
        case Number(n):
            return f" {n}", f"bold {_COLOURS[n]}"
        case Covered():
            return f" {g['covered']}", "grey50"
        case Flagged():
            return f" {g['flag']}", "bold red"
        case Blast():
            return f" {g['blast']}", "bold white on red"
        case Mine():
            return f" {g['mine']}", "bold"
        case WrongFlag():
            return f" {g['wrong']}", "bold red"
        case Hint():
            return " ?", "bold black on yellow"
    return " ?", ""


def render_board(screen: tuple[tuple[Tile, ...], ...], glyphs: dict[str, str] = GLYPHS) -> object:
    """The screen as a rich Text, one row a line."""
    from rich.text import Text

    text = Text()
    for y, row in enumerate(screen):
        for tile in row:
            glyph, style = _cell(tile, glyphs)
            text.append(glyph, style=style)
        if y < len(screen) - 1:
            text.append("\n")
    return text


def run(args: argparse.Namespace) -> int:
    """Carry out ``minebender bot`` with args parsed by ``add_arguments``; the exit
    status (README: 2 for bad usage, 74 when the output cannot be written)."""
    from minebender.faces.commands.streams import console
    from minebender.services.batch import RunSpec
    from minebender.services.bot import play_game

    seed = parse_seed(args.seed)
    spec = RunSpec(args.level, args.strategy, args.first, seed, args.games)
    board = checked_board(spec, "bot")
    out = console()
    glyphs = glyphs_for(getattr(sys.stdout, "encoding", None))
    show = args.board if args.board is not None else args.games == 1
    wins = guesses = 0
    for i in range(args.games):
        record, game = play_game(board, seed, i, spec.strategy, args.first)
        wins += record.won
        guesses += record.guesses
        if show:
            if i == 0:
                out.print(legend(glyphs), style="dim", highlight=False)
            out.print(render_board(game.display(), glyphs))
        verdict = "[bold green]won[/]" if record.won else "[bold red]lost[/]"
        out.print(
            f"seed {seed} game {i}, {board.width}x{board.height}/{board.mines}: {verdict} "
            f"after {count(record.moves, 'move')}, {count(record.guesses, 'guess')},"
            f" {record.seconds:.2f} s"
        )
    if args.games > 1:
        out.print(
            f"{wins} of {args.games} won ({wins / args.games:.1%}), "
            f"{guesses / args.games:.2f} guesses per game"
        )
    return 0

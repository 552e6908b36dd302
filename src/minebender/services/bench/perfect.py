"""What ``minebender bench perfect`` prints: the exact chance to win a small
board with best play, its best first click, the positions searched and the
time (``bot.perfect_board`` searches; ``commands.bench.perfect`` reads the
options)."""

from __future__ import annotations

import json

from minebender.services.batch.summary import wilson
from minebender.services.bot.perfect_board import FirstRule, PerfectPlay, perfect_play
from minebender.services.bot.play import play_game
from minebender.values.types import Pos, Setup

__all__ = ["report", "run"]


def bot_wins(width: int, height: int, mines: int, first: Pos, games: int) -> int:
    """How many of ``games`` games (seed 1) the strong bot wins on the board, from
    the click ``first`` under the laws' rule (it opens an area when there is room)."""
    board = Setup(width, height, mines)
    click = f"{first.x},{first.y}"
    return sum(play_game(board, 1, i, "strong", click)[0].won for i in range(games))


def report(
    width: int,
    height: int,
    mines: int,
    first: FirstRule,
    found: PerfectPlay,
    as_json: bool,
    bot: tuple[int, int] | None,
) -> None:
    """Print the figures of one board: one JSON object (``--json``), else a line
    each; ``bot`` is (games, wins) of the strong bot when it played."""
    chance = found.chance
    text = f"{chance.numerator}/{chance.denominator}"
    if as_json:
        out: dict[str, object] = {
            "width": width,
            "height": height,
            "mines": mines,
            "first": first,
            "chance": text,
            "best_first": [found.best_first.x, found.best_first.y],
            "positions": found.positions,
            "seconds": round(found.seconds, 3),
        }
        if bot is not None:
            lo, hi = wilson(bot[1], bot[0])
            out.update(bot_games=bot[0], bot_wins=bot[1], bot_ci95=[round(lo, 4), round(hi, 4)])
        print(json.dumps(out))
        return
    print(f"perfect play on {width}x{height} with {mines} mines, first click {first}")
    print(f"chance to win {text} ({float(chance):.4%})")
    print(f"best first click ({found.best_first.x}, {found.best_first.y})")
    print(f"{found.positions:,} positions searched in {found.seconds:.2f} s of processor time")
    if bot is not None:
        games, wins = bot
        lo, hi = wilson(wins, games)
        print(
            f"strong bot: {wins / games:.2%} of {games} games from the same first click"
            f" (95% Wilson interval {lo:.2%} .. {hi:.2%})"
        )


def run(width: int, height: int, mines: int, first: FirstRule, as_json: bool, games: int) -> int:
    """Search the board and print its figures, with the bot's win rate over
    ``games`` games (none when 0); the exit status."""
    found = perfect_play(width, height, mines, first)
    bot = None
    if games:
        bot = (games, bot_wins(width, height, mines, found.best_first, games))
    report(width, height, mines, first, found, as_json, bot)
    return 0

"""The positions of one game of a dataset, with the solver's exact answers.

Game ``i`` of a dataset with seed ``S`` is the board of code ``LEVEL:S`` for
game 0 and ``LEVEL:S.i`` after it: episode ``i`` of the environment after
``reset(seed=S)``. The board is dealt by the session's rule around the
player's first click. A position is the view before each move the player
makes from the first click on, while the game goes on; its row says what the
solver proves of it, what the player did and how the game ended.
docs/formats.md (Datasets) has the columns.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from minebender.formats.tilecodes import playing_codes
from minebender.rules.game import Game, setup
from minebender.rules.solver import analyse
from minebender.services.bot import StrategyName, bot_decision, first_click
from minebender.services.bot.play import PlayerView
from minebender.services.session.board import layout_for, level_name
from minebender.services.session.codes import board_code
from minebender.services.session.values import SessionSpec
from minebender.values.seeded import Stream
from minebender.values.types import Hidden, Knowledge, Level, Pos, Reveal, Won

__all__ = [
    "PLAYERS",
    "DatasetSpec",
    "GameRows",
    "Player",
    "board_seed",
    "game_rows",
    "play_games",
    "position_row",
]

Player = Literal["bot", "random"]
PLAYERS: tuple[Player, ...] = ("bot", "random")
"""Who plays a dataset's games: the bot (``strong``), or random play within
the laws (a covered cell drawn uniformly, revealed, from the first click on)."""

GameRows = list[dict[str, Any]]
"""The rows of one game's positions, in the order they came."""


@dataclass(frozen=True, slots=True)
class DatasetSpec:
    """What a dataset holds: ``games`` games of ``level``, played by ``player``,
    from ``seed``. The same spec gives the same rows, wherever they are played."""

    level: Level
    player: Player
    seed: int
    games: int
    strategy: StrategyName = "strong"


def board_seed(seed: int, index: int) -> str:
    """The board seed of game ``index``: the environment's episode ``index``.

    >>> board_seed(7, 0), board_seed(7, 3)
    ('7', '7.3')
    """
    return str(seed) if index == 0 else f"{seed}.{index}"


def position_row(knowledge: Knowledge) -> dict[str, Any]:
    """The solver's exact answers on a view: its screen codes (``view``), the
    hidden cells (``hidden``, cell indexes row by row) with their exact mine
    probabilities as fractions (``probability``), the cells proven safe and
    proven mines, and the count of layouts that agree (as text, and its log10)."""
    a = analyse(knowledge)
    w = knowledge.width
    hidden: list[int] = []
    probability: list[str] = []
    for y, row in enumerate(knowledge.rows):
        for x, seen in enumerate(row):
            if type(seen) is Hidden:
                hidden.append(y * w + x)
                p = a.probabilities[y][x]
                probability.append("" if p is None else f"{p.numerator}/{p.denominator}")
    return {
        "view": playing_codes(knowledge, ()),
        "hidden": hidden,
        "probability": probability,
        "safe": sorted(p.y * w + p.x for p in a.safe),
        "proven_mines": sorted(p.y * w + p.x for p in a.mines),
        "layouts": str(a.solutions),
        "layouts_log10": math.log10(a.solutions) if a.solutions else -math.inf,
    }


def game_rows(spec: DatasetSpec, index: int) -> GameRows:
    """Play game ``index`` of the dataset; the rows of its positions."""
    board = setup(spec.level)
    w, h = board.width, board.height
    seed = board_seed(spec.seed, index)
    code = board_code(SessionSpec(spec.level, seed)) or ""
    stream = Stream.from_text(f"minebender dataset random {code}")
    if spec.player == "bot":
        first = first_click(board)
    else:
        cell = stream.below(w * h)
        first = Pos(cell % w, cell // w)
    game = Game.fresh(w, h, layout_for(board, seed, first)).step(Reveal(first))
    rows: GameRows = []
    while game.playing:
        row = position_row(game.knowledge)
        if spec.player == "bot":
            decision = bot_decision(PlayerView(game.knowledge), spec.strategy)
            cells, guess = list(decision.cells), decision.guess
        else:
            cell = row["hidden"][stream.below(len(row["hidden"]))]
            cells, guess = [Pos(cell % w, cell // w)], cell not in row["safe"]
        row["action"] = [p.y * w + p.x for p in cells]
        row["guess"] = guess
        rows.append(row)
        for p in cells:
            game = game.step(Reveal(p))
            if not game.playing:
                break
    won = type(game.status) is Won
    head = {
        "level": level_name(spec.level),
        "width": w,
        "height": h,
        "mines": board.mines,
        "player": spec.player,
        "board_code": code,
        "first_click": first.y * w + first.x,
        "game": index,
    }
    return [{**head, "move": i, **row, "won": won} for i, row in enumerate(rows)]


def play_games(
    spec: DatasetSpec, indexes: list[int]
) -> tuple[list[tuple[int, GameRows]], str | None]:
    """Play games ``indexes`` (the task a worker runs): each game finished with
    its rows, and what went wrong if one raised (the games after it are not played)."""
    out: list[tuple[int, GameRows]] = []
    for i in indexes:
        try:
            out.append((i, game_rows(spec, i)))
        except Exception as exc:  # a bug: name the game so it can be played again
            return out, f"seed {spec.seed} game {i} failed: {type(exc).__name__}: {exc}"
    return out, None

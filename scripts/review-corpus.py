"""Write a corpus of Metasweeper .evf replays for timing ``minebender review``.

Each file is a game of minebender's bot, played move by move into ms_toollib's
recorder (which stamps the moves with the wall clock, so the times are the
bot's, not a person's). Beginner, Intermediate and Expert in the proportions
7:2:1, game i of seed 2026 each.

    python scripts/review-corpus.py DIR 1000
    time minebender review DIR --summary --workers 2 --log /tmp/review.jsonl
"""

from __future__ import annotations

import sys
from pathlib import Path

import ms_toollib

from minebender.rules.game import Game, place_mines, setup
from minebender.services.bot.play import PlayerView, bot_decision, first_click, game_words
from minebender.services.review.peers import toollib_board
from minebender.values.types import Beginner, Expert, Intermediate, Level, Reveal


def record(level: Level, index: int, path: Path) -> None:
    s = setup(level)
    w, h, m = s.width, s.height, s.mines
    click = first_click(s)
    layout = place_mines(w, h, m, click, game_words(2026, index))
    board = toollib_board(layout)
    video = ms_toollib.BaseVideo(board, 16)
    game = Game.fresh(w, h, layout)
    cells = [click]
    while True:
        for cell in cells:
            at = (cell.y * 16 + 8, cell.x * 16 + 8)  # the recorder takes (row, column) pixels
            video.step("lc", at)
            video.step("lr", at)
            game = game.step(Reveal(cell))
            if not game.playing:
                break
        if not game.playing:
            break
        cells = list(bot_decision(PlayerView(game.knowledge)).cells)
    video.player_identifier = f"bot {type(level).__name__.lower()}"
    video.generate_evf_v4_raw_data()
    path.write_bytes(bytes(video.raw_data))


def main() -> None:
    out, count = Path(sys.argv[1]), int(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    levels: list[Level] = [Beginner()] * 7 + [Intermediate()] * 2 + [Expert()]
    for i in range(count):
        level = levels[i % len(levels)]
        record(level, i, out / f"{i:05d}-{type(level).__name__.lower()}.evf")


if __name__ == "__main__":
    main()

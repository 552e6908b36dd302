"""Replay files for the review tests: the real .rmv files kept in tests/data
and .evf files written by ms_toollib's recorder."""

from __future__ import annotations

import time
from pathlib import Path

import ms_toollib

DATA = Path(__file__).parent / "data" / "replays"
SHARED = Path(__file__).parents[1].parent / "shared" / "replays"
EXPERT_RMV = DATA / "test_rmv1_utf8_basic.rmv"
PREFLAGS_RMV = DATA / "test_rmv2_16px_preflags.rmv"
PREFLAGS_24_RMV = DATA / "test_rmv2_24px_preflags.rmv"
"""Pre-flags in a block 4 columns wide and 3 rows tall: a swap would show."""
RMV = sorted(p for p in DATA.glob("*.rmv") if p != PREFLAGS_24_RMV)
"""The four replays of ../shared/replays/."""


def numbers(mines: set[tuple[int, int]], width: int, height: int) -> list[list[int]]:
    """ms_toollib's board: -1 a mine, else the count of mines around (rows of columns)."""
    return [
        [
            -1
            if (x, y) in mines
            else sum((x + dx, y + dy) in mines for dx in (-1, 0, 1) for dy in (-1, 0, 1))
            for x in range(width)
        ]
        for y in range(height)
    ]


# A 9x9 board with 10 mines and clicks that win it: a reveal, flags, a chord.
MINES_9 = {(0, 0), (8, 0), (4, 4), (2, 6), (7, 7), (0, 8), (8, 8), (5, 1), (1, 3), (6, 5)}


def evf_by_recorder(
    path: Path,
    mines: set[tuple[int, int]],
    width: int,
    height: int,
    clicks: list[tuple[str, int, int]],
    player: str = "Ada",
) -> Path:
    """Play clicks ("l", "r" or "c" for a chord, x, y) with ms_toollib's
    recorder (which stamps them with the wall clock) and save the .evf."""
    board = numbers(mines, width, height)
    video = ms_toollib.BaseVideo(board, 16)
    for kind, x, y in clicks:
        at = (y * 16 + 8, x * 16 + 8)  # the recorder takes (row, column) pixels
        if kind == "c":
            video.step("lc", at)
            video.step("rc", at)
            video.step("lr", at)
            video.step("rr", at)
        else:
            video.step(kind + "c", at)
            video.step(kind + "r", at)
        time.sleep(0.02)
    assert video.game_board_state in (3, 4), "the recorder saves finished games only"
    video.player_identifier = player
    video.generate_evf_v4_raw_data()
    path.write_bytes(bytes(video.raw_data))
    return path


def safe_clicks(mines: set[tuple[int, int]], width: int, height: int) -> list[tuple[str, int, int]]:
    """Left clicks on every safe cell, row by row: a won game (with clicks on
    cells already opened, which do nothing)."""
    return [("l", x, y) for y in range(height) for x in range(width) if (x, y) not in mines]

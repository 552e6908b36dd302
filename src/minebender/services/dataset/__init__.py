"""Datasets of positions with exact answers (``minebender dataset``).

Games played by the bot, or at random within the laws, and each position
met on the way with what the exact solver proves of it: every hidden cell's
mine probability as a fraction, the cells proven safe and proven mines, and
the count of layouts. Written as Parquet with pyarrow (``pip install
'minebender[data]'``); docs/formats.md (Datasets) has the columns and
docs/research.md how to read them. The parts: ``play`` (one game's rows),
``parquet`` (the file) and ``run`` (many games, here or on a Dask cluster).
"""

from __future__ import annotations

from minebender.services.dataset.play import PLAYERS, DatasetSpec, Player, board_seed, game_rows
from minebender.services.dataset.run import Made, make_dataset

__all__ = ["PLAYERS", "DatasetSpec", "Made", "Player", "board_seed", "game_rows", "make_dataset"]

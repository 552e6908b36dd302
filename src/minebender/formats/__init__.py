"""Files and texts minebender reads and writes, each written once below the
faces: board text, JSMinesweeper's .mine, MinesweeperX's .mbf, the screen as
small integers, and the replay file (docs/formats.md, docs/replays.md)."""

__all__: list[str] = []

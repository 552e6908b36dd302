"""What the faces call: a game as a person plays it and the one rule of
presses (``session``), the typed view the faces paint (``game_view``), a
person's games and the store, review, the bot, puzzles, the analysis board,
batches and benchmarks, the research environment and datasets."""

__all__: list[str] = []

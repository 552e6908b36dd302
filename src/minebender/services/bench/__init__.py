"""Benchmarks that print figures: ``minebender bench solver|bot|web|noguess|puzzle``.

Each benchmark is a module here that measures and prints its figures, given
values already read (a seed, a count, a level): no argparse. (The bot's games
are played by ``minebender.services.batch``; ``bot`` here prints their figures.) Its
options are read by the module of the same name in
``minebender.faces.commands.bench``, which calls it. The other modules here are
what the benchmarks share. Speed targets live here, never in timed unit tests.
"""

__all__ = []  # each benchmark is imported by name, never from here

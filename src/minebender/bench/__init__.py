"""Benchmarks that print figures: ``minebender bench solver|bot|web``.

Each benchmark is a module here with ``add_arguments(parser)`` and
``run(args) -> int``; ``minebender.commands.bench`` routes to them. Speed
targets live here, never in timed unit tests.
"""

__all__ = []  # each benchmark is imported by name, never from here

"""The subcommands of ``minebender``, one module each (see ``minebender.cli``),
beside what they share: ``options`` (the options and their reading) and
``streams`` (the stdout and stderr a command writes to)."""

__all__ = []  # each subcommand is imported by name, never from here

"""The subcommands of ``minebender``, one module each (see ``minebender.faces.cli``),
beside what they share: ``options`` (the options and their reading),
``streams`` (the stdout, stderr and console a command writes to) and
``helptext`` (how a ``--help`` reads). None imports ``cli``, which loads them."""

__all__ = []  # each subcommand is imported by name, never from here

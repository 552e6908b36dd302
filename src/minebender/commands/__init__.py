"""The subcommands of ``minebender``, one module each (see ``minebender.cli``)."""

__all__ = []  # each subcommand is imported by name, never from here

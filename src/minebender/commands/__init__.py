"""The subcommands of ``minebender``, one module each (see ``minebender.cli``)."""

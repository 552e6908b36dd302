"""``python -m minebender`` runs the ``minebender`` command."""

from minebender.faces.cli import main

__all__ = []  # run, never imported from

raise SystemExit(main())

"""``python -m minebender`` runs the ``minebender`` command."""

from minebender.cli import main

raise SystemExit(main())

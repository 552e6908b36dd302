"""``minebender serve`` that deals every new game the board of one seed.

Usage: ``python dealt_serve.py SEED serve --port ... --db ... --no-browser``.

Browser tests of best times and statistics need a board they know, in a game
that stays ranked: a board code or a seed in the request would make it chosen,
which never counts. So the server is the real command with one seam set, the
hub's ``make_seed`` (what ``create_app`` passes on): the page asks for a game
as a player's page does, and the server deals SEED's board. Test-only: the
product has no way to fix the seed a game is dealt.
"""

from __future__ import annotations

import functools
import sys

import minebender.faces.web
from minebender.faces import cli


def main() -> int:
    seed, *argv = sys.argv[1:]
    # ``minebender serve`` imports create_app from minebender.faces.web when it runs.
    minebender.faces.web.create_app = functools.partial(
        minebender.faces.web.create_app, make_seed=lambda: seed
    )
    return cli.main(argv)


if __name__ == "__main__":
    raise SystemExit(main())

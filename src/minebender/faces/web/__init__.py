"""The web game: a FastAPI server and a static page (``minebender serve``).

The page talks to the server only through the HTTP API of ``minebender.faces.web.api``
and never sees a layout while a game is on.
"""

from minebender.faces.web.app import create_app

__all__ = ["create_app"]

"""The faces: the ``minebender`` command (``cli``, ``commands``), the web
server and its page (``web``) and the terminal game (``tui``). They turn
input into intents and paint the views the services give; they decide no
rule of the game."""

__all__: list[str] = []

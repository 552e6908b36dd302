"""The laws' game (``game``), the exact solver of what a player sees
(``solver``) and boards that need no guess (``noguess``): the core, on the
standard library alone (docs/LAWS.bend)."""

__all__: list[str] = []

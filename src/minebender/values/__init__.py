"""The values every layer shares: positions, actions, what a player sees,
levels (``types``); the small words of messages; JSON read with errors that
say what is wrong; files a user names; the one seeded stream. They need
nothing but the standard library, so every other group may use them."""

__all__: list[str] = []

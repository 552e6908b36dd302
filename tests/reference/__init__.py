"""The definitions of LAWS.bend, transcribed for the tests: obviously right and slow.

Everything here reaches the game only through the public API of ``minebender``
(its values and ``Game``'s public methods), never through game or solver
internals, so that a test built on it checks the code rather than repeats it.
"""

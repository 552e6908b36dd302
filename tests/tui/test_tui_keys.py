"""The one key table (``minebender.services.keys``): the terminal binds what it lists,
and ``play --help`` shows what the F1 screen shows."""

from __future__ import annotations

import argparse

from textual.binding import Binding

from minebender.faces.commands import play
from minebender.faces.tui.app import MinebenderApp
from minebender.services.keys import GAME_KEYS


def test_every_binding_runs_an_action_of_the_game() -> None:
    """A binding whose action the app lacks would do nothing when pressed."""
    for binding in MinebenderApp.BINDINGS:
        assert isinstance(binding, Binding)
        name = binding.action.partition("(")[0]
        assert callable(getattr(MinebenderApp, f"action_{name}", None)), binding


def test_the_bound_keys_are_the_table_s() -> None:
    """Every key the table binds is bound, and the game binds no other."""
    bound = {
        key for b in MinebenderApp.BINDINGS if isinstance(b, Binding) for key in b.key.split(",")
    }
    listed = {key for k in GAME_KEYS for b in k.bindings for key in b.keys.split(",")}
    assert bound == listed
    assert {"space", "enter", "f", "a", "n", "f2", "1", "2", "3", "c", "s", "e", "f1", "q"} <= bound


def test_play_help_lists_every_key() -> None:
    parser = argparse.ArgumentParser(prog="minebender play", description="play")
    play.add_arguments(parser)
    text = " ".join(parser.format_help().split())
    for key in GAME_KEYS:
        assert f"{key.keys} {key.does}" in text, key

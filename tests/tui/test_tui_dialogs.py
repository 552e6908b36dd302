"""The dialogs over the board as a player sees them: each footer names what q
and escape do there, the name offered for a best time, and text that wraps
without tearing a time from its unit or a key's description from its column."""

from __future__ import annotations

import re

import pytest
from pilot_types import PilotT
from textual import events
from textual.keys import _character_to_key
from textual.screen import Screen
from textual.widgets import Input
from tui_support import app_of, make_app, run, screen_lines, win

from minebender.faces.tui.endscreen import EndScreen
from minebender.faces.tui.screens import (
    CustomScreen,
    KeysScreen,
    NameInput,
    NameScreen,
    ScoresScreen,
    default_name,
)
from minebender.services.keys import GAME_KEYS
from minebender.services.store import Store
from played import won_game


@pytest.mark.parametrize(
    ("key", "dialog", "footer"),
    [
        ("f1", KeysScreen, "esc/F1/q close"),
        ("s", ScoresScreen, "esc/s/q close"),
        ("c", CustomScreen, "esc cancel"),
        ("e", EndScreen, "esc/e/q close"),
    ],
)
def test_a_dialog_footer_says_what_q_and_escape_do_there(
    store: Store, key: str, dialog: type[Screen[object]], footer: str
) -> None:
    """Under a dialog the footer is the dialog's: q closes it (or is a letter
    in the Custom field), so "q quit" is not offered there; back on the board
    it is again."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await pilot.pause()
        assert "q quit" in screen_lines(app)[-1]
        if key == "e":
            await win(pilot)
            await pilot.press("escape")  # the name asked for the best time
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, dialog)
        bottom = screen_lines(app)[-1]
        assert footer in bottom and "quit" not in bottom
        if key == "c":
            await pilot.press("q")
            assert app.screen.query_one(Input).value.endswith("q")
            await pilot.press("escape")
        else:
            await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, dialog)
        assert "q quit" in screen_lines(app)[-1]

    run(make_app(store), scenario)


def test_the_name_dialog_footer_offers_escape_not_q(store: Store) -> None:
    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await win(pilot)
        assert isinstance(app.screen, NameScreen)
        bottom = screen_lines(app)[-1]
        assert "esc skip" in bottom and "quit" not in bottom

    run(make_app(store), scenario)


def test_the_name_offered_is_the_last_one_recorded(store: Store) -> None:
    """As Windows XP offers the name typed last time: the newest best time's
    name, of any level, and the login name when there is none yet."""
    offered: list[str] = []

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await win(pilot)
        assert isinstance(app.screen, NameScreen)
        offered.append(app.screen.query_one(Input).value)

    run(make_app(store), scenario)
    assert offered == [default_name()]
    for name, seed in (("ada", "first"), ("grace", "second")):
        store.record_best_time(name, store.create_game(won_game(seed), interface="web"))
    run(make_app(store, seed="third"), scenario)
    assert offered[-1] == "grace"


@pytest.mark.parametrize("size", [(40, 15), (48, 14), (80, 24)])
def test_the_time_asked_to_name_keeps_its_unit(size: tuple[int, int]) -> None:
    """ "100.745 s!" is never split at its space, whatever the width."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        app.push_screen(NameScreen("intermediate", 100.745, "ada"))
        await pilot.pause()
        assert any("100.745 s!" in row for row in screen_lines(app))

    run(make_app(), scenario, size=size)


def test_f1_wraps_a_description_under_itself() -> None:
    """In a 40x15 terminal the keys list wraps: each line starts with a key
    or lines up under the description it goes on with, never at the keys'
    column."""
    keys = {key.keys for key in GAME_KEYS} | {""}

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        rows = [row.split("│")[1] for row in screen_lines(app) if row.count("│") == 2]
        wrapped = 0
        for row in rows:
            text = row[1:]  # after the box's padding
            if text.startswith("escape closes"):
                break
            head = text[:8].strip()
            assert head in keys, f"a line starts with {head!r}: {row!r}"
            wrapped += head == ""
        assert wrapped  # the width made some description wrap

    run(make_app(), scenario, size=(40, 15))


def test_the_scores_at_48_columns_cut_no_word(store: Store) -> None:
    """At 48 columns the scores dialog shows every header, level name and date
    whole; only a long name wraps."""
    for name, seed in (("ada lovelace, analytical engine", "a"), ("grace", "b")):
        store.record_best_time(name, store.create_game(won_game(seed), interface="web"))
    seen: list[str] = []

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        seen.extend(screen_lines(app))

    run(make_app(store), scenario, size=(48, 40))
    text = "\n".join(seen)
    assert "…" not in text
    assert re.search(r"level +played +won +win % +streak +best", text)
    assert re.search(r"level +# +name +time +date", text)
    assert len(re.findall(r"\bintermediate\b", text)) == 2
    assert len(re.findall(r"\b\d{4}-\d\d-\d\d\b", text)) == 2


def test_the_name_field_keeps_an_emoji_joined_whole() -> None:
    """Textual's field takes only what Python calls printable: the joiner of
    🏳️‍🌈 was dropped, and the flag kept as two emoji."""
    typed: list[str | None] = []

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        app.push_screen(NameScreen("beginner", 7.25, ""), typed.append)
        await pilot.pause()
        field = app.screen.query_one(NameInput)
        for char in "\U0001f3f3\ufe0f\u200d\U0001f308 Zo":
            # as a terminal sends them: one key a character (Pilot's press
            # takes key names, and has none for some of these)
            field.post_message(events.Key(_character_to_key(char), char))
            await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()

    run(make_app(), scenario)
    assert typed == ["\U0001f3f3\ufe0f\u200d\U0001f308 Zo"]

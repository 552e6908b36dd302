"""The terminal game's account of games left and of best times left unnamed:
a started game replaced by a new one is abandoned (played, not won, never
resumed), and a best time whose name dialog was never answered is asked again
at the next start, until it is named or refused."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from pilot_types import PilotT
from textual.widgets import Input
from tui_support import (
    CENTRE,
    SAFE,
    SEED,
    app_of,
    click_cell,
    goto,
    layout_for_seed,
    make_app,
    run,
    terminal_game,
)

from minebender.faces.tui.app import MinebenderApp
from minebender.faces.tui.screens import CustomScreen, NameScreen
from minebender.services.player_games import GameRecord
from minebender.services.session import Session, SessionSpec
from minebender.services.store import Store
from minebender.values.types import Beginner, Intermediate, Pos


def next_play(store: Store) -> tuple[MinebenderApp, str | None]:
    """The app ``minebender play`` (no options) would start now."""
    session, game_id = terminal_game(store, dealt="fresh")
    return MinebenderApp(
        session, saver=GameRecord(store, "terminal", game_id), make_seed=lambda: "next"
    ), game_id


async def win(pilot: PilotT) -> None:
    """Clear the board of SEED."""
    app = app_of(pilot)
    await goto(pilot, CENTRE)
    await pilot.press("space")
    for pos in SAFE:
        if app.board.tiles[pos.y][pos.x] == "covered":
            await click_cell(pilot, pos)
    await pilot.pause()
    assert app.session.won


@pytest.mark.parametrize("key", ["n", "f2", "1", "3"])
def test_a_started_game_replaced_is_abandoned_and_counted_lost(store: Store, key: str) -> None:
    """n, F2 or a level key in the middle of a game ends it as abandoned: played
    and not won (the streak breaks), and the next play does not bring it back."""
    left: list[str] = []

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await goto(pilot, CENTRE)
        await pilot.press("space")
        assert app.saver is not None and app.saver.game_id is not None
        left.append(app.saver.game_id)
        await pilot.press(key)
        assert not app.session.started and app.session.spec.seed == "next"
        said = [str(n.message) for n in app._notifications]
        assert "The game you left counts as lost in the statistics." in said

    run(make_app(store), scenario)
    game = store.load(left[0])
    assert game is not None and game.status == "abandoned"
    stats = store.statistics("beginner")
    assert (stats.played, stats.won, stats.current_streak) == (1, 0, 0)
    assert next_play(store)[1] is None  # a new game, not the abandoned one


def test_a_game_not_started_is_not_counted_when_replaced(store: Store) -> None:
    """A flag before the first click stores the game, but nothing was played:
    replaced, it is dropped, neither counted nor resumed."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await pilot.press("f")
        assert app.saver is not None and app.saver.game_id is not None
        await pilot.press("n")
        assert not any("counts as lost" in str(n.message) for n in app._notifications)

    run(make_app(store), scenario)
    assert store.statistics("beginner").played == 0
    assert store.load_unfinished() == []


def test_quitting_mid_game_still_resumes(store: Store) -> None:
    """Only a new game abandons the old one: q leaves it to be resumed."""

    async def scenario(pilot: PilotT) -> None:
        await goto(pilot, CENTRE)
        await pilot.press("space", "q")

    run(make_app(store), scenario)
    app, game_id = next_play(store)
    assert game_id is not None and app.session.started
    assert store.statistics("beginner").played == 0


def test_quitting_says_whether_the_game_is_saved(store: Store) -> None:
    """q said nothing of the game being kept. The line play prints after q
    says it: saved and resumed by play mid-game, nothing to save before the
    first click, and for a won best time that its name is asked again."""
    apps = [make_app(store) for _ in range(3)]

    async def untouched(pilot: PilotT) -> None:
        await pilot.press("q")

    async def started(pilot: PilotT) -> None:
        await goto(pilot, CENTRE)
        await pilot.press("space", "q")

    async def won(pilot: PilotT) -> None:
        await win(pilot)
        await pilot.press("q")

    for app, scenario in zip(apps, [untouched, started, won], strict=True):
        run(app, scenario)
    assert [app.farewell() for app in apps] == [
        "This game was not started: there was nothing to save.",
        "Your game is saved: minebender play resumes it.",
        "Your game is saved: minebender play asks the name for its best time.",
    ]
    assert apps[1].farewell("minebender play --db x.db").endswith("play --db x.db resumes it.")
    app, _ = next_play(store)  # the best time is asked again, and refused

    async def refuse(pilot: PilotT) -> None:
        await pilot.press("escape", "q")

    run(app, refuse)
    assert app.farewell() == "Your game is over and saved: there is nothing to resume."
    assert make_app().farewell() == ""  # no store: nothing is said


def test_a_best_time_left_unnamed_is_asked_again_until_refused(store: Store) -> None:
    """The terminal closed with the name dialog open keeps the time nameable:
    the next play shows the won game and asks; escape refuses it for good."""

    async def first(pilot: PilotT) -> None:
        await win(pilot)
        assert isinstance(pilot.app.screen, NameScreen)  # closed without an answer

    run(make_app(store), first)
    app, game_id = next_play(store)
    assert game_id is not None and app.session.won

    async def second(pilot: PilotT) -> None:
        assert isinstance(pilot.app.screen, NameScreen)
        assert "You won" in app_of(pilot).status_text
        await pilot.press("escape")
        assert not isinstance(pilot.app.screen, NameScreen)

    run(app, second)
    assert store.name_declined(game_id) and store.best_times("beginner") == []
    again, again_id = next_play(store)
    assert again_id is None and not again.session.started


@pytest.mark.slow
def test_a_best_time_left_unnamed_can_be_named_at_the_next_start(store: Store) -> None:
    """A name given at the next start goes into the best times, and is not asked again."""
    run(make_app(store), win)
    app, game_id = next_play(store)

    async def second(pilot: PilotT) -> None:
        assert isinstance(pilot.app.screen, NameScreen)
        pilot.app.screen.query_one(Input).value = "ada"
        await pilot.press("enter")
        await pilot.pause()

    run(app, second)
    [best] = store.best_times("beginner")
    assert best.name == "ada" and best.game_id == game_id
    assert next_play(store)[1] is None


def test_a_best_time_left_unnamed_survives_later_games(store: Store) -> None:
    """A game finished after the unnamed best time (``play --seed zz``, a mine,
    q) does not hide it: the next plain ``play`` still asks for its name."""
    run(make_app(store), win)  # killed with the name dialog open
    [won] = store.finished_games()
    zz_mine = next(
        Pos(x, y)
        for y, row in enumerate(layout_for_seed(Beginner(), "zz", CENTRE))
        for x, m in enumerate(row)
        if m
    )
    session, game_id = terminal_game(store, seed="zz", dealt="fresh")
    assert game_id is None and session.spec.chosen  # a seed skips the unnamed time

    async def lose(pilot: PilotT) -> None:
        await goto(pilot, CENTRE)
        await pilot.press("space")
        await click_cell(pilot, zz_mine)
        await pilot.pause()
        assert app_of(pilot).session.over and not app_of(pilot).session.won
        await pilot.press("q")

    run(MinebenderApp(session, saver=GameRecord(store, "terminal")), lose)
    assert store.finished_games()[0].id != won.id  # the lost game is the newest
    app, game_id = next_play(store)
    assert game_id == won.id and app.session.won

    async def asked(pilot: PilotT) -> None:
        assert isinstance(pilot.app.screen, NameScreen)

    run(app, asked)


@pytest.mark.parametrize("key", ["1", "2", "3", "c"])
def test_a_game_hidden_by_a_small_terminal_is_not_left_by_a_level_key(
    store: Store, key: str
) -> None:
    """With the board hidden (too small a terminal), 1, 2, 3 and c are refused
    while a game is being played, as n is: they would abandon a game the
    player cannot see. The message offers only a bigger window; once the board
    is shown the keys work again."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await pilot.press("space")
        assert app.session.started
        await pilot.resize_terminal(48, 16)  # Intermediate needs 48x21
        await pilot.pause()
        assert app.too_small
        message = str(app.query_one("#too-small").render())
        assert "to go on with this game" in message and "press 1" not in message
        await pilot.press(key)
        await pilot.pause()
        assert not isinstance(app.screen, CustomScreen)
        assert app.session.spec.seed == SEED and app.session.started
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        if key == "c":
            assert isinstance(app.screen, CustomScreen)
        else:
            assert app.session.spec.seed == "next"

    run(make_app(store, level=Intermediate()), scenario)
    assert store.statistics("intermediate").played == (0 if key == "c" else 1)


def test_the_clock_stands_still_while_the_board_is_hidden(store: Store) -> None:
    """A terminal too small hides the board: the player can do nothing, so the
    game's time does not run, as the web page's stops while it is hidden."""
    now = [100.0]
    session = Session(SessionSpec(Intermediate(), SEED), clock=lambda: now[0])
    app = MinebenderApp(session, saver=GameRecord(store, "terminal"), make_seed=lambda: "next")

    async def scenario(pilot: PilotT) -> None:
        await pilot.press("space")
        now[0] += 2
        await pilot.resize_terminal(48, 16)  # Intermediate needs 48x21
        await pilot.pause()
        assert app.too_small and session.elapsed_ms == 2000
        now[0] += 60
        assert session.elapsed_ms == 2000
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        now[0] += 1
        assert not app.too_small and session.elapsed_ms == 3000

    run(app, scenario)


def test_a_win_the_store_refused_is_saved_once_it_can_be(store: Store, db_path: Path) -> None:
    """Another program held the database locked at the winning click: the
    screen said "You won", the store kept an unfinished game, resumed later
    with its last cell covered, and the best time was never asked for. Now
    the moves are tried again every second; meanwhile n waits for them."""
    other = sqlite3.connect(db_path, isolation_level=None)

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await goto(pilot, CENTRE)
        await pilot.press("space")
        *before, last = [p for p in SAFE if app.board.tiles[p.y][p.x] == "covered"]
        for pos in before:
            await click_cell(pilot, pos)
        other.execute("BEGIN EXCLUSIVE")
        began = time.monotonic()
        await click_cell(pilot, last)
        await pilot.press("n")  # no new game while this one is not saved
        # the screen waited half a second for each, not SQLite's 5 s
        assert time.monotonic() - began < 3.0
        assert app.session.won and app.unsaved is not None and "locked" in app.unsaved
        assert app.session.won
        await pilot.pause(1.5)
        assert app.unsaved is not None  # still locked: still waiting
        other.execute("ROLLBACK")
        await pilot.pause(1.5)
        assert app.unsaved is None
        assert isinstance(pilot.app.screen, NameScreen)  # the best time is asked for

    try:
        run(make_app(store), scenario)
    finally:
        other.close()
    [game] = store.finished_games()
    assert game.status == "won"


def test_a_window_back_from_too_small_goes_on_from_the_stored_clock(store: Store) -> None:
    """Its clock stood still while the board was hidden; another window on the
    same game played on meanwhile. Going on from its own clock, it won the
    game in 10 s played for 30, a best time it was not."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await goto(pilot, CENTRE)
        await pilot.press("space")
        assert app.saver is not None and app.saver.game_id is not None
        await pilot.resize_terminal(20, 8)  # too small: the clock stands still
        await pilot.pause()
        assert app.too_small and app.session.paused
        store.save_clock(app.saver.game_id, 30_000)  # the other window's clock
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.too_small and not app.session.paused
        assert app.session.now_ms() >= 30_000  # its clock goes on from the stored one

    run(make_app(store), scenario)

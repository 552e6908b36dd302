"""The terminal game driven through Textual's Pilot: keys and mouse in, the
tiles of ``Game.display()`` out, each checked against a layout derived from a
Session on the same seed."""

from __future__ import annotations

import re

import pytest
from pilot_types import PilotT
from textual.widgets import Input
from tui_support import (
    CENTRE,
    LAYOUT,
    MINES,
    SAFE,
    SEED,
    app_of,
    click_cell,
    goto,
    make_app,
    run,
    screen_lines,
    terminal_game,
    win,
)

from minebender.faces.tui.app import MinebenderApp
from minebender.faces.tui.board_fit import fits
from minebender.faces.tui.screens import CustomScreen, KeysScreen, NameScreen, ScoresScreen
from minebender.faces.tui.widgets import led_text
from minebender.rules.game import setup
from minebender.rules.solver import analyse
from minebender.services.autoplay import play_until_guess
from minebender.services.player_games import GameRecord
from minebender.services.session import Session, SessionSpec
from minebender.services.session.counters import live_counters
from minebender.services.store import Store
from minebender.values.types import (
    AssistTooEarly,
    Beginner,
    Covered,
    Custom,
    Expert,
    Exploded,
    Intermediate,
    Level,
    Lost,
    Number,
    Pos,
    Setup,
    Won,
)
from played import won_game


def tile(app: MinebenderApp, pos: Pos) -> str:
    return app.board.tiles[pos.y][pos.x]


def test_win_by_keys_and_mouse_then_name_a_best_time(store: Store) -> None:
    """Revealing every safe cell wins: mines shown flagged, the face in sunglasses,
    the counter at 0, and a name asked for the best time."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await goto(pilot, CENTRE)
        await pilot.press("space")
        assert app.session.layout == LAYOUT
        for pos in SAFE:
            if tile(app, pos) == "covered":
                await click_cell(pilot, pos)
        await pilot.pause()
        assert app.session.status == Won()
        assert all(tile(app, p) == "flagged" for p in MINES)
        assert str(app.query_one("#face").render()) == "B)"
        assert str(app.query_one("#counter").render()) == "000"
        assert "You won" in app.status_text
        assert isinstance(app.screen, NameScreen)
        name = app.screen.query_one(Input)
        name.value = "   "
        await pilot.press("enter")
        assert isinstance(app.screen, NameScreen)  # a blank name is not taken
        error = app.screen.query_one("#name-error")
        assert "1 to 32 printable characters" in str(error.render())
        name.value = "\u200b"  # zero width: it would show as an empty name
        await pilot.press("enter")
        assert isinstance(app.screen, NameScreen)
        name.value = ""
        await pilot.press(*"ada", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        await pilot.press("escape")
        assert not isinstance(app.screen, ScoresScreen)

    run(make_app(store), scenario)
    (best,) = store.best_times("beginner")
    assert best.name == "ada"
    assert store.statistics("beginner").won == 1


def test_lose_shows_blast_mines_and_wrong_flags(store: Store) -> None:
    """Revealing a mine loses: Blast there, the other mines as Mine, a flag on a
    safe cell as WrongFlag, and the face crossed out."""
    safe_hidden = next(p for p in SAFE if abs(p.x - CENTRE.x) > 1 or abs(p.y - CENTRE.y) > 1)

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await click_cell(pilot, CENTRE)
        if tile(app, safe_hidden) == "covered":
            await click_cell(pilot, safe_hidden, button=3)
            assert tile(app, safe_hidden) == "flagged"
            assert str(app.query_one("#counter").render()) == "009"
        await goto(pilot, MINES[0])
        await pilot.press("space")
        assert app.session.status == Lost(Exploded(MINES[0]))
        assert tile(app, MINES[0]) == "blast"
        assert all(tile(app, p) in ("mine", "flagged") for p in MINES[1:])
        if app.session.flags:
            assert tile(app, safe_hidden) == "wrong_flag"
        assert str(app.query_one("#face").render()) == "X("
        assert "Boom" in app.status_text
        before = app.board.tiles
        await pilot.press("right", "space", "f", "a")
        assert app.board.tiles == before  # a finished game ignores every action

    run(make_app(store), scenario)
    assert store.statistics("beginner").played == 1


def test_flag_then_chord_opens_the_rest() -> None:
    """f flags the mines around a number; space on the number chords its other
    neighbours open."""
    probe = Session(SessionSpec(Beginner(), SEED), clock=lambda: 0.0)
    probe.reveal(CENTRE)
    assert probe.game is not None
    shown = probe.game.knowledge
    number = next(
        p
        for p in shown.cells()
        if isinstance(probe.display()[p.y][p.x], Number)
        and any(LAYOUT[q.y][q.x] for q in shown.neighbours(p))
        and any(shown.hidden(q) and not LAYOUT[q.y][q.x] for q in shown.neighbours(p))
    )
    around = shown.neighbours(number)
    mines = [q for q in around if LAYOUT[q.y][q.x]]
    opened = [q for q in around if shown.hidden(q) and not LAYOUT[q.y][q.x]]

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await goto(pilot, CENTRE)
        await pilot.press("enter")
        for m in mines:
            await goto(pilot, m)
            await pilot.press("f")
            assert tile(app, m) == "flagged"
        await goto(pilot, number)
        await pilot.press("space")
        assert all(tile(app, q).isdigit() for q in opened)
        assert app.session.clicks.chord == 1

    run(make_app(), scenario)


def test_assist_too_early_shows_the_hint() -> None:
    """Pressing the assist while a cell is provably safe loses and shows that cell."""
    probe = Session(SessionSpec(Beginner(), SEED), clock=lambda: 0.0)
    probe.reveal(CENTRE)
    assert analyse(probe.knowledge).safe  # the premise: the player is not stuck

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await goto(pilot, CENTRE)
        await pilot.press("space", "a")
        status = app.session.status
        assert isinstance(status, Lost) and isinstance(status.reason, AssistTooEarly)
        hint = status.reason.pos
        assert hint in analyse(probe.knowledge).safe
        assert tile(app, hint) == "hint"
        assert "Too early" in app.status_text
        assert str(app.query_one("#face").render()) == "X("

    run(make_app(), scenario)


def test_quit_saves_and_play_resumes(store: Store) -> None:
    """q quits; every action is already stored, and the next start resumes the game."""
    flag = next(p for p in SAFE if abs(p.x - CENTRE.x) > 2 or abs(p.y - CENTRE.y) > 2)
    shown: list[object] = []

    async def first(pilot: PilotT) -> None:
        app = app_of(pilot)
        await goto(pilot, CENTRE)
        await pilot.press("space")
        if tile(app, flag) == "covered":
            await goto(pilot, flag)
            await pilot.press("f")
        shown.append(app.board.tiles)
        await pilot.press("q")

    run(make_app(store), first)
    session, game_id = terminal_game(store)
    assert game_id is not None and session.spec.seed == SEED

    async def second(pilot: PilotT) -> None:
        app = app_of(pilot)
        assert app.board.tiles == shown[0]
        assert "resumed" in app.status_text
        await pilot.press("n")
        assert app.session.spec.seed == "next" and not app.session.started

    run(
        MinebenderApp(
            session, saver=GameRecord(store, "terminal", game_id), make_seed=lambda: "next"
        ),
        second,
    )


async def second_window(pilot: PilotT, store: Store) -> tuple[MinebenderApp, str, Session]:
    """Open the centre, then load the saved game as a second terminal would:
    the app, the game's id and the second window's session of it."""
    app = app_of(pilot)
    await goto(pilot, CENTRE)
    await pilot.press("space")
    game_id = app.saver.game_id if app.saver is not None else None
    assert game_id is not None
    stored = store.load(game_id)
    assert stored is not None
    return app, game_id, stored.session()


def test_a_move_made_in_another_window_is_shown_not_overwritten(store: Store) -> None:
    """Two terminals on one saved game: the one that is behind does not write
    over the other's moves; it shows the game as saved and says why."""
    corner = next(p for p in SAFE if abs(p.x - CENTRE.x) > 2 or abs(p.y - CENTRE.y) > 2)
    other_flag = next(p for p in SAFE if p != corner and abs(p.x - CENTRE.x) > 2)

    async def scenario(pilot: PilotT) -> None:
        app, game_id, other = await second_window(pilot, store)
        other.flag(other_flag)
        store.sync(game_id, other)
        await goto(pilot, corner)
        await pilot.press("f")
        await pilot.pause()
        assert app.session.events == other.events
        assert tile(app, other_flag) == "flagged"
        assert any("another window" in str(n.message) for n in app._notifications)

    run(make_app(store), scenario)


def test_a_game_given_up_in_another_window_goes_on_as_a_new_game(store: Store) -> None:
    """Another terminal pressed n on this game: the moves made here after that
    were written into the abandoned game, and a win was recorded nowhere."""

    async def scenario(pilot: PilotT) -> None:
        app, game_id, other = await second_window(pilot, store)
        assert store.abandon(game_id, other)  # the other window's n
        await goto(pilot, next(p for p in SAFE if tile(app, p) == "covered"))
        await pilot.press("f")
        await pilot.pause()
        assert not app.session.started and app.session.spec.seed != SEED
        assert any("given up in another window" in str(n.message) for n in app._notifications)
        after = store.load(game_id)
        assert after is not None and after.status == "abandoned" and len(after.session().moves) == 1

    run(make_app(store), scenario)


def test_quitting_keeps_the_time_played_since_the_last_move(store: Store) -> None:
    """The clock is saved as the terminal closes (and every few seconds), so the
    resumed game's timer goes on from the time played, not the last move."""

    async def scenario(pilot: PilotT) -> None:
        await goto(pilot, CENTRE)
        await pilot.press("space")
        await pilot.pause(1.2)
        await pilot.press("q")

    run(make_app(store), scenario)
    [stored] = store.load_unfinished()
    assert stored.clock_ms is not None and stored.clock_ms >= 1000
    assert stored.session().elapsed_ms >= 1000


def test_number_keys_and_c_change_the_level(store: Store) -> None:
    """1, 2, 3 start Beginner, Intermediate and Expert games; c asks for a
    Custom Field, says when the laws limit it, and escape keeps the game."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await pilot.press("3")
        assert app.session.setup == setup(Expert()) and not app.session.started
        await pilot.press("2")
        assert app.session.setup == setup(Intermediate())
        await pilot.press("c")
        assert isinstance(app.screen, CustomScreen)
        await pilot.press("escape")
        assert app.session.setup == setup(Intermediate())
        await pilot.press("c")
        field = app.screen.query_one(Input)
        field.value = "ten by ten"
        await pilot.press("enter")
        assert isinstance(app.screen, CustomScreen)  # refused, still asking
        assert "WIDTHxHEIGHTxMINES" in str(app.screen.query_one("#custom-error").render())
        field.value = "5x5x100"
        await pilot.press("enter")
        assert app.session.setup == setup(Custom(5, 5, 100)) == Setup(9, 9, 71)
        assert any("9x9 with 71 mines" in str(n.message) for n in app._notifications)
        await pilot.press("1")
        assert app.session.setup == setup(Beginner())

    run(make_app(store), scenario)


def test_a_board_too_big_for_the_terminal_can_be_swapped_for_a_smaller(store: Store) -> None:
    """Too small for Expert, the terminal says how to get a smaller board, and
    the level keys still work there."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        assert app.too_small
        assert "press 1 for Beginner" in str(app.query_one("#too-small").render())
        await pilot.press("1")
        assert app.session.setup == setup(Beginner()) and not app.too_small

    run(make_app(store, level=Expert()), scenario, size=(50, 16))


def test_f1_lists_every_key() -> None:
    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await pilot.press("f1")
        assert isinstance(app.screen, KeysScreen)
        text = "\n".join(screen_lines(app))
        for key in ("space", "1 2 3", "Custom", "F1", "quit"):
            assert key in text
        await pilot.press("escape")
        assert not isinstance(app.screen, KeysScreen)

    run(make_app(), scenario)


def test_too_small_terminal_says_the_size_needed() -> None:
    """A terminal too small for the board shows the size needed, and the game
    ignores its keys until the terminal grows."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        assert app.too_small
        message = str(app.query_one("#too-small").render())
        assert "48x14" in message and "30x10" in message
        assert "press 1" not in message  # Beginner is as small as it gets
        await pilot.press("space")
        assert not app.session.started
        await pilot.resize_terminal(80, 24)
        assert not app.too_small
        await pilot.press("space")
        assert app.session.started

    run(make_app(), scenario, size=(30, 10))


def test_largest_custom_board_needs_more_rows_than_80x24() -> None:
    """A 30x25 custom board cannot fit 24 rows: the message names 63x30."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        assert app.too_small
        assert "63x30" in str(app.query_one("#too-small").render())

    run(make_app(level=Custom(30, 25, 99)), scenario)


def test_scores_key_shows_the_report(store: Store) -> None:
    """s shows statistics and best times from the store; escape closes them."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await pilot.press("s")
        assert isinstance(app.screen, ScoresScreen)
        await pilot.press("space")  # the board ignores keys under a dialog
        assert not app.session.started
        await pilot.press("escape")
        assert not isinstance(app.screen, ScoresScreen)

    run(make_app(store), scenario)


def test_counter_goes_negative_and_timer_waits_for_the_first_click() -> None:
    """Flags before the first click count down past zero; the timer stays at 000."""
    cells = [Pos(x, 0) for x in range(9)] + [Pos(0, 1), Pos(1, 1)]

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        for pos in cells:
            await click_cell(pilot, pos, button=3)
        await pilot.pause(0.3)
        assert str(app.query_one("#counter").render()) == "-01"
        assert str(app.query_one("#timer").render()) == "000"
        assert not app.session.started

    run(make_app(), scenario)


def test_the_face_starts_a_new_game_and_the_assist_button_assists() -> None:
    """Clicking the face is n; clicking ? is a."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await click_cell(pilot, CENTRE)
        assert app.session.started
        assert await pilot.click("#face")
        assert not app.session.started and app.session.spec.seed == "next"
        assert await pilot.click("#assist")
        assert app.session.started and app.session.clicks.assist == 1

    run(make_app(), scenario)


def test_a_custom_board_names_its_size_as_limited() -> None:
    """--custom 5x5x3 is limited as Windows XP limits it; the status line says 9x9x10."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        assert "custom 9x9x10" in app.status_text
        assert len(app.board.tiles) == 9

    run(make_app(level=Custom(5, 5, 3)), scenario)


def test_a_seed_given_to_play_picks_a_chosen_board(store: Store) -> None:
    """``minebender play --seed S`` plays the board the player asked for, which
    they may know: chosen, not ranked. Without one the board is dealt (by
    ``new_seed``, the seam these tests use to know it) and ranked."""
    session, game_id = terminal_game(store, seed=SEED)
    assert game_id is None and session.spec.seed == SEED
    assert session.spec.chosen and not session.spec.ranked
    dealt, _ = terminal_game(store, new=True, dealt=SEED)
    assert dealt.spec.seed == SEED and dealt.spec.ranked


def test_the_status_line_shows_only_a_seed_the_player_gave(store: Store) -> None:
    """A dealt board's seed would give it away (it could be played with --seed
    elsewhere first), so it is not shown while the game is on; a chosen
    board's seed is the one the player typed."""
    seen: list[str] = []

    async def scenario(pilot: PilotT) -> None:
        seen.append(app_of(pilot).status_text)

    run(make_app(store), scenario)
    chosen = Session(SessionSpec(Beginner(), SEED, chosen=True))
    run(MinebenderApp(chosen, saver=GameRecord(store, "terminal")), scenario)
    assert SEED not in seen[0] and seen[0].startswith("beginner")
    assert f"seed {SEED}" in seen[1]


@pytest.mark.parametrize(
    ("kind", "played"),
    [("chosen", 0), ("no_guess", 0), ("assist", 1)],
)
def test_a_chosen_no_guess_or_assisted_win_asks_no_name(
    store: Store, kind: str, played: int
) -> None:
    """Won on a board the player picked (``--seed``), on a no-guess board, or with
    the assist's help: no best time, so no name is asked. Only the assisted
    game is ranked, and so counted in the statistics."""
    why = {"chosen": "chosen board", "no_guess": "no-guess board", "assist": "assisted"}
    if kind == "chosen":
        session, _ = terminal_game(store, seed=SEED, new=True)
    else:
        session = Session(SessionSpec(Beginner(), SEED, no_guess=kind == "no_guess"))

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await goto(pilot, CENTRE)
        await pilot.press("a" if kind == "assist" else "space")  # a opens the centre
        layout = app.session.layout
        assert layout is not None
        for y, row in enumerate(layout):
            for x, mine in enumerate(row):
                if not mine and tile(app, Pos(x, y)) == "covered":
                    await click_cell(pilot, Pos(x, y))
        await pilot.pause()
        assert app.session.status == Won() and "You won" in app.status_text
        assert app.saver is not None and not app.saver.qualifies()
        assert not isinstance(app.screen, NameScreen)
        assert f"No best time: {why[kind]}." in app.status_text  # why no name is asked

    run(
        MinebenderApp(session, saver=GameRecord(store, "terminal"), make_seed=lambda: "next"),
        scenario,
    )
    assert store.best_times("beginner") == []
    st = store.statistics("beginner")
    assert (st.played, st.won) == (played, played)


@pytest.mark.slow
def test_a_win_that_can_be_a_best_time_gives_no_reason_against(store: Store) -> None:
    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await win(pilot)
        assert "You won" in app.status_text and "No best time" not in app.status_text

    run(make_app(store), scenario)


@pytest.mark.parametrize(
    ("level", "size"),
    [
        (Beginner(), (48, 14)),  # no row to spare: the short status, no panel
        (Beginner(), (48, 18)),
        (Beginner(), (80, 24)),
        (Expert(), (63, 21)),
        (Expert(), (80, 24)),
    ],
)
def test_the_board_stays_put_when_the_game_ends(level: Level, size: tuple[int, int]) -> None:
    """The rows the end panel takes are kept from the start: ending the game
    moves neither the board nor the bar, so a click just after lands on the
    cell it aimed at."""
    assert fits(setup(level), *size)

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await pilot.press("space")
        await pilot.pause()
        before = (app.board.region, app.face.region, app.status_line.region)
        layout = app.session.layout
        assert layout is not None
        mine = next(Pos(x, y) for y, row in enumerate(layout) for x, m in enumerate(row) if m)
        await click_cell(pilot, mine)
        await pilot.pause()
        assert app.session.over
        assert (app.board.region, app.face.region, app.status_line.region) == before
        if size in ((80, 24), (48, 18)):
            assert app.end_text  # the panel did appear under the board

    run(make_app(level=level), scenario, size=size)


def test_resumed_is_said_until_the_first_action(store: Store) -> None:
    """ "resumed" tells the player the game was brought back; once they play
    on, the status line is the game's own again."""

    async def first(pilot: PilotT) -> None:
        await goto(pilot, CENTRE)
        await pilot.press("space", "q")

    run(make_app(store), first)
    session, game_id = terminal_game(store)
    covered = next(p for p in SAFE if isinstance(session.display()[p.y][p.x], Covered))

    async def second(pilot: PilotT) -> None:
        app = app_of(pilot)
        assert app.status_text == "resumed beginner"
        await goto(pilot, covered)
        assert app.status_text == "resumed beginner"  # moving the cursor is no action
        await pilot.press("f")
        assert app.status_text == "beginner"

    run(MinebenderApp(session, saver=GameRecord(store, "terminal", game_id)), second)


def test_the_assist_button_says_assist_and_f1_names_it() -> None:
    """It showed "?", as a covered cell marked with a question mark does; then
    a bare "assist", a label to the number after it. In brackets it is a button."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        assert str(app.query_one("#assist").render()) == "[assist]"
        await pilot.press("f1")
        text = "\n".join(screen_lines(app))
        assert re.search(r"\ba +the assist \(or click the assist button\)", text)

    run(make_app(), scenario)


@pytest.mark.parametrize("level", [Beginner(), Expert()], ids=["beginner", "expert"])
def test_the_bar_shows_counter_face_assist_and_timer_whole_over_the_board(level: Level) -> None:
    """At 80 columns the bar's four parts stand whole, in order, inside the
    board's width (21 columns at Beginner). "010 :) assist 000" read as if
    the timer counted assists: the assist is a button in brackets, and the
    timer stands two columns or more from it, alone at the right edge."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        lines = screen_lines(app)
        top = next(i for i, line in enumerate(lines) if "╭" in line)
        left, right = lines[top].index("╭"), lines[top].index("╮")
        bar = lines[top - 1]
        assert bar[:left].strip() == "" and bar[right + 1 :].strip() == ""
        assert bar[left : right + 1].split() == [
            led_text(setup(level).mines),
            ":)",
            "[assist]",
            "000",
        ]
        assert re.search(r"\] {2,}000$", bar[left : right + 1])

    run(make_app(level=level), scenario)


def test_a_new_game_keeps_the_cursor_where_it_was() -> None:
    """It went back to the centre at each new game. Now it stays where it was,
    by n and by the face alike, and a smaller board pulls it in to its edge."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await pilot.press("3")
        await goto(pilot, Pos(2, 1))
        await pilot.press("n")
        assert app.session.spec.seed == "next" and app.cursor == Pos(2, 1)
        assert app.board.cursor == Pos(2, 1)
        await goto(pilot, Pos(25, 14))
        assert await pilot.click("#face")
        assert app.cursor == Pos(25, 14)
        await pilot.press("1")
        assert app.session.setup == setup(Beginner())
        assert app.cursor == app.board.cursor == Pos(8, 8)

    run(make_app(), scenario)


def test_ctrl_z_suspends_and_the_clock_stands_still_meanwhile(store: Store) -> None:
    """ctrl+z did nothing (Textual binds no key to suspending), and the
    shell's "fg" then typed into the game. Now it suspends the process, and
    the clock stands still until the game is in the foreground again."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        assert any(
            b.key == "ctrl+z" and b.action == "suspend_process"
            for b in app._bindings.key_to_bindings.get("ctrl+z", [])
        )
        await pilot.press("space")
        app.app_suspend_signal.publish(app)  # what ctrl+z publishes before SIGTSTP
        assert app.session.paused
        app.app_resume_signal.publish(app)  # what fg brings
        await pilot.pause()
        assert not app.session.paused

    run(make_app(store), scenario)


def test_the_scores_screen_lists_every_best_time_kept(store: Store) -> None:
    """It showed the three best of each level, while a name is asked for any of
    the ten kept: a time named fourth was not in the list that followed."""
    for i in range(5):
        store.record_best_time(f"player{i}", store.create_game(won_game(f"kept-{i}")))

    async def scenario(pilot: PilotT) -> None:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ScoresScreen)
        text = "\n".join(screen_lines(pilot.app))
        assert all(f"player{i}" in text for i in range(5))

    run(make_app(store), scenario, size=(80, 60))


def test_t_shows_the_live_counters_in_the_status_line() -> None:
    """Off by default; t shows the session's counters in the status line, and
    t again gives the status line back."""

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await goto(pilot, CENTRE)
        await pilot.press("enter")
        plain = str(app.status_line.render())
        assert "3BV/s" not in plain
        await pilot.press("t")
        shown = str(app.status_line.render())
        c = live_counters(app.session)
        assert f"3BV {c.bbbv_solved}/{c.bbbv}" in shown and "Clicks 1" in shown
        assert "IOE" in shown and "Est." in shown
        await pilot.press("t")
        assert str(app.status_line.render()) == plain

    run(make_app(), scenario)


def test_g_plays_every_certain_move_until_a_guess(store: Store) -> None:
    """g is auto play in the style of fewest clicks: each click an auto event,
    the same game as ``play_until_guess`` plays, and no best time after it."""
    probe = Session(SessionSpec(Beginner(), SEED), clock=lambda: 0.0)
    probe.reveal(CENTRE)
    expected = play_until_guess(probe, "efficiency")
    assert expected.clicks > 0
    session = Session(SessionSpec(Beginner(), SEED))

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await goto(pilot, CENTRE)
        await pilot.press("space", "g")
        await pilot.pause()
        assert app.session.auto_clicks == expected.clicks
        assert app.session.knowledge == probe.knowledge and app.session.flags == probe.flags
        assert expected.stopped == "won", "the premise: SEED's board needs no guess"
        assert app.session.won and "No best time: auto play." in app.status_text
        assert app.saver is not None and not app.saver.qualifies()

    run(
        MinebenderApp(session, saver=GameRecord(store, "terminal"), make_seed=lambda: "next"),
        scenario,
    )


def test_i_shows_the_hints_of_what_the_player_sees(store: Store) -> None:
    """i draws the safe covered cells (the solver's, from what the player sees)
    on the board after each move; the game is marked once and never a best time."""
    probe = Session(SessionSpec(Beginner(), SEED), clock=lambda: 0.0)
    probe.reveal(CENTRE)
    safe = set(analyse(probe.knowledge).safe)
    assert safe and not safe & set(MINES)
    session = Session(SessionSpec(Beginner(), SEED))

    async def scenario(pilot: PilotT) -> None:
        app = app_of(pilot)
        await goto(pilot, CENTRE)
        await pilot.press("i")
        assert app.board.hints == (frozenset(), None), "nothing before the first click"
        assert not app.session.hinted
        await pilot.press("space")
        await pilot.pause()
        assert set(app.board.hints[0]) == safe and app.session.hinted
        first = min(safe, key=lambda p: (p.y, p.x))
        await click_cell(pilot, first)
        await pilot.pause()
        assert first not in app.board.hints[0]
        assert sum(e.type == "hints" for e in app.session.events) == 1
        await pilot.press("i")
        assert app.board.hints == (frozenset(), None)
        await win(pilot)
        assert app.saver is not None and not app.saver.qualifies()
        assert "No best time: hints shown." in app.status_text

    run(
        MinebenderApp(session, saver=GameRecord(store, "terminal"), make_seed=lambda: "next"),
        scenario,
    )

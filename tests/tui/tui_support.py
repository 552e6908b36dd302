"""Helpers for the terminal game's tests: an app on a fixed seed, cursor moves
and clicks, and a way to run Textual's async Pilot from a plain test.

The board's layout is always derived from a Session with the same seed, never
read from the screen, so a test cannot pass by trusting what it checks.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable

from rich.console import Console
from textual.app import App
from textual.pilot import Pilot

from minebender.faces.tui.app import MinebenderApp
from minebender.services.player_games import GameRecord, resume_or_new
from minebender.services.session import Session, SessionSpec
from minebender.services.store import Store
from minebender.values.types import Beginner, Layout, Level, Pos

SEED = "tui-test"
CENTRE = Pos(4, 4)

Scenario = Callable[[Pilot[None]], Awaitable[None]]


def app_of(pilot: Pilot[None]) -> MinebenderApp:
    """The minebender app a pilot drives."""
    assert isinstance(pilot.app, MinebenderApp)
    return pilot.app


def layout_for_seed(level: Level, seed: str, first: Pos) -> Layout:
    """The layout a session on this seed gets when first is clicked first."""
    s = Session(SessionSpec(level, seed), clock=lambda: 0.0)
    s.reveal(first)
    assert s.layout is not None
    return s.layout


LAYOUT = layout_for_seed(Beginner(), SEED, CENTRE)
"""The Beginner board of ``make_app()``'s game, first clicked at CENTRE."""
MINES = [Pos(x, y) for y, row in enumerate(LAYOUT) for x, m in enumerate(row) if m]
SAFE = [Pos(x, y) for y, row in enumerate(LAYOUT) for x, m in enumerate(row) if not m]


def run(app: App[None], scenario: Scenario, size: tuple[int, int] = (80, 24)) -> None:
    """Run the app headless at size and drive it with scenario."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await scenario(pilot)

    asyncio.run(main())


def make_app(
    store: Store | None = None, level: Level | None = None, seed: str = SEED
) -> MinebenderApp:
    """An app on a new game of level (Beginner) with a fixed seed."""
    session = Session(SessionSpec(level or Beginner(), seed))
    saver = None if store is None else GameRecord(store, "terminal")
    return MinebenderApp(session, saver=saver, make_seed=lambda: "next")


def terminal_game(
    store: Store, *, seed: str | None = None, new: bool = False, dealt: str = "unused"
) -> tuple[Session, str | None]:
    """What ``minebender play`` (any level, guesses allowed) would play now:
    ``player_games.resume_or_new`` for the terminal, dealing seed ``dealt``."""
    return resume_or_new(
        store,
        interface="terminal",
        level=None,
        seed=seed,
        no_guess=False,
        new=new,
        new_seed=lambda: dealt,
    )


async def goto(pilot: Pilot[None], pos: Pos) -> None:
    """Move the cursor to pos with the arrow keys."""
    app = pilot.app
    assert isinstance(app, MinebenderApp)
    dx, dy = pos.x - app.cursor.x, pos.y - app.cursor.y
    keys = ["right" if dx > 0 else "left"] * abs(dx) + ["down" if dy > 0 else "up"] * abs(dy)
    await pilot.press(*keys)
    assert app.cursor == pos


async def click_cell(pilot: Pilot[None], pos: Pos, button: int = 1) -> None:
    """Click the glyph of cell pos (the board has a one-cell border)."""
    assert await pilot.click("#board", offset=(2 * pos.x + 2, pos.y + 1), button=button)


def screen_lines(app: App[None]) -> list[str]:
    """The terminal's rows as plain text, as a player sees them: the screen on
    top with the ones it covers, drawn the way ``App.export_screenshot`` draws them."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True)
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    return console.export_text().splitlines()


async def win(pilot: Pilot[None]) -> None:
    """Clear the app's board: reveal the cursor's cell, then every safe cell
    left covered (read from the session's layout once it exists)."""
    app = pilot.app
    assert isinstance(app, MinebenderApp)
    await pilot.press("space")
    layout = app.session.layout
    assert layout is not None
    for y, row in enumerate(layout):
        for x, mine in enumerate(row):
            if not mine and app.board.tiles[y][x] == "covered":
                await click_cell(pilot, Pos(x, y))
    await pilot.pause()
    assert app.session.won

"""Help while playing, in the page: Show Hints draws the server's safe cells
(then the best guess) lightly on the board after each move, and G plays every
certain move in the chosen style until a guess, then says so."""

from __future__ import annotations

from typing import Any

import pytest

from minebender.rules.solver.safety import find_settled
from minebender.services.autoplay import play_until_guess
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner, Pos

from .helpers import mines_of
from .server import Server
from .test_browser import DEALT, FIRST, dealt, page, server, settle, start, start_dealt

__all__ = ["dealt", "page", "server"]  # fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

SEED = "auto2"
"""A Beginner board (first click at FIRST) where auto play stops at a guess."""


def marked(page: Any, kind: str) -> set[Pos]:
    cells = page.eval_on_selector_all(
        f"#board .c.shadow-{kind}", "els => els.map(e => [+e.dataset.x, +e.dataset.y])"
    )
    return {Pos(x, y) for x, y in cells}


def menu(page: Any, cmd: str) -> None:
    page.click("#menu-game > button")
    page.click(f'[data-cmd="{cmd}"]')


def test_hints_shadow_play_and_auto_play_stops_at_a_guess(page: Any, server: Server) -> None:
    seen = Session(SessionSpec(Beginner(), SEED), clock=lambda: 0.0)
    seen.reveal(FIRST)
    settled = find_settled(seen.knowledge)
    assert settled is not None and settled[0]
    start(page, server, SEED)
    assert not marked(page, "safe"), "off by default"
    menu(page, "hints")
    assert page.get_attribute('[data-cmd="hints"]', "aria-checked") == "true"
    page.wait_for_selector("#board .c.shadow-safe")
    assert marked(page, "safe") == set(settled[0]), "the safe cells of what the player sees"
    assert not marked(page, "safe") & set(mines_of(SEED, FIRST))
    assert page.inner_text("#help-badge") == "Hints"
    assert "certainly safe" in page.inner_text("#status-live")
    menu(page, "style:no_flags")
    assert page.get_attribute('[data-cmd="style:no_flags"]', "aria-checked") == "true"
    page.locator("#board").press("g")
    page.wait_for_function(
        "() => document.getElementById('status-live').textContent.includes('Auto play stopped')"
    )
    settle(page)
    page.wait_for_selector("#board .c.shadow-guess")
    assert not marked(page, "safe")
    played = Session(SessionSpec(Beginner(), SEED), clock=lambda: 0.0)
    played.reveal(FIRST)
    run = play_until_guess(played, "no_flags")
    assert run.clicks > 0 and f"after {run.clicks} clicks" in page.inner_text("#status-live")
    tiles = page.eval_on_selector_all("#board .c", "els => els.map(e => e.dataset.tile)")
    assert "flagged" not in tiles, "the No Flags style flags nothing"
    (guess,) = marked(page, "guess")
    assert played.knowledge.hidden(guess)
    page.reload()  # the options are kept in this browser
    page.wait_for_selector("#board .c.shadow-guess")
    page.click("#menu-game > button")
    assert page.get_attribute('[data-cmd="hints"]', "aria-checked") == "true"
    assert page.get_attribute('[data-cmd="style:no_flags"]', "aria-checked") == "true"


def test_help_in_a_ranked_game_is_asked_first(page: Any, dealt: Server) -> None:
    """Help keeps a ranked game from the best times: the page asks before
    the first; Cancel plays nothing, Go on plays and marks the game."""
    start_dealt(page, dealt)
    tiles = page.eval_on_selector_all("#board .c", "els => els.map(e => e.dataset.tile)")
    page.locator("#board").press("g")
    page.wait_for_selector("#confirm-dialog")
    assert "best time" in page.inner_text("#confirm-dialog")
    page.click("#confirm-dialog .xpbtn >> text=Cancel")
    settle(page)
    assert page.eval_on_selector_all("#board .c", "els => els.map(e => e.dataset.tile)") == tiles
    assert page.locator("#help-badge").count() == 0
    page.locator("#board").press("g")
    page.click("#confirm-dialog .xpbtn >> text=Go on")
    page.wait_for_function(
        "() => document.getElementById('status-live').textContent.includes('Auto play')"
    )
    settle(page)
    assert page.inner_text("#help-badge") == "Auto"
    probe = Session(SessionSpec(Beginner(), DEALT), clock=lambda: 0.0)
    probe.reveal(FIRST)
    run = play_until_guess(probe, "efficiency")  # the style by default
    assert run.stopped == "won", "the premise: DEALT's board needs no guess"
    assert page.get_attribute("#board", "data-status") == "won"
    assert run.message in page.inner_text("#status-live")
    page.wait_for_timeout(300)
    assert page.locator("#name-dialog").count() == 0, "a ranked win with help is no best time"


def test_hints_turned_on_before_the_first_click_say_so(page: Any, server: Server) -> None:
    """H on a fresh board draws nothing yet: the status line says hints are
    on and show from the first click, so a second H does not undo the first."""
    page.goto(f"{server.url}/?code=b:{SEED}")
    page.wait_for_selector("#board .c")
    page.locator("#board").press("h")
    page.wait_for_function(
        "() => document.getElementById('status-live').textContent.includes('first click')"
    )
    assert page.get_attribute('[data-cmd="hints"]', "aria-checked") == "true"
    assert not marked(page, "safe")

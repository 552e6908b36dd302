"""Puzzle mode in the terminal (``minebender puzzle --play``), driven by Textual's run_test."""

from __future__ import annotations

import asyncio

from minebender.faces.tui.puzzle_app import PuzzleApp, check_words
from minebender.services.puzzle import make_puzzle


class Clock:
    def __init__(self) -> None:
        self.t = 50.0

    def __call__(self) -> float:
        return self.t


def test_flag_every_mine_with_a_mistake_first_then_solve() -> None:
    p = make_puzzle(6, 5, 6, 2).puzzle
    clock = Clock()
    app = PuzzleApp(p, clock)

    async def go_to(pilot: object, i: int) -> None:
        x, y = app.cursor % p.width, app.cursor // p.width
        tx, ty = i % p.width, i // p.width
        keys = ["right" if tx > x else "left"] * abs(tx - x) + ["down" if ty > y else "up"] * abs(
            ty - y
        )
        await pilot.press(*keys)  # type: ignore[attr-defined]

    async def play() -> None:
        async with app.run_test() as pilot:
            wrong = min(set(range(30)) - p.mines - p.shown)
            for i in [*sorted(p.mines)[1:], wrong]:
                await go_to(pilot, i)
                await pilot.press("f")
            await pilot.press("c")
            assert app.wrong == {wrong}
            assert app.message == "Not yet: 1 wrong flag (crossed out), 1 mine not flagged."
            assert app.cell_text(wrong)[0] == "✗ "
            await pilot.press("space")  # the cursor is still on the wrong flag
            await go_to(pilot, min(p.mines))
            await pilot.press("f")
            clock.t += 42
            await pilot.press("c")
            assert app.solved and app.message == "Solved in 42 seconds! Q quits."
            clock.t += 10
            assert app.seconds == 42  # the clock stopped
            shown = min(p.shown)
            await go_to(pilot, shown)
            await pilot.press("f")  # a number is no cell to flag
            assert shown not in app.flags
            await pilot.press("s")  # solved: nothing is given up
            assert app.message == "Solved in 42 seconds! Q quits." and not app.shown
            board = str(app.query_one("#board").render())
            assert board.count("⚑") == p.total
            await pilot.press("q")

    asyncio.run(play())


def test_a_checks_message_goes_with_the_next_flag() -> None:
    """The check's words stayed on screen after the next flag, saying a flag
    was crossed out when no cross was left. The next flag brings back what
    to do."""
    p = make_puzzle(5, 5, 5, 1).puzzle
    app = PuzzleApp(p, Clock())
    wrong = min(set(range(25)) - p.mines - p.shown)

    async def play() -> None:
        async with app.run_test() as pilot:
            await pilot.press(*["right"] * (wrong % 5), *["down"] * (wrong // 5), "f", "c")
            status = str(app.query_one("#status").render())
            assert "Not yet: 1 wrong flag (crossed out), 5 mines not flagged." in status
            await pilot.press("f")
            status = str(app.query_one("#status").render())
            assert "Not yet" not in status
            assert "Flag all 5 mines, then press C to check." in status
            await pilot.press("q")

    asyncio.run(play())


def test_check_words() -> None:
    assert check_words(0, 0, 1) == "Solved in 1 second!"
    assert check_words(0, 0, 0) == "Solved in 0 seconds!"
    assert check_words(2, 0, 5) == "Not yet: 2 wrong flags (crossed out)."
    assert check_words(0, 3, 5) == "Not yet: 3 mines not flagged."


def test_the_clock_starts_when_the_puzzle_is_drawn() -> None:
    clock = Clock()
    app = PuzzleApp(make_puzzle(5, 5, 5, 1).puzzle, clock)
    clock.t += 7  # the terminal's app takes its time to start

    async def play() -> None:
        async with app.run_test() as pilot:
            assert app.seconds == 0
            await pilot.press("q")

    asyncio.run(play())


def test_a_terminal_too_small_names_the_size_it_needs() -> None:
    p = make_puzzle(30, 24, 99, 1).puzzle
    app = PuzzleApp(p, Clock())

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            text = str(app.query_one("#board").render())
            assert "This 30x24 puzzle needs a terminal of at least 66x31 " in text
            assert "this one is 80x24" in text
            assert app.needed_size()[1] > 24
            await pilot.resize_terminal(80, app.needed_size()[1])
            await pilot.pause()
            assert str(app.query_one("#board").render()).count("\n") == p.height - 1
            assert "code p2:30x24x99:" in str(app.query_one("#status").render())
            await pilot.press("q")

    asyncio.run(play())


def test_show_the_solution() -> None:
    p = make_puzzle(5, 5, 5, 1).puzzle
    app = PuzzleApp(p, Clock())

    async def play() -> None:
        async with app.run_test() as pilot:
            await pilot.press("s")
            assert all(app.cell_text(i)[0] == "● " for i in p.mines)
            await pilot.press("f")
            assert not app.flags

    asyncio.run(play())

"""Smoke test in a real terminal: ``minebender play`` in tmux at 80x24, driven by
send-keys and read back with capture-pane. Skipped without tmux, except on CI
(CI=true), where a missing tmux is a failure."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tui_support import CENTRE

from minebender.services import store as store_module
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner

TMUX = shutil.which("tmux")
SCRIPT = Path(sys.executable).with_name("minebender")

if TMUX is None and os.environ.get("CI") != "true":
    pytest.skip(
        "needs tmux: apt-get install tmux, or run bash scripts/test as root",
        allow_module_level=True,
    )


class Terminal:
    """One tmux server of our own (its own socket), one 80x24 window."""

    def __init__(self, socket: str) -> None:
        assert TMUX is not None, "tmux is required on CI"
        self.base = [TMUX, "-L", socket, "-f", os.devnull]
        self.window = ""
        self.count = 0

    def start(self, command: str) -> None:
        """Run command (then report its exit status) in a new 80x24 window."""
        self.window = f"w{self.count}"
        self.count += 1
        subprocess.run(
            [
                *self.base,
                "new-session",
                "-d",
                "-s",
                self.window,
                "-x",
                "80",
                "-y",
                "24",
                f"{command}; echo EXIT=$?; sleep 60",
            ],
            check=True,
        )

    def keys(self, *keys: str) -> None:
        subprocess.run([*self.base, "send-keys", "-t", self.window, *keys], check=True)

    def screen(self) -> str:
        return subprocess.run(
            [*self.base, "capture-pane", "-p", "-t", self.window],
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    def wait_for(self, text: str, timeout: float = 20.0) -> str:
        """The screen once it shows text (fails with the last screen after timeout)."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if text in screen:
                return screen
            if time.monotonic() > deadline:
                pytest.fail(f"the screen never showed {text!r}; it shows:\n{screen}")
            time.sleep(0.2)

    def program_pid(self) -> int:
        """The pid of the program the window's shell runs (its only child)."""
        shell = subprocess.run(
            [*self.base, "display-message", "-p", "-t", self.window, "#{pane_pid}"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        children = subprocess.run(
            ["pgrep", "-P", shell], check=True, capture_output=True, text=True
        ).stdout.split()
        assert len(children) == 1, children
        return int(children[0])

    def stop(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True)


@pytest.fixture
def terminal() -> Iterator[Terminal]:
    t = Terminal(f"minebender-test-{os.getpid()}-{time.monotonic_ns()}")
    try:
        yield t
    finally:
        t.stop()


def test_play_in_tmux_quits_saved_and_resumes(terminal: Terminal, tmp_path: Path) -> None:
    """Beginner in an 80x24 terminal: reveal, flag, quit with q (exit 0, saying
    the game is saved), and the next play shows the same board, resumed."""
    db = tmp_path / "minebender.db"
    play = f"env MINEBENDER_DB={db} {SCRIPT} play"
    terminal.start(f"{play} --seed smoke")
    terminal.wait_for("q quit")  # the key footer comes last
    screen = terminal.wait_for("seed smoke")
    assert "010" in screen and "000" in screen and "■" in screen
    terminal.keys("Space")
    screen = terminal.wait_for("[ ]")  # the first click opens an area under the cursor
    board = [line for line in screen.splitlines() if line.strip().startswith("│")]
    assert len(board) == 9
    terminal.keys("q")
    screen = terminal.wait_for("EXIT=0")
    assert "Your game is saved: minebender play resumes it.\nEXIT=0" in screen

    with store_module.open(db) as store:
        (game,) = store.load_unfinished()
        assert game.spec.seed == "smoke" and len(game.session().moves) == 1
        assert game.spec.chosen  # a board the player asked for: not ranked

    terminal.start(play)
    terminal.wait_for("q quit")
    screen = terminal.wait_for("resumed beginner")
    again = [line for line in screen.splitlines() if line.strip().startswith("│")]
    assert again == board
    terminal.keys("q")
    terminal.wait_for("EXIT=0")


def test_a_killed_game_loses_no_action(terminal: Terminal, tmp_path: Path) -> None:
    """kill -9 right after a flag: the store already holds the reveal and the flag."""
    probe = Session(SessionSpec(Beginner(), "crash"), clock=lambda: 0.0)
    probe.reveal(CENTRE)
    target = next(p for p in probe.knowledge.cells() if probe.knowledge.hidden(p))
    dx, dy = target.x - CENTRE.x, target.y - CENTRE.y
    moves = ["l" if dx > 0 else "h"] * abs(dx) + ["j" if dy > 0 else "k"] * abs(dy)
    db = tmp_path / "minebender.db"
    terminal.start(f"env MINEBENDER_DB={db} {SCRIPT} play --seed crash")
    terminal.wait_for("q quit")
    terminal.keys("Space", *moves, "f")
    terminal.wait_for("009")  # the counter took the flag
    os.kill(terminal.program_pid(), signal.SIGKILL)
    terminal.wait_for("EXIT=137")

    with store_module.open(db) as store:
        (game,) = store.load_unfinished()
    assert [(e.type, e.pos) for e in game.session().moves] == [
        ("reveal", CENTRE),
        ("flag", target),
    ]
    assert game.session().flags == {target}


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
def test_sigterm_and_sighup_quit_as_q_does_and_give_the_terminal_back(
    sig: signal.Signals, terminal: Terminal, tmp_path: Path
) -> None:
    """kill (SIGTERM, or -HUP) ended the game at once: the terminal was left in
    the game's screen, reporting the mouse, with the cursor hidden, until the
    user typed reset. Now it quits as q does (128 + the signal) and the game resumes."""
    db = tmp_path / "minebender.db"
    terminal.start(f"env MINEBENDER_DB={db} {SCRIPT} play --seed term")
    terminal.wait_for("q quit")
    terminal.keys("Space")
    terminal.wait_for("[ ]")
    os.kill(terminal.program_pid(), sig)
    terminal.wait_for(f"EXIT={128 + sig}")
    shown = subprocess.run(
        [
            *terminal.base,
            "display-message",
            "-p",
            "-t",
            terminal.window,
            "#{alternate_on} #{mouse_any_flag} #{cursor_flag}",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    assert shown == ["0", "0", "1"]  # the shell's screen, no mouse reports, a cursor
    with store_module.open(db) as store:
        (game,) = store.load_unfinished()
    assert [e.type for e in game.session().moves] == ["reveal"]


def test_a_won_game_shows_the_sessions_numbers_under_the_board(
    terminal: Terminal, tmp_path: Path
) -> None:
    """Beginner won by keys in an 80x24 terminal, which has rows to spare: under
    the board, the session's 3BV, efficiency, clicks, assists and board code."""
    probe = Session(SessionSpec(Beginner(), "smoke"), clock=lambda: 0.0)
    probe.reveal(CENTRE)
    assert probe.layout is not None
    keys, cursor = ["Space"], CENTRE
    for pos in probe.knowledge.cells():
        if probe.layout[pos.y][pos.x] or not probe.knowledge.hidden(pos):
            continue
        dx, dy = pos.x - cursor.x, pos.y - cursor.y
        keys += ["l" if dx > 0 else "h"] * abs(dx) + ["j" if dy > 0 else "k"] * abs(dy)
        keys.append("Space")
        probe.reveal(pos)
        cursor = pos
    assert probe.won
    db = tmp_path / "minebender.db"
    terminal.start(f"env MINEBENDER_DB={db} {SCRIPT} play --seed smoke")
    terminal.wait_for("q quit")
    terminal.keys(*keys)
    screen = terminal.wait_for("Board code b:smoke")
    assert "You won in" in screen
    c = probe.clicks
    for shown in (
        f"3BV {probe.bbbv_solved} / {probe.bbbv}",
        f"IOE {probe.efficiency / 100:.3f}",
        f"Clicks {c.total} ({c.left} left, {c.right} right, {c.chord} chord)",
        "Assists 0",
    ):
        assert shown in screen
    terminal.keys("q")
    terminal.wait_for("EXIT=0")

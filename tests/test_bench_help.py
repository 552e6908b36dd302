"""``minebender bench help``: auto play's clicks by style and the hints' time,
as figures; the same clicks as playing each board by hand here."""

from __future__ import annotations

import subprocess
import sys

from minebender.services.autoplay import STYLES, play_until_guess
from minebender.services.bench.help import measure
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner, Intermediate, Pos


def test_the_clicks_are_those_of_each_board_played_by_each_style() -> None:
    f = measure(Intermediate(), 3, 4)
    want = dict.fromkeys(STYLES, 0)
    for i in range(4):
        for style in STYLES:
            s = Session(SessionSpec(Intermediate(), f"help-3-{i}"), clock=lambda: 0.0)
            s.reveal(Pos(8, 8))
            want[style] += play_until_guess(s, style).clicks
    assert f.boards == 4 and f.clicks == want
    assert f.clicks["efficiency"] < f.clicks["no_flags"] < f.clicks["flags"]
    assert 0 <= f.fewest <= 4
    assert f.safe_ms and all(t >= 0 for t in f.safe_ms + f.guess_ms)


def test_the_command_prints_a_line_per_level_and_refuses_a_bad_count() -> None:
    run = [sys.executable, "-m", "minebender", "bench", "help"]
    done = subprocess.run(
        [*run, "--level", "beginner", "--count", "2"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("help while playing: 2 boards per level, seed 1")
    (row,) = [line for line in lines if line.startswith("beginner 9x9x10")]
    f = measure(Beginner(), 1, 2)
    assert row.split()[2:7] == ["2", *map(str, (f.clicks[s] for s in STYLES)), str(f.fewest)]
    bad = subprocess.run([*run, "--count", "0"], capture_output=True, text=True)
    assert bad.returncode == 2 and "--count must be from 1" in bad.stderr

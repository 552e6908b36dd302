"""Games played to an end for tests that need a finished one in a store, and
a finished game written out by ``minebender replay`` as a user runs it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from minebender.formats import replay
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner, Pos


def won_game(seed: str) -> Session:
    """A Beginner game on seed won by revealing every safe cell, its clock
    standing still (every action at time 0)."""
    s = Session(SessionSpec(Beginner(), seed), clock=lambda: 0.0)
    s.reveal(Pos(4, 4))
    assert s.layout is not None
    for y, row in enumerate(s.layout):
        for x, mine in enumerate(row):
            if not mine:
                s.reveal(Pos(x, y))
    assert s.won
    return s


def replay_written_as(
    tmp_path: Path, session: Session, option: str, name: str, player: str | None = None
) -> Path:
    """The file ``minebender replay GAME option OUT`` writes for session's game
    (``--mbf``, ``--evf``): the command run as a user runs it, which must succeed."""
    game = tmp_path / "game.json"
    game.write_text(replay.dumps(replay.from_session(session, player=player)))
    out = tmp_path / name
    done = subprocess.run(
        [sys.executable, "-m", "minebender", "replay", str(game), option, str(out)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return out

"""The pointer's path the viewer draws, from minebender's own replays: the
path events of version 3 and the cell of each press, in one clock."""

from __future__ import annotations

from pathlib import Path

from minebender.formats import replay
from minebender.services.review.pointer import pointer_of
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner, Pos


def test_a_replay_of_version_3_gives_its_path_and_its_presses() -> None:
    now = [0.0]
    s = Session(SessionSpec(Beginner(), "pointer"), clock=lambda: now[0])
    s.path(((0, 100, 120), (30, 72, 72)))
    now[0] = 0.04
    s.press("left", Pos(4, 4))
    now[0] = 0.09
    s.release("left", Pos(4, 4))
    game = s.game
    for y in range(9):  # clear the rest, so the game ends and its replay is whole
        for x in range(9):
            if not game.layout[y][x] and game.knowledge.hidden(Pos(x, y)):
                now[0] += 0.01
                s.reveal(Pos(x, y))
                game = s.game
    data = replay.dumps(replay.from_session(s)).encode()
    points = pointer_of(Path("own.json"), data)
    assert points[:4] == [(0, 100, 120), (30, 72, 72), (40, 72, 72), (90, 72, 72)]
    assert [t for t, _, _ in points] == sorted(t for t, _, _ in points)


def test_a_file_without_a_pointer_or_not_a_replay_gives_no_point() -> None:
    assert pointer_of(Path("own.json"), b"{}") == []
    assert pointer_of(Path("x.rmv"), b"not an rmv") == []
    assert pointer_of(Path("x.txt"), b"") == []

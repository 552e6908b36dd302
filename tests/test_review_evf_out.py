"""A minebender game written as .evf (the published layout, version 3) and
read back by ms_toollib: the same board, moves, time and clicks."""

from __future__ import annotations

from pathlib import Path

import ms_toollib
import pytest

from minebender import replay
from minebender.review import review_file
from minebender.review.peers import read_peer
from minebender.session import Session, SessionSpec
from minebender.types import Beginner, Pos
from played import replay_written_as


def played_game(assist: bool = False) -> Session:
    """A won Beginner game with flags, a chord and reveals; or, with ``assist``,
    one lost by the assist pressed early."""
    clock = [0.0]
    s = Session(SessionSpec(Beginner(), "evf-out"), clock=lambda: clock[0])
    s.flag(Pos(0, 0))
    s.flag(Pos(0, 0))
    s.reveal(Pos(4, 4))
    assert s.layout is not None
    if assist:
        s.assist()  # a safe cell is in sight: the game is lost, and over
        return s
    chorded = False
    for y in range(9):
        for x in range(9):
            clock[0] += 0.37
            p = Pos(x, y)
            if s.layout[y][x]:
                s.flag(p)
            elif s.knowledge.hidden(p):
                s.reveal(p)
            elif not chorded and s.knowledge.revealed(p):
                s.chord(p)
                chorded = True
    assert s.won
    return s


def test_a_game_written_as_evf_reads_back_the_same(tmp_path: Path) -> None:
    s = played_game()
    out = replay_written_as(tmp_path, s, "--evf", "game.evf", player="Ada")
    rec = read_peer(out)  # in a child first: a bad file would abort this process
    assert rec.layout == s.layout and rec.player == "Ada"
    assert [(m.type, m.pos) for m in rec.moves] == [(e.type, e.pos) for e in s.moves]
    video = ms_toollib.EvfVideo(str(out))
    video.parse()
    video.analyse()
    video.current_time = 1e9
    assert (video.row, video.column, video.mine_num) == (9, 9, 10)
    assert video.rtime_ms == s.elapsed_ms
    # The flag put and taken back before the first click is no click for ms_toollib.
    assert (video.left, video.right, video.double) == (
        s.clicks.left,
        s.clicks.right - 2,
        s.clicks.chord,
    )
    assert video.bbbv == s.bbbv and video.is_completed
    r = review_file(out)
    assert r.figures.status == "won" and r.figures.time_ms == s.elapsed_ms
    c = r.figures.clicks
    assert (c.left, c.right, c.double, r.figures.effective) == (
        video.left,
        video.right,
        video.double,
        video.ce,
    )


def test_a_game_with_the_assist_has_no_evf(tmp_path: Path) -> None:
    from minebender.review import ReviewError
    from minebender.review.evf import evf_bytes

    with pytest.raises(ReviewError, match="the assist is no mouse click"):
        evf_bytes(replay.from_session(played_game(assist=True)))

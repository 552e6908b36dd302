"""A minebender game written as .evf (the published layout, version 3) and
read back by ms_toollib: the same board, moves, time and clicks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import ms_toollib
import pytest

from minebender.formats import replay
from minebender.services.review import review_file
from minebender.services.review.peers import read_peer
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner, Pos
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
    from minebender.services.review import ReviewError
    from minebender.services.review.evf import evf_bytes

    with pytest.raises(ReviewError, match="the assist is no mouse click"):
        evf_bytes(replay.from_session(played_game(assist=True)))


def test_a_game_with_marks_and_practice_is_written(tmp_path: Path) -> None:
    """A ? and a switch to practice, which once ended in a traceback, are
    written: the ? that takes a flag away as a right click, practice as
    nothing; the file says the game was not fair."""
    clock = [0.0]
    s = Session(SessionSpec(Beginner(), "evf-marks"), clock=lambda: clock[0])
    s.reveal(Pos(4, 4))
    assert s.layout is not None
    s.flag(Pos(0, 0))
    s.mark(Pos(0, 0))  # the flag becomes a ?: a right click
    s.mark(Pos(0, 0))  # the ? goes: nothing the file's readers show
    s.make_practice()
    for y in range(9):
        for x in range(9):
            clock[0] += 0.2
            if not s.layout[y][x]:
                s.reveal(Pos(x, y))
    assert s.won
    out = replay_written_as(tmp_path, s, "--evf", "game.evf")
    video = ms_toollib.EvfVideo(str(out))
    video.parse()
    assert video.is_completed and not video.is_fair and not video.is_official
    video.analyse()
    video.current_time = 1e9
    assert (video.left, video.right, video.double) == (s.clicks.left, s.clicks.right - 1, 0)


def test_the_assist_refusal_is_one_line(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text(replay.dumps(replay.from_session(played_game(assist=True))))
    done = subprocess.run(
        [sys.executable, "-m", "minebender", "replay", str(game), "--evf", str(tmp_path / "o.evf")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and not (tmp_path / "o.evf").exists()
    assert done.stderr.count("\n") == 1 and "the assist is no mouse click" in done.stderr

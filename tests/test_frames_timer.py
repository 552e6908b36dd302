"""A replay's frames say what the game's timer showed: 1 from the first
click, as Windows XP's, in the page's viewer and review alike."""

from __future__ import annotations

from minebender.formats import replay
from minebender.services.review.frames import frames_of
from minebender.services.review.own import record_of
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner, Pos


def test_the_timer_of_a_frame_is_the_games() -> None:
    clock = [0.0]
    s = Session(SessionSpec(Beginner(), "timer"), clock=lambda: clock[0])
    clock[0] = 5.0
    s.flag(Pos(0, 0))  # before the first click: the timer shows 0
    s.flag(Pos(0, 0))
    clock[0] = 14.0
    s.reveal(Pos(4, 4))
    layout = s.layout
    assert layout is not None
    for i, p in enumerate(q for q in s.knowledge.cells() if not layout[q.y][q.x]):
        clock[0] = 14.8 + i
        s.reveal(p)
        if s.over:
            break
    r = replay.from_session(s)
    frames = replay.frames(r)
    assert [f.timer for f in frames[:3]] == [0, 0, 0]
    assert frames[3].timer == 1 and frames[3].elapsed_ms == 0  # the first click
    assert frames[4].elapsed_ms == 800 and frames[4].timer == 1
    assert frames[-1].timer == min(999, frames[-1].elapsed_ms // 1000 + 1)
    reviewed = frames_of(record_of("", r))["frames"]
    assert [f["timer"] for f in reviewed][:5] == [f.timer for f in frames][:5]

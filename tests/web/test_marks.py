"""Question marks (Windows XP's Marks (?)): the player's note beside the game,
never a flag, kept in the store and the replay."""

from __future__ import annotations

import pytest

from minebender.formats import replay
from minebender.services.session import Event, Session, SessionSpec
from minebender.values.types import Beginner, Flag, Pos

from .helpers import mines_of, safe_of
from .test_api import FIRST, SEED, Player, TestClient, client

__all__ = ["client"]  # the fixture, used by name


def test_a_right_click_cycles_flag_question_mark_covered(client: TestClient) -> None:
    p = Player(client)
    p.act("reveal", FIRST)
    mine = mines_of(SEED, FIRST)[0]
    v = p.act("flag", mine)
    assert v["tiles"][mine.y][mine.x] == "flagged" and v["mines_left"] == 9
    v = p.act("mark", mine)  # the flag becomes a ?
    assert v["tiles"][mine.y][mine.x] == "covered" and v["marks"] == [[mine.x, mine.y]]
    assert v["mines_left"] == 10, "a ? is no flag for the counter"
    v = p.act("mark", mine)  # the ? goes
    assert v["marks"] == [] and v["tiles"][mine.y][mine.x] == "covered"
    assert v["clicks"]["right"] == 3


def test_a_question_mark_is_no_flag_for_chording(client: TestClient) -> None:
    """A chord reveals a ? cell as any covered cell (it is not a flag), which
    loses on a mine; a reveal opens a ? cell too, and its ? goes."""
    s = Session(SessionSpec(Beginner(), SEED), clock=lambda: 0.0)
    s.reveal(FIRST)
    safe = next(c for c in safe_of(SEED, FIRST) if s.knowledge.hidden(c))
    s.mark(safe)  # Windows XP's cycle: covered, flag, ?
    assert s.flags == {safe} and s.marks == frozenset()
    s.mark(safe)
    assert s.marks == {safe} and s.flags == frozenset() and s.mines_left == 10
    s.reveal(safe)
    assert not s.knowledge.hidden(safe) and s.marks == frozenset()
    mine = mines_of(SEED, FIRST)[0]
    s.mark(mine)
    s.mark(mine)
    assert s.marks == {mine}
    s.act(Event(Flag(mine), s.now_ms()))  # an older record's flag put on a ? takes its place
    assert s.marks == frozenset() and s.flags == {mine}
    assert s.game is not None and s.game.step(Flag(mine)).flags == frozenset()
    assert s.mark(FIRST) is not None and s.marks == frozenset()  # a revealed cell: nothing


def test_marks_are_kept_in_the_store_and_the_replay(client: TestClient) -> None:
    p = Player(client)
    p.act("mark", Pos(0, 0))  # a right click with Marks on: a flag, before the first click
    p.act("mark", Pos(0, 0))  # and again: the flag becomes a ?
    p.act("reveal", FIRST)
    hidden = [c for c in mines_of(SEED, FIRST) if p.view["tiles"][c.y][c.x] == "covered"]
    p.act("flag", hidden[1])
    p.act("mark", hidden[1])
    again = client.get(f"/api/games/{p.id}", headers=p.auth).json()["view"]
    assert again["marks"] == p.view["marks"] and [hidden[1].x, hidden[1].y] in again["marks"]
    p.act("reveal", hidden[0])  # lost
    r = client.get(f"/api/games/{p.id}/replay", headers=p.auth)
    data = r.json()
    game = replay.loads(r.text)
    assert data["version"] == 3 and [m.type for m in game.moves].count("mark") == 2
    assert {"type": "marks", "on": True} in [
        {k: e[k] for k in e if k != "t"} for e in data["events"]
    ]
    frames = replay.frames(game)
    assert frames[1].rows[0][0] == "F" and frames[2].rows[0][0] == "?"
    assert frames[-2].rows[hidden[1].y][hidden[1].x] == "?"
    data["version"] = 2
    with pytest.raises(replay.ReplayError, match="in version 2"):
        replay.parse(data)  # version 2 has no press event

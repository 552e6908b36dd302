"""Practice switched on in a game in play (POST /api/games/{id}/practice): the
game goes on, becomes unranked, is never counted as a loss, and says so in the
store, its events and its replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from minebender.faces.web import create_app
from minebender.formats import replay
from minebender.services.session import Event, Session, SessionSpec
from minebender.values.types import Beginner

from .conftest import FakeClock
from .helpers import mines_of, safe_of
from .test_api import FIRST, SEED, Player, TestClient, client, win

__all__ = ["client"]  # the fixture, used by name


def practice(c: TestClient, p: Player) -> dict[str, object]:
    r = c.post(f"/api/games/{p.id}/practice", headers=p.auth)
    assert r.status_code == 200, r.text
    view: dict[str, object] = r.json()["view"]
    p.view = view  # type: ignore[assignment]
    return view


def test_practice_in_play_keeps_the_game_and_counts_no_loss(client: TestClient) -> None:
    """A ranked game made practice mid-game keeps its board and clock, shows the
    heat map, and its loss is in no statistics; its replay says when."""
    p = Player(client)
    assert p.view["ranked"] is True
    p.act("reveal", FIRST)
    before = p.view
    forbidden = client.get(f"/api/games/{p.id}/probabilities", headers=p.auth)
    assert forbidden.status_code == 403
    v = practice(client, p)
    assert v["status"] == "playing" and v["tiles"] == before["tiles"]
    assert v["practice"] is True and v["ranked"] is False
    assert v["clicks"] == before["clicks"]  # switching counts no click
    probs = client.get(f"/api/games/{p.id}/probabilities", headers=p.auth)
    assert probs.status_code == 200 and probs.json()["probabilities"][FIRST.y][FIRST.x] is None
    assert practice(client, p)["practice"] is True  # again: nothing changes
    p.act("reveal", mines_of(SEED, FIRST)[0])
    assert p.view["status"] == "lost"
    stats = client.get("/api/statistics").json()["beginner"]
    assert stats["played"] == 0, "a practice game is never counted as a loss"
    r = client.get(f"/api/games/{p.id}/replay", headers=p.auth)
    data = r.json()
    assert data["practice"] is True and data["version"] == 3
    types = [e["type"] for e in data["events"]]
    assert types == ["down", "up", "practice", "down", "up"]
    game = replay.loads(r.text)
    assert game.spec.practice and [m.type for m in game.moves] == ["reveal", "practice", "reveal"]
    late = client.post(f"/api/games/{p.id}/practice", headers=p.auth)
    assert late.status_code == 409 and "over" in late.json()["detail"]
    assert client.post(f"/api/games/{p.id}/practice").status_code == 401


def test_a_game_made_practice_is_never_a_best_time(client: TestClient) -> None:
    p = Player(client)
    practice(client, p)  # before the first click too
    win(p)
    assert p.view["best_time"] is False
    r = client.post(f"/api/games/{p.id}/best-time", json={"name": "Eve"}, headers=p.auth)
    assert r.status_code == 409
    assert client.get("/api/statistics").json()["beginner"]["played"] == 0


def test_a_game_made_practice_then_abandoned_counts_nothing(client: TestClient) -> None:
    p = Player(client)
    p.act("reveal", FIRST)
    practice(client, p)
    assert client.post(f"/api/games/{p.id}/abandon", headers=p.auth).status_code == 200
    assert client.get("/api/statistics").json()["beginner"]["played"] == 0
    r = client.post(f"/api/games/{p.id}/practice", headers=p.auth)
    assert r.status_code == 409


def test_practice_survives_a_restart(db_path: Path, clock: FakeClock) -> None:
    """The store keeps the switch: the game rebuilt after a restart is practice."""
    app = create_app(db_path, clock=clock, make_seed=lambda: SEED)
    with TestClient(app) as c:
        p = Player(c)
        p.act("reveal", FIRST)
        practice(c, p)
    app.state.hub.store.close()
    app = create_app(db_path, clock=clock, make_seed=lambda: SEED)
    with TestClient(app) as c:
        v = c.get(f"/api/games/{p.id}", headers=p.auth).json()["view"]
        assert v["practice"] is True and v["ranked"] is False and v["status"] == "playing"
        stored = app.state.hub.store.load(p.id)
        assert stored.spec.practice and stored.events[-1].type == "practice"
    app.state.hub.store.close()


def test_a_replay_must_say_practice_when_its_events_switch_it_on() -> None:
    s = Session(SessionSpec(Beginner(), SEED), clock=lambda: 0.0)
    s.reveal(FIRST)
    assert s.make_practice() is not None and s.make_practice() is None
    for c in safe_of(SEED, FIRST):
        s.reveal(c)
    assert s.won and s.spec.practice
    # each click is a press and a release; the practice event counts no click
    assert len(s.events) == 2 * s.clicks.left + 1 and s.clicks.total == s.clicks.left
    assert [e.type for e in s.events[:3]] == ["down", "up", "practice"]
    data = replay.to_json(replay.from_session(s))
    data["practice"] = False
    with pytest.raises(replay.ReplayError, match=r"'practice' must be true: events\[2\]"):
        replay.parse(data)  # a replay hiding its switch to practice
    # a game recorded as its cell actions (version 2) has no version 1 either
    old = Session(SessionSpec(Beginner(), SEED), clock=lambda: 0.0)
    for e in s.moves:
        old.act(e)
    assert old.won and old.game == s.game
    data = replay.to_json(replay.from_session(old))
    assert data["version"] == 2
    data["version"] = 1
    with pytest.raises(
        replay.ReplayError, match=r"events\[1\]: 'type' must be one of .* version 1"
    ):
        replay.parse(data)  # version 1 has no practice event
    assert Event.of("practice", None, 5).pos is None


def test_restart_deals_the_same_board_again_unranked(client: TestClient) -> None:
    """Windows 7's Restart: the game in play is given up (counted as lost) and
    the same board comes back for the same first click, never ranked."""
    p = Player(client)
    first = p.act("reveal", FIRST)
    r = client.post(f"/api/games/{p.id}/restart", headers=p.auth)
    assert r.status_code == 201, r.text
    data = r.json()
    assert data["id"] != p.id and data["view"]["started"] is False
    assert data["counted"] is True  # the server says the game left counts as lost
    assert data["view"]["ranked"] is False and data["view"]["practice"] is False
    old = client.get(f"/api/games/{p.id}", headers=p.auth).json()["view"]
    assert old["status"] == "abandoned"
    stats = client.get("/api/statistics").json()["beginner"]
    assert (stats["played"], stats["won"]) == (1, 0)
    q = Player.__new__(Player)
    q.client, q.bodies, q.id, q.token, q.view = client, [], data["id"], data["token"], data["view"]
    assert q.act("reveal", FIRST)["tiles"] == first["tiles"]
    assert client.post(f"/api/games/{p.id}/restart").status_code == 401

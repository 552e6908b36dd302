"""GET /api/replays: every finished game the server keeps, by level and result,
the best times first, in pages; GET /api/replays/{id}: any one's replay file."""

from __future__ import annotations

from minebender.formats import replay

from .conftest import FakeClock
from .helpers import mines_of
from .test_api import FIRST, SEED, Player, TestClient, client, win

__all__ = ["client"]  # the fixture, used by name


def lose(p: Player) -> None:
    p.act("reveal", FIRST)
    p.act("reveal", mines_of(SEED, FIRST)[0])


def test_the_list_holds_every_finished_game_best_times_first(
    client: TestClient, clock: FakeClock
) -> None:
    slow, fast, lost = Player(client), Player(client), Player(client)
    Player(client).act("reveal", FIRST)  # in play: not listed
    abandoned = Player(client)
    abandoned.act("reveal", FIRST)
    client.post(f"/api/games/{abandoned.id}/abandon", headers=abandoned.auth)
    slow.act("reveal", FIRST)
    clock.t += 30.5
    win(slow)
    fast.act("reveal", FIRST)
    clock.t += 9.25
    win(fast)
    lose(lost)
    expert = Player(client, level="expert")
    expert.act("reveal", FIRST)
    expert.act("assist")  # lost by the hint
    client.post(f"/api/games/{fast.id}/best-time", json={"name": "Ada"}, headers=fast.auth)
    got = client.get("/api/replays").json()
    assert got["total"] == 4 and got["offset"] == 0
    ids = [g["id"] for g in got["games"]]
    assert ids[:2] == [fast.id, slow.id] and set(ids[2:]) == {lost.id, expert.id}
    first = got["games"][0]
    assert first["elapsed_ms"] == 9250 and first["status"] == "won" and first["player"] == "Ada"
    assert got["games"][1]["player"] is None
    assert first["code"] == f"b:{SEED}" and first["ranked"] is True and first["bbbv"] >= 1
    by_date = client.get("/api/replays", params={"order": "date"}).json()["games"]
    assert by_date[0]["id"] == expert.id
    won = client.get("/api/replays", params={"result": "won"}).json()
    assert [g["id"] for g in won["games"]] == [fast.id, slow.id]
    experts = client.get("/api/replays", params={"level": "expert", "result": "lost"}).json()
    assert [g["id"] for g in experts["games"]] == [expert.id]
    assert experts["games"][0]["reason"] == "hint"
    page2 = client.get("/api/replays", params={"offset": 1, "limit": 2}).json()
    assert page2["total"] == 4 and [g["id"] for g in page2["games"]] == ids[1:3]


def test_any_finished_game_plays_without_its_token(client: TestClient) -> None:
    p = Player(client)
    lose(p)
    r = client.get(f"/api/replays/{p.id}")  # no Authorization: another browser
    assert r.status_code == 200
    assert r.json() == client.get(f"/api/games/{p.id}/replay", headers=p.auth).json()
    assert replay.loads(r.text).result.status == "lost"
    playing = Player(client)
    playing.act("reveal", FIRST)
    for gid in (playing.id, "nope"):
        missing = client.get(f"/api/replays/{gid}")
        assert missing.status_code == 404 and "finished" in missing.json()["detail"]


def test_bad_list_requests_name_what_is_wrong(client: TestClient) -> None:
    for params, words in (
        ({"level": "huge"}, "level"),
        ({"result": "abandoned"}, "result"),
        ({"order": "name"}, "order"),
        ({"limit": 0}, "limit"),
        ({"limit": 201}, "limit"),
        ({"offset": -1}, "offset"),
        ({"offset": "x"}, "offset"),
    ):
        r = client.get("/api/replays", params=params)
        assert r.status_code == 422 and words in r.json()["detail"], (params, r.text)

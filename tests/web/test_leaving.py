"""Leaving a game for a new one: what the view says it costs (``at_stake``),
its ``revision``, and the games a new one replaces. The server decides them
all, so that the page only shows them."""

from __future__ import annotations

from typing import Any

from .helpers import mines_of
from .test_api import FIRST, SEED, Player, TestClient, client, win

__all__ = ["client"]  # the fixture, used by name


def test_at_stake_follows_the_game_from_first_click_to_abandon(client: TestClient) -> None:
    p = Player(client)
    assert p.view["at_stake"] is None and p.view["revision"] == 0  # nothing to lose yet
    assert p.act("reveal", FIRST)["at_stake"] == "ranked"
    mine = mines_of(SEED, FIRST)[0]
    revisions = [p.view["revision"]]
    for kind in ("flag", "mark", "mark"):  # a flag, a ?, then covered again
        revisions.append(p.act(kind, mine)["revision"])
    assert revisions == sorted(set(revisions)), "every move and ? is a new revision"
    r = client.post(f"/api/games/{p.id}/practice", headers=p.auth)
    practised = r.json()["view"]
    assert practised["at_stake"] == "unranked" and practised["revision"] > revisions[-1]
    r = client.post(f"/api/games/{p.id}/abandon", headers=p.auth)
    assert r.status_code == 200 and r.json()["view"]["at_stake"] is None


def test_a_best_time_is_at_stake_until_it_is_named(client: TestClient) -> None:
    p = Player(client)
    assert win(p)["at_stake"] == "best_time"
    r = client.post(f"/api/games/{p.id}/best-time", json={"name": "Ada"}, headers=p.auth)
    assert r.status_code == 201, r.text
    again = client.get(f"/api/games/{p.id}", headers=p.auth).json()["view"]
    assert again["at_stake"] is None


def test_a_chosen_board_in_play_is_unranked_at_stake(client: TestClient) -> None:
    p = Player(client, level="beginner", seed=SEED)
    assert p.act("reveal", FIRST)["at_stake"] == "unranked"


def replace(c: TestClient, new: Player, *old: Player, token: str | None = None) -> Any:
    games = [{"id": p.id, "token": token or p.token} for p in old]
    return c.post(f"/api/games/{new.id}/replace", json={"games": games}, headers=new.auth)


def test_a_new_game_gives_up_the_games_it_replaces_that_are_in_play(client: TestClient) -> None:
    """The page lists the games it leaves; the server decides what each costs."""
    ranked, fresh, won = Player(client), Player(client), Player(client)
    ranked.act("reveal", FIRST)
    win(won)
    new = Player(client)
    r = replace(client, new, ranked, fresh, won)
    assert r.status_code == 200, r.text
    assert r.json() == {"id": new.id, "given_up": [ranked.id, fresh.id], "counted": True}
    left = client.get(f"/api/games/{ranked.id}", headers=ranked.auth).json()["view"]
    assert left["status"] == "abandoned"
    assert client.get(f"/api/games/{fresh.id}", headers=fresh.auth).status_code == 404  # dropped
    kept = client.get(f"/api/games/{won.id}", headers=won.auth).json()["view"]
    assert kept["status"] == "won"
    stats = client.get("/api/statistics").json()["beginner"]
    assert (stats["played"], stats["won"]) == (2, 1)
    again = replace(client, Player(client), ranked, fresh)  # given up, gone: nothing more
    assert again.json()["given_up"] == [] and again.json()["counted"] is False


def test_an_unranked_game_replaced_is_given_up_but_not_counted(client: TestClient) -> None:
    chosen = Player(client, level="beginner", seed=SEED)
    chosen.act("reveal", FIRST)
    r = replace(client, Player(client), chosen)
    assert r.json()["given_up"] == [chosen.id] and r.json()["counted"] is False


def test_replace_refuses_a_foreign_token_and_changes_nothing(client: TestClient) -> None:
    mine, theirs = Player(client), Player(client)
    mine.act("reveal", FIRST)
    theirs.act("reveal", FIRST)
    new = Player(client)
    r = replace(client, new, mine, theirs, token=mine.token)  # theirs needs its own token
    assert r.status_code == 403 and theirs.id in r.json()["detail"]
    view = client.get(f"/api/games/{mine.id}", headers=mine.auth).json()["view"]
    assert view["status"] == "playing", "a refused request gives nothing up"
    assert replace(client, new, new).status_code == 422  # not its own place
    no_auth = client.post(f"/api/games/{new.id}/replace", json={"games": []})
    assert no_auth.status_code in (401, 422)
    empty = client.post(f"/api/games/{new.id}/replace", json={"games": []}, headers=new.auth)
    assert empty.status_code == 422

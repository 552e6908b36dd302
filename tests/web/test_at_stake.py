"""What the view says a new game would cost (``at_stake``) and its ``revision``:
the server decides both, so that the page only shows them."""

from __future__ import annotations

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

"""Help while playing: the hints (POST /api/games/{id}/hints) and auto play
until a guess (POST /api/games/{id}/auto). Both work from what the player
sees, go through the one rule, are kept in the record, and keep the game from
the best times as the assist does."""

from __future__ import annotations

from typing import Any

from minebender.formats import replay
from minebender.formats.boardtext import parse_board
from minebender.rules.solver import analyse
from minebender.services.session import Session
from minebender.values.types import Pos

from .helpers import layout, mines_of
from .test_api import FIRST, SEED, Player, TestClient, client, scan_for_layout, win

__all__ = ["client"]  # the fixture, used by name


def hints(c: TestClient, p: Player) -> dict[str, Any]:
    r = c.post(f"/api/games/{p.id}/hints", headers=p.auth)
    assert r.status_code == 200, r.text
    p.bodies.append(r.text)
    data: dict[str, Any] = r.json()
    p.view = data["view"]
    return data


def auto(c: TestClient, p: Player, style: str) -> dict[str, Any]:
    r = c.post(f"/api/games/{p.id}/auto", json={"style": style}, headers=p.auth)
    assert r.status_code == 200, r.text
    p.bodies.append(r.text)
    data: dict[str, Any] = r.json()
    p.view = data["view"]
    return data


def seen_analysis(c: TestClient, p: Player) -> Any:
    """The exact analysis of what the player sees, read from the board text
    the page can have: the hints must say no more than it proves."""
    text = c.get(f"/api/games/{p.id}/board.txt", headers=p.auth).text
    return analyse(parse_board(text).knowledge)


def test_the_hints_are_the_safe_cells_of_what_the_player_sees(client: TestClient) -> None:
    p = Player(client)
    before = hints(client, p)
    assert before["safe"] == [] and before["guess"] is None and "first click" in before["reason"]
    assert before["view"]["hints"] is False, "before the first click nothing is logged"
    p.act("reveal", FIRST)
    revision = p.view["revision"]
    found = hints(client, p)
    proved = seen_analysis(client, p)
    assert found["safe"] == sorted([[q.x, q.y] for q in proved.safe], key=lambda xy: xy[::-1])
    mines = set(mines_of(SEED, FIRST))
    assert found["safe"] and not any(Pos(x, y) in mines for x, y in found["safe"])
    assert found["view"]["hints"] is True and found["view"]["revision"] == revision + 1
    again = hints(client, p)
    assert again["view"]["revision"] == revision + 1, "the game is marked once"
    scan_for_layout(p.bodies, SEED, FIRST)


GUESS_SEED = "auto2"
"""A Beginner board (first click at FIRST) where auto play stops at a guess."""


def test_hints_show_the_best_guess_when_nothing_is_safe(client: TestClient) -> None:
    p = Player(client, seed=GUESS_SEED)
    p.act("reveal", FIRST)
    run = auto(client, p, "no_flags")
    assert run["stopped"] == "guess" and "guess" in run["message"]
    found = hints(client, p)
    proved = seen_analysis(client, p)
    assert found["safe"] == [] and not proved.safe
    x, y = found["guess"]
    assert p.view["tiles"][y][x] == "covered" and Pos(x, y) not in proved.mines
    assert "safe with chance" in found["reason"]
    scan_for_layout(p.bodies, GUESS_SEED, FIRST)


def test_auto_play_stops_where_nothing_is_safe(client: TestClient) -> None:
    p = Player(client, seed=GUESS_SEED)
    p.act("reveal", FIRST)
    run = auto(client, p, "efficiency")
    assert run["stopped"] == "guess" and run["clicks"] > 0
    assert not seen_analysis(client, p).safe, "it stops only where no cell is safe"
    flagged = {
        Pos(x, y)
        for y, row in enumerate(p.view["tiles"])
        for x, t in enumerate(row)
        if t == "flagged"
    }
    mines = seen_analysis(client, p).mines
    assert auto(client, p, "flags")["clicks"] == len(mines - flagged), "flags: every certain mine"
    assert auto(client, p, "efficiency")["clicks"] == 0, "nothing more is certain"
    scan_for_layout(p.bodies, GUESS_SEED, FIRST)


def test_a_game_played_with_hints_is_never_a_best_time(client: TestClient) -> None:
    p = Player(client)
    p.act("reveal", FIRST)
    hints(client, p)
    v = win(p)
    assert v["best_time"] is False and v["hints"] is True
    r = client.post(f"/api/games/{p.id}/best-time", json={"name": "Eve"}, headers=p.auth)
    assert r.status_code == 409
    stats = client.get("/api/statistics").json()["beginner"]
    assert (stats["played"], stats["won"]) == (1, 1), "counted in statistics, as the assist"
    data = client.get(f"/api/games/{p.id}/replay", headers=p.auth).json()
    assert data["version"] == 4 and [e["type"] for e in data["events"]].count("hints") == 1
    late = client.post(f"/api/games/{p.id}/hints", headers=p.auth)
    assert late.status_code == 409


def test_auto_play_goes_through_the_rule_and_stays_replayable(client: TestClient) -> None:
    p = Player(client)
    p.act("reveal", FIRST)
    clicks = dict(p.view["clicks"])
    run = auto(client, p, "efficiency")
    v = p.view
    counted = sum(v["clicks"][k] - clicks[k] for k in ("left", "right", "chord"))
    assert run["clicks"] == counted == v["auto_clicks"] > 0
    assert run["stopped"] in ("guess", "won") and "Auto play" in run["message"]
    mines = set(mines_of(SEED, FIRST))
    flagged = {
        Pos(x, y) for y, row in enumerate(v["tiles"]) for x, t in enumerate(row) if t == "flagged"
    }
    assert flagged <= mines, "only certain mines are flagged"
    assert run["stopped"] == "won", "SEED's board needs no guess"
    assert p.view["best_time"] is False, "a clean win of it is one (test_win_a_beginner_game)"
    r = client.get(f"/api/games/{p.id}/replay", headers=p.auth)
    data = r.json()
    autos = [e for e in data["events"] if e["type"] == "auto"]
    assert data["version"] == 4 and len(autos) == p.view["auto_clicks"]
    assert all(set(e) == {"t", "type", "button", "x", "y"} for e in autos)
    game = replay.loads(r.text)
    again = Session.rebuild(game.spec, game.events, clock=lambda: 0.0)
    assert again.won and again.auto_clicks == p.view["auto_clicks"]
    assert again.layout == layout(SEED, FIRST)
    scan_for_layout(p.bodies, SEED, FIRST)


def test_auto_play_refuses_what_it_cannot_do(client: TestClient) -> None:
    p = Player(client)
    first = auto(client, p, "flags")
    assert (first["clicks"], first["stopped"]) == (0, "not_started")
    assert first["view"]["revision"] == 0
    bad = client.post(f"/api/games/{p.id}/auto", json={"style": "fast"}, headers=p.auth)
    assert bad.status_code == 422 and "style" in bad.text
    assert client.post(f"/api/games/{p.id}/auto", json={}).status_code == 401
    p.act("reveal", FIRST)
    p.act("reveal", mines_of(SEED, FIRST)[0])
    assert p.view["status"] == "lost"
    over = client.post(f"/api/games/{p.id}/auto", json={"style": "flags"}, headers=p.auth)
    assert over.status_code == 409

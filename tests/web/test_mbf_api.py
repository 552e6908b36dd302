"""An .mbf board played in the page's server (POST /api/games with ``mbf``):
always a practice game on that layout, never ranked, its layout never in a
view while it is on; and a finished game's board out as .mbf."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from minebender.faces.web import create_app
from minebender.formats.mbf import format_mbf, parse_mbf
from minebender.services.session import (
    BOARD_FILE_RULE,
    MAX_BOARD_FILE_LENGTH,
    SessionSpec,
    check_board_file,
)
from minebender.values.types import Beginner, Pos

from .conftest import FakeClock
from .helpers import mines_of
from .test_api import FIRST, SEED, Player, TestClient, client, win

__all__ = ["client"]  # the fixture, used by name

# 9x9 with 10 mines, none in the top-left corner: a click there opens an opening.
MINES = {(8, 0), (4, 4), (2, 6), (7, 7), (0, 8), (8, 8), (5, 1), (1, 3), (6, 5), (3, 8)}
LAYOUT = tuple(tuple((x, y) in MINES for x in range(9)) for y in range(9))


def sent(layout: tuple[tuple[bool, ...], ...] = LAYOUT) -> str:
    return base64.b64encode(format_mbf(layout)).decode()


def test_an_mbf_board_is_played_as_practice_on_its_layout(client: TestClient) -> None:
    p = Player(client, mbf=sent())
    v = p.view
    assert (v["width"], v["height"], v["mines"]) == (9, 9, 10)
    assert v["practice"] is True and v["ranked"] is False
    before = client.get(f"/api/games/{p.id}/board.mbf", headers=p.auth)
    assert before.status_code == 409, "the layout of a game in play stays on the server"
    for b in p.bodies:
        assert sent() not in b
    p.act("reveal", Pos(0, 0))
    assert p.view["tiles"][0][0] == "0", "the file's board, not one dealt from a seed"
    p.act("reveal", Pos(8, 0))
    assert p.view["status"] == "lost" and p.view["at"] == [8, 0]
    r = client.get(f"/api/games/{p.id}/board.mbf", headers=p.auth)
    assert r.status_code == 200 and parse_mbf(r.content) == LAYOUT
    assert client.get(f"/api/games/{p.id}/board.mbf").status_code == 401
    stats = client.get("/api/statistics").json()["beginner"]
    assert stats["played"] == 0, "a board file's game is never counted"


def test_a_won_dealt_game_exports_its_board(client: TestClient) -> None:
    p = Player(client)
    win(p)
    r = client.get(f"/api/games/{p.id}/board.mbf", headers=p.auth)
    assert r.status_code == 200
    assert {
        (x, y) for y, row in enumerate(parse_mbf(r.content)) for x, m in enumerate(row) if m
    } == {(q.x, q.y) for q in mines_of(SEED, FIRST)}


def test_bad_mbf_bodies_are_named(client: TestClient) -> None:
    cases = {
        "not base64!": "base64",
        base64.b64encode(b"\x03").decode(): "cut short",
        base64.b64encode(bytes([8, 8, 0, 1, 0, 0])).decode(): "an 8x8 board with 1 mine",
    }
    for body, words in cases.items():
        r = client.post("/api/games", json={"mbf": body})
        assert r.status_code == 422 and words in r.json()["detail"], r.text
    r = client.post("/api/games", json={"mbf": sent(), "level": "expert"})
    assert r.status_code == 422 and "alone" in r.json()["detail"]


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("junk.mbf", b"\x00\x01\x41\x42", "junk.mbf is not an .mbf board: its size says 0x1"),
        ("cut.abf", b"\x09", "cut.abf is not an .abf board: cut short: 1 bytes"),
        ("small.mbf", bytes([8, 8, 0, 1, 0, 0]), "small.mbf is an 8x8 board with 1 mine"),
    ],
)
def test_a_bad_board_files_sentence_starts_with_its_name(
    client: TestClient, name: str, data: bytes, said: str
) -> None:
    """The page shows the server's sentence alone: it names the file as a
    player reads it ("junk.mbf: a board of 0x1 cells has none" did not)."""
    body = {"mbf": base64.b64encode(data).decode(), "board_file": name}
    r = client.post("/api/games", json=body)
    assert r.status_code == 422 and r.json()["detail"].startswith(said), r.text


def test_an_mbf_game_has_no_board_code_and_its_seed_is_no_code(client: TestClient) -> None:
    """A code deals a board from its seed, so a board from a file has none: its
    finished view and the Replays list say null, never ``b:mbf``, and such a
    code, once shown, is refused rather than dealing another board."""
    p = Player(client, mbf=sent())
    p.act("reveal", Pos(0, 0))
    p.act("reveal", Pos(8, 0))
    assert p.view["status"] == "lost"
    assert "code" in p.view and p.view["code"] is None
    listed = [g for g in client.get("/api/replays").json()["games"] if g["id"] == p.id]
    assert len(listed) == 1 and listed[0]["code"] is None
    r = client.post("/api/games", json={"code": "b:mbf"})
    assert r.status_code == 422 and "a board from a file has none" in r.json()["detail"], r.text
    r = client.post("/api/games", json={"level": "beginner", "seed": "mbf"})
    assert r.status_code == 422 and "kept for boards from a file" in r.json()["detail"], r.text
    dealt = Player(client)
    win(dealt)
    assert dealt.view["code"].endswith(":" + SEED), "a dealt game keeps its code"
    as_json = {"Content-Type": "application/json"}
    for game, from_file in ((p, True), (dealt, False)):
        replay = client.get(f"/api/games/{game.id}/replay", headers=game.auth)
        summary = client.post("/api/replays/frames", content=replay.text, headers=as_json)
        assert summary.json()["replay"]["from_file"] is from_file, "the viewer's title says so"


def test_the_file_name_is_kept_with_the_game_and_given_back(
    client: TestClient, db_path: Path, clock: FakeClock
) -> None:
    """The page showed "Board of NAME.mbf" only until a reload: the name was
    the page's alone. Sent with the file, it is stored with the game and every
    view gives it back: after a move, a server restart and Restart this game."""
    p = Player(client, mbf=sent(), board_file="my board (2).MBF")
    assert p.view["board_file"] == "my board (2).MBF"
    p.act("reveal", Pos(0, 0))
    assert p.view["board_file"] == "my board (2).MBF"
    restarted = create_app(db_path, clock=clock)
    with TestClient(restarted) as c:
        seen = c.get(f"/api/games/{p.id}", headers=p.auth).json()["view"]
        again = c.post(f"/api/games/{p.id}/restart", headers=p.auth).json()
    restarted.state.hub.store.close()
    assert seen["board_file"] == "my board (2).MBF" and seen["tiles"] == p.view["tiles"]
    assert again["view"]["board_file"] == "my board (2).MBF"
    assert Player(client, mbf=sent()).view["board_file"] is None, "a file sent without its name"
    assert Player(client).view["board_file"] is None, "a dealt board"


@pytest.mark.parametrize(
    "name",
    [
        "",
        "x" * 252 + ".mbf",
        "board.txt",
        "dir/board.mbf",
        "c:\\board.mbf",
        "a\nb.mbf",
        "\u202egnp.mbf",
        "tab\t.mbf",
    ],
)
def test_a_bad_file_name_is_refused_and_no_game_made(client: TestClient, name: str) -> None:
    """A name alone, 1 to 255 printable characters ending in .mbf: a control
    character or a bidirectional override would garble the status line."""
    r = client.post("/api/games", json={"mbf": sent(), "board_file": name})
    assert r.status_code == 422 and r.json()["detail"] == BOARD_FILE_RULE, r.text
    assert len("x" * 251 + ".mbf") == MAX_BOARD_FILE_LENGTH
    assert Player(client, mbf=sent(), board_file="x" * 251 + ".mbf").view["board_file"]


def test_a_file_name_with_an_emoji_is_kept() -> None:
    """An emoji joined by a zero-width joiner shows as it reads: Python calls
    the joiner unprintable, which refused such a file and its board."""
    name = "\U0001f469\u200d\U0001f4bb race \U0001f3f3\ufe0f.mbf"
    assert check_board_file(name) == name
    with pytest.raises(ValueError, match="printable"):
        check_board_file("\u200dboard.mbf")  # a joiner with nothing to join


def test_a_file_name_without_its_file_or_not_a_string_is_refused(client: TestClient) -> None:
    r = client.post("/api/games", json={"level": "expert", "board_file": "b.mbf"})
    assert r.status_code == 422 and "send it with mbf" in r.json()["detail"], r.text
    r = client.post("/api/games", json={"mbf": sent(), "board_file": 7})
    assert r.status_code == 422 and "board_file" in r.text, r.text


def test_a_spec_names_a_board_file_only_with_its_layout() -> None:
    with pytest.raises(ValueError, match="give the layout too"):
        SessionSpec(Beginner(), "mbf", board_file="b.mbf")
    with pytest.raises(ValueError, match="no / or"):
        SessionSpec(Beginner(), "mbf", layout=LAYOUT, board_file="a/b.mbf")

"""The puzzle routes: new puzzles, make unique and minimize, with their errors."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette import exceptions as starlette_exceptions

with warnings.catch_warnings():
    # as test_api: an older Starlette has no such warning class (nor the warning)
    warnings.simplefilter(
        "ignore",
        getattr(starlette_exceptions, "StarletteDeprecationWarning", DeprecationWarning),
    )
    from fastapi.testclient import TestClient

from minebender.faces.web import create_app
from minebender.formats.boardtext import parse_board
from minebender.services.puzzle import Puzzle, grade, is_unique, make_puzzle
from minebender.services.puzzle.code import layout_code, parse_code, puzzle_code
from minebender.values.types import Pos


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    app = create_app(db_path)
    with TestClient(app) as c:
        yield c
    app.state.hub.store.close()


def test_a_new_puzzle_is_unique_of_the_difficulty_and_its_seed_makes_it_again(
    client: TestClient,
) -> None:
    body = {"width": 8, "height": 7, "mines": 10, "difficulty": "medium", "seed": 5}
    r = client.post("/api/puzzle/new", json=body)
    assert r.status_code == 200
    answer = r.json()
    p = parse_code(answer["code"])
    assert p.board_text() == answer["board"] and is_unique(p)
    assert answer["difficulty"] == grade(p).difficulty == "medium"
    assert answer["clues"] == len(p.shown) and answer["seed"] == 5
    assert client.post("/api/puzzle/new", json=body).json()["code"] == answer["code"]


def test_make_unique_adds_numbers_of_a_fitting_layout_until_one_fits(client: TestClient) -> None:
    board = "6x5x5\n1.....\n......\n..2...\n......\n.....1\n"
    r = client.post("/api/puzzle/make-unique", json={"board": board})
    assert r.status_code == 200, r.text
    answer = r.json()
    p = parse_code(answer["code"])
    assert is_unique(p) and p.total == 5 and not answer["was_unique"]
    before = parse_board(board).knowledge
    after = parse_board(answer["board"]).knowledge
    added = [
        (x, y) for y in range(5) for x in range(6) if before.hidden((x, y)) != after.hidden((x, y))
    ]
    assert sorted(added) == sorted(map(tuple, answer["added"])) and added
    for y in range(5):  # the numbers given are kept
        for x in range(6):
            if not before.hidden((x, y)):
                assert after.rows[y][x] == before.rows[y][x]


def test_minimize_hides_numbers_while_one_layout_fits(client: TestClient) -> None:
    r = client.post("/api/puzzle/minimize", json={"board": "3x1x1\n.1.\n", "mines": None})
    assert r.status_code == 422 and "make it unique first" in r.json()["detail"]
    mines = frozenset({0, 5, 9})
    full = Puzzle(4, 3, mines, frozenset(range(12)) - mines)
    r = client.post("/api/puzzle/minimize", json={"board": full.board_text()})
    assert r.status_code == 200
    p = parse_code(r.json()["code"])
    assert is_unique(p) and p.mines == mines
    assert len(r.json()["hidden"]) == 9 - len(p.shown) > 0


def test_make_unique_with_a_symmetry_keeps_it_and_the_flags_it_agrees_with(
    client: TestClient,
) -> None:
    """A flag beside a 0 is wrong in every layout: taken off and named; a
    flag some layout agrees with stays; the numbers shown mirror left-right."""
    board = "6x5x5\n1F....\n......\n..2...\n......\n0F...1\n"
    body = {"board": board, "symmetry": "left-right"}
    r = client.post("/api/puzzle/make-unique", json=body)
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["symmetry"] == "left-right" and answer["unflagged"] == [[1, 4]]
    after = parse_board(answer["board"])
    assert after.flags == {Pos(1, 0)}
    p = parse_code(answer["code"])
    assert is_unique(p) and 1 in p.mines
    for i in p.shown:
        assert 6 * (i // 6) + 5 - i % 6 in p.shown
    body = {"board": answer["board"], "symmetry": "left-right"}
    r = client.post("/api/puzzle/minimize", json=body)
    assert r.status_code == 200, r.text
    least = parse_board(r.json()["board"])
    assert least.flags == {Pos(1, 0)} and r.json()["hidden"]
    r = client.post("/api/puzzle/minimize", json={**body, "symmetry": "both"})
    assert r.status_code == 422 and "unique with that symmetry first" in r.json()["detail"]


def test_a_code_is_read_with_its_grade_and_flags_are_checked_without_the_layout(
    client: TestClient,
) -> None:
    """A link's code gives the page the numbers and the grade (worked out from
    the clues), never the layout; a check names the wrong flags and counts
    the mines missed, and gives every mine only when asked to show them."""
    made = make_puzzle(8, 6, 8, 3)
    p = made.puzzle
    r = client.post("/api/puzzle/read", json={"code": f" {puzzle_code(p)} "})
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["code"] == puzzle_code(p) and answer["board"] == p.board_text()
    assert answer["difficulty"] == made.grade.difficulty
    assert answer["reasoning"] == made.grade.reasoning
    view = answer["view"]
    assert (view["width"], view["height"], view["mines"]) == (8, 6, 8)
    for i in range(48):
        assert view["numbers"][i // 8][i % 8] == (p.number(i) if i in p.shown else None)
    assert "solution" not in answer and "mines" not in answer
    old = client.post("/api/puzzle/read", json={"code": layout_code(p)}).json()
    assert old["code"] == answer["code"]  # an old link reads, and gets a new code

    mines = sorted(p.mines)
    wrong = min(set(range(48)) - p.mines - p.shown)
    flags = [[i % 8, i // 8] for i in [*mines[:-1], wrong]]
    r = client.post("/api/puzzle/check", json={"code": answer["code"], "flags": flags})
    assert r.json() == {
        "wrong": [[wrong % 8, wrong // 8]],
        "missed": 1,
        "solved": False,
        "mines": None,
    }
    every = [[i % 8, i // 8] for i in mines]
    r = client.post("/api/puzzle/check", json={"code": answer["code"], "flags": every})
    assert r.json() == {"wrong": [], "missed": 0, "solved": True, "mines": None}
    r = client.post("/api/puzzle/check", json={"code": answer["code"], "show": True})
    assert r.json()["mines"] == every and r.json()["missed"] == 8


@pytest.mark.parametrize(
    ("route", "body", "status", "detail"),
    [
        ("make-unique", {"board": "3x1\n.1.\n"}, 422, "total number of mines is needed"),
        ("make-unique", {"board": "3x1x1\n.9.\n"}, 422, "board: line 2"),
        ("make-unique", {"board": "3x1x0\n.1.\n"}, 422, "no layout fits"),
        ("minimize", {"board": "40x40x1\n" + ("." * 40 + "\n") * 40}, 422, "at most 720 cells"),
        ("minimize", {"board": "3x1x1\n..0\n", "symmetry": "left-right"}, 422, "symmetry first"),
        ("make-unique", {"board": "2x1x1\n1.\n", "symmetry": "left-right"}, 422, "(1, 0)"),
        ("make-unique", {"board": "2x1x1\n1.\n", "symmetry": "diagonal"}, 422, "rotation"),
        ("new", {"width": 31}, 422, ""),
        ("new", {"width": 5, "height": 5, "mines": 30}, 422, "mines must be from 0 to 25"),
        ("read", {"code": "p2:3x1x1:AA"}, 422, "more than one layout fits"),
        ("read", {"code": "p:3x1x1:Bz"}, 422, "do not spell a puzzle"),
        ("read", {"code": "p2:40x40x0:" + "A" * 200}, 422, "must have 1 to 720 cells"),
        ("check", {"code": "p2:3x1x1:BA", "flags": [[3, 0]]}, 422, "(3, 0) is off the 3x1"),
    ],
)
def test_bad_requests_are_named(
    client: TestClient, route: str, body: dict[str, object], status: int, detail: str
) -> None:
    r = client.post(f"/api/puzzle/{route}", json=body)
    assert r.status_code == status
    assert detail in str(r.json()["detail"])


def test_the_puzzle_page_is_served(client: TestClient) -> None:
    r = client.get("/puzzle")
    assert r.status_code == 200 and "/static/js/puzzle.js" in r.text


def test_a_puzzle_past_its_time_limit_is_stopped_and_said_so(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from minebender.faces.web import puzzle_routes
    from minebender.services import limited

    monkeypatch.setattr(puzzle_routes, "LIMITS", limited.Limits(seconds=0.05, nice=10))
    r = client.post("/api/puzzle/new", json={"width": 30, "height": 24, "mines": 150})
    assert r.status_code == 503 and "ran out of time" in r.json()["detail"]
    assert client.get("/api/health").json() == {"ok": True}

"""The puzzle workbench's routes: a position's grade, symmetric puzzles and
a graded book as PDF."""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.web.test_puzzle_api import TestClient

from minebender.faces.web import create_app
from minebender.services.puzzle import Puzzle, grade, is_unique, make_puzzle
from minebender.services.puzzle.book import make_book
from minebender.services.puzzle.code import parse_code, puzzle_code
from puzzle_checks import assert_keeps


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    app = create_app(db_path)
    with TestClient(app) as c:
        yield c
    app.state.hub.store.close()


def test_a_unique_position_gets_its_grade_and_code(client: TestClient) -> None:
    made = make_puzzle(9, 7, 12, 3, 0, "medium")
    r = client.post("/api/puzzle/grade", json={"board": made.puzzle.board_text()})
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["unique"] is True
    assert answer["difficulty"] == grade(made).difficulty == "medium"
    assert answer["reasoning"] == made.grade.reasoning
    assert answer["clues"] == len(made.puzzle.shown)
    assert parse_code(answer["code"]) == made.puzzle


def test_a_position_more_than_one_layout_fits_has_no_grade(client: TestClient) -> None:
    # the 1 has two hidden neighbours and one mine among them
    r = client.post("/api/puzzle/grade", json={"board": "3x1x1\n.1.\n"})
    assert r.json() == {
        "unique": False,
        "difficulty": None,
        "reasoning": None,
        "clues": None,
        "code": None,
    }


def test_flags_are_only_marks_to_the_grade(client: TestClient) -> None:
    p = Puzzle(3, 1, frozenset({0}), frozenset({2}))
    flagged = p.board_text().replace("..0", "F.0")
    r = client.post("/api/puzzle/grade", json={"board": flagged})
    assert r.json()["unique"] and r.json()["code"] == puzzle_code(p)


@pytest.mark.parametrize("symmetry", ["left-right", "up-down", "both", "rotation"])
def test_a_new_puzzle_keeps_the_symmetry_asked(client: TestClient, symmetry: str) -> None:
    body = {"width": 9, "height": 8, "mines": 12, "seed": 4, "symmetry": symmetry}
    r = client.post("/api/puzzle/new", json=body)
    assert r.status_code == 200, r.text
    p = parse_code(r.json()["code"])
    assert is_unique(p) and r.json()["symmetry"] == symmetry
    assert_keeps(p, symmetry)
    assert p == make_puzzle(9, 8, 12, 4, 0, None, symmetry).puzzle


def test_a_fresh_seed_is_one_a_page_can_type_back(client: TestClient) -> None:
    """A seed the server picks fits a page's number exactly (below 2**53): a
    seed of 2**63 reached the page rounded and made another puzzle. Each
    seed shown makes the same puzzle again."""
    body = {"width": 5, "height": 5, "mines": 4}
    for _ in range(6):
        r = client.post("/api/puzzle/new", json=body)
        assert r.status_code == 200, r.text
        seed = r.json()["seed"]
        assert 0 <= seed < 2**53
        again = client.post("/api/puzzle/new", json={**body, "seed": seed})
        assert again.json()["code"] == r.json()["code"]
    book = client.post("/api/puzzle/book", json={**body, "count": 1})
    assert book.status_code == 200 and int(book.headers["x-seed"]) < 2**53


def test_a_book_is_a_pdf_of_its_puzzles_and_answers(client: TestClient) -> None:
    body = {"width": 6, "height": 6, "mines": 7, "count": 4, "seed": 8}
    r = client.post("/api/puzzle/book", json=body)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/pdf" and r.headers["x-seed"] == "8"
    assert "puzzle-book-8.pdf" in r.headers["content-disposition"]
    assert r.content.startswith(b"%PDF") and r.content.count(b"/Type /Page\n") == 2
    text = b"".join(
        zlib.decompress(m) for m in re.findall(rb"stream\n(.*?)\nendstream", r.content, re.S)
    ).decode("latin-1")
    book = make_book(6, 6, 7, 8, 4)
    assert [e.made.grade.kind for e in book] == sorted(e.made.grade.kind for e in book)
    for place, entry in enumerate(book):
        # numbered from 0 in rising grade, its code under it, on both pages
        caption = f"(Puzzle {place}: {entry.made.grade.difficulty}, 7 mines) Tj"
        assert text.count(caption) == 2
        assert text.count(f"({puzzle_code(entry.made.puzzle)}) Tj") == 2


@pytest.mark.parametrize(
    ("route", "body", "detail"),
    [
        ("new", {"symmetry": "diagonal"}, "symmetry"),
        ("book", {"count": 31}, "count"),
        ("book", {"width": 5, "height": 5, "mines": 30}, "mines must be from 0 to 25"),
        ("grade", {"board": "3x1\n.1.\n"}, "total number of mines is needed"),
        ("grade", {"board": "3x1x1\n*1.\n"}, "cell (0, 0) shows a mine"),
        ("grade", {"board": "3x1x0\n.1.\n"}, "no layout fits"),
    ],
)
def test_bad_workbench_requests_are_named(
    client: TestClient, route: str, body: dict[str, object], detail: str
) -> None:
    r = client.post(f"/api/puzzle/{route}", json=body)
    assert r.status_code == 422, r.text
    assert detail in str(r.json()["detail"])

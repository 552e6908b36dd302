"""``/api/analyse/text/...``: board text and ``.mine`` read into the position
the analysis board keeps, and written from it, by the server's readers (the
page reads and writes no text format); ``/api/analyse`` and its proof take
that position as well as text."""

from __future__ import annotations

from typing import Any

import pytest

from minebender.formats.boardtext import BoardTextError, format_board
from minebender.formats.minetext import parse_position

from .test_api import TestClient, client

__all__ = ["client"]  # the fixture, used by name

BOARD_TEXT = "5x4x3\n1F1..\n111..\n.....\n.....\n"
MINE_FILE = "5x4x2\n1F1HH\n111HH\nHHHHH\nHHHHH\n"

TEXTS = [
    BOARD_TEXT,
    MINE_FILE,
    "3x1x1\n1.F\n",
    "# a comment\n\n3x1\n.1*\n\n",
    "1F?\n11.\n",
    "4x2x1\n1F?H\n11HH\n",
    "3x1x1\r\n1.F\r\n",
    "3x1x1\n1.F  \n",
    "\ufeff3x1x1\n1.F\n",
    # refused
    "",
    "# only a comment\n",
    "3x1x1\n1.x\n",
    "3x1x1\n1.F\n\n1..\n",
    "3x2x1\n1.F\n",
    "3x1x4\n1.F\n",
    "3x1\n1.\n",
    "1.F\n1.\n",
    "0x0\n",
    "3x1x1\n1HF\n1..\n",
    "1FH\n11H\n",
    "3x1x1\n1.9\n",
    "3xx1\n1.F\n",
    "# a comment\n4x2x2\n1F?H\n11HH\n",
    "4x2x2\n1F?H\n# between\n11HH\n",
    "4x2x2\n1F?H\n11HH\n\n",
    "3x1x1\n1.F\r",
    " 3x1x1\n1.F\n",
    "3x1x1\n 1.F\n",
    "3x1x01\n1.F\n",
    "03x1x1\n1.F\n",
    "3x1x1\n1.F\n# after\n",
    "3x1x1\n1.F\n\n# after\n",
    "3x1x1\n1.F\t\n",
    "3x1x1\n1.F\n\ufeff\n",
]


def read(client: TestClient, text: str) -> Any:
    return client.post("/api/analyse/text/read", json={"text": text})


@pytest.mark.parametrize("text", TEXTS)
def test_a_text_is_read_as_the_solver_reads_it(client: TestClient, text: str) -> None:
    """The route takes what ``parse_position`` takes, as it reads it, and
    refuses the rest with its message, which names the line."""
    r = read(client, text)
    try:
        board = parse_position(text)
    except BoardTextError as exc:
        assert r.status_code == 422
        assert r.json()["detail"] == str(exc) and r.json()["detail"].startswith("line ")
        return
    assert r.status_code == 200, r.text
    k = board.knowledge
    got = r.json()
    assert (got["width"], got["height"], got["mines"]) == (k.width, k.height, k.mines)
    rows = format_board(k, board.flags).splitlines()[1:]
    assert got["cells"] == "".join(rows)


def test_bad_text_names_line_and_column(client: TestClient) -> None:
    r = read(client, "3x2x1\n1.?\n1x.\n")
    assert r.status_code == 422 and r.json()["detail"].startswith("line 3, column 2: ")
    r = read(client, "1FH\n11H\n")
    assert r.status_code == 422
    assert r.json()["detail"].startswith("line 1, column 1: bad .mine header")


def test_a_board_past_the_analysis_boards_size_is_refused(client: TestClient) -> None:
    r = read(client, "201x1\n" + "." * 201 + "\n")
    assert r.status_code == 422
    assert r.json()["detail"] == "the analysis board is at most 200x200; this one is 201x1"
    assert read(client, "200x1\n" + "." * 200 + "\n").status_code == 200


def write(client: TestClient, position: dict[str, Any], how: str) -> Any:
    return client.post("/api/analyse/text/write", json={"position": position, "format": how})


def test_a_position_is_written_as_board_text_and_mine(client: TestClient) -> None:
    for text in (BOARD_TEXT, MINE_FILE):
        position = read(client, text).json()
        r = write(client, position, "mine" if "H" in text else "board")
        assert r.status_code == 200 and r.json() == {"text": text}
    # the default is board text, read back to the same position
    position = read(client, MINE_FILE).json()
    text = client.post("/api/analyse/text/write", json={"position": position}).json()["text"]
    assert text == "5x4x2\n1F1..\n111..\n.....\n.....\n"
    assert read(client, text).json() == position


def test_a_position_without_mine_text_says_why(client: TestClient) -> None:
    unknown = {"width": 2, "height": 1, "mines": None, "cells": "1."}
    r = write(client, unknown, "mine")
    assert r.status_code == 422 and "needs the total number of mines" in r.json()["detail"]
    boom = {"width": 3, "height": 1, "mines": 1, "cells": "1*."}
    r = write(client, boom, "mine")
    assert r.status_code == 422
    assert r.json()["detail"] == "a .mine file has no revealed mine, and (1, 0) is one"
    assert write(client, boom, "board").json() == {"text": "3x1x1\n1*.\n"}


@pytest.mark.parametrize(
    ("position", "says"),
    [
        ({"width": 2, "height": 2, "mines": 1, "cells": "1.."}, "3 cells for a 2x2 board"),
        ({"width": 2, "height": 1, "mines": 1, "cells": "1H"}, "(1, 0) is 'H'"),
        ({"width": 2, "height": 1, "mines": 3, "cells": "1."}, "3 mines do not fit"),
        ({"width": 201, "height": 1, "mines": 0, "cells": "." * 201}, "width"),
    ],
)
def test_a_bad_position_is_a_422_naming_what_is_wrong(
    client: TestClient, position: dict[str, Any], says: str
) -> None:
    r = write(client, position, "board")
    assert r.status_code == 422 and says in r.json()["detail"], r.text


def test_the_analysis_takes_a_position_as_it_takes_text(client: TestClient) -> None:
    position = read(client, BOARD_TEXT).json()
    by_text = client.post("/api/analyse", json={"board": BOARD_TEXT}).json()
    by_position = client.post("/api/analyse", json={"position": position}).json()
    assert by_position == by_text and int(by_text["solutions"]) > 0
    why = client.post("/api/analyse/why", json={"position": position, "cell": [4, 3]})
    assert why.status_code == 200
    assert why.json() == (
        client.post("/api/analyse/why", json={"board": BOARD_TEXT, "cell": [4, 3]}).json()
    )
    both = client.post("/api/analyse", json={"board": BOARD_TEXT, "position": position})
    assert both.status_code == 422 and "one of the two" in both.json()["detail"]
    assert client.post("/api/analyse", json={}).status_code == 422

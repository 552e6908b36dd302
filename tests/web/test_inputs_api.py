"""POST /api/games/{id}/inputs: the page's presses, decided by the one rule."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from minebender.formats import replay
from minebender.values.types import Pos

from .conftest import FakeClock
from .helpers import safe_of
from .test_api import SEED, Player, client  # noqa: F401  (the fixture)

FIRST = Pos(4, 4)


def press(kind: str, button: str, p: Pos | None, **more: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"type": kind, "button": button, **more}
    if p is not None:
        body |= {"x": p.x, "y": p.y}
    return body


def send(player: Player, *inputs: dict[str, Any], marks: bool = False) -> Any:
    r = player.client.post(
        f"/api/games/{player.id}/inputs",
        json={"inputs": list(inputs), "marks": marks},
        headers=player.auth,
    )
    return r


def click(button: str, p: Pos | None) -> list[dict[str, Any]]:
    return [press("down", button, p), press("up", button, p)]


@pytest.fixture
def player(client: Any) -> Iterator[Player]:  # noqa: F811
    yield Player(client, level="beginner")


def test_a_left_click_opens_the_cell_under_the_release(player: Player) -> None:
    """A press dragged to another cell opens the cell where it is released."""
    r = send(player, press("down", "left", Pos(0, 0)), press("up", "left", FIRST))
    assert r.status_code == 200, r.text
    view = r.json()["view"]
    assert view["tiles"][FIRST.y][FIRST.x] not in ("covered", "flagged")
    assert view["revision"] == 2


def test_a_right_press_flags_at_once_and_marks_follow_the_option(player: Player) -> None:
    send(player, *click("left", FIRST))
    covered = next(
        Pos(x, y)
        for y, row in enumerate(player_view(player)["tiles"])
        for x, t in enumerate(row)
        if t == "covered"
    )
    view = send(player, press("down", "right", covered)).json()["view"]
    assert view["tiles"][covered.y][covered.x] == "flagged"
    send(player, press("up", "right", covered))
    view = send(player, *click("right", covered), marks=True).json()["view"]
    assert view["tiles"][covered.y][covered.x] == "covered"
    assert [covered.x, covered.y] in view["marks"]
    view = send(player, *click("right", covered), marks=True).json()["view"]
    assert view["tiles"][covered.y][covered.x] == "covered"
    assert view["marks"] == []
    view = send(player, *click("right", covered), marks=True).json()["view"]
    assert view["tiles"][covered.y][covered.x] == "flagged"


def player_view(player: Player) -> Any:
    r = player.client.get(f"/api/games/{player.id}", headers=player.auth)
    return r.json()["view"]


def test_a_batch_keeps_its_times_and_path_in_the_record(
    player: Player, clock: FakeClock, db_path: Path
) -> None:
    """Presses sent together keep the times the page measured, and the
    pointer's path goes into the record before its press."""
    clock.t += 5
    path = [900, 8, 8, 700, 40, 40, 600, FIRST.x * 16 + 8, FIRST.y * 16 + 8]
    r = send(
        player,
        press("down", "left", FIRST, ago_ms=500, path=path),
        press("up", "left", FIRST, ago_ms=400),
    )
    assert r.status_code == 200, r.text
    for cell in safe_of(SEED, FIRST):
        if player_view(player)["status"] != "playing":
            break
        if player_view(player)["tiles"][cell.y][cell.x] == "covered":
            send(player, *click("left", cell))
    assert player_view(player)["status"] == "won"
    r = player.client.get(f"/api/games/{player.id}/replay", headers=player.auth)
    assert r.status_code == 200, r.text
    game = replay.loads(r.text)
    kinds = [e.type for e in game.events[:3]]
    assert kinds == ["path", "down", "up"]
    path_event, down, up = game.events[:3]
    assert up.t_ms - down.t_ms == 100
    assert down.t_ms - path_event.t_ms == 400  # the path's first point was 900 ms ago
    assert path_event.path == [0, 8, 8, 200, 40, 40, 300, FIRST.x * 16 + 8, FIRST.y * 16 + 8]
    assert game.result.clicks["left"] >= 1


@pytest.mark.parametrize(
    ("inputs", "words"),
    [
        ([], "at least 1"),
        ([{"type": "down", "button": "left", "x": 1}], "both x and y"),
        ([{"type": "down", "button": "thumb", "x": 1, "y": 1}], "button"),
        ([{"type": "down", "button": "left", "x": 99, "y": 1}], "off the 9x9 board"),
        ([{"type": "down", "button": "left", "x": 1, "y": 1, "path": [1, 2]}], "threes"),
        (
            [{"type": "down", "button": "left", "x": 1, "y": 1, "path": [5, 0, 0, 9, 0, 0]}],
            "oldest first",
        ),
        ([{"type": "down", "button": "left", "x": 1, "y": 1, "ago_ms": -1}], "ago_ms"),
    ],
)
def test_bad_inputs_are_refused_and_change_nothing(
    player: Player, inputs: list[Any], words: str
) -> None:
    before = player_view(player)
    r = send(player, *inputs)
    assert r.status_code == 422, r.text
    assert words in r.text
    assert player_view(player) == before


def test_the_answer_lists_the_cells_it_changed_since_the_view_before(player: Player) -> None:
    """The page repaints only the cells the answer names: they are exactly
    the cells whose tile or ? differs from the view of ``changed_since``."""
    before = player_view(player)
    after = send(player, *click("left", FIRST)).json()["view"]
    assert after["changed_since"] == before["revision"]
    differ = [
        [x, y]
        for y, row in enumerate(after["tiles"])
        for x, t in enumerate(row)
        if before["tiles"][y][x] != t
    ]
    assert after["changed"] == differ and [FIRST.x, FIRST.y] in differ
    assert after["clock"]["shown"] == 1 and after["face"] == "smile"

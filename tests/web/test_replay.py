"""The replay format (docs/replays.md): round trips, checks, frames."""

from __future__ import annotations

import json
from typing import Any

import pytest

from minebender.formats import replay
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner, Custom, Pos

from .conftest import FakeClock
from .helpers import mines_of, safe_of

SEED = "replay-seed"
FIRST = Pos(4, 4)


def finished(clock: FakeClock, win: bool = True) -> Session:
    s = Session(SessionSpec(Beginner(), SEED), clock)
    s.flag(Pos(0, 0))
    clock.t += 1
    s.reveal(FIRST)
    for p in safe_of(SEED, FIRST) if win else mines_of(SEED, FIRST)[:1]:
        clock.t += 0.1
        s.reveal(p)
    return s


def test_round_trip_gives_the_same_game(clock: FakeClock) -> None:
    s = finished(clock)
    r = replay.loads(replay.dumps(replay.from_session(s, player="Ada")))
    again = r.session()
    assert again.game == s.game and again.clicks == s.clicks and again.won
    assert r.result.elapsed_ms == s.elapsed_ms and r.player == "Ada"
    assert replay.to_json(r) == replay.to_json(replay.from_session(s, player="Ada"))


def test_frames_step_through_the_game(clock: FakeClock) -> None:
    s = finished(clock, win=False)
    r = replay.from_session(s)
    fs = replay.frames(r)
    assert len(fs) == len(s.moves) + 1 < len(s.events)  # one frame a move, not a press
    assert [f.event for f in fs[1:]] == list(r.moves) == s.moves
    assert fs[0].rows == ("." * 9,) * 9
    assert fs[1].rows[0][0] == "F" and fs[1].status == "playing"
    assert fs[-1].status == "lost" and "B" in "".join(fs[-1].rows)


def test_an_unfinished_game_is_no_replay(clock: FakeClock) -> None:
    s = Session(SessionSpec(Beginner(), SEED), clock)
    s.reveal(FIRST)
    with pytest.raises(replay.ReplayError, match="finished"):
        replay.from_session(s)


def good(clock: FakeClock) -> dict[str, Any]:
    return replay.to_json(replay.from_session(finished(clock, win=False)))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="other"), "'format'"),
        (lambda d: d.update(version=5), "version 5"),
        (lambda d: d.update(version=2), "events[0]: 'type' must be one of .* version 2"),
        (lambda d: d.pop("width"), "'width' is missing"),
        (lambda d: d.update(width="9"), "'width' must be an integer"),
        (lambda d: d.update(width=10), "a beginner board is 9x9x10, not 10x9x10"),
        (
            lambda d: d.update(level="custom", width=20, height=12, mines=5),
            "a custom field must be written as played: 20x12x5 is played as 20x12x10",
        ),
        (lambda d: d.update(level="giant"), "unknown level"),
        (lambda d: d.update(seed=""), "'seed'"),
        (lambda d: d["layout"].pop(), "9 rows"),
        (lambda d: d["layout"].__setitem__(0, "?" * 9), "layout row 0"),
        (lambda d: d.update(layout=["." * 9] * 9), "10 mines"),
        (lambda d: d["events"][0].update(type="jump"), "events[0]: 'type'"),
        (lambda d: d["events"][1].update(x="4"), "events[1]: 'x' must be an integer"),
        (lambda d: d["events"][1].update(t=-5), "'t' must be from 0 to 9007199254740991"),
        (lambda d: d["events"][-1].update(t=10**400), "'t' must be from 0 to 9007199254740991"),
        (lambda d: d["result"].update(elapsed_ms=float(d["result"]["elapsed_ms"])), "'elapsed_ms'"),
        (lambda d: d["result"]["clicks"].update(assist=False), "result 'clicks' says"),
        (
            lambda d: d["result"]["clicks"].update(left=1.0 * d["result"]["clicks"]["left"]),
            "clicks",
        ),
        (lambda d: d["events"].reverse(), "backwards"),
        (lambda d: d["events"].append(dict(d["events"][-1])), "after the end"),
        (lambda d: d["events"].pop(), "do not finish"),
        (lambda d: d["result"].update(status="won"), "result 'status'"),
        (lambda d: d["result"].update(elapsed_ms=1), "result 'elapsed_ms'"),
        (lambda d: d["result"].update(reason="hint"), "result 'reason'"),
        (lambda d: d["result"].update(bbbv=1), "result 'bbbv'"),
        (lambda d: d["result"].pop("bbbv"), "result: the field 'bbbv' is missing"),
        (lambda d: d["result"]["clicks"].update(left=1), "result 'clicks'"),
        (lambda d: d.pop("level"), "^replay: the field 'level' is missing"),
        (lambda d: d.update(player=3), "'player'"),
        (lambda d: d.update(notes="x"), "^replay: unknown field 'notes'"),
        (lambda d: d["events"][1].update(k=0), "events[1]: unknown field 'k'"),
        (lambda d: d["events"][0].update(button="side"), "events[0]: 'button' must be one of"),
        (lambda d: d["events"][0].pop("button"), "events[0]: the field 'button' is missing"),
        (lambda d: d["events"][2].pop("y"), "events[2]: the field 'y' is missing"),
        (lambda d: d["result"].update(won=True), "result: unknown field 'won'"),
        (lambda d: d["result"].update(reason=None), 'says null but the events give "blast"'),
        (lambda d: d.update(seed=True), "'seed' must be text, got true$"),
        # seeds and names the rest of minebender refuses: "abc "'s code deals "abc"
        (lambda d: d.update(seed="abc "), "'seed' must be 1 to 64 printable characters"),
        (lambda d: d.update(seed="a\x1bb"), "'seed' must be 1 to 64 printable"),
        (lambda d: d.update(seed=""), "'seed' must be 1 to 64"),
        (lambda d: d.update(player=""), "'player': a name must have 1 to 32 printable"),
        (lambda d: d.update(player="x" * 300), "'player': a name must have 1 to 32"),
        (lambda d: d.update(player="Ada\x1b[2J"), "'player': a name must"),
        (lambda d: d.update(events="x" * 500), "'events' must be a list, got \"xxx"),
        (lambda d: d["events"].__setitem__(0, None), "events[0] must be an object, got null"),
    ],
)
def test_bad_replays_are_refused_with_the_reason(clock: FakeClock, change: Any, words: str) -> None:
    data = good(clock)
    change(data)
    with pytest.raises(replay.ReplayError, match=words.replace("[", r"\[").replace("]", r"\]")):
        replay.parse(data)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        (
            '{"format": "minebender-replay", "version": ' + "9" * 5000 + "}",
            "an integer of over 4300 digits",
        ),
        ('{"format": "minebender-replay", "version": NaN}', "NaN is not a JSON number"),
        ('{"format": "minebender-replay", "version": -Infinity}', "-Infinity is not a JSON"),
        ('{"format": "minebender-replay", "format": "x"}', 'the key "format" is written twice'),
        ('{"format": "minebender-replay", "version": 1}'.encode("utf-16"), "not UTF-8"),
    ],
)
def test_json_python_cannot_hold_is_a_clear_error(text: str | bytes, words: str) -> None:
    """Deep nesting and numbers past Python's digit limit raise other errors
    than a JSON syntax error; they too are a ReplayError, not a crash. A key
    written twice (Python keeps the last) and UTF-16 (Python guesses it) are
    refused: a replay is UTF-8 JSON."""
    with pytest.raises(replay.ReplayError, match=words):
        replay.loads(text)


def test_not_json_and_not_an_object() -> None:
    with pytest.raises(replay.ReplayError, match="not valid JSON"):
        replay.loads("{")
    with pytest.raises(replay.ReplayError, match="one JSON object"):
        replay.loads("[]")


def test_a_file_past_the_size_limit_is_refused_before_it_is_read(clock: FakeClock) -> None:
    """docs/replays.md: files over 5 MB are refused, whoever reads them; a good
    replay padded past the limit (JSON allows the spaces) is refused too."""
    good = replay.dumps(replay.from_session(finished(clock)))
    assert replay.MAX_BYTES == 5_000_000
    padded = good[:-1] + " " * (replay.MAX_BYTES - len(good.encode())) + good[-1]
    assert replay.loads(padded).result.status == "won"
    with pytest.raises(replay.ReplayError, match="more than the 5000000 a replay may have"):
        replay.loads(good[:-1] + " " * (replay.MAX_BYTES + 1 - len(good.encode())) + good[-1])


def test_custom_and_assist_events_survive(clock: FakeClock) -> None:
    s = Session(SessionSpec(Custom(12, 10, 20), "c", practice=True), clock)
    s.assist()  # before the first click: opens the centre
    s.assist()  # then too early or a real help, as the laws say
    while not s.over:
        s.assist()
    data = json.loads(replay.dumps(replay.from_session(s)))
    assert data["level"] == "custom" and data["practice"] is True
    assert all("k" in e for e in data["events"])
    assert replay.parse(data).session().game == s.game


def test_a_utf8_bom_is_forgiven(clock: FakeClock) -> None:
    """Notepad starts the UTF-8 files it saves with a BOM."""
    text = replay.dumps(replay.parse(good(clock)))
    assert replay.loads(b"\xef\xbb\xbf" + text.encode()) == replay.loads(text)
    assert replay.loads("\ufeff" + text) == replay.loads(text)


@pytest.mark.heavy
def test_replay_board_prints_a_position_solve_reads(clock: FakeClock, tmp_path: Any) -> None:
    """``minebender replay FILE --board MOVE``: the board as the player saw it
    after MOVE moves, flags included, in the board text ``solve`` reads."""
    import subprocess
    import sys
    from pathlib import Path

    from minebender.formats.boardtext import parse_board

    s = finished(clock)
    path = Path(tmp_path) / "game.json"
    path.write_text(replay.dumps(replay.from_session(s)))
    script = Path(sys.executable).with_name("minebender")

    def board(move: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(script), "replay", str(path), "--board", move],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=60,
        )

    before = parse_board(board("1").stdout)  # the flag only: nothing revealed yet
    assert before.flags == {Pos(0, 0)}
    assert before.knowledge.mines == 10 and before.knowledge.width == 9
    after = parse_board(board("2").stdout)  # the first click opened an area
    assert after.knowledge.rows[FIRST.y][FIRST.x] != before.knowledge.rows[FIRST.y][FIRST.x]
    end = board("end").stdout
    assert parse_board(end).knowledge == s.knowledge
    # a won game's mines are flagged, as the screen shows them
    assert parse_board(end).flags == set(mines_of(SEED, FIRST))
    assert board(" end").returncode == 2  # no spaces around a MOVE, as around a number
    solved = subprocess.run(
        [str(script), "solve", "-"], input=end, capture_output=True, text=True, timeout=60
    )
    assert solved.returncode == 0 and "1 consistent layout" in solved.stdout
    assert parse_board(board(str(len(s.moves))).stdout) == parse_board(end)
    too_far = board(str(len(s.moves) + 1))
    assert too_far.returncode == 2 and f"has {len(s.moves)} moves" in too_far.stderr
    assert board("x").returncode == 2


def played_on(layout_rows: list[str], moves: list[Pos]) -> dict[str, Any]:
    """The replay file of a Beginner game played on a layout of one's own, each
    move a reveal: a file as consistent as any, but for where its mines are."""
    layout = tuple(tuple(c == "*" for c in row) for row in layout_rows)
    s = Session(SessionSpec(Beginner(), SEED, False, False, layout), lambda: 0.0)
    for p in moves:
        s.reveal(p)
    assert s.over
    return replay.to_json(replay.from_session(s))


BOTTOM = ["........."] * 8 + ["*" * 9]
"""Nine mines in the last row; a tenth is added where each test wants it."""


def with_mine(x: int, y: int) -> list[str]:
    rows = list(BOTTOM)
    rows[y] = rows[y][:x] + "*" + rows[y][x + 1 :]
    return rows


@pytest.mark.parametrize(
    ("rows", "moves", "words"),
    [
        (with_mine(4, 4), [FIRST], r"a mine under the first click \(4, 4\)"),
        (
            with_mine(5, 5),
            [FIRST, Pos(5, 5)],
            r"a mine at \(5, 5\), next to the first click \(4, 4\)",
        ),
    ],
)
def test_a_layout_the_laws_never_deal_to_its_first_click_is_refused(
    rows: list[str], moves: list[Pos], words: str
) -> None:
    """An edited file lost (or won) at its first click a game no one could meet:
    the laws keep the first click, and with room its neighbours, free of mines."""
    data = played_on(rows, moves)
    with pytest.raises(replay.ReplayError, match=words):
        replay.parse(data)


def test_a_layout_its_seed_does_not_deal_is_read_and_said(clock: FakeClock) -> None:
    """A replay keeps its layout, which a later version may deal otherwise;
    one that is not its seed's board is read, and the viewers say so."""
    ours = replay.loads(replay.dumps(replay.from_session(finished(clock))))
    assert ours.dealt()
    moved = replay.parse(played_on(with_mine(0, 0), [FIRST]))  # one click opens it all
    assert moved.result.status == "won" and not moved.dealt()

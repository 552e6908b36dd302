"""A player's progress: every finished game of the store reviewed, a row per
level (``stats --progress``) and SVG plots (the page), practice and games
played with help (hints, auto play) excepted."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from minebender.rules.solver import analyse
from minebender.services import store as store_module
from minebender.services.autoplay import play_until_guess
from minebender.services.progress import (
    METRICS,
    GamePoint,
    progress_points,
    progress_svg,
    progress_table,
)
from minebender.services.review.judge import judge
from minebender.services.review.play import played
from minebender.services.review.record import Record
from minebender.services.session import Event, Session, SessionSpec
from minebender.values.types import Beginner, Pos, Reveal

SVG = "{http://www.w3.org/2000/svg}"


def play(
    seed: str, *, needless: bool = False, lose: bool = False, practice: bool = False
) -> Session:
    """A Beginner game played to its end, a click each 0.5 s: safe cells only,
    or with one needless guess (a cell the view does not prove safe, that is
    safe, taken while a safe cell was there), or lost on a mine."""
    now = [0.0]
    s = Session(SessionSpec(Beginner(), seed, practice=practice), clock=lambda: now[0])
    s.reveal(Pos(4, 4))
    guessed = False
    while not s.over:
        now[0] += 0.5
        game = s.game
        assert game is not None
        a = analyse(game.knowledge)
        hidden = [Pos(x, y) for y in range(9) for x in range(9) if game.knowledge.hidden(Pos(x, y))]
        unproved = [p for p in hidden if p not in a.safe and p not in a.mines]
        if lose:
            s.reveal(next(p for p in hidden if game.layout[p.y][p.x]))
        elif needless and not guessed and a.safe and unproved:
            pick = [p for p in unproved if not game.layout[p.y][p.x]]
            if pick:
                s.reveal(pick[0])
                guessed = True
                continue
            s.reveal(min(a.safe))
        elif a.safe:
            s.reveal(min(a.safe))
        else:  # no safe cell: the safe one of the least likely, as a lucky player
            s.reveal(min((p for p in unproved if not game.layout[p.y][p.x]), key=a.probability))
    return s


def helped(seed: str, how: str) -> Session:
    """A Beginner game won with help: the hints shown, or auto play first."""
    s = Session(SessionSpec(Beginner(), seed), clock=lambda: 0.0)
    s.reveal(Pos(4, 4))
    if how == "auto":
        play_until_guess(s, "no_flags")
    else:
        s.show_hints()
    assert s.layout is not None
    for y, row in enumerate(s.layout):
        for x, mine in enumerate(row):
            if not mine and not s.over:
                s.reveal(Pos(x, y))
    assert s.won
    return s


@pytest.fixture
def filled(tmp_path: Path) -> tuple[Path, list[Session]]:
    path = tmp_path / "games.db"
    games = [
        play("p-1"),
        play("p-2", lose=True),
        play("p-3", needless=True),
        play("p-4", practice=True),
        helped("p-5", "auto"),
        helped("p-6", "hints"),
    ]
    with store_module.open(path) as st:
        for s in games:
            st.create_game(s, interface="tui")
    return path, games


@pytest.fixture
def points(filled: tuple[Path, list[Session]]) -> list[GamePoint]:
    with store_module.open(filled[0], read_only=True) as st:
        return progress_points(st)


def test_every_finished_game_but_practice_or_helped_is_counted_oldest_first(
    filled: tuple[Path, list[Session]], points: list[GamePoint]
) -> None:
    games = filled[1]
    assert [p.won for p in points] == [s.won for s in games[:3]]
    (row,) = progress_table(points)
    assert (row.level, row.games, row.won) == ("beginner", 3, sum(s.won for s in games[:3]))
    won = [s for s in games[:3] if s.won]
    assert row.best_ms == min(s.elapsed_ms for s in won)
    assert row.win_rate == pytest.approx(100 * len(won) / 3)
    # the needless guesses are the review's: judged again here from the games
    third = points[2]
    assert third.needless >= 1 and points[0].needless == 0
    assert row.needless_per_game == pytest.approx(sum(p.needless for p in points) / 3)
    assert row.ioe == pytest.approx(sum(p.ioe for p in points) / 3)


def test_the_judge_agrees_on_a_needless_guess() -> None:
    """The scripted needless guess is one: a cell the view did not prove safe
    while a safe cell was there (checked on a record of the same game)."""
    s = play("p-3", needless=True)
    assert s.game is not None
    layout = s.game.layout
    moves = tuple(Event(Reveal(e.pos), e.t_ms) for e in s.events if e.pos is not None)
    rec = Record("t", "minebender-replay", None, None, 9, 9, 10, layout, moves)
    assert sum(j.verdict == "needless guess" for j in judge(played(rec))) == 1


def test_each_plot_is_svg_with_a_line_per_level_and_a_point_per_game(
    points: list[GamePoint],
) -> None:
    for metric in METRICS:
        root = ElementTree.fromstring(progress_svg(points, metric))
        assert root.tag == f"{SVG}svg" and root.get("data-metric") == metric
        lines = root.findall(f"{SVG}polyline")
        assert [line.get("data-level") for line in lines] == ["beginner"]
        dots = root.findall(f"{SVG}circle")
        wins = sum(p.won for p in points)
        assert len(dots) == (wins if metric in ("bbbv_per_s", "best_s") else len(points))
        assert len(lines[0].get("points", "").split()) == len(dots)
    empty = ElementTree.fromstring(progress_svg([], "ioe"))
    assert "no game yet" in "".join(empty.itertext())


def test_stats_progress_prints_a_row_per_level(filled: tuple[Path, list[Session]]) -> None:
    path, _ = filled
    run = [sys.executable, "-m", "minebender", "stats", "--progress", "--db", str(path)]
    done = subprocess.run(run, capture_output=True, text=True, check=True)
    line = next(x for x in done.stdout.splitlines() if "beginner" in x)
    assert "3" in line and "%" in line
    done = subprocess.run([*run, "--json"], capture_output=True, text=True, check=True)
    got = json.loads(done.stdout)
    assert [r["level"] for r in got["levels"]] == ["beginner"]
    assert len(got["games"]) == 3 and got["levels"][0]["games"] == 3
    bad = subprocess.run([*run, "--reset", "statistics", "--yes"], capture_output=True, text=True)
    assert bad.returncode == 2 and "--progress" in bad.stderr and "Traceback" not in bad.stderr


def test_a_corpus_log_adds_its_games_each_file_once(
    filled: tuple[Path, list[Session]], tmp_path: Path
) -> None:
    """review --summary's log: each file counted once (by its bytes), errors
    left out, its IOE as the review gives it; the store's games beside them."""
    from minebender.services.review import review_file
    from minebender.services.review.corpus import review_line

    rmv = Path(__file__).parent / "data" / "replays" / "test_rmv2_24px.rmv"
    data = rmv.read_bytes()
    line = review_line(str(rmv), data, "abc")
    log = tmp_path / "corpus.jsonl"
    lines = [line, line, {"path": "bad.rmv", "error": "bad.rmv: cut short", "sha256": "def"}]
    log.write_text("".join(json.dumps(x) + "\n" for x in lines))
    path, _ = filled
    run = [sys.executable, "-m", "minebender", "stats", "--progress", "--json"]
    done = subprocess.run(
        [*run, "--db", str(path), "--corpus", str(log)], capture_output=True, text=True, check=True
    )
    got = json.loads(done.stdout)
    assert len(got["games"]) == 4  # the store's 3, and the corpus' one
    corpus = got["games"][-1]
    f = review_file(rmv).figures
    assert corpus["id"] == str(rmv) and corpus["finished_at"] is None
    assert corpus["ioe"] == pytest.approx(f.ioe) and corpus["won"] is True
    missing = subprocess.run(
        [*run, "--db", str(path), "--corpus", str(tmp_path / "none.jsonl")],
        capture_output=True,
        text=True,
    )
    assert missing.returncode == 2 and "no such file" in missing.stderr


def test_the_page_judges_new_games_in_a_child_with_the_same_figures(
    filled: tuple[Path, list[Session]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first opening of Progress judges every game: in a child process at
    a file turn, so that other players do not wait; a second opening judges
    none again."""
    import warnings

    from starlette import exceptions as starlette_exceptions

    with warnings.catch_warnings():  # Starlette asks for "httpx2"; httpx still works
        warnings.simplefilter(
            "ignore",
            getattr(starlette_exceptions, "StarletteDeprecationWarning", DeprecationWarning),
        )
        from fastapi.testclient import TestClient

    from minebender.faces.web import create_app, progress_routes
    from minebender.services import progress

    judged: list[int] = []
    in_child = progress_routes._judge_in_child

    def counted(games: list[tuple[object, float]]) -> list[GamePoint | None]:
        judged.append(len(games))
        return in_child(games)  # type: ignore[arg-type]

    monkeypatch.setattr(progress_routes, "_judge_in_child", counted)
    progress._cache.clear()
    with TestClient(create_app(filled[0])) as client:
        first = client.get("/api/progress")
        again = client.get("/api/progress")
    assert first.status_code == 200, first.text
    assert first.json() == again.json()
    assert judged == [6, 3]  # practice and helped games have no figures: asked again
    progress._cache.clear()
    with store_module.open(filled[0], read_only=True) as st:
        here = progress_table(progress_points(st))
    (row,) = first.json()["levels"]
    assert (row["games"], row["won"], row["needless_per_game"]) == (
        here[0].games,
        here[0].won,
        here[0].needless_per_game,
    )

"""``minebender dataset``: positions with exact answers, written as Parquet.
The same arguments write the same bytes (one worker, two, a Dask cluster);
each row reads back as the solver's answer on its view; only a Parquet file
is ever replaced."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from needs import DASK, GYMNASIUM, PYARROW

pq = pytest.importorskip("pyarrow.parquet", reason=PYARROW)

from minebender.faces.cli import main  # noqa: E402
from minebender.formats.tilecodes import knowledge_of_codes, playing_codes  # noqa: E402
from minebender.rules.game import Game, setup  # noqa: E402
from minebender.rules.solver import analyse  # noqa: E402
from minebender.services.dataset import DatasetSpec, make_dataset  # noqa: E402
from minebender.services.dataset.parquet import GROUP_ROWS, schema  # noqa: E402
from minebender.services.session.board import layout_for  # noqa: E402
from minebender.services.session.codes import parse_board_code  # noqa: E402
from minebender.values.types import Beginner, Intermediate, Pos, Reveal  # noqa: E402

BOT = DatasetSpec(Beginner(), "bot", 5, 12)
RANDOM = DatasetSpec(Intermediate(), "random", 9, 15)


def _make(spec: DatasetSpec, path: Path, **kwargs: Any) -> bytes:
    make_dataset(spec, path, progress=False, **kwargs)
    return path.read_bytes()


@pytest.fixture(scope="module")
def bot_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("data") / "bot.parquet"
    _make(BOT, path, workers=1)
    return path


def test_the_same_arguments_write_the_same_bytes_with_any_number_of_workers(
    bot_file: Path, tmp_path: Path
) -> None:
    again = _make(BOT, tmp_path / "again.parquet", workers=1)
    assert again == bot_file.read_bytes()
    other = _make(DatasetSpec(Beginner(), "bot", 6, 12), tmp_path / "other.parquet", workers=1)
    assert other != again
    many = DatasetSpec(Beginner(), "random", 2, 130)  # three chunks, so two workers share them
    one = _make(many, tmp_path / "one.parquet", workers=1)
    assert _make(many, tmp_path / "two.parquet", workers=2) == one


def _rows(path: Path) -> list[dict[str, Any]]:
    table = pq.read_table(path)
    assert table.schema.equals(schema(), check_metadata=True)
    rows: list[dict[str, Any]] = table.to_pylist()
    return rows


@pytest.mark.parametrize("player", ["bot", "random"])
def test_each_row_is_the_solvers_answer_on_its_view(
    player: str, bot_file: Path, tmp_path: Path
) -> None:
    """Law: every probability is the exact answer on the row's view, the
    probabilities of the hidden cells add up to the mines, proven safe cells
    have 0 and proven mines 1."""
    path = bot_file if player == "bot" else tmp_path / "random.parquet"
    if player == "random":
        _make(RANDOM, path, workers=1)
    rows = _rows(path)
    assert rows, "no position was written"
    for row in rows:
        w = row["width"]
        knowledge = knowledge_of_codes(row["view"], w, row["mines"])
        analysis = analyse(knowledge)
        probs = [Fraction(p) for p in row["probability"]]
        assert sum(probs) == row["mines"]
        for cell, p in zip(row["hidden"], probs, strict=True):
            assert analysis.probabilities[cell // w][cell % w] == p
        assert row["safe"] == sorted(p.y * w + p.x for p in analysis.safe)
        assert all(probs[row["hidden"].index(c)] == 0 for c in row["safe"])
        assert all(probs[row["hidden"].index(c)] == 1 for c in row["proven_mines"])
        assert int(row["layouts"]) == analysis.solutions
        assert set(row["action"]) <= set(row["hidden"])
        assert row["guess"] == (not set(row["action"]) <= set(row["safe"]))


def _games(rows: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    game: list[dict[str, Any]] = []
    for row in rows:
        if game and row["game"] != game[0]["game"]:
            yield game
            game = []
        game.append(row)
    if game:
        yield game


def test_a_games_rows_are_its_board_code_played_move_by_move(bot_file: Path) -> None:
    """Game i is board LEVEL:SEED.i dealt around the first click: its actions,
    played on that board, give each next row's view and the end it records."""
    rows = _rows(bot_file)
    games = list(_games(rows))
    assert [g[0]["game"] for g in games] == sorted({r["game"] for r in rows})
    for game_rows in games:
        head = game_rows[0]
        expected = "b:5" if head["game"] == 0 else f"b:5.{head['game']}"
        assert head["board_code"] == expected
        spec = parse_board_code(head["board_code"])
        w = head["width"]
        first = Pos(head["first_click"] % w, head["first_click"] // w)
        game = Game.fresh(w, head["height"], layout_for(setup(spec.level), spec.seed, first))
        game = game.step(Reveal(first))
        for i, row in enumerate(game_rows):
            assert row["move"] == i
            assert row["view"] == playing_codes(game.knowledge, ())
            for cell in row["action"]:
                game = game.step(Reveal(Pos(cell % w, cell // w)))
        assert not game.playing
        assert all(r["won"] == (game.status.__class__.__name__ == "Won") for r in game_rows)


def test_polars_reads_it_too(bot_file: Path) -> None:
    pl = pytest.importorskip("polars")
    frame = pl.read_parquet(bot_file)
    assert frame.height == len(_rows(bot_file))
    assert frame["board_code"][0] == "b:5"


def test_row_groups_are_of_a_fixed_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """So the bytes do not depend on when games came back: GROUP_ROWS a group."""
    from minebender.services.dataset import parquet

    assert GROUP_ROWS == 10_000
    monkeypatch.setattr(parquet, "GROUP_ROWS", 7)
    path = tmp_path / "many.parquet"
    _make(BOT, path, workers=1)
    info = pq.ParquetFile(path).metadata
    sizes = [info.row_group(i).num_rows for i in range(info.num_row_groups)]
    assert len(sizes) > 2
    assert sizes[:-1] == [7] * (len(sizes) - 1) and 0 < sizes[-1] <= 7


def test_the_command_writes_the_file_and_says_what_it_wrote(
    tmp_path: Path, bot_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cli.parquet"
    args = ["dataset", "--games", "12", "--level", "beginner", "--seed", "5", "--workers", "1"]
    assert main([*args, "--out", str(out), "--no-progress"]) == 0
    assert out.read_bytes() == bot_file.read_bytes()
    said = capsys.readouterr().out
    assert "positions of 12 games" in said
    assert main([*args, "--out", str(out), "--games", "1", "--no-progress"]) == 0
    assert out.read_bytes() != bot_file.read_bytes()  # a Parquet file is replaced


@pytest.mark.parametrize(
    ("name", "content", "said"),
    [
        ("notes.parquet", b"my notes", "is there and is not a Parquet file"),
        ("out.csv", None, "must name a .parquet file"),
        ("missing/out.parquet", None, "there is no folder"),
    ],
)
def test_a_file_that_is_not_parquet_is_never_replaced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, content: bytes | None, said: str
) -> None:
    out = tmp_path / name
    if content is not None:
        out.write_bytes(content)
    assert main(["dataset", "--games", "1", "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and said in err[0]
    if content is not None:
        assert out.read_bytes() == content
    else:
        assert not out.exists()


def test_a_dask_cluster_writes_the_same_file(bot_file: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed", reason=DASK)
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        dashboard_address=":0",
        protocol="tcp://",
        host="127.0.0.1",
    ) as cluster:
        remote = _make(BOT, tmp_path / "dask.parquet", cluster=cluster.scheduler_address)
    assert remote == bot_file.read_bytes()


def test_dataset_boards_are_the_environments_episodes(bot_file: Path) -> None:
    """Game i of a dataset of seed S is episode i of the environment after
    reset(seed=S): the same board code."""
    pytest.importorskip("gymnasium", reason=GYMNASIUM)
    from minebender.services.env import MinebenderEnv

    env = MinebenderEnv("beginner")
    codes = [env.reset(seed=5)[1]["board_code"]] + [env.reset()[1]["board_code"] for _ in range(11)]
    by_game = {r["game"]: r["board_code"] for r in _rows(bot_file)}
    assert by_game and all(codes[g] == code for g, code in by_game.items())


def test_a_progress_bar_counts_the_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bar.parquet"
    args = ["dataset", "--games", "3", "--level", "beginner", "--player", "random"]
    assert main([*args, "--workers", "1", "--out", str(out), "--progress"]) == 0
    err = capsys.readouterr().err
    assert "beginner random" in err and "3/3" in err

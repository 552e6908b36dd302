"""Reading other clients' replays: each format from real files (or files their
recorder wrote), the figures equal to ms_toollib's for the same file, and bad
files named in one line."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import ms_toollib
import pytest

from minebender.game import Game
from minebender.review import Move, ReviewError, review_file
from minebender.review.peers import read_peer
from minebender.review.play import advance
from minebender.types import Lost, Pos
from review_files import (
    DATA,
    MINES_9,
    PREFLAGS_24_RMV,
    PREFLAGS_RMV,
    RMV,
    SHARED,
    evf_by_recorder,
    safe_clicks,
)


def reference(path: Path) -> object:
    """ms_toollib's reading of a good file, at its end."""
    kind = {".rmv": ms_toollib.RmvVideo, ".evf": ms_toollib.EvfVideo}[path.suffix]
    video = kind(str(path))
    video.parse()
    video.analyse()
    video.current_time = 1e9
    return video


def assert_same_figures(path: Path) -> None:
    r = review_file(path)
    v = reference(path)
    f, rec = r.figures, r.record
    assert (rec.width, rec.height, rec.mines) == (v.column, v.row, v.mine_num)
    assert f.time_ms == v.rtime_ms
    assert (f.bbbv, f.bbbv_solved) == (v.bbbv, v.bbbv_solved)
    assert (f.clicks.left, f.clicks.right, f.clicks.double) == (v.left, v.right, v.double)
    assert f.clicks.total == v.cl
    assert f.effective == v.ce
    assert f.zini == v.zini
    assert f.bbbv_per_s == pytest.approx(v.bbbv_s)
    assert f.ioe == pytest.approx(v.ioe)
    assert f.corr == pytest.approx(v.corr)
    assert f.thrp == pytest.approx(v.thrp)
    assert f.rqp == pytest.approx(v.rqp)
    assert f.stnb(rec.width, rec.height, rec.mines) == pytest.approx(v.stnb)
    assert rec.player == (v.player_identifier or None)


def test_the_real_replays_are_the_shared_ones() -> None:
    """tests/data keeps the shared replays byte for byte (when CI has shared/ beside
    the clone), and one more from the same source: the 24 px pre-flags file."""
    assert len(RMV) == 4 and PREFLAGS_24_RMV.is_file()
    if SHARED.is_dir():
        for path in RMV:
            assert path.read_bytes() == (SHARED / path.name).read_bytes()


@pytest.mark.parametrize("path", [*RMV, PREFLAGS_24_RMV], ids=lambda p: p.name)
def test_rmv_figures_equal_ms_toollib(path: Path) -> None:
    assert_same_figures(path)


def test_rmv_preflags_are_flags_before_the_first_click() -> None:
    rec = read_peer(PREFLAGS_RMV)
    first_reveal = next(i for i, m in enumerate(rec.moves) if m.type == "reveal")
    assert first_reveal == 9
    assert all(m.type == "flag" for m in rec.moves[:9])


def test_rmv_preflags_are_read_column_then_row() -> None:
    """ms_toollib reads a pre-flag's two bytes as it reads a mine's, column then
    row. On a block of pre-flags wider than it is tall, that reading replays the
    game to its win; the other way round (row then column) a chord fires into
    misplaced flags and the game is lost: so no swap hides there."""
    rec = read_peer(PREFLAGS_24_RMV)
    first_reveal = next(i for i, m in enumerate(rec.moves) if m.type == "reveal")
    pre = {(m.pos.x, m.pos.y) for m in rec.moves[:first_reveal]}
    assert pre == {(x, y) for x in range(4, 8) for y in range(5, 8)}
    assert review_file(PREFLAGS_24_RMV).to_json()["result"]["status"] == "won"
    swapped = [
        Move(m.t_ms, m.type, Pos(m.pos.y, m.pos.x)) if i < first_reveal else m
        for i, m in enumerate(rec.moves)
    ]
    game = Game.fresh(rec.width, rec.height, rec.layout)
    started = False
    for m in swapped:
        if not game.playing:
            break
        game, _ = advance(game, m, started, True)
        started = started or m.type != "flag"
    assert isinstance(game.status, Lost)


def test_expert_rmv_reads_its_software_and_player() -> None:
    rec = read_peer(DATA / "test_rmv1_utf8_basic.rmv")
    assert (rec.software, rec.player, rec.format) == ("Viennasweeper", "Thomas Kolar", "rmv")
    assert (rec.width, rec.height, rec.mines) == (30, 16, 99)


def test_evf_written_by_the_recorder_won(tmp_path: Path) -> None:
    clicks = [
        ("r", 0, 0),
        *safe_clicks(MINES_9, 9, 9)[:5],
        ("c", 1, 1),
        *safe_clicks(MINES_9, 9, 9),
    ]
    path = evf_by_recorder(tmp_path / "won.evf", MINES_9, 9, 9, clicks)
    assert_same_figures(path)
    r = review_file(path)
    assert r.figures.status == "won"
    assert r.record.format == "evf"
    assert {m.type for m in r.record.moves} == {"reveal", "flag", "chord"}


def test_evf_written_by_the_recorder_lost(tmp_path: Path) -> None:
    clicks = [("l", 3, 0), ("l", 4, 0), ("l", 8, 0)]  # (8, 0) is a mine
    path = evf_by_recorder(tmp_path / "lost.evf", MINES_9, 9, 9, clicks)
    r = review_file(path)
    assert r.figures.status == "lost"
    assert r.summary.lost_at == len(r.moves) - 1
    assert r.moves[-1].risk is not None and r.moves[-1].risk > 0


def test_a_large_custom_board_is_read_as_it_is(tmp_path: Path) -> None:
    """A replay is a record: a 40x30 board is not clamped to Windows' 30x24."""
    mines = {(x, y) for x in range(40) for y in range(30) if (x * 7 + y * 13) % 11 == 0}
    mine = min(mines)
    path = evf_by_recorder(tmp_path / "big.evf", mines, 40, 30, [("l", 1, 1), ("l", *mine)])
    r = review_file(path)
    assert (r.record.width, r.record.height, r.record.mines) == (40, 30, len(mines))
    assert r.figures.status == "lost"


def damaged(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


BAD = [
    ("empty.rmv", b"", "the file is empty"),
    ("text.rmv", b"hello\n", "not an RMV replay"),
    ("text.evf", b"hello\n", "not an EVF replay"),
    ("text.avf", b"hello, world\n", "not an AVF replay"),
    ("short.avf", b"\x03\x00", "cut short"),
    ("text.mvf", b"hello, world\n", "damaged or cut short"),
]


@pytest.mark.parametrize(("name", "data", "said"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_file_is_named_with_what_is_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, data: bytes, said: str
) -> None:
    monkeypatch.chdir(tmp_path)
    path = damaged(tmp_path, name, data)
    with pytest.raises(ReviewError) as info:
        review_file(path)
    assert str(info.value).startswith(f"{path}: ")
    assert said in str(info.value)
    assert not (tmp_path / "crash.log").exists()  # ms_toollib's log stays in the child's directory


def test_an_rmv_cut_short_costs_one_error_not_the_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ms_toollib aborts (SIGABRT) on a cut .rmv: only the child dies."""
    monkeypatch.chdir(tmp_path)
    data = (DATA / "test_rmv1_utf8_basic.rmv").read_bytes()
    path = damaged(tmp_path, "cut.rmv", data[:3000])
    with pytest.raises(ReviewError, match=r"damaged or cut short .*SIGABRT"):
        review_file(path)
    assert not (tmp_path / "crash.log").exists()


def test_no_parser_directory_is_left_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each parse works in a directory of its own (for ms_toollib's crash.log),
    removed afterwards whether the parser answered or aborted."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    review_file(DATA / "test_rmv2_24px.rmv")
    data = (DATA / "test_rmv1_utf8_basic.rmv").read_bytes()
    with pytest.raises(ReviewError, match="SIGABRT"):
        review_file(damaged(tmp_path, "cut.rmv", data[:3000]))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cut.rmv"]


def test_an_rmv_of_an_unknown_version_is_named(tmp_path: Path) -> None:
    data = bytearray((DATA / "test_rmv2_24px.rmv").read_bytes())
    data[4:6] = (7).to_bytes(2, "big")
    with pytest.raises(ReviewError, match="RMV version 7 is not known"):
        review_file(damaged(tmp_path, "v7.rmv", bytes(data)))


def test_an_evf_cut_short_is_named(tmp_path: Path) -> None:
    good = evf_by_recorder(tmp_path / "good.evf", MINES_9, 9, 9, safe_clicks(MINES_9, 9, 9))
    data = good.read_bytes()
    with pytest.raises(ReviewError, match="damaged or cut short"):
        review_file(damaged(tmp_path, "cut.evf", data[: len(data) // 2]))


def test_the_command_says_one_line_per_bad_file_and_exits_2(tmp_path: Path) -> None:
    cut = damaged(tmp_path, "cut.rmv", (DATA / "test_rmv2_24px.rmv").read_bytes()[:200])
    done = subprocess.run(
        [sys.executable, "-m", "minebender", "review", str(cut), str(DATA / "test_rmv2_24px.rmv")],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"minebender review: {cut}: damaged or cut short (RMV reader: the parser died with SIGABRT)"
    ]
    assert "test_rmv2_24px.rmv: 8x8 with 10 mines" in done.stdout
    assert not (tmp_path / "crash.log").exists()

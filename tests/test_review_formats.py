"""Reading other clients' replays: each format from real files (or files their
recorder wrote; .avf and .mvf, of which no real file is at hand, from files
tests/peer_writers.py writes as ms_toollib's readers parse them), the figures
equal to ms_toollib's for the same file, and bad files named in one line."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

import ms_toollib
import pytest

from minebender.rules.game import Game
from minebender.services.review import Review, ReviewError, review_file
from minebender.services.review.figures import STNB_CONSTANTS
from minebender.services.review.peers import read_peer
from minebender.services.review.play import advance
from minebender.services.session import Event
from minebender.values.types import Flag, Lost, Pos
from peer_writers import avf_bytes, mouse_events, mvf_bytes, write_peer
from review_files import (
    DATA,
    MINES_9,
    PREFLAGS_24_RMV,
    PREFLAGS_RMV,
    RMV,
    SHARED,
    evf_by_recorder,
    numbers,
    safe_clicks,
    winning_clicks,
)


def reference(path: Path) -> object:
    """ms_toollib's reading of a good file, at its end."""
    kind = {
        ".rmv": ms_toollib.RmvVideo,
        ".evf": ms_toollib.EvfVideo,
        ".avf": ms_toollib.AvfVideo,
        ".mvf": ms_toollib.MvfVideo,
    }[path.suffix]
    video = kind(str(path))
    video.parse()
    video.analyse()
    video.current_time = 1e9
    return video


def assert_same_figures(path: Path) -> Review:
    """Review the file once, check its figures against ms_toollib's, and give
    the review back: a review of a full Expert game takes seconds."""
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
    stnb = f.stnb(rec.width, rec.height, rec.mines)
    classic = (rec.width, rec.height, rec.mines) in STNB_CONSTANTS
    assert stnb == pytest.approx(v.stnb) if classic else (stnb is None and v.stnb == 0)
    assert rec.player == (v.player_identifier or None)
    return r


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


SHARED_REPLAYS = (
    sorted(p for p in SHARED.iterdir() if p.suffix in (".avf", ".rmv", ".evf", ".mvf"))
    if SHARED.is_dir()
    else []
)
"""Every replay of ../shared/replays, whatever its format: a real .avf or .mvf
put there is checked against ms_toollib with no change to the tests."""


NO_SHARED = pytest.param(
    None,
    id="none",
    marks=pytest.mark.skip(reason="needs replays in ../shared/replays, beside the repository"),
)


@pytest.mark.parametrize("path", SHARED_REPLAYS or [NO_SHARED], ids=lambda p: p.name)
def test_every_shared_replay_has_ms_toollib_figures(path: Path) -> None:
    """ms_toollib aborts on Minesweeper Clone's files of other versions than
    0.97: minebender's own reader reads them (tests/test_review_clone_rawvf.py)."""
    if path.suffix == ".mvf" and "0.97" not in path.name:
        assert review_file(path).figures.status == "won"
        return
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
        Event(Flag(Pos(m.pos.y, m.pos.x)), m.t_ms) if i < first_reveal else m
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
    r = assert_same_figures(path)
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


WON_9 = [("r", 0, 0), *safe_clicks(MINES_9, 9, 9)[:5], ("c", 1, 1), *safe_clicks(MINES_9, 9, 9)]
"""A flag, reveals, a chord, then every safe cell: a won game."""
LOST_9 = [("l", 3, 0), ("r", 0, 0), ("l", 4, 0), ("l", 8, 0)]
"""(8, 0) is a mine."""
WRITTEN = [".avf", ".mvf"]
"""Formats no real file of can be had here: written by tests/peer_writers.py."""


@pytest.mark.parametrize("suffix", WRITTEN)
def test_ms_toollib_reads_a_written_replay_back(tmp_path: Path, suffix: str) -> None:
    """The writer is right when ms_toollib reads the same board, player, time
    and mouse events back (its reader adds pointer moves: they are left out)."""
    path = write_peer(tmp_path / f"won{suffix}", MINES_9, 9, 9, WON_9, "Ada Lovelace")
    v = reference(path)
    assert (v.column, v.row, v.mine_num) == (9, 9, len(MINES_9))
    assert [list(row) for row in v.board] == numbers(MINES_9, 9, 9)
    assert v.player_identifier == "Ada Lovelace"
    events = [
        (round(e.time * 100), m.mouse, m.x, m.y)
        for e in v.events
        if e.event.is_mouse() and (m := e.event.unwrap_mouse()).mouse != "mv"
    ]
    assert events == mouse_events(WON_9)
    assert v.bbbv == ms_toollib.cal_bbbv(numbers(MINES_9, 9, 9))


@pytest.mark.parametrize("suffix", WRITTEN)
def test_written_replay_won_figures_equal_ms_toollib(tmp_path: Path, suffix: str) -> None:
    path = write_peer(tmp_path / f"won{suffix}", MINES_9, 9, 9, WON_9, "Ada Lovelace")
    r = assert_same_figures(path)
    assert r.figures.status == "won"
    assert r.record.format == suffix[1:]
    assert r.record.software == {".avf": "Arbiter", ".mvf": "Minesweeper Clone 0.97 beta"}[suffix]
    assert [m.type for m in r.record.moves][:7] == ["flag", *["reveal"] * 5, "chord"]


@pytest.mark.parametrize("suffix", WRITTEN)
def test_written_replay_lost_figures_equal_ms_toollib(tmp_path: Path, suffix: str) -> None:
    path = write_peer(tmp_path / f"lost{suffix}", MINES_9, 9, 9, LOST_9)
    r = assert_same_figures(path)
    assert r.figures.status == "lost"
    assert r.summary.lost_at == len(r.moves) - 1
    assert r.moves[-1].played.move.pos == Pos(8, 0)


@pytest.mark.parametrize("suffix", WRITTEN)
def test_a_middle_click_in_a_written_replay_chords(tmp_path: Path, suffix: str) -> None:
    """Arbiter and Clone chord with the middle button too: (1, 1) shows 1 and
    (0, 0) is flagged, so the middle click opens the cells around. Flags are
    not knowledge: the one mine by (1, 1) is any of its 8 cells alike, so the
    chord opens one in 7 of 8 cases."""
    clicks = [("l", 1, 1), ("r", 0, 0), ("m", 1, 1), *winning_clicks(MINES_9, 9, 9)]
    path = write_peer(tmp_path / f"middle{suffix}", MINES_9, 9, 9, clicks)
    r = assert_same_figures(path)
    chord = r.moves[2]
    assert (chord.played.move.type, chord.played.move.pos) == ("chord", Pos(1, 1))
    assert chord.risk == Fraction(7, 8)
    assert chord.played.before.knowledge.hidden(Pos(2, 2))
    assert chord.played.after.knowledge.revealed(Pos(2, 2))
    assert r.figures.status == "won" and r.figures.clicks.double == 1


@pytest.mark.parametrize("suffix", WRITTEN)
def test_a_release_opens_the_cell_under_the_pointer(tmp_path: Path, suffix: str) -> None:
    """A left press on (3, 0), the pointer moved to (5, 0), the release there:
    the clients open (5, 0), where the button came up."""
    events = [(0, "lc", 3 * 16 + 8, 8), (5, "mv", 4 * 16 + 8, 8), (9, "mv", 5 * 16 + 8, 8)]
    events += [(12, "lr", 5 * 16 + 8, 8)]
    events += [(t + 20, k, x, y) for t, k, x, y in mouse_events(winning_clicks(MINES_9, 9, 9))]
    path = tmp_path / f"drag{suffix}"
    path.write_bytes({".avf": avf_bytes, ".mvf": mvf_bytes}[suffix](MINES_9, 9, 9, events))
    r = assert_same_figures(path)
    assert (r.moves[0].played.move.type, r.moves[0].played.move.pos) == ("reveal", Pos(5, 0))
    assert r.moves[0].played.after.knowledge.revealed(Pos(5, 0))
    assert r.moves[0].played.after.knowledge.hidden(Pos(3, 0))


BOARDS = [
    (".avf", 30, 16, 99),  # Arbiter's Expert level
    (".avf", 20, 12, 37),  # Arbiter's custom level: its size in the header
    (".mvf", 30, 16, 99),
    (".mvf", 7, 11, 9),
]


@pytest.mark.parametrize(("suffix", "width", "height", "count"), BOARDS)
def test_a_written_replay_of_any_board_is_read_as_it_is(
    tmp_path: Path, suffix: str, width: int, height: int, count: int
) -> None:
    """Levels and custom sizes take other paths through the readers' headers."""
    cells = [(x, y) for y in range(height) for x in range(width)]
    mines = set(cells[3 :: len(cells) // count][:count])
    clicks = winning_clicks(mines, width, height)
    path = write_peer(tmp_path / f"board{suffix}", mines, width, height, clicks, "Bo")
    r = assert_same_figures(path)
    assert (r.record.width, r.record.height, r.record.mines) == (width, height, count)
    assert r.record.layout == tuple(
        tuple((x, y) in mines for x in range(width)) for y in range(height)
    )
    assert r.figures.status == "won"


@pytest.mark.parametrize("suffix", WRITTEN)
def test_a_written_replay_cut_short_is_named_as_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str
) -> None:
    monkeypatch.chdir(tmp_path)
    whole = write_peer(tmp_path / f"won{suffix}", MINES_9, 9, 9, WON_9).read_bytes()
    path = damaged(tmp_path, f"cut{suffix}", whole[: len(whole) // 2])
    with pytest.raises(ReviewError) as info:
        review_file(path)
    assert str(info.value).startswith(f"{path}: damaged or cut short")


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
    ("text.mvf", b"hello, world\n", "not an MVF replay, or of a version not known"),
    ("old.mvf", b"\x11\x4d" + bytes(25) + b"4" + bytes(99), "of a version not known"),
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
    with pytest.raises(ReviewError, match="damaged or cut short: the RMV reader could not read it"):
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
    with pytest.raises(ReviewError, match="the RMV reader could not read it"):
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
        f"minebender review: error: {cut}: damaged or cut short: the RMV reader could not read it"
    ]
    assert "test_rmv2_24px.rmv: 8x8 with 10 mines" in done.stdout
    assert not (tmp_path / "crash.log").exists()


@pytest.mark.parametrize("suffix", [".avf", ".mvf"])
@pytest.mark.parametrize(
    "before",
    [[("c", 4, 4)], [("c", 0, 0), ("c", 5, 5)], [("r", 0, 0), ("c", 0, 0)]],
    ids=["chord", "two chords", "flag then chord"],
)
def test_a_chord_before_the_first_click_counts_as_ms_toollib_counts_it(
    tmp_path: Path, suffix: str, before: list[tuple[str, int, int]]
) -> None:
    """Both buttons before the first click were counted as a double click;
    ms_toollib counts nothing until a flag is there, and then counts it. Its
    clock starts at the chord's left release all the same: so does review's."""
    clicks = before + winning_clicks(MINES_9, 9, 9)
    path = write_peer(tmp_path / f"chord{suffix}", MINES_9, 9, 9, clicks)
    f, v = review_file(path).figures, reference(path)
    assert (f.clicks.left, f.clicks.right, f.clicks.double) == (v.left, v.right, v.double)
    assert (f.clicks.total, f.effective) == (v.cl, v.ce)
    assert f.clicks.double == (1 if before[0][0] == "r" else 0)
    assert f.time_ms == v.rtime_ms


@pytest.mark.parametrize("suffix", WRITTEN)
@pytest.mark.parametrize("order", [("lr", "rr"), ("rr", "lr")], ids=["left first", "right first"])
def test_a_chord_before_the_first_click_starts_the_clock_at_its_left_release(
    tmp_path: Path, suffix: str, order: tuple[str, str]
) -> None:
    """Whichever button comes up first, ms_toollib's clock starts when the
    left one does: the chord's move is at its first release, the clock at 0."""
    at = 4 * 16 + 8
    events = [(0, "lc", at, at), (2, "rc", at, at), (4, order[0], at, at), (7, order[1], at, at)]
    events += [(t + 20, k, x, y) for t, k, x, y in mouse_events(winning_clicks(MINES_9, 9, 9))]
    path = tmp_path / f"chord{suffix}"
    path.write_bytes({".avf": avf_bytes, ".mvf": mvf_bytes}[suffix](MINES_9, 9, 9, events))
    r, v = review_file(path), reference(path)
    assert r.figures.time_ms == v.rtime_ms
    left_up = 70 if order[0] == "rr" else 40
    chord = r.record.moves[0]
    assert chord.type == "chord" and r.record.shown_ms(chord.t_ms) == 40 - left_up


@pytest.mark.parametrize("suffix", WRITTEN)
@pytest.mark.parametrize(
    "before",
    [
        [("r", 0, 0), ("l", 0, 0), ("r", 0, 0)],
        [("r", 0, 0), ("l", 0, 0), ("r", 1, 0)],
        [("r", 0, 0), ("l", 0, 0), ("l", 0, 0), ("r", 0, 0)],
        [("r", 0, 0), ("l", 0, 0), ("r", 1, 1), ("r", 0, 0)],
    ],
    ids=["unflag", "right elsewhere", "two left clicks", "flag elsewhere"],
)
def test_a_left_click_on_a_flag_before_the_first_click_counts_as_ms_toollib_counts_it(
    tmp_path: Path, suffix: str, before: list[tuple[str, int, int]]
) -> None:
    """ms_toollib reads a left release on a flag before the first click as a
    left click whose button stays down: the right press after it is a chord
    (it takes no flag away), and the left click after that is nothing. Review
    matched it nowhere (it counted the unflag and dropped every click); it
    now reads the presses by the same rule (``Hands(toollib=True)``)."""
    clicks = before + winning_clicks(MINES_9, 9, 9)
    path = write_peer(tmp_path / f"flag{suffix}", MINES_9, 9, 9, clicks)
    r, v = review_file(path), reference(path)
    f = r.figures
    assert (f.clicks.left, f.clicks.right, f.clicks.double) == (v.left, v.right, v.double)
    assert (f.clicks.total, f.effective, f.time_ms) == (v.cl, v.ce, v.rtime_ms)
    assert (f.status, f.bbbv_solved) == ("won" if v.is_completed else "lost", v.bbbv_solved)
    assert f.clicks.double >= 1  # the right press after the left release chorded


@pytest.mark.parametrize("before", [[("l", 20, 20)], [("r", 0, 0), ("l", 20, 20)]])
def test_a_left_click_off_the_board_before_the_first_click_counts_once_a_flag_is_there(
    tmp_path: Path, before: list[tuple[str, int, int]]
) -> None:
    """Before the first click a left release off the board is no click, unless
    a flag is placed: then ms_toollib counts it as a left click."""
    clicks = before + winning_clicks(MINES_9, 9, 9)
    path = write_peer(tmp_path / "off.mvf", MINES_9, 9, 9, clicks)
    f, v = review_file(path).figures, reference(path)
    assert (f.clicks.left, f.clicks.right, f.clicks.double) == (v.left, v.right, v.double)
    assert (f.effective, f.time_ms) == (v.ce, v.rtime_ms)

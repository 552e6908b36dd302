"""Minesweeper Clone's .mvf before and after 0.97 (read by minebender's own
reader: ms_toollib aborts on them) and RAW vf text, read and written.

What can be checked without ms_toollib reading the file is checked against it
another way: the mouse events the reader decodes are written as an .avf,
which ms_toollib plays; 0.97's own decoding is checked on a real 0.97 file;
the time and 3BV are those the file's own header gives."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import ms_toollib
import pytest

from minebender.formats import replay
from minebender.services.review import ReviewError, review_file
from minebender.services.review.corpus import review_line, summary_rows
from minebender.services.review.evf import evf_bytes
from minebender.services.review.figures import figures
from minebender.services.review.mvf_old import events_of, read_clone
from minebender.services.review.peers import read_peer
from minebender.services.review.play import played
from minebender.services.review.rawvf import rawvf_text, read_rawvf
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner, Pos
from peer_writers import avf_bytes, write_peer
from played import replay_written_as
from review_files import MINES_9, SHARED, evf_by_recorder, numbers, winning_clicks
from test_review_evf_games import LEVELS, random_game, toollib_video
from test_review_evf_out import played_game

OLD = {
    "clone_0.96beta.mvf": ("Minesweeper Clone 0.8 to 0.96 beta", "Oliver Scheer @ pwnage", 38840),
    "clone_2006_release.mvf": ("Minesweeper Clone 2006 release 1", "Nicolas", 45646),
}
"""Each old file's version, player and the time its header gives."""
CLONE_097 = SHARED / "clone_0.97beta_expert.mvf"
WON_CLICKS = winning_clicks(MINES_9, 9, 9)
needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/replays")


def mines_of(layout: tuple[tuple[bool, ...], ...]) -> set[tuple[int, int]]:
    return {(x, y) for y, row in enumerate(layout) for x, m in enumerate(row) if m}


@needs_shared
@pytest.mark.parametrize("name", sorted(OLD))
def test_an_old_clone_replay_is_a_whole_game_of_its_header(name: str) -> None:
    """The layout, the moves and the result make one game: won, every safe
    cell opened, in the time the file's header gives, on a board whose 3BV
    and ZiNi are ms_toollib's."""
    version, player, header_ms = OLD[name]
    r = review_file(SHARED / name)
    rec, f = r.record, r.figures
    assert (rec.software, rec.player, rec.format) == (version, player, "mvf")
    assert (rec.width, rec.height, rec.mines) == (30, 16, 99)
    assert f.status == "won" and f.bbbv_solved == f.bbbv
    assert f.time_ms == header_ms
    board = numbers(mines_of(rec.layout), 30, 16)
    assert (f.bbbv, f.zini) == (ms_toollib.cal_bbbv(board), ms_toollib.cal_zini(board))
    assert rec.shown_ms(rec.moves[0].t_ms) == 0 and rec.moves[0].type == "reveal"
    assert r.summary.lost_at is None


@needs_shared
@pytest.mark.parametrize("name", sorted(OLD))
def test_an_old_clone_replay_plays_as_ms_toollib_plays_its_mouse(tmp_path: Path, name: str) -> None:
    """The mouse events decoded, written as an .avf on the same layout: ms_toollib
    plays them to the same clicks, effective clicks and 3BV done, and the same
    time (to the hundredth an .avf keeps)."""
    data = (SHARED / name).read_bytes()
    clone = read_clone(data)
    events = [(t // 10, kind, x, y) for t, kind, x, y in events_of(clone.samples)]
    assert all(x >= 0 and y >= 0 for _, _, x, y in events)  # an .avf holds no pixel below 0
    path = tmp_path / "same.avf"
    path.write_bytes(avf_bytes(set(clone.mines), 30, 16, events))
    v = ms_toollib.AvfVideo(str(path))
    v.parse()
    v.analyse()
    v.current_time = 1e9
    f = review_file(SHARED / name).figures
    assert (f.clicks.left, f.clicks.right, f.clicks.double) == (v.left, v.right, v.double)
    assert (f.effective, f.bbbv_solved, f.bbbv) == (v.ce, v.bbbv_solved, v.bbbv)
    assert abs(f.time_ms - v.rtime_ms) < 10


@needs_shared
@pytest.mark.parametrize(
    "variant",
    [
        ("Funny Mode", lambda d: d[:27] + b"8" + d[28:]),
        ("a hack of it", lambda d: b"\x00\x00" + bytes(5) + d[74:]),
    ],
    ids=["funny mode", "hack"],
)
def test_the_097_hacks_decode_as_ms_toollib_decodes_097(variant: tuple[str, object]) -> None:
    """The two hacks of 0.97 keep its layout at another place: read by
    minebender's reader, they give the very moves ms_toollib reads in the
    real 0.97 file they are made from."""
    said, make = variant
    data = CLONE_097.read_bytes()
    hacked = make(data)  # type: ignore[operator]
    reference = read_peer(CLONE_097)
    own = read_peer(Path("hack.mvf"), hacked)
    assert said in (own.software or "")
    assert own.layout == reference.layout and own.player == reference.player
    assert own.moves == reference.moves
    assert read_clone(hacked).bbbv == 125


@needs_shared
@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Jürgen Müller".encode("cp1252"), "Jürgen Müller"),
        ("王建宁 Wang".encode("gbk"), "王建宁 Wang"),
        ("Zoë 王".encode(), "Zoë 王"),
        (b"\x81\x8d\x90", "\ufffd\ufffd\ufffd"),
    ],
    ids=["windows-1252", "gbk", "utf-8", "neither"],
)
def test_a_player_name_not_in_utf8_is_shown_as_windows_wrote_it(raw: bytes, shown: str) -> None:
    data = bytearray((SHARED / "clone_0.96beta.mvf").read_bytes())
    n = len(data)
    data[n - 122 : n - 22] = raw.ljust(100, b" ")
    assert read_peer(Path("name.mvf"), bytes(data)).player == shown


# ---- RAW vf ---------------------------------------------------------------------


def rawvf_of_clone(data: bytes) -> str:
    """A RAW vf text of a Clone replay's layout and mouse, as the community's
    converter writes one (with board and game lines that readers pass by)."""
    c = read_clone(data)
    lines = ["RawVF_Version: Rev6", "Program: Minesweeper Clone", f"Version: {c.version}"]
    lines += [f"Player: {c.player}", f"Width: {c.width}", f"Height: {c.height}"]
    lines += [f"Mines: {len(c.mines)}", "Marks: Off", "Board:"]
    mines = set(c.mines)
    for y in range(c.height):
        lines.append("".join("*" if (x, y) in mines else "0" for x in range(c.width)))
    lines += ["Events:", "0.000 start"]
    for t, kind, x, y in events_of(c.samples):
        lines.append(f"{t // 1000}.{t % 1000:03d} {kind} {x // 16 + 1} {y // 16 + 1} ({x} {y})")
        if kind == "lr":
            lines.append(f"number3 {x // 16 + 1} {y // 16 + 1}")  # a board line: passed by
    lines.append(f"{c.time_ms / 1000:.3f} won")
    return "\n".join(lines) + "\n"


@needs_shared
@pytest.mark.parametrize("name", sorted(OLD))
def test_a_rawvf_of_a_replay_reviews_as_the_replay(tmp_path: Path, name: str) -> None:
    data = (SHARED / name).read_bytes()
    path = tmp_path / "game.rawvf"
    path.write_text(rawvf_of_clone(data), encoding="utf-8")
    text, mvf = review_file(path), review_file(SHARED / name)
    assert text.record.format == "rawvf"
    assert text.record.moves == mvf.record.moves
    assert text.figures == mvf.figures
    assert text.summary == mvf.summary


def test_minebender_games_as_rawvf_have_ms_toollib_figures(tmp_path: Path) -> None:
    """Games of every kind written as RAW vf and read back by review: the
    figures ms_toollib gives the same game written as .evf."""
    rng = random.Random(40)
    for i in range(16):
        s = random_game(rng, LEVELS[i % len(LEVELS)], to_win=i % 2 == 0)
        r = replay.from_session(s)
        path = tmp_path / f"g{i}.txt"
        path.write_text(rawvf_text(r), encoding="utf-8")
        rec = read_peer(path)  # the figures only: judging every move is for other tests
        f = figures(played(rec), None, rec.clock_ms)
        v, _ = toollib_video(evf_bytes(r), tmp_path)
        assert (f.status, f.bbbv, f.time_ms) == (
            "won" if v.is_completed else "lost",
            v.bbbv,
            v.rtime_ms,
        ), i
        assert (f.clicks.left, f.clicks.right, f.clicks.double) == (v.left, v.right, v.double), i
        if not (f.status == "lost" and r.moves[-1].type == "chord"):
            assert (f.bbbv_solved, f.effective) == (v.bbbv_solved, v.ce), i


def test_rawvf_reads_shift_chords_negative_times_and_square_size() -> None:
    """``sc`` (Shift and the left button) chords; a time with ``-`` came
    before the clock; with SquareSize 24 the pixels make other cells."""
    board = numbers(MINES_9, 9, 9)
    rows = ["".join("*" if v < 0 else "0" for v in row) for row in board]
    text = "\n".join(
        [
            "RawVF_Version: Rev6",
            "Width: 9",
            "Height: 9",
            "Mines: 10",
            "SquareSize: 24",
            "Board:",
            *rows,
            "Events:",
            "-0.400 rc 1 1 (12 12)",
            "-0.300 rr 1 1 (12 12)",
            "0.000 lc 4 1 (84 12)",
            "0.000 lr 4 1 (84 12)",
            "0.50 sc 2 2 (36 36)",
            "0.600 lr 2 2 (36 36)",
            "0.800 lc 7 1 (156 12)",
            "0.800 lr 7 1 (156 12)",
        ]
    )
    r = read_rawvf(text.encode())
    assert r.events[:2] == ((-400, "rc", 0, 0), (-300, "rr", 0, 0))
    assert r.events[4:8] == (
        (500, "lc", 1, 1),
        (500, "rc", 1, 1),
        (600, "lr", 1, 1),
        (600, "rr", 1, 1),  # Shift's chord: the right button comes up with the left
    )
    rec = read_peer(Path("s.rawvf"), text.encode())
    assert [(rec.shown_ms(m.t_ms), m.type, m.pos) for m in rec.moves] == [
        (-400, "flag", (0, 0)),
        (0, "reveal", (3, 0)),
        (600, "chord", (1, 1)),
        (800, "reveal", (6, 0)),  # a left click again, no chord: Shift is up
    ]


BAD_RAWVF = [
    (b"", "the file is empty"),
    (b"hello\nworld\n", "not a RAW vf replay"),
    (b"RawVF_Version: Rev6\nWidth: 9\n", "cut short (no Board: line)"),
    (b"RawVF_Version: Rev6\nWidth: 9\nHeight: 9\nBoard:\n", "no Mines line"),
    (b"RawVF_Version: 6\nWidth: 3\nHeight: 2\nMines: 1\nBoard:\n*00\n", "cut short"),
    (b"RawVF_Version: 6\nWidth: 3\nHeight: 1\nMines: 2\nBoard:\n*00\n", "has 1 mines, not 2"),
    (b"RawVF_Version: 6\nWidth: x\nHeight: 1\nMines: 2\nBoard:\n*00\n", "not a number"),
    (b"\x11\x4d\x00\x01", "not text"),
]


@pytest.mark.parametrize(("data", "said"), BAD_RAWVF)
def test_a_bad_rawvf_is_named(data: bytes, said: str) -> None:
    with pytest.raises(ReviewError) as info:
        read_peer(Path("bad.rawvf"), data)
    assert str(info.value).startswith("bad.rawvf: ") and said in str(info.value)


def test_a_bad_old_mvf_is_named() -> None:
    with pytest.raises(ReviewError, match="not an MVF replay, or of a version not known"):
        read_peer(Path("bad.mvf"), bytes([9, 9, 0, 1, 1, 1]) + bytes(200))
    with pytest.raises(ReviewError, match="not an MVF replay, or of a version not known"):
        read_peer(Path("bad.mvf"), b"\x11\x4d" + bytes(25) + b"4" + bytes(99))
    with pytest.raises(ReviewError, match="off the 8x8 board"):
        read_peer(Path("bad.mvf"), bytes([8, 8, 0, 1, 8, 1]) + bytes(200))


def test_replay_writes_a_game_as_rawvf_that_review_reads(tmp_path: Path) -> None:
    """``minebender replay GAME --rawvf OUT``: the file reads back to the same
    board, moves, time and clicks, its first click at 0; its text is the
    format's (a description, the board, the events)."""
    s = played_game()
    out = replay_written_as(tmp_path, s, "--rawvf", "game.txt", player="Ada")
    text = out.read_text(encoding="utf-8")
    assert text.startswith("RawVF_Version: ") and "\nBoard:\n" in text and "\nEvents:\n" in text
    assert "\nPlayer: Ada\n" in text and "\nStatus: Won\n" in text
    r = review_file(out)
    assert r.record.layout == s.layout and r.record.player == "Ada"
    assert [(m.type, m.pos) for m in r.record.moves] == [(e.type, e.pos) for e in s.moves]
    first_click = next(m for m in r.record.moves if m.type == "reveal")
    shown = r.record.shown_ms
    assert shown(first_click.t_ms) == 0 and shown(r.record.moves[0].t_ms) <= 0  # flags before
    assert r.figures.time_ms == s.elapsed_ms and r.figures.bbbv == s.bbbv
    c = r.figures.clicks
    assert (c.left, c.right, c.double) == (s.clicks.left, s.clicks.right - 2, s.clicks.chord)


def test_a_game_with_the_assist_has_no_rawvf(tmp_path: Path) -> None:
    with pytest.raises(ReviewError, match="the assist is no mouse click"):
        rawvf_text(replay.from_session(played_game(assist=True)))


SHARED_FILES = sorted(SHARED.glob("*.*")) if SHARED.is_dir() else []


def first_opening_ms(path: Path) -> int:
    r = review_file(path)
    return next(
        r.record.shown_ms(j.played.move.t_ms)
        for j in r.moves
        if j.played.after.knowledge is not j.played.before.knowledge
    )


@pytest.mark.parametrize(
    "path", [p for p in SHARED_FILES if p.suffix != ".md"], ids=lambda p: p.name
)
def test_every_format_counts_from_the_first_click(path: Path) -> None:
    """The first click that opened a cell is at 0 ms in every format: the
    clients count from their recording's start (an .evf 40 to 89 ms before,
    an .mvf 10 ms), minebender from the board's opening."""
    assert first_opening_ms(path) == 0


def test_a_recorded_evf_and_a_minebender_game_count_from_the_first_click(
    tmp_path: Path,
) -> None:
    path = evf_by_recorder(tmp_path / "g.evf", MINES_9, 9, 9, [("r", 0, 0), *WON_CLICKS])
    assert first_opening_ms(path) == 0
    clock = [2.5]  # the board open for 2.5 s before the first click
    s = Session(SessionSpec(Beginner(), "late"), clock=lambda: clock[0])
    s.reveal(Pos(4, 4))
    assert s.layout is not None
    b = s.setup
    for p in [Pos(x, y) for y in range(b.height) for x in range(b.width)]:
        if s.layout[p.y][p.x] or s.over:
            continue
        clock[0] += 0.25
        s.reveal(p)
    game = tmp_path / "g.json"
    game.write_text(replay.dumps(replay.from_session(s)))
    assert first_opening_ms(game) == 0


@needs_shared
@pytest.mark.parametrize("cut", [1, 100, 4000])
def test_an_old_clone_replay_cut_short_is_named_not_read_as_a_shorter_game(cut: int) -> None:
    """Before 0.97 a file says nothing of its length: it must end with the
    player's name and a checksum, or it is cut short."""
    data = (SHARED / "clone_0.96beta.mvf").read_bytes()
    with pytest.raises(ReviewError, match="cut short, or of a version not known"):
        read_peer(Path("cut.mvf"), data[:-cut])


@pytest.mark.parametrize("suffix", [".avf", ".mvf"])
def test_a_name_not_in_utf8_in_a_file_ms_toollib_reads_is_read_as_it_reads_it(
    tmp_path: Path, suffix: str
) -> None:
    """ms_toollib reads a name that is not UTF-8 as GBK: the review shows
    what it shows, and the game is reviewed all the same."""
    path = write_peer(tmp_path / f"n{suffix}", MINES_9, 9, 9, WON_CLICKS, "JXrgen")
    path.write_bytes(path.read_bytes().replace(b"JXrgen", "Jürgen".encode("cp1252")))
    r = review_file(path)
    assert r.figures.status == "won"
    video = (ms_toollib.AvfVideo if suffix == ".avf" else ms_toollib.MvfVideo)(str(path))
    video.parse()
    assert r.record.player == video.player_identifier == b"J\xfcrgen".decode("gbk")


def test_a_win_in_0_ms_has_3bv_per_s_0_and_stays_out_of_the_mean(tmp_path: Path) -> None:
    """One click that clears the board wins in 0 ms: ms_toollib's 3BV/s is
    infinite, review's 0 (docs/review.md), and the summary's mean of the
    won games' 3BV/s leaves the game out."""
    block = {(x, y) for x in range(5) for y in range(2)}  # 10 mines: one opening
    one = evf_by_recorder(tmp_path / "one.evf", block, 9, 9, [("l", 8, 8)], "Bo")
    f = review_file(one).figures
    video = ms_toollib.EvfVideo(str(one))
    video.parse()
    video.analyse()
    video.current_time = 1e9
    assert (f.status, f.time_ms, f.bbbv) == ("won", 0, 1) and video.rtime_ms == 0
    assert video.bbbv_s == float("inf") and f.bbbv_per_s == 0.0
    timed = evf_by_recorder(tmp_path / "timed.evf", MINES_9, 9, 9, WON_CLICKS, "Bo")
    lines = [review_line(p.name, p.read_bytes()) for p in (one, timed)]
    (row,) = summary_rows(lines)
    assert row.won == 2 and row.bbbv_per_s == review_file(timed).figures.bbbv_per_s > 0


@needs_shared
@pytest.mark.parametrize(
    ("version", "player", "make"),
    [
        ("0.76 beta", "Oliver Scheer @ pwnage", lambda d: d[:-22] + b"0123456789"),
        ("0.75 beta or earlier", None, lambda d: d[:-122] + b"0123456789"),
    ],
    ids=["0.76", "0.75"],
)
def test_the_older_endings_before_096_are_told_apart(
    version: str, player: str | None, make: Callable[[bytes], bytes]
) -> None:
    """0.76 ended with the name and 10 digits of checksum, 0.75 and before
    with the digits alone: the 0.96 game given those endings is read as
    those versions, to the same moves."""
    data = (SHARED / "clone_0.96beta.mvf").read_bytes()
    rec, old = read_peer(SHARED / "clone_0.96beta.mvf"), read_peer(Path("old.mvf"), make(data))
    assert (old.software, old.player) == (f"Minesweeper Clone {version}", player)
    assert old.moves == rec.moves and old.layout == rec.layout


@needs_shared
def test_a_2007_replay_is_read_as_2006_is() -> None:
    """2006 and 2007 share a layout; the copyright's year tells them apart."""
    data = bytearray((SHARED / "clone_2006_release.mvf").read_bytes())
    data[27:28] = b"7"
    data[54:68] = b"2007 release 1"
    rec = read_peer(Path("new.mvf"), bytes(data))
    assert rec.software == "Minesweeper Clone 2007 release 1"
    assert rec.moves == read_peer(SHARED / "clone_2006_release.mvf").moves


def old_clone_bytes(events: list[tuple[int, int, int, int]], time_ms: int) -> bytes:
    """A Clone 0.8-0.96 file, as the published layout describes it: an 8x8
    board (the mines of MINES_9 that fit), the samples (ms, buttons: 1 left
    4 right, x and y in pixels), the time, a name and a checksum."""
    mines = sorted((x, y) for x, y in MINES_9 if x < 8 and y < 8)
    out = bytearray([8, 8, 0, len(mines)])
    for x, y in mines:
        out += bytes([x, y])
    out += bytes(2)
    for t, buttons, x, y in events:
        out += bytes([t // 1000 % 256, t % 1000 // 10, buttons]) + x.to_bytes(2, "big")
        out += y.to_bytes(2, "big") + bytes(1)
    out += (time_ms // 1000).to_bytes(2, "big") + bytes([time_ms % 1000 // 10])
    return bytes(out) + b"Bo".ljust(100, b" ") + bytes(1) + bytes(range(1, 21)) + bytes(1)


def test_an_old_clone_game_past_255_s_keeps_its_seconds() -> None:
    """The seconds of a sample are one byte: a game of 300 s goes on past
    255 s instead of stopping where the byte comes back to 0."""
    at = 2 * 16 + 8
    events = [(0, 1, at, at), (0, 0, at, at)]  # the first click, on (2, 2)
    events += [(t, 0, at + t // 1000, at) for t in range(1000, 300_001, 1000)]  # a move a second
    events += [(300_000, 1, 7 * 16 + 8, 7 * 16 + 8), (300_010, 0, 7 * 16 + 8, 7 * 16 + 8)]
    c = read_clone(old_clone_bytes(events, 300_010))
    assert c.samples[-1].t_ms == 300_010 and len(c.samples) == len(events) + 1
    assert [s.t_ms for s in c.samples] == sorted(s.t_ms for s in c.samples)


def test_a_rawvf_level_gives_the_size_no_line_gives() -> None:
    rows = ["*" * 8, "*" * 2 + "0" * 6, *["0" * 8] * 6]
    text = "RawVF_Version: Rev5\nLevel: beginner\nBoard:\n" + "\n".join(rows) + "\n"
    text += "Events:\n0.00 lc 8 8 (120 120)\n0.00 lr 8 8 (120 120)\n0.00 won\n"
    r = review_file(Path("b.rawvf"), text.encode())
    assert (r.record.width, r.record.height, r.record.mines) == (8, 8, 10)
    assert (r.figures.status, r.figures.time_ms, r.figures.bbbv) == ("won", 0, 1)


@pytest.mark.parametrize(
    "path", [p for p in SHARED_FILES if p.suffix != ".md"], ids=lambda p: p.name
)
def test_every_shared_replay_as_rawvf_reviews_the_same(tmp_path: Path, path: Path) -> None:
    """``replay FILE --rawvf OUT`` converts another client's replay: its RAW
    vf reviews to the same object, but for the file's name and format (the
    pre-flags of .rmv become right clicks, ms_toollib's both-buttons events
    the press of the button that was up)."""
    out = tmp_path / "out.txt"
    done = subprocess.run(
        [sys.executable, "-m", "minebender", "replay", str(path), "--rawvf", str(out)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    original, converted = review_file(path).to_json(), review_file(out).to_json()
    assert converted["format"] == "rawvf"
    for key in ("file", "format", "software"):
        original.pop(key), converted.pop(key)
    assert converted == original

"""Files of every format cut short or garbled: each is reviewed, or refused
in one line that names the file and what is wrong; never a traceback."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from minebender.formats import replay
from minebender.services.review import ReviewError, review_file
from minebender.services.review.rawvf import rawvf_text
from peer_writers import write_peer
from review_files import DATA, MINES_9, SHARED, evf_by_recorder, winning_clicks
from test_review_evf_out import played_game

CLICKS = [("r", 0, 0), *winning_clicks(MINES_9, 9, 9)]


def _json(tmp: Path) -> bytes:
    return replay.dumps(replay.from_session(played_game())).encode()


def _shared(name: str) -> Callable[[Path], bytes]:
    def read(tmp: Path) -> bytes:
        if not SHARED.is_dir():
            pytest.skip("needs ../shared/replays")
        return (SHARED / name).read_bytes()

    return read


SOURCES: dict[str, Callable[[Path], bytes]] = {
    "game.rmv": lambda tmp: (DATA / "test_rmv2_24px.rmv").read_bytes(),
    "game.avf": lambda tmp: write_peer(tmp / "w.avf", MINES_9, 9, 9, CLICKS).read_bytes(),
    "game.evf": lambda tmp: evf_by_recorder(tmp / "w.evf", MINES_9, 9, 9, CLICKS).read_bytes(),
    "game097.mvf": lambda tmp: write_peer(tmp / "w.mvf", MINES_9, 9, 9, CLICKS).read_bytes(),
    "game096.mvf": _shared("clone_0.96beta.mvf"),
    "game2006.mvf": _shared("clone_2006_release.mvf"),
    "game.rawvf": lambda tmp: rawvf_text(replay.from_session(played_game())).encode(),
    "game.json": _json,
}


def variants(data: bytes, rng: random.Random, n: int) -> list[tuple[str, bytes]]:
    """``n`` cuts (at the header's end, in the middle, one byte short...) and
    ``n`` copies with a few bytes changed, one of them in the header."""
    size = len(data)
    cuts = sorted({1, 2, 5, 30, 80, size // 2, size - 1, *rng.sample(range(1, size), n)})
    out = [(f"cut at {c}", data[:c]) for c in cuts[: 2 * n]]
    for i in range(n):
        garbled = bytearray(data)
        for _ in range(1 + i % 4):
            at = rng.randrange(min(size, 120)) if i % 2 else rng.randrange(size)
            garbled[at] = rng.randrange(256)
        out.append((f"garbled {i}", bytes(garbled)))
    return out


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_a_damaged_file_is_reviewed_or_named_never_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.chdir(tmp_path)
    data = SOURCES[name](tmp_path)
    review_file(Path(name), data)  # the whole file is good
    rng = random.Random(name)
    refused = 0
    n = 6 if name in ("game096.mvf", "game2006.mvf") else 12  # Expert: judging is slower
    for what, bad in variants(data, rng, n):
        try:
            review_file(Path(name), bad)
        except ReviewError as exc:
            text = str(exc)
            assert text.startswith(f"{name}: ") and "\n" not in text, (what, text)
            assert "Traceback" not in text, (what, text)
            refused += 1
    assert refused >= n  # every cut short before its moves at least
    assert not (tmp_path / "crash.log").exists()

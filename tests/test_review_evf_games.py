"""Every kind of finished game written as .evf and read back by ms_toollib:
its figures are minebender's own, as ``minebender review`` gives them.

The games are played by a seeded stream of random legal moves (reveals,
flags, ? marks, chords, practice), on every level and on custom fields up to
the laws' largest, some before the first click, some steered to a win."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import ms_toollib
import pytest

from minebender.formats import replay
from minebender.services.review.evf import evf_bytes
from minebender.services.review.figures import figures
from minebender.services.review.own import record_of
from minebender.services.review.play import played
from minebender.services.session import Event, Session, SessionSpec
from minebender.values.types import Beginner, Custom, Expert, Flag, Intermediate, Level, Pos, Reveal

LEVELS: tuple[Level, ...] = (
    Beginner(),
    Intermediate(),
    Expert(),
    Custom(9, 9, 10),
    Custom(30, 25, 300),
    Custom(30, 25, 600),
    Custom(12, 20, 30),
    Custom(25, 9, 40),
)
GAMES = 48


def random_game(rng: random.Random, level: Level, to_win: bool) -> Session:
    """A game played to its end by random legal moves. ``to_win`` steers the
    reveals to safe cells once the mines are placed, so the game is won."""
    clock = [0.0]
    s = Session(SessionSpec(level, f"evf-{rng.randrange(10**9)}"), clock=lambda: clock[0])
    b = s.setup
    cells = [Pos(x, y) for y in range(b.height) for x in range(b.width)]
    for _ in range(rng.randrange(3)):  # flags and marks before the first click
        clock[0] += rng.random()
        (s.flag if rng.random() < 0.7 else s.mark)(rng.choice(cells))
    while not s.over:
        clock[0] += rng.random() * 2
        k = s.knowledge
        hidden = [p for p in cells if k.hidden(p)]
        roll = rng.random()
        if roll < 0.12:
            s.flag(rng.choice(hidden))
        elif roll < 0.2:
            s.mark(rng.choice(hidden if rng.random() < 0.8 else cells))
        elif roll < 0.3 and s.started:
            shown = rng.choice([p for p in cells if not k.hidden(p)])
            layout = s.layout
            assert layout is not None
            if not to_win or all(layout[f.y][f.x] for f in s.flags):
                s.chord(shown)
        elif roll < 0.31:
            s.make_practice()
        else:
            layout = s.layout
            if to_win and layout is not None:
                hidden = [p for p in hidden if not layout[p.y][p.x]]
            s.reveal(rng.choice(hidden))
    return s


def moves_in_file(r: replay.Replay) -> tuple[tuple[Event, ...], int]:
    """The game's moves as the .evf holds them (docs/review.md, Games out), and
    how many differ: a ? put on or taken off a covered cell is left out (the
    file's readers have no ?), and a flag minebender's flood opened is taken
    off and its cell opened again (their floods stop at flags)."""
    s = Session(r.spec, lambda: 0.0)
    out: list[Event] = []
    changed = 0
    for e in record_of("", r).moves:  # with the clicks that did nothing
        flags, before = s.flags, s.knowledge
        s.act(e)
        if e.type == "mark" and e.pos not in flags and before.hidden(e.pos):
            changed += 1
        elif e.type != "practice":
            out.append(e)
        for p in sorted(flags - s.flags, key=lambda p: (p.y, p.x)):
            if s.started and not s.knowledge.hidden(p):
                out += [Event(Flag(p), e.t_ms), Event(Reveal(p), e.t_ms)]
                changed += 1
    return tuple(out), changed


def toollib_video(data: bytes, tmp: Path) -> tuple[Any, tuple[bool, bool, bool]]:
    """ms_toollib's reading of an .evf, at its end, and the file's flags won,
    official and fair (which its analysis then sets from the game itself)."""
    video = ms_toollib.EvfVideo(str(tmp / "game.evf"), data)
    video.parse()
    flags = (video.is_completed, video.is_official, video.is_fair)
    video.analyse()
    video.current_time = 1e9
    return video, flags


@pytest.mark.heavy
def test_every_kind_of_game_reads_back_with_its_own_figures(tmp_path: Path) -> None:
    """Every finished game without the assist has an .evf, and ms_toollib's
    figures of it are minebender's: the end, the 3BV and the 3BV done, and
    the time, always; the clicks and the IOE too, of the moves the file holds."""
    rng = random.Random(39)
    kinds: Counter[str] = Counter()
    for i in range(GAMES):
        level = LEVELS[i % len(LEVELS)]
        s = random_game(rng, level, to_win=i % 3 == 0)
        r = replay.from_session(s)
        v, (won, official, fair) = toollib_video(evf_bytes(r), tmp_path)
        own = figures(played(record_of("", r)), None)
        moves, changed = moves_in_file(r)
        held = figures(played(replace(record_of("", r), moves=moves)), None) if changed else own
        assert (own.status, own.bbbv, own.time_ms) == (
            "won" if v.is_completed else "lost",
            v.bbbv,
            v.rtime_ms,
        ), i
        # A chord that hits a mine: minebender stops there (law chord), ms_toollib
        # opens all its cells. Only the 3BV done of a game lost so may differ.
        chord_lost = own.status == "lost" and r.moves[-1].type == "chord"
        if chord_lost:
            kinds["lost by a chord"] += 1
            kinds["3BV done differs"] += own.bbbv_solved != v.bbbv_solved
        else:
            assert own.bbbv_solved == v.bbbv_solved, i
        c = held.clicks
        assert (c.left, c.right, c.double) == (v.left, v.right, v.double), i
        if not chord_lost:
            assert held.ioe == pytest.approx(v.ioe), i
        if not changed:
            assert own.clicks == held.clicks
        assert won == (own.status == "won") and not official
        assert fair == (own.status == "won" and not r.spec.practice)
        kinds[own.status] += 1
        kinds["practice"] += r.spec.practice
        kinds["marks"] += any(e.type == "mark" for e in r.moves)
        kinds["changed"] += bool(changed)
    print(dict(kinds))
    assert kinds["won"] >= GAMES // 4 and kinds["lost"] >= GAMES // 4
    assert kinds["practice"] and kinds["marks"]

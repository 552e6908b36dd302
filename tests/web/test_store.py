"""The store: every action written at once, resume exactly, best times, statistics."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from minebender import store as store_mod
from minebender.session import Session, SessionSpec
from minebender.store import Store, StoreError
from minebender.types import Beginner, Expert, Pos

from .conftest import FakeClock


def play_to_end(s: Session, win: bool) -> None:
    s.reveal(Pos(4, 4))
    assert s.layout is not None
    cells = [(Pos(x, y), m) for y, row in enumerate(s.layout) for x, m in enumerate(row)]
    if win:
        for p, m in cells:
            if not m:
                s.reveal(p)
    else:
        s.reveal(next(p for p, m in cells if m))


def finished(store: Store, clock: FakeClock, seed: str, win: bool, practice: bool = False) -> str:
    s = Session(SessionSpec(Beginner(), seed, practice=practice), clock)
    gid = store.create_game(s, token="t-" + seed)
    clock.t += 3
    play_to_end(s, win)
    store.sync(gid, s)
    return gid


def test_every_action_survives_a_new_connection(db_path: Path, clock: FakeClock) -> None:
    """What one connection wrote is there for the next (as after kill -9)."""
    a = store_mod.open(db_path)
    s = Session(SessionSpec(Expert(), "resume"), clock)
    gid = a.create_game(s, token="secret", interface="tui")
    s.flag(Pos(0, 0))
    a.sync(gid, s)
    clock.t += 2
    s.reveal(Pos(10, 8))
    a.sync(gid, s)
    clock.t += 1.5
    s.flag(Pos(29, 15))
    a.sync(gid, s)
    b = store_mod.open(db_path)  # a is never closed: as if the process died
    [stored] = b.load_unfinished(interface="tui")
    r = stored.session(clock)
    assert stored.id == gid and r.game == s.game and r.events == s.events
    assert r.elapsed_ms == 1500 and r.clicks == s.clicks
    assert b.token_matches(gid, "secret") and not b.token_matches(gid, "guess")
    a.close()
    b.close()


def test_statistics_and_streaks(store: Store, clock: FakeClock) -> None:
    for i, win in enumerate([True, True, False, True, True, True]):
        finished(store, clock, f"st{i}", win)
    finished(store, clock, "practice", True, practice=True)
    st = store.statistics("beginner")
    assert (st.played, st.won, st.current_streak, st.best_streak) == (6, 5, 3, 3)
    assert st.win_percent == 83.3
    assert store.statistics("expert").played == 0


def test_best_times(store: Store, clock: FakeClock) -> None:
    gid = finished(store, clock, "bt", True)
    assert store.qualifies(gid)
    entry = store.record_best_time("  Ada   L. ", gid)
    assert entry.name == "Ada L." and store.best_times("beginner") == [entry]
    with pytest.raises(StoreError, match="qualify"):
        store.record_best_time("Ada", gid)  # only once per game
    lost = finished(store, clock, "bt2", False)
    practice = finished(store, clock, "bt3", True, practice=True)
    for gid in (lost, practice):
        with pytest.raises(StoreError, match="qualify"):
            store.record_best_time("Bob", gid)
    with pytest.raises(StoreError, match="name"):
        store.record_best_time("", gid)


def test_finished_game_keeps_its_log(store: Store, clock: FakeClock) -> None:
    gid = finished(store, clock, "log", False)
    [game] = store.finished_games()
    assert game.id == gid and game.status == "lost"
    assert game.session(clock).lost_reason == "blast"
    assert store.load_unfinished() == []


def test_bad_paths_and_files_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="folder"):
        store_mod.open(tmp_path)
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="not"):
        store_mod.open(junk)


def test_newer_schema_is_refused(db_path: Path) -> None:
    store_mod.open(db_path).close()
    db = sqlite3.connect(db_path)
    db.execute("UPDATE schema_version SET version = 99")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer"):
        store_mod.open(db_path)


def test_environment_variable_names_the_default(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MINEBENDER_DB", str(tmp_path / "env.db"))
    assert store_mod.default_path() == tmp_path / "env.db"
    s = store_mod.open()
    assert s.schema_version == store_mod.SCHEMA_VERSION
    s.close()


def test_append_event_and_finish(store: Store, clock: FakeClock) -> None:
    s = Session(SessionSpec(Beginner(), "append"), clock)
    gid = store.create_game(s)
    event = s.reveal(Pos(4, 4))
    assert event is not None
    store.append_event(gid, 0, event)
    with pytest.raises(StoreError, match="event 0"):
        store.append_event(gid, 0, event)  # a seq is written once
    with pytest.raises(StoreError, match="not over"):
        store.finish(gid, s)
    s.assist()
    store.finish(gid, s)
    loaded = store.load(gid)
    assert loaded is not None and loaded.status == "lost" and len(loaded.events) == 2


def test_an_old_database_is_migrated(db_path: Path) -> None:
    db = sqlite3.connect(db_path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (0)")
    db.commit()
    db.close()
    s = store_mod.open(db_path)
    assert s.schema_version == store_mod.SCHEMA_VERSION
    assert s.statistics("beginner").played == 0
    s.close()

"""The store: every action written at once, resume exactly, best times, statistics."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from minebender.services import store as store_mod
from minebender.services.session import Session, SessionSpec
from minebender.services.store import BEST_TIMES_KEPT, Store, StoreError
from minebender.values.types import Beginner, Expert, Flag, Pos

from .conftest import FakeClock


def play_to_end(s: Session, win: bool, clock: FakeClock | None = None, seconds: float = 0) -> None:
    """Reveal the centre first, then (seconds later) every safe cell, or a mine."""
    s.reveal(Pos(4, 4))
    if clock is not None:
        clock.t += seconds
    assert s.layout is not None
    cells = [(Pos(x, y), m) for y, row in enumerate(s.layout) for x, m in enumerate(row)]
    if win:
        for p, m in cells:
            if not m:
                s.reveal(p)
    else:
        s.reveal(next(p for p, m in cells if m))


def finished(
    store: Store,
    clock: FakeClock,
    seed: str,
    win: bool,
    practice: bool = False,
    *,
    no_guess: bool = False,
    chosen: bool = False,
    assist: bool = False,
    interface: str = "web",
    seconds: float = 0.0,
) -> str:
    """A Beginner game played to its end and stored; with ``assist``, the
    assist makes the first click (it opens the centre, as (4, 4) would).
    ``seconds`` pass between the first click and the last."""
    spec = SessionSpec(Beginner(), seed, no_guess=no_guess, practice=practice, chosen=chosen)
    s = Session(spec, clock)
    gid = store.create_game(s, token="t-" + seed, interface=interface)
    clock.t += 3
    if assist:
        s.assist()
    play_to_end(s, win, clock, seconds)
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


def test_statistics_count_only_ranked_games(store: Store, clock: FakeClock) -> None:
    """Practice, no-guess and chosen boards (a code, a seed the player gave) are
    left out, won or lost: a lost one would break the streak, a won one pad it."""
    for i in range(3):
        finished(store, clock, f"r{i}", True)
    for win in (True, False):
        finished(store, clock, f"chosen{win}", win, chosen=True)
        finished(store, clock, f"ng{win}", win, no_guess=True)
        finished(store, clock, f"practice{win}", win, practice=True)
    finished(store, clock, "assisted", True, assist=True)  # ranked: it counts
    st = store.statistics("beginner")
    assert (st.played, st.won, st.current_streak, st.best_streak) == (4, 4, 4, 4)


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


def test_a_best_time_named_twice_at_once_is_named_once(
    store: Store, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two requests naming one game at once both pass the check that it
    qualifies before either writes: the second is refused as not qualifying
    (a 409 on the web), not as a database that cannot be written (a 503 that
    named the file), and the first name stays."""
    from minebender.services.store import NotQualified

    gid = finished(store, clock, "twice", True)
    assert store.qualifies(gid)
    monkeypatch.setattr(store, "qualifies", lambda game_id: True)  # both passed it
    store.record_best_time("Ada", gid)
    with pytest.raises(NotQualified, match="named already") as refused:
        store.record_best_time("Bob", gid)
    assert str(store.path) not in str(refused.value)
    assert [t.name for t in store.best_times("beginner")] == ["Ada"]


@pytest.mark.parametrize(
    "kind",
    [
        {"chosen": True},  # a board code or a seed the player gave: maybe known
        {"no_guess": True},  # another game than the classic one
        {"assist": True},  # the assist opened cells for the player
        {"practice": True},
    ],
)
def test_only_ranked_games_won_alone_qualify(
    store: Store, clock: FakeClock, kind: dict[str, Any]
) -> None:
    """The best times hold a board met for the first time and cleared alone: the
    same board dealt as a ranked game qualifies, the other kinds never do."""
    dealt = finished(store, clock, "same", True)
    assert store.qualifies(dealt)
    other = finished(store, clock, "same", True, **kind)
    loaded = store.load(other)
    assert loaded is not None and loaded.status == "won"
    assert not store.qualifies(other)
    with pytest.raises(StoreError, match="qualify"):
        store.record_best_time("Mallory", other)
    assert store.best_times("beginner") == []


def test_a_chosen_game_is_stored_as_chosen(store: Store, clock: FakeClock) -> None:
    """The flag survives the store, so a game resumed after a restart is still not ranked."""
    spec = SessionSpec(Beginner(), "mine", chosen=True)
    gid = store.create_game(Session(spec, clock), token="t")
    loaded = store.load(gid)
    assert loaded is not None and loaded.spec == spec and loaded.spec.chosen
    dealt = store.create_game(Session(SessionSpec(Beginner(), "dealt"), clock), token="u")
    again = store.load(dealt)
    assert again is not None and not again.spec.chosen


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


def version_set_by_hand(db_path: Path, version: object) -> None:
    """A new database whose schema_version then says ``version`` (SQL text)."""
    store_mod.open(db_path).close()
    with contextlib.closing(sqlite3.connect(db_path)) as db, db:
        db.execute(f"UPDATE schema_version SET version = {version}")


def test_newer_schema_is_refused(db_path: Path) -> None:
    version_set_by_hand(db_path, 99)
    with pytest.raises(StoreError, match="newer"):
        store_mod.open(db_path)


def test_another_program_s_database_is_refused_untouched(tmp_path: Path) -> None:
    """Opening any SQLite file added minebender's tables to it and switched it
    to WAL for good: ``minebender stats --db notes.db`` changed a file not ours."""
    path = tmp_path / "notes.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="not a minebender database: it holds other tables"):
        store_mod.open(path)
    assert path.read_bytes() == before
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    db.close()


@pytest.mark.parametrize("version", ["'five'", "-1", "2.5"])
def test_a_schema_version_changed_by_hand_is_a_clear_error(db_path: Path, version: str) -> None:
    """A version that is not a whole number ended every command with a
    ValueError's traceback; -1 was read as "duplicate column"."""
    version_set_by_hand(db_path, version)
    with pytest.raises(StoreError, match="unreadable schema version"):
        store_mod.open(db_path)


def test_a_finished_game_is_in_the_database_file_itself(tmp_path: Path, clock: FakeClock) -> None:
    """Without a checkpoint, about ten finished Beginner games lived only in
    the -wal file: a copy of the database file alone (a backup taken while the
    server runs) lost them, with their best times."""
    path = tmp_path / "games.db"
    store = store_mod.open(path)
    gids = [finished(store, clock, f"wal-{i}", win=True) for i in range(3)]
    copy = tmp_path / "copy.db"
    copy.write_bytes(path.read_bytes())  # the -wal file left behind
    kept = store_mod.open(copy)
    assert [kept.load(g) is not None and kept.load(g).status for g in gids] == ["won"] * 3  # type: ignore[union-attr]
    kept.close()
    store.close()


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
    assert s.reveal(Pos(4, 4)) is not None
    for seq, event in enumerate(s.events):  # the press and its release
        store.append_event(gid, seq, event)
    with pytest.raises(StoreError, match="event 0"):
        store.append_event(gid, 0, s.events[0])  # a seq is written once
    with pytest.raises(StoreError, match="not over"):
        store.finish(gid, s)
    s.assist()
    store.finish(gid, s)
    loaded = store.load(gid)
    assert loaded is not None and loaded.status == "lost"
    assert [e.type for e in loaded.events] == ["down", "up", "assist"]
    assert loaded.events == tuple(s.events)


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


def test_a_saved_clock_keeps_the_time_played_after_the_last_action(
    db_path: Path, clock: FakeClock
) -> None:
    """A killed process loses no time played, only time away: the clock saved
    while the player was there is where the rebuilt game goes on from."""
    a = store_mod.open(db_path)
    s = Session(SessionSpec(Expert(), "clock"), clock)
    s.reveal(Pos(10, 8))
    gid = a.create_game(s, token="t", interface="tui")
    clock.t += 4
    a.save_clock(gid, s.now_ms())
    clock.t += 600  # the process dies, the player comes back ten minutes later
    b = store_mod.open(db_path)
    stored = b.load(gid)
    assert stored is not None and stored.clock_ms == 4000
    r = stored.session(clock)
    assert r.elapsed_ms == 4000
    clock.t += 1
    assert r.elapsed_ms == 5000
    over = Session(SessionSpec(Beginner(), "done"), clock)
    play_to_end(over, win=False)
    done = b.create_game(over, token="u")
    b.save_clock(done, 99_999)  # a finished game's time is its end: never moved
    loaded = b.load(done)
    assert loaded is not None and loaded.clock_ms is None
    a.close()
    b.close()


def test_a_saved_clock_never_goes_back(store: Store, clock: FakeClock) -> None:
    """A second window on the game whose clock stood still (too small to show
    the board) wrote its old time over the time played, every second: the
    game resumed 16 s younger, and was won as a best time it was not."""
    s = Session(SessionSpec(Beginner(), "clock-back"), clock)
    s.reveal(Pos(4, 4))
    gid = store.create_game(s, token="t")
    store.save_clock(gid, 20_000)
    store.save_clock(gid, 4_000)  # the stale window
    loaded = store.load(gid)
    assert loaded is not None and loaded.clock_ms == 20_000


def two_windows(
    db_path: Path, clock: FakeClock, seed: str, first: Callable[[Session], object]
) -> tuple[Store, Store, Session, str, Session]:
    """One game in two processes: window a stores it after ``first``, window b
    loads it. Returns both stores, a's session, the game id and b's session."""
    a = store_mod.open(db_path)
    s = Session(SessionSpec(Beginner(), seed), clock)
    first(s)
    gid = a.create_game(s, token="t", interface="terminal")
    b = store_mod.open(db_path)
    loaded = b.load(gid)
    assert loaded is not None
    return a, b, s, gid, loaded.session(clock)


def test_an_action_from_another_window_is_never_silently_lost(
    db_path: Path, clock: FakeClock
) -> None:
    """Two processes playing one stored game: the one that is out of date is
    refused (StoreConflict) instead of writing a log neither of them showed."""
    a, b, s, gid, other = two_windows(db_path, clock, "two", lambda s: s.flag(Pos(0, 0)))
    clock.t += 1
    other.flag(Pos(8, 8))
    b.sync(gid, other)
    s.flag(Pos(1, 0))
    with pytest.raises(store_mod.StoreConflict, match="another window"):
        a.sync(gid, s)
    again = a.load(gid)
    assert again is not None and again.events == tuple(other.events)
    s2 = again.session(clock)
    s2.flag(Pos(1, 0))
    a.sync(gid, s2)  # the reloaded session goes on
    last = a.load(gid)
    assert (
        last is not None and len(last.events) == 6
    )  # three right clicks, a press and release each
    assert [m.move for m in last.session(clock).moves] == [
        Flag(p) for p in (Pos(0, 0), Pos(8, 8), Pos(1, 0))
    ]
    a.close()
    b.close()


def test_a_game_another_window_gave_up_takes_no_more_actions(
    db_path: Path, clock: FakeClock
) -> None:
    """The moves were written into the abandoned game, and a win after them
    was recorded nowhere: they are refused (GameGivenUp, a StoreConflict)."""
    a, b, s, gid, other = two_windows(db_path, clock, "given-up", lambda s: s.reveal(Pos(4, 4)))
    assert b.abandon(gid, other)  # the other window pressed n
    s.flag(Pos(0, 0))
    with pytest.raises(store_mod.GameGivenUp, match="abandoned in another window"):
        a.sync(gid, s)
    assert isinstance(store_mod.GameGivenUp("x"), store_mod.StoreConflict)
    after = a.load(gid)
    assert after is not None and after.status == "abandoned"
    assert after.events == tuple(other.events) and len(after.events) == 2  # the one click
    a.sync(gid, other)  # nothing new: nothing to refuse
    # a game given up before its first click is dropped: a flag on it is refused too
    t = Session(SessionSpec(Beginner(), "dropped"), clock)
    t.flag(Pos(1, 1))
    tid = a.create_game(t, token="t", interface="terminal")
    assert b.abandon(tid, t)
    t.flag(Pos(2, 2))
    with pytest.raises(store_mod.GameGivenUp):
        a.sync(tid, t)
    assert a.load(tid) is None
    a.close()
    b.close()


def write_version_1(db_path: Path) -> None:
    """A database as minebender's first schema left it, with no game."""
    old = sqlite3.connect(db_path)
    old.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    old.execute("INSERT INTO schema_version VALUES (1)")
    old.executescript(store_mod.MIGRATIONS[0])
    old.commit()
    old.close()


def test_a_version_1_database_gains_the_clock(db_path: Path, clock: FakeClock) -> None:
    """Games stored before the clock was saved load as before: from their last action."""
    write_version_1(db_path)
    s = store_mod.open(db_path)
    assert s.schema_version == store_mod.SCHEMA_VERSION == 9
    game = Session(SessionSpec(Beginner(), "v1"), clock)
    game.reveal(Pos(4, 4))
    gid = s.create_game(game, token="t")
    loaded = s.load(gid)
    assert loaded is not None and loaded.clock_ms is None
    s.close()


def test_a_store_opened_to_read_changes_nothing_and_waits_for_no_writer(
    db_path: Path, clock: FakeClock
) -> None:
    """``minebender stats`` wrote to the database: it failed on a read-only disk,
    waited 5 s and failed while another process wrote, and changed the file."""
    writer = store_mod.open(db_path)
    gid = finished(writer, clock, "read-only", win=True)
    writer.close()
    before = db_path.read_bytes()
    with contextlib.closing(sqlite3.connect(db_path, isolation_level=None)) as other:
        other.execute("BEGIN EXCLUSIVE")  # another process writing
        with store_mod.open(db_path, read_only=True) as reader:
            assert reader.statistics("beginner").won == 1
            game = reader.load(gid)
            assert game is not None and game.status == "won"
            with pytest.raises(StoreError):
                reader.save_clock(gid, 5)  # it cannot write
        other.execute("ROLLBACK")
    assert db_path.read_bytes() == before


def test_an_older_database_opened_to_read_is_brought_up_to_date(db_path: Path) -> None:
    write_version_1(db_path)
    with store_mod.open(db_path, read_only=True) as s:
        assert s.schema_version == store_mod.SCHEMA_VERSION
        assert s.statistics("beginner").played == 0


def test_a_version_2_database_keeps_its_games_and_gains_chosen(
    db_path: Path, clock: FakeClock
) -> None:
    """Games stored before boards could be told chosen are taken as dealt: their
    statistics and best times stay, an unfinished one resumes, and a won one not
    yet named still qualifies. A game stored with its layout was a replay's
    board: chosen."""
    old = sqlite3.connect(db_path)
    old.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    old.execute("INSERT INTO schema_version VALUES (2)")
    old.executescript(store_mod.MIGRATIONS[0])
    old.executescript(store_mod.MIGRATIONS[1])
    columns = (
        "id, token_hash, interface, level, width, height, mines, seed, no_guess, practice,"
        " layout, created_at, status, finished_at, elapsed_ms, clicks_assist"
    )
    marks = ", ".join("?" * 16)
    rows = [
        ("named", "won", 5000, None),
        ("unnamed", "won", 6000, None),
        ("lost", "lost", 1000, None),
        ("replayed", "won", 900, "\n".join(["*" * 9, "*" + "." * 8] + ["." * 9] * 7)),
    ]
    for i, (gid, status, ms, layout) in enumerate(rows):
        old.execute(
            f"INSERT INTO games ({columns}) VALUES ({marks})",
            (gid, "h", "web", "beginner", 9, 9, 10, gid, 0, 0, layout, i, status, i, ms, 0),
        )
    old.execute(
        "INSERT INTO games (id, interface, level, width, height, mines, seed, no_guess,"
        " practice, created_at) VALUES ('open', 'terminal', 'beginner', 9, 9, 10, 'open', 0, 0, 9)"
    )
    old.execute("INSERT INTO events VALUES ('open', 0, 'reveal', 4, 4, 0, 0)")
    old.execute(
        "INSERT INTO best_times (level, name, elapsed_ms, game_id, recorded_at)"
        " VALUES ('beginner', 'Ada', 5000, 'named', 1)"
    )
    old.commit()
    old.close()

    s = store_mod.open(db_path)
    assert s.schema_version == store_mod.SCHEMA_VERSION == 9
    st = s.statistics("beginner")
    assert (st.played, st.won) == (3, 2)  # the replayed board no longer counts
    assert [(t.name, t.game_id) for t in s.best_times("beginner")] == [("Ada", "named")]
    assert s.qualifies("unnamed") and not s.qualifies("replayed")
    assert not s.name_declined("unnamed")  # schema 4: no refusal was ever stored
    # schema 5: no reset was ever made, so the counts above are all there
    [unfinished] = s.load_unfinished()
    assert unfinished.id == "open" and not unfinished.spec.chosen
    assert unfinished.session(clock).started
    replayed = s.load("replayed")
    assert replayed is not None and replayed.spec.chosen
    s.close()


def test_an_abandoned_game_counts_as_played_not_won_and_never_resumes(
    store: Store, clock: FakeClock
) -> None:
    """A started game given up for a new one ends as abandoned: played, not won,
    the streak broken, not resumed, not offered as a replay; one not started is
    dropped and counts for nothing."""
    finished(store, clock, "w1", True)
    finished(store, clock, "w2", True)
    s = Session(SessionSpec(Beginner(), "left"), clock)
    s.reveal(Pos(4, 4))
    clock.t += 3
    gid = store.create_game(s, token="t")
    assert store.abandon(gid, s)
    game = store.load(gid)
    assert game is not None and game.status == "abandoned"
    st = store.statistics("beginner")
    assert (st.played, st.won, st.current_streak, st.best_streak) == (3, 2, 0, 2)
    assert store.load_unfinished() == []
    assert gid not in [g.id for g in store.finished_games()]
    assert not store.abandon(gid, s)  # not being played any more: nothing changes

    untouched = Session(SessionSpec(Beginner(), "untouched"), clock)
    untouched.flag(Pos(0, 0))  # a flag is not the first click
    other = store.create_game(untouched, token="u")
    assert store.abandon(other, untouched)
    assert store.load(other) is None
    assert store.statistics("beginner").played == 3


def test_a_refused_best_time_is_remembered(store: Store, clock: FakeClock) -> None:
    """Cancel in the name dialog is kept in the store, so that no later run asks
    again; the time still qualifies, so it could be named from elsewhere."""
    gid = finished(store, clock, "fast", True)
    assert store.qualifies(gid) and not store.name_declined(gid)
    store.decline_best_time(gid)
    assert store.name_declined(gid)
    again = store_mod.open(store.path)
    assert again.name_declined(gid)
    again.close()


def test_a_best_time_must_beat_the_tenth(store: Store, clock: FakeClock) -> None:
    """With ten best times kept, a game qualifies only strictly faster than the
    tenth (a tie keeps the earlier one); fewer than ten, any ranked win does."""
    for i in range(BEST_TIMES_KEPT):
        gid = finished(store, clock, f"fast{i}", True, seconds=10 + i)
        assert store.qualifies(gid)
        store.record_best_time(f"p{i}", gid)
    tie = finished(store, clock, "tie", True, seconds=10 + BEST_TIMES_KEPT - 1)
    faster = finished(store, clock, "faster", True, seconds=18.5)
    assert not store.qualifies(tie) and store.qualifies(faster)
    assert not store.qualifies("no such game")


def test_an_unnamed_best_time_is_found_past_later_games(store: Store, clock: FakeClock) -> None:
    """``unnamed_best_time`` is the newest finished game of the interface that
    qualifies and was neither named nor refused, however many games of any
    kind were finished after it: a lost game, a chosen board, another
    interface's best time, a time too slow."""
    term = "terminal"
    older = finished(store, clock, "older", True, interface=term)
    newer = finished(store, clock, "newer", True, interface=term)
    finished(store, clock, "zz", False, chosen=True, interface=term)  # play --seed zz, a mine
    finished(store, clock, "won-on-zz", True, chosen=True, interface=term)
    finished(store, clock, "assisted", True, assist=True, interface=term)
    web = finished(store, clock, "web", True)
    found = store.unnamed_best_time("terminal")
    assert found is not None and found.id == newer and found.status == "won"
    anywhere = store.unnamed_best_time()
    assert anywhere is not None and anywhere.id == web
    store.decline_best_time(newer)
    found = store.unnamed_best_time("terminal")
    assert found is not None and found.id == older
    store.record_best_time("ada", older)
    assert store.unnamed_best_time("terminal") is None
    assert store.unnamed_best_time("web") is not None


def test_a_database_that_fails_at_commit_is_a_store_error(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """sqlite3 may refuse only at COMMIT (a device such as /dev/null takes the
    writes, then fails with a disk I/O error): that is a StoreError too, and the
    transaction is undone, so the interfaces give one line and not a traceback."""
    store = store_mod.open(db_path)

    class FailingCommit:
        def __init__(self, db: sqlite3.Connection) -> None:
            self.db = db

        def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
            if sql == "COMMIT":
                raise sqlite3.OperationalError("disk I/O error")
            return self.db.execute(sql, *args)  # type: ignore[arg-type]

        def __getattr__(self, name: str) -> object:
            return getattr(self.db, name)

    real = store.database._db
    monkeypatch.setattr(store.database, "_db", FailingCommit(real))
    s = Session(SessionSpec(Beginner(), "commit"), lambda: 0.0)
    with pytest.raises(StoreError, match="disk I/O error"):
        store.create_game(s, game_id="lost")
    monkeypatch.setattr(store.database, "_db", real)
    assert not real.in_transaction and store.load("lost") is None
    store.create_game(s, game_id="kept")  # the connection is still usable
    assert store.load("kept") is not None
    store.close()


def test_a_failed_read_is_a_store_error(db_path: Path) -> None:
    """A query that sqlite3 refuses (here: a table dropped from under the store)
    is a StoreError naming the database, not an sqlite3 error."""
    store = store_mod.open(db_path)
    db = sqlite3.connect(db_path)
    db.execute("DROP TABLE best_times")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="cannot read the database"):
        store.best_times("beginner")
    store.close()


@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero"])
def test_a_device_is_refused_as_database(device: str) -> None:
    """/dev/null takes the schema and loses it at COMMIT: refused at once, by name."""
    if not Path(device).exists():
        pytest.skip(f"needs Linux's {device}: run the tests on Linux")
    with pytest.raises(StoreError, match="not a regular file"):
        store_mod.open(device)


def test_reset_best_times_empties_them_for_good(store: Store, clock: FakeClock) -> None:
    """Reset Scores: the lists are empty and no game finished before it comes
    back (not even a best time left unnamed, which the terminal game would ask
    to name at its next start); statistics, games and replays stay; a game
    still being played, and every later one, may make a best time."""
    named = finished(store, clock, "r-named", True)
    store.record_best_time("Ada", named)
    unnamed = finished(store, clock, "r-unnamed", True)
    assert store.unnamed_best_time() is not None
    spec = SessionSpec(Beginner(), "r-playing")
    playing = Session(spec, clock)
    playing_id = store.create_game(playing, token="t-playing")
    before = store.statistics("beginner")
    assert store.reset_best_times() == 1
    assert store.best_times("beginner") == []
    assert not store.qualifies(named) and not store.qualifies(unnamed)
    assert store.unnamed_best_time() is None
    assert store.statistics("beginner") == before
    assert store.load(named) is not None and store.load(unnamed) is not None
    play_to_end(playing, True)
    store.sync(playing_id, playing)
    assert store.qualifies(playing_id)
    later = finished(store, clock, "r-later", True)
    assert store.record_best_time("Bob", later).name == "Bob"
    assert store.reset_best_times() == 1 and store.best_times("beginner") == []


def test_reset_statistics_starts_them_from_zero(store: Store, clock: FakeClock) -> None:
    """Reset Statistics: played, won and streaks count from the reset on; the
    best times stay, and the next game counts as the first."""
    for i, win in enumerate([True, False, True]):
        finished(store, clock, f"s{i}", win)
    best = store.record_best_time("Ada", finished(store, clock, "s-best", True))
    finished(store, clock, "s-practice", True, practice=True)  # never counted
    assert store.reset_statistics() == 4
    st = store.statistics("beginner")
    assert (st.played, st.won, st.current_streak, st.best_streak) == (0, 0, 0, 0)
    assert store.best_times("beginner") == [best]
    finished(store, clock, "s-after", True)
    st = store.statistics("beginner")
    assert (st.played, st.won, st.current_streak, st.best_streak) == (1, 1, 1, 1)
    assert store.reset_statistics() == 1


def test_a_folder_that_cannot_be_written_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a read-only disk SQLite says only "unable to open database file"."""
    from minebender.services.store import database as db_module

    def refuse(*args: object, **kwargs: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(db_module.sqlite3, "connect", refuse)
    monkeypatch.setattr(db_module.os, "access", lambda path, mode: False)
    with pytest.raises(StoreError, match=r"the folder .* cannot be written: a read-only disk\?"):
        store_mod.open(tmp_path / "new.db")


def test_a_database_with_tables_not_ours_is_refused_even_with_a_schema_version(
    tmp_path: Path,
) -> None:
    path = tmp_path / "users.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (0)")
    db.execute("CREATE TABLE users (name TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    refused = r"not a minebender database: it holds other tables \(users\)"
    with pytest.raises(StoreError, match=refused):
        store_mod.open(path)
    assert path.read_bytes() == before


def test_a_version_that_does_not_match_the_tables_says_so(db_path: Path) -> None:
    """A minebender database whose version was set back to 0 by hand was
    called "not a minebender database: table games already exists"."""
    version_set_by_hand(db_path, 0)
    with pytest.raises(StoreError, match="says schema version 0, but its tables do not match"):
        store_mod.open(db_path)


def test_a_best_time_and_the_resets_are_in_the_database_file_itself(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "games.db"
    store = store_mod.open(path)
    gid = finished(store, clock, "wal-best", win=True)
    store.record_best_time("Ada", gid)
    copy = tmp_path / "copy.db"
    copy.write_bytes(path.read_bytes())  # the -wal file left behind
    with store_mod.open(copy) as kept:
        assert [t.name for t in kept.best_times("beginner")] == ["Ada"]
    store.reset_best_times()
    store.reset_statistics()
    copy.unlink()
    copy.write_bytes(path.read_bytes())
    with store_mod.open(copy) as kept:
        assert kept.best_times("beginner") == [] and kept.statistics("beginner").played == 0
    store.close()


def test_on_a_read_only_disk_a_log_that_cannot_be_read_is_an_error(
    db_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opened as immutable, SQLite reads the file alone: a report on a
    read-only disk said 1 game played of 191, the rest being in -wal."""
    from minebender.services.store import database as db_module

    writer = store_mod.open(db_path)
    finished(writer, clock, "ro-wal", win=True)
    log = db_path.with_name(db_path.name + "-wal")
    log.write_bytes(b"x" * 100)  # as a kill -9 leaves it, beside a -shm gone
    real = db_module.Database._connect_read_only

    def no_shm(uri: str) -> sqlite3.Connection:
        if "immutable" not in uri:
            raise sqlite3.OperationalError("unable to open database file")
        return real(uri)

    monkeypatch.setattr(db_module.Database, "_connect_read_only", staticmethod(no_shm))
    monkeypatch.setattr(db_module.os, "access", lambda path, mode: False)
    with pytest.raises(StoreError, match=r"holds games not yet in .* read-only disk"):
        store_mod.open(db_path, read_only=True)
    writer.database._close_quietly()


def test_no_game_id_starts_with_a_dash() -> None:
    """replay --game -x... was taken for an option: about one id in 64 began so."""
    from minebender.services.store.games import _new_id

    ids = [_new_id() for _ in range(3000)]
    assert not any(i.startswith("-") for i in ids)
    assert len(set(ids)) == 3000 and {len(i) for i in ids} == {16}


@pytest.mark.parametrize(
    "name",
    [
        "\U0001f469\u200d\U0001f4bb Ada",  # woman technologist: two emoji and a joiner
        "\U0001f3f3\ufe0f\u200d\U0001f308",  # rainbow flag: a variation selector too
        "\U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f",  # Wales: tags
    ],
)
def test_a_name_of_joined_emoji_is_kept(name: str) -> None:
    """Refused as not "1 to 32 printable characters", a name of five seen."""
    assert store_mod.clean_name(name) == name


@pytest.mark.parametrize(
    "name", ["A\x1fB", "A\x1cB", "A\x0bB", "A\x85B", "\u200dAda", "Ada\x7f", "A\x00"]
)
def test_a_control_character_in_a_name_is_refused_not_made_a_space(name: str) -> None:
    """U+001C to U+001F, which Python splits words at, were kept as spaces."""
    with pytest.raises(ValueError, match="printable characters"):
        store_mod.clean_name(name)


def test_tabs_and_line_ends_in_a_name_are_spaces() -> None:
    assert store_mod.clean_name("Ada\tL.\r\n") == "Ada L."


def database_of_version(db_path: Path, version: int) -> sqlite3.Connection:
    """A new database as schema ``version`` left it, open to add rows to."""
    old = sqlite3.connect(db_path)
    old.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    old.execute("INSERT INTO schema_version VALUES (?)", (version,))
    for script in store_mod.MIGRATIONS[:version]:
        old.executescript(script)
    return old


def test_a_version_6_database_gains_the_board_file(db_path: Path, clock: FakeClock) -> None:
    """Schema 7 keeps the name of the .mbf file a board came from; a game
    stored before has none (NULL), and loads as it was."""
    old = database_of_version(db_path, 6)
    old.execute(
        "INSERT INTO games (id, interface, level, width, height, mines, seed, no_guess,"
        " practice, layout, created_at, chosen) VALUES"
        " ('old', 'web', 'beginner', 9, 9, 10, 'mbf', 0, 1, ?, 0, 1)",
        ("\n".join(["*" * 9, "*" + "." * 8] + ["." * 9] * 7),),
    )
    old.commit()
    old.close()
    s = store_mod.open(db_path)
    assert s.schema_version == store_mod.SCHEMA_VERSION == 9
    loaded = s.load("old")
    assert loaded is not None and loaded.spec.board_file is None
    assert loaded.spec.layout is not None and sum(map(sum, loaded.spec.layout)) == 10
    spec = SessionSpec(Beginner(), "mbf", layout=loaded.spec.layout, board_file="old one.mbf")
    gid = s.create_game(Session(spec, clock), token="t")
    again = s.load(gid)
    assert again is not None and again.spec == spec
    s.close()


def test_a_version_7_database_keeps_its_games_and_their_events(
    db_path: Path, clock: FakeClock
) -> None:
    """Schema 8 adds the points of a path event. A game stored before, as its
    cell actions, loads with the same events and plays on; a new game keeps
    its presses and its path."""
    old = database_of_version(db_path, 7)
    old.execute(
        "INSERT INTO games (id, interface, level, width, height, mines, seed, no_guess,"
        " practice, created_at) VALUES ('old', 'web', 'beginner', 9, 9, 10, 'old', 0, 0, 0)"
    )
    old.executemany(
        "INSERT INTO events VALUES ('old', ?, ?, ?, ?, ?, 0)",
        [(0, "flag", 0, 0, 0), (1, "reveal", 4, 4, 700), (2, "mark", 8, 8, 900)],
    )
    old.commit()
    old.close()
    s = store_mod.open(db_path)
    assert s.schema_version == store_mod.SCHEMA_VERSION == 9
    [loaded] = s.load_unfinished()
    assert [(e.type, e.pos, e.t_ms) for e in loaded.events] == [
        ("flag", Pos(0, 0), 0),
        ("reveal", Pos(4, 4), 700),
        ("mark", Pos(8, 8), 900),
    ]
    game = loaded.session(clock)
    assert game.started and game.flags == {Pos(0, 0)} and game.marks == {Pos(8, 8)}
    assert game.moves == game.events and game.clicks.left == 1 and game.clicks.right == 2
    game.flag(Pos(1, 0))  # goes on as a record of presses
    s.sync("old", game)
    again = s.load("old")
    assert again is not None and again.events == tuple(game.events)
    assert [e.type for e in again.events[3:]] == ["down", "up"]
    s.close()

"""The service of a person's games (``player_games``), on its own: the rules the
terminal and the web server share, each answered with a typed outcome."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from minebender.services.player_games import (
    Abandoned,
    Changed,
    GameRecord,
    GivenUp,
    Interface,
    NotPlaying,
    Saved,
    Unsaved,
    at_stake,
    last_name,
    restart_spec,
    resume_or_new,
    waiting_game,
)
from minebender.services.session import Session, SessionSpec
from minebender.services.store import Store
from minebender.values.types import Beginner, Expert, Level, Pos
from played import won_game


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "games.db") as s:
        yield s


def started(seed: str = "alpha") -> Session:
    s = Session(SessionSpec(Beginner(), seed), clock=lambda: 0.0)
    s.reveal(Pos(4, 4))
    assert s.started and not s.over
    return s


def mines(s: Session) -> list[Pos]:
    """The mines of a started game: cells that stay covered, so always flaggable."""
    assert s.layout is not None
    return [Pos(x, y) for y, row in enumerate(s.layout) for x, mine in enumerate(row) if mine]


def test_a_game_is_stored_at_its_first_move_and_synced_after(store: Store) -> None:
    record = GameRecord(store, "terminal")
    s = started()
    assert record.record(s) == Saved()
    assert record.game_id is not None
    assert s.flag(mines(s)[0]) is not None
    assert record.record(s) == Saved()
    stored = store.load(record.game_id)
    assert stored is not None and len(stored.events) == len(s.events)


def test_a_move_on_a_game_another_window_played_is_changed(store: Store) -> None:
    record = GameRecord(store, "terminal")
    here = started()
    assert record.record(here) == Saved()
    there = record.reload()
    assert there is not None
    assert there.flag(mines(there)[0]) is not None
    assert GameRecord(store, "terminal", record.game_id).record(there) == Saved()
    assert here.flag(mines(here)[1]) is not None
    outcome = record.record(here)
    assert isinstance(outcome, Changed) and "changed in another window" in outcome.reason


def test_a_move_on_a_game_given_up_elsewhere_is_given_up(store: Store) -> None:
    record = GameRecord(store, "web")
    here = started()
    assert record.record(here) == Saved()
    assert GameRecord(store, "web", record.game_id).abandon(here) == Abandoned(
        kept=True, counted=True
    )
    assert here.flag(mines(here)[1]) is not None
    outcome = record.record(here)
    assert isinstance(outcome, GivenUp) and "abandoned" in outcome.reason


def test_a_store_that_cannot_write_answers_unsaved_with_its_reason(store: Store) -> None:
    record = GameRecord(store, "terminal")
    store.close()
    outcome = record.record(started())
    assert isinstance(outcome, Unsaved) and outcome.reason


def test_a_window_back_from_a_pause_takes_what_another_window_played(store: Store) -> None:
    """Moves made, or time played, in another window meanwhile: the game as
    stored is the one to go on with; the same game, or another one, is not."""
    record = GameRecord(store, "terminal")
    here = started()
    record.record(here)
    assert record.went_on_elsewhere(here) is None  # nothing happened elsewhere
    there = record.reload()
    assert there is not None and there.flag(mines(there)[0]) is not None
    GameRecord(store, "terminal", record.game_id).record(there)
    newer = record.went_on_elsewhere(here)
    assert newer is not None and newer.events == there.events
    assert record.game_id is not None
    store.save_clock(record.game_id, 30_000)  # the other window's clock ran on
    ahead = record.went_on_elsewhere(there)
    assert ahead is not None and ahead.now_ms() >= 30_000
    assert here.flag(mines(here)[1]) is not None  # this window went its own way
    assert record.went_on_elsewhere(here) is None


def test_a_started_game_replaced_is_kept_as_abandoned(store: Store) -> None:
    """Replaced in play, a started game counts as lost and is never resumed."""
    record = GameRecord(store, "terminal")
    s = started()
    record.record(s)
    assert record.abandon(s) == Abandoned(kept=True, counted=True)
    game = record.stored()
    assert game is not None and game.status == "abandoned"
    assert record.abandon(s) == NotPlaying()  # given up once only


def test_practice_switched_on_in_play_is_stored_at_once(store: Store) -> None:
    record = GameRecord(store, "web")
    s = started()
    record.record(s)
    assert record.make_practice(s) == Saved() and s.spec.practice
    stored = record.stored()
    assert stored is not None and stored.spec.practice and not stored.spec.ranked
    assert record.make_practice(s) == Saved()  # practice already: nothing more
    assert record.make_practice(won_game("alpha")) == NotPlaying()


def test_a_practice_game_replaced_is_kept_but_not_counted(store: Store) -> None:
    """Practice (here switched on in play) never counts, not even as a loss."""
    record = GameRecord(store, "web")
    s = started()
    record.record(s)
    assert record.make_practice(s) == Saved()
    assert record.abandon(s) == Abandoned(kept=True, counted=False)


def test_a_game_not_started_is_dropped_when_replaced(store: Store) -> None:
    record = GameRecord(store, "web")
    s = Session(SessionSpec(Beginner(), "alpha"), clock=lambda: 0.0)
    record.create(s, token="secret")
    assert record.abandon(s) == Abandoned(kept=False, counted=False)
    assert record.stored() is None


def test_a_game_over_or_never_stored_is_not_played(store: Store) -> None:
    assert GameRecord(store, "terminal").abandon(started()) == NotPlaying()
    won = won_game("alpha")
    record = GameRecord(store, "terminal")
    record.record(won)
    assert record.abandon(won) == NotPlaying()


def test_a_best_time_waits_for_its_name_until_refused(store: Store) -> None:
    record = GameRecord(store, "terminal")
    record.record(won_game("alpha"))
    assert record.qualifies() and record.best_time_pending()
    record.decline_best_time()
    assert record.qualifies() and not record.best_time_pending()


def test_a_best_time_named_is_offered_as_the_next_name(store: Store) -> None:
    assert last_name(store) is None
    record = GameRecord(store, "web")
    record.record(won_game("alpha"))
    entry = record.record_best_time("Ada")
    assert entry.name == "Ada" and not record.best_time_pending()
    assert last_name(store) == "Ada"


def next_game(
    store: Store,
    interface: Interface = "terminal",
    level: Level | None = None,
    seed: str | None = None,
) -> tuple[Session, str | None]:
    """What ``play`` would go on with in interface, dealing the seed "fresh"."""
    return resume_or_new(
        store,
        interface=interface,
        level=level,
        seed=seed,
        no_guess=False,
        new=False,
        new_seed=lambda: "fresh",
    )


def test_resume_takes_the_unnamed_best_time_then_the_game_of_the_level(store: Store) -> None:
    playing = GameRecord(store, "terminal")
    playing.record(started("beta"))
    won = GameRecord(store, "terminal")
    won.record(won_game("alpha"))
    assert next_game(store)[1] == won.game_id  # the time waiting for its name first
    won.decline_best_time()
    assert next_game(store)[1] == playing.game_id
    session, gid = next_game(store, level=Expert())
    assert gid is None and session.spec.seed == "fresh" and not session.spec.chosen


def test_resume_keeps_to_its_interface(store: Store) -> None:
    GameRecord(store, "web").record(started())
    session, gid = next_game(store, "terminal")
    assert gid is None and session.spec.seed == "fresh"
    assert next_game(store, "web")[1] is not None


def test_a_seed_asked_for_is_a_new_chosen_game(store: Store) -> None:
    GameRecord(store, "terminal").record(started())
    session, gid = next_game(store, seed="mine")
    assert gid is None and session.spec.seed == "mine" and session.spec.chosen


def test_a_restart_is_the_same_board_never_ranked() -> None:
    spec = SessionSpec(Beginner(), "alpha")
    again = restart_spec(spec)
    assert again.seed == spec.seed and again.level == spec.level and again.chosen


def test_what_a_new_game_would_cost_follows_the_game() -> None:
    """``at_stake``: what the interfaces ask about before a game is left."""
    fresh = Session(SessionSpec(Beginner(), "alpha"), clock=lambda: 0.0)
    assert at_stake(fresh, best_time_pending=False) is None  # nothing played yet
    s = started()
    assert at_stake(s, best_time_pending=False) == "ranked"
    assert at_stake(s, best_time_pending=False, abandoned=True) is None
    chosen = Session(SessionSpec(Beginner(), "alpha", chosen=True), clock=lambda: 0.0)
    chosen.reveal(Pos(4, 4))
    assert at_stake(chosen, best_time_pending=False) == "unranked"
    assert s.make_practice() is not None
    assert at_stake(s, best_time_pending=False) == "unranked"
    won = won_game("alpha")
    assert at_stake(won, best_time_pending=True) == "best_time"
    assert at_stake(won, best_time_pending=False) is None
    lost = started()
    assert lost.reveal(mines(lost)[0]) is not None and lost.over and not lost.won
    assert at_stake(lost, best_time_pending=True) is None


def test_a_new_game_of_another_level_names_the_game_left_waiting(store: Store) -> None:
    assert waiting_game(store, "terminal", None) is None
    expert = Session(SessionSpec(Expert(), "gamma"), clock=lambda: 0.0)
    expert.reveal(Pos(4, 4))
    record = GameRecord(store, "terminal")
    record.record(expert)
    session, gid = next_game(store, level=Beginner())
    assert session.spec.level == Beginner()
    assert gid is None  # a new Beginner game: the Expert game stays saved
    assert waiting_game(store, "terminal", gid) == "Expert"
    assert next_game(store)[1] == record.game_id  # which a plain play resumes
    assert waiting_game(store, "terminal", record.game_id) is None  # resuming it: no note
    assert waiting_game(store, "web", None) is None

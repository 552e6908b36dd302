"""``BestTimes``: the best times and statistics, read from the games of the
``GameLog`` beside it."""

from __future__ import annotations

import time

from minebender.services.session import HELP_TYPES
from minebender.services.store.database import Database
from minebender.services.store.games import GameLog
from minebender.services.store.names import clean_name
from minebender.services.store.records import BestTime, NotQualified, Statistics, StoredGame

__all__ = ["BEST_TIMES_KEPT", "RANKED", "BestTimes"]

BEST_TIMES_KEPT = 10
"""How many best times each level keeps."""

RANKED = "practice = 0 AND no_guess = 0 AND chosen = 0"
"""The games that count for statistics and best times, in SQL: ``SessionSpec.ranked``."""

QUALIFIES = (
    f"g.status = 'won' AND g.level != 'custom' AND {RANKED} AND g.best_reset = 0"
    " AND NOT EXISTS (SELECT 1 FROM events e WHERE e.game_id = g.id"
    f"  AND e.type IN ({', '.join(repr(t) for t in sorted(HELP_TYPES))}))"
    " AND NOT EXISTS (SELECT 1 FROM best_times b WHERE b.game_id = g.id)"
    f" AND ((SELECT COUNT(*) FROM best_times b WHERE b.level = g.level) < {BEST_TIMES_KEPT}"
    "  OR g.elapsed_ms < (SELECT b.elapsed_ms FROM best_times b WHERE b.level = g.level"
    f"  ORDER BY b.elapsed_ms, b.recorded_at, b.id LIMIT 1 OFFSET {BEST_TIMES_KEPT - 1}))"
)
"""A game ``g`` that may go into its level's best times (``Store.qualifies``), in
SQL: one rule for the game just won and for the search of a time left unnamed."""


class BestTimes:
    """Each level's best times (named, declined, reset) and statistics, read
    from the stored games; safe to share between threads."""

    def __init__(self, database: Database, games: GameLog) -> None:
        self.database = database
        self.games = games

    def best_time_name(self, game_id: str) -> str | None:
        """The name a game's best time was recorded under, if it has one."""
        with self.database.reading() as db:
            row = db.execute("SELECT name FROM best_times WHERE game_id = ?", (game_id,)).fetchone()
        return None if row is None else str(row["name"])

    def best_times(self, level: str, limit: int = BEST_TIMES_KEPT) -> list[BestTime]:
        """A level's best times, fastest first (ties: the earlier one first)."""
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT level, name, elapsed_ms, game_id, recorded_at FROM best_times"
                " WHERE level = ? ORDER BY elapsed_ms, recorded_at, id LIMIT ?",
                (level, limit),
            ).fetchall()
        return [BestTime(*tuple(r)) for r in rows]

    def qualifies(self, game_id: str) -> bool:
        """The game may go into its level's best times: a ranked game (not
        practice, not no-guess, not on a chosen board) of a standard level, won
        without the assist, the hints or auto play, fast enough, and not yet
        in them.

        A time is a record only of a board met for the first time and cleared
        alone: a chosen board may be one the player already knows, a no-guess
        board is another game, and the assist, the hints and auto play find
        or open cells for the player.
        """
        with self.database.reading() as db:
            row = db.execute(f"SELECT 1 FROM games g WHERE g.id = ? AND {QUALIFIES}", (game_id,))
            return row.fetchone() is not None

    def unnamed_best_time(self, interface: str | None = None) -> StoredGame | None:
        """The newest finished game (of one interface, if given) that is a best
        time neither named nor refused (``qualifies``, not ``name_declined``), or None.

        The terminal game asks for its name at the next start: the terminal was
        killed or closed while the name dialog was open. Searched among every
        game, not only the newest: a game lost or won slowly since (perhaps
        with another ``--seed``) must not make the best time unnameable.
        """
        with self.database.reading() as db:
            row = db.execute(
                f"SELECT g.id FROM games g WHERE {QUALIFIES} AND g.name_declined = 0"
                " AND (? IS NULL OR g.interface = ?)"
                " ORDER BY g.finished_at DESC, g.rowid DESC LIMIT 1",
                (interface, interface),
            ).fetchone()
        return None if row is None else self.games.load(row["id"])

    def decline_best_time(self, game_id: str) -> None:
        """The player refused to name this game's best time (Cancel): remembered,
        so that it is not asked again, even by another run of the terminal game."""
        with self.database.transaction() as db:
            db.execute("UPDATE games SET name_declined = 1 WHERE id = ?", (game_id,))
        self.database.checkpoint()

    def name_declined(self, game_id: str) -> bool:
        """The player refused to name this game's best time (``decline_best_time``)."""
        with self.database.reading() as db:
            row = db.execute("SELECT name_declined FROM games WHERE id = ?", (game_id,)).fetchone()
        return row is not None and bool(row["name_declined"])

    def record_best_time(self, name: str, game_id: str) -> BestTime:
        """Put a won game in its level's best times under name."""
        try:
            name = clean_name(name)
        except ValueError as exc:
            raise NotQualified(str(exc)) from None
        if not self.qualifies(game_id):
            raise NotQualified(
                "this game does not qualify for the best times (any more). Either it was"
                " not a ranked win without the assist, hints or auto play, or it was named"
                " already, or faster times pushed it out, or the best times were reset"
            )
        with self.database.transaction() as db:
            # Again inside the write: two requests naming one game at once both
            # passed the check above, and the second insert broke the table's
            # one-name-a-game rule (a 503 naming the database, not a 409).
            row = db.execute(
                f"SELECT level, elapsed_ms FROM games g WHERE g.id = ? AND {QUALIFIES}",
                (game_id,),
            ).fetchone()
            if row is None:
                raise NotQualified("this game's best time was named already, or pushed out")
            entry = BestTime(row["level"], name, row["elapsed_ms"], game_id, time.time())
            db.execute(
                "INSERT INTO best_times (level, name, elapsed_ms, game_id, recorded_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (entry.level, entry.name, entry.elapsed_ms, entry.game_id, entry.recorded_at),
            )
        self.database.checkpoint()
        return entry

    def reset_best_times(self) -> int:
        """Empty the best times of every level (Windows XP's Reset Scores); how
        many there were.

        Every game finished by now is marked, so that none of them comes back
        into the emptied lists: not a time left unnamed, which the terminal
        game would otherwise ask to name at its next start. A game still being
        played may still make a best time. The games and their replays stay.
        """
        with self.database.transaction() as db:
            removed = db.execute("SELECT COUNT(*) FROM best_times").fetchone()[0]
            db.execute("DELETE FROM best_times")
            db.execute("UPDATE games SET best_reset = 1 WHERE status != 'playing'")
        self.database.checkpoint()
        return int(removed)

    def reset_statistics(self) -> int:
        """Start every level's statistics again from zero (Windows 7's Reset
        Statistics); how many finished ranked games they counted.

        Best times are not touched (``reset_best_times`` is the other reset),
        nor are the games and their replays: the games finished by now are
        marked as left out of the statistics.
        """
        with self.database.transaction() as db:
            counted = db.execute(
                f"SELECT COUNT(*) FROM games WHERE {RANKED}"
                " AND status != 'playing' AND stats_reset = 0"
            ).fetchone()[0]
            db.execute("UPDATE games SET stats_reset = 1 WHERE status != 'playing'")
        self.database.checkpoint()
        return int(counted)

    def statistics(self, level: str) -> Statistics:
        """Played, won and streaks of a level's finished ranked games: practice,
        no-guess and chosen boards are not the game these numbers measure. An
        abandoned game counts as played and not won."""
        with self.database.reading() as db:
            rows = db.execute(
                f"SELECT status FROM games WHERE level = ? AND {RANKED}"
                " AND status != 'playing' AND stats_reset = 0 ORDER BY finished_at, rowid",
                (level,),
            ).fetchall()
        played = won = current = best = 0
        for r in rows:
            played += 1
            if r["status"] == "won":
                won += 1
                current += 1
                best = max(best, current)
            else:
                current = 0
        return Statistics(level, played, won, current, best)

"""``minebender stats --import DIR``: a folder of replays (the four formats,
RAW vf and minebender's) reviewed into the player's imported log, beside the
database, so that their progress (``stats --progress``, the page's Game >
Progress) counts those games among the ones played here.

The files are reviewed as ``review DIR --summary`` reviews a corpus: on the
batch runners' local processes, each parse of another client's file in a
child of its own, each line appended at once. A file already imported (the
same bytes) is skipped, so importing the same folder again adds only what is
new. ``stats --progress --corpus DIR`` reviews a folder for one report only.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from minebender.faces.commands.options import UsageError
from minebender.values.files import shown

if TYPE_CHECKING:
    from minebender.services.progress import GamePoint

__all__ = ["Imported", "corpus_dir_points", "database_path", "review_into", "run_import"]


@dataclass(frozen=True, slots=True)
class Imported:
    """What an import did: games added, files already there, files that
    could not be read (their errors said on stderr)."""

    added: int
    known: int
    errors: int


def database_path(db: str | None) -> Path:
    """The database the progress is of (``--db``, else the default one),
    whether or not it exists yet: its imported log lies beside it."""
    from minebender.services.store import default_path

    return default_path() if db is None else Path(db)


def review_into(paths: list[Path], log: Path, workers: int, *, resume: bool) -> Imported:
    """Review the replay files under ``paths`` into ``log``; UsageError when
    there is none, or the log cannot be written or is not a review log."""
    from minebender.services.review import ReviewError
    from minebender.services.review.corpus import replay_files, run_corpus

    missing = [p for p in paths if not p.exists()]
    if missing:
        raise UsageError(f"{shown(missing[0])}: no such file or folder")
    files, notes = replay_files(paths)
    for note in notes:
        print(f"minebender stats: note: {note}", file=sys.stderr)
    if not files:
        raise UsageError(
            "no replay files (.json .avf .rmv .evf .mvf .rawvf) under "
            + ", ".join(shown(p) for p in paths)
        )
    added = known = errors = 0

    def advance(line: dict[str, object]) -> None:
        nonlocal added, errors
        if "error" in line:
            errors += 1
            print(f"minebender stats: error: {shown(str(line['error']))}", file=sys.stderr)
        else:
            added += 1

    def skipped() -> None:
        nonlocal known
        known += 1

    try:
        run_corpus(
            files, log, workers=workers, cluster=None, resume=resume, advance=advance,
            skipped=skipped,
        )  # fmt: skip
    except ReviewError as exc:
        raise UsageError(str(exc)) from None
    return Imported(added, known, errors)


def run_import(args: argparse.Namespace) -> int:
    """Carry out ``stats --import PATH...``: say what was added."""
    from minebender.services.progress import imported_log
    from minebender.values.words import count

    log = imported_log(database_path(args.db))
    if log is None:
        raise UsageError("--import keeps the games beside the database: not with --db :memory:")
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot make {shown(log.parent)}: {exc.strerror or exc}") from None
    done = review_into(args.import_paths, log, args.workers, resume=True)
    said = [f"imported {count(done.added, 'game')}"]
    if done.known:
        said.append(f"{count(done.known, 'file')} read before, skipped")
    if done.errors:
        said.append(f"{count(done.errors, 'file')} could not be read")
    print(
        f"{', '.join(said)}; minebender stats --progress and the page's Game > Progress"
        f" count them (kept in {shown(log)})"
    )
    return 0


def corpus_dir_points(folder: Path, workers: int) -> list[GamePoint]:
    """``--corpus DIR``: the folder's games reviewed for this report only."""
    from minebender.services.progress import corpus_points
    from minebender.services.review.corpus import read_log

    with tempfile.TemporaryDirectory(prefix="minebender-corpus-") as tmp:
        log = Path(tmp) / "review.jsonl"
        review_into([folder], log, workers, resume=False)
        return corpus_points(read_log(log))

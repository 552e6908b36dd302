"""Review finished games move by move with the exact solver.

Reads minebender's replays (.json) and the replays of Arbiter (.avf),
Viennasweeper (.rmv), Metasweeper (.evf), Minesweeper Clone (.mvf, every
version) and RAW vf text (.rawvf, .txt); a
directory stands for every replay under it. ``--last`` and ``--game ID``
review a game of the store, so a game just played needs no file first. ``--summary`` reviews a whole
corpus on all local cores (or a Dask cluster) into a JSON-lines log and prints
a summary per player and level. docs/review.md says what every figure means.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from minebender.faces.commands.options import (
    UsageError,
    add_stored_game_arguments,
    add_workers_argument,
)
from minebender.services.review import Review, ReviewError, fraction_text, percent_text, review_file
from minebender.services.review.coach import coaching_lines
from minebender.services.review.corpus import read_log, replay_files, run_corpus, summary_rows
from minebender.values.files import shown
from minebender.values.words import count

__all__ = ["EXAMPLE", "SUMMARY", "add_arguments", "review_text", "run"]

SUMMARY = "review games move by move: each click's risk, and the figures"
EXAMPLE = "minebender review game.rmv   (a corpus: minebender review replays/ --summary)"
DEFAULT_LOG = "minebender-review.jsonl"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``minebender review``."""
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        type=Path,
        help="replay files (.json .avf .rmv .evf .mvf .rawvf .txt) or directories of them",
    )
    add_stored_game_arguments(parser)
    parser.add_argument("--json", action="store_true", help="one JSON object per file, a line each")
    parser.add_argument(
        "--summary",
        action="store_true",
        help="review every file in parallel into a log, then print a summary per player and level",
    )
    add_workers_argument(parser, "--summary")
    parser.add_argument("--cluster", metavar="tcp://HOST:PORT", help="review on a Dask cluster")
    parser.add_argument(
        "--log",
        type=Path,
        default=Path(DEFAULT_LOG),
        help=f"the JSON-lines log --summary appends to (default: {DEFAULT_LOG})",
    )
    parser.add_argument(
        "--resume", action="store_true", help="skip the files the log already holds"
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar (default: on a terminal)",
    )


def _pct(f: Any) -> str:
    return f"{float(f):.1%}"


def _stnb_text(stnb: float | None) -> str:
    """STNB to one decimal, or why there is none: it is defined on the
    community's three classic boards only."""
    return "n/a (defined on the classic boards only)" if stnb is None else f"{stnb:.1f}"


def _bbbv_text(f: Any) -> str:
    """The 3BV; of a game not won, the 3BV done of the board's too."""
    return str(f.bbbv) if f.status == "won" else f"{f.bbbv_solved} of {f.bbbv}"


LEGEND = (
    "3BV     the fewest clicks that clear the board without flags",
    "3BV/s   3BV done per second; IOE: 3BV done per click",
    "clicks  left + right + double = all; corr: effective clicks per click",
    "RQP     time squared / 3BV done (lower is better)",
    "ZiNi    clicks that clear the board with flags and chords",
    "thrp    3BV done per effective click",
    "STNB    defined on 8x8/10, 16x16/40 and 30x16/99 only",
    "time    from the first click; risk: the chance the move hit a mine",
)
"""What the figures and the columns mean: the page says it on hover."""


def review_text(r: Review) -> str:
    """The review as text: the game, its figures, every move, the summary."""
    rec, f, s = r.record, r.figures, r.summary
    who = ", ".join(x for x in (rec.software, rec.player) if x)
    lines = [
        f"{shown(Path(rec.file).name)}: {rec.width}x{rec.height} with {count(rec.mines, 'mine')}"
        + (f" ({who})" if who else ""),
        f"{f.status} in {f.seconds:.3f} s   3BV {_bbbv_text(f)}   3BV/s {f.bbbv_per_s:.3f}"
        f"   clicks {f.clicks.left}+{f.clicks.right}+{f.clicks.double}={f.clicks.total}",
        f"IOE {f.ioe:.3f}   RQP {f.rqp:.3f}   ZiNi {'-' if f.zini is None else f.zini}"
        f"   corr {f.corr:.3f}   thrp {f.thrp:.3f}"
        f"   STNB {_stnb_text(f.stnb(rec.width, rec.height, rec.mines))}",
        "",
        "   #    time  move               risk  safest guess     verdict",
    ]
    for j in r.moves:
        m, cell = j.played.move, j.played.cell
        where = "" if cell is None else f"({cell.x}, {cell.y})"
        risk = "-" if j.risk is None else percent_text(j.risk)
        best = "" if j.best is None else f"({j.best.x}, {j.best.y})"
        if j.best_risk is not None:
            best += " safe" if j.best_risk == 0 else f" {percent_text(j.best_risk)}"
        lines.append(
            f"{j.played.index + 1:4} {rec.shown_ms(m.t_ms) / 1000:7.3f}  {m.type:6} {where:10}"
            f" {risk:>6}  "
            f"{best:16} {j.verdict}"
        )
    end = f"lost at move {s.lost_at + 1}" if s.lost_at is not None else f.status
    if s.lost_at is not None and r.moves[s.lost_at].verdict == "certain mine":
        end += " on a certain mine"  # a mistake, which the guesses leave out
    needless = f", {s.needless_guesses} needless" if s.needless_guesses else ""
    lines.append("")
    if s.guesses:
        them = "it" if s.guesses == 1 else "them"
        chance = f"the chance to survive {them} was {percent_text(s.survival)}"
        lines.append(f"{count(s.guesses, 'guess')}{needless}; {chance}; {end}")
    else:
        lines.append(f"no guess; {end}")
    lessons = coaching_lines(r.coaching, r.moves)
    if lessons:
        lines += ["", "lessons:", *(f"  {line}" for line in lessons)]
    lines += ["", "legend:", *(f"  {line}" for line in LEGEND)]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Carry out ``minebender review``; 2 when any file could not be reviewed."""
    stored = args.last or args.game is not None
    if stored:
        return _review_stored(args)
    if args.db is not None:
        raise UsageError("--db is the database of --last and --game: give one of them with it")
    if not args.files:
        raise UsageError(
            "give a replay FILE or a directory (or --last for the newest finished game,"
            " --game ID for one)"
        )
    if args.summary:
        return _summary(args)
    if args.resume or args.cluster:
        raise UsageError("--resume and --cluster go with --summary")
    failed = False
    first = True
    files, notes = replay_files(args.files)
    _say(notes)
    for path in files:
        try:
            r = review_file(path)
        except ReviewError as exc:
            print(f"minebender review: error: {shown(str(exc))}", file=sys.stderr)
            failed = True
            continue
        if args.json:
            print(json.dumps(r.to_json(), ensure_ascii=False))
        else:
            print(("" if first else "\n") + review_text(r))
        first = False
        sys.stdout.flush()
    return 2 if failed else 0


def _review_stored(args: argparse.Namespace) -> int:
    """Review the newest finished game of the store, or the one with an id:
    the store keeps each game as a replay, so it is reviewed as its file would be."""
    from minebender.faces.commands.replay import stored_replay
    from minebender.services.review.own import record_of
    from minebender.services.review.report import review_record

    if args.last and args.game is not None:
        raise UsageError("give --last or --game ID, not both")
    if args.files:
        raise UsageError("give replay FILEs or --last or --game ID, not both")
    if args.summary or args.resume or args.cluster:
        raise UsageError(
            "--summary, --resume and --cluster review files: not with --last or --game"
        )
    replay = stored_replay(args.db, args.game)
    name = "last game" if args.game is None else f"game {args.game}"
    try:
        r = review_record(record_of(name, replay))
    except ReviewError as exc:
        raise UsageError(shown(str(exc))) from None
    print(json.dumps(r.to_json(), ensure_ascii=False) if args.json else review_text(r))
    return 0


def _say(notes: list[str]) -> None:
    """Say what the walk skipped (a loop of links, a broken link), a line each."""
    for note in notes:
        print(f"minebender review: note: {note}", file=sys.stderr)


def _summary(args: argparse.Namespace) -> int:
    files, notes = replay_files(args.files)
    _say(notes)
    if not files:
        raise UsageError(
            "no replay files (.json .avf .rmv .evf .mvf .rawvf) under "
            + ", ".join(shown(p) for p in args.files)
        )
    bar, task = _bar(len(files), args.progress)
    errors = 0

    def advance(line: dict[str, Any]) -> None:
        nonlocal errors
        if "error" in line:
            errors += 1
            print(f"minebender review: error: {shown(line['error'])}", file=sys.stderr)
        if bar is not None:
            bar.update(task, advance=1)

    def skipped() -> None:
        if bar is not None:
            bar.update(task, advance=1)

    try:
        if bar is not None:
            bar.start()
        try:
            keys = run_corpus(
                files,
                args.log,
                workers=args.workers,
                cluster=args.cluster,
                resume=args.resume,
                advance=advance,
                skipped=skipped,
            )
            rows = summary_rows(read_log(args.log), keys)
        except ReviewError as exc:
            raise UsageError(str(exc)) from None
    finally:
        if bar is not None:
            bar.stop()
    if args.json:
        for row in rows:
            print(
                json.dumps(
                    {
                        "player": row.player,
                        "level": row.level,
                        "games": row.games,
                        "won": row.won,
                        "bbbv_per_s": row.bbbv_per_s,
                        "guesses_per_game": row.guesses_per_game,
                        "needless_guesses_per_game": row.needless_per_game,
                        "average_risk": None
                        if row.average_risk is None
                        else fraction_text(row.average_risk),
                    },
                    ensure_ascii=False,
                )
            )
    else:
        print(
            f"{'player':20} {'level':12} {'games':>6} {'won':>5} {'3BV/s':>6} {'guesses':>8}"
            f" {'needless':>8} {'avg risk':>8}"
        )
        for row in rows:
            risk = "-" if row.average_risk is None else _pct(row.average_risk)
            print(
                f"{row.player[:20]:20} {row.level:12} {row.games:6} {row.won:5}"
                f" {row.bbbv_per_s:6.3f} {row.guesses_per_game:8.2f} {row.needless_per_game:8.2f}"
                f" {risk:>8}"
            )
    return 2 if errors else 0


def _bar(total: int, show: bool | None) -> tuple[Any, Any]:
    if show is None:
        show = sys.stderr.isatty()
    if not show:
        return None, None
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    bar = Progress(
        TextColumn("review"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
    )
    return bar, bar.add_task("files", total=total)

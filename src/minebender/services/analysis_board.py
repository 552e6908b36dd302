"""What the analysis board shows of one position, beyond the counts and
probabilities of ``solver.analyse``: dead cells, the move the bot would make
and why, the 50/50s and the figures of the best guesses
(``guess_figures``), exact win chances in small endgames, and why an
impossible board is impossible.

``study`` does it all in stages, each handed to a ``report`` callable as soon
as it is known, so that a caller that must stop early (``limited``: a time
limit, a memory cap) still has what was finished. The stages come cheapest
and most wanted first: the analysis, then the conflict or the best move,
the 50/50s and the guesses' figures, then the dead cells; in an endgame,
last, the best move found by an exact search with its chance to win, and
every guess's chance. ``first_json`` makes the first stage alone when its
counting is known small (the server answers it at once, on its event loop)
and ``follow_json`` the rest, in a child.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from minebender.rules.solver import Analysis, Explanation, analyse, analyse_within, explain
from minebender.rules.solver.conflict import Conflict, conflict
from minebender.rules.solver.reading import neighbour_table
from minebender.rules.solver.system import build_system
from minebender.services.bot.endgame import PERFECT_LAYOUTS, Endgame, endgame
from minebender.services.bot.sampling import LayoutSampler
from minebender.services.bot.strategy import choose
from minebender.services.bot.walked import walked_layouts
from minebender.services.guess_figures import Candidate, Fifty, candidates, fifties
from minebender.services.guess_sets import GuessSet, guess_sets
from minebender.values.seeded import Stream
from minebender.values.types import SHOWN, Boom, Hidden, Knowledge, Pos, Shown

__all__ = [
    "FIRST_WORK",
    "Best",
    "analysis_json",
    "best_move",
    "dead_cells",
    "decimal",
    "explanation_json",
    "first_json",
    "follow",
    "follow_json",
    "fraction_text",
    "perfect_best",
    "probabilities_json",
    "stage_json",
    "study",
    "study_json",
    "warm_up",
    "why_json",
    "win_chances",
]


def _row_major(cells: Any) -> list[Pos]:
    return sorted(cells, key=lambda p: (p.y, p.x))


def decimal(n: int, spec: str = "") -> str:
    """n in decimal, every digit of it, however long: an exact count of layouts on
    a big board has more than the 4300 digits ``str`` allows by default
    (``sys.set_int_max_str_digits``); the limit is lifted only for this one
    conversion, so nothing is cut or rounded and the rest of the run keeps it."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return format(n, spec)
    finally:
        sys.set_int_max_str_digits(limit)


def fraction_text(p: Fraction) -> str:
    """An exact fraction as ``"0"``, ``"1"`` or ``"p/q"`` in lowest terms."""
    if p.denominator == 1:
        return decimal(p.numerator)
    return f"{decimal(p.numerator)}/{decimal(p.denominator)}"


def _xy(cells: Any) -> list[list[int]]:
    return [[p.x, p.y] for p in _row_major(cells)]


def analysis_json(knowledge: Knowledge, analysis: Analysis) -> dict[str, Any]:
    """The object of ``minebender solve --json`` without the analysis board's
    keys (docs/formats.md)."""
    consistent = analysis.consistent
    texts: dict[tuple[int, int], str] = {}

    def text(p: Fraction) -> str:
        # A big board repeats few values (every cell off the front shares one):
        # each is written once. The key is a pair, as a Fraction's hash is slow.
        key = (p.numerator, p.denominator)
        got = texts.get(key)
        if got is None:
            got = texts[key] = fraction_text(p)
        return got

    return {
        "width": knowledge.width,
        "height": knowledge.height,
        "mines": knowledge.mines,
        "consistent": consistent,
        "solutions": decimal(analysis.solutions),
        "unique": analysis.unique,
        "safe": _xy(analysis.safe) if consistent else [],
        "certain_mines": _xy(analysis.mines) if consistent else [],
        "probabilities": [
            [None if p is None else text(p) for p in row] for row in analysis.probabilities
        ],
    }


def explanation_json(found: Explanation) -> dict[str, Any]:
    """The ``explanation`` object of ``solve --json --explain`` (docs/formats.md)."""
    return {
        "cell": [found.pos.x, found.pos.y],
        "mine": found.mine,
        "numbers": [[p.x, p.y] for p in found.numbers],
        "uses_total": found.uses_total,
        "smallest": found.smallest,
    }


def dead_cells(
    knowledge: Knowledge, analysis: Analysis, seconds: float | None = None
) -> list[Pos] | None:
    """The hidden cells, row by row, that are not certain mines and show the same
    number in every consistent layout where they are safe: revealing one
    teaches nothing. Empty on an inconsistent view.

    A cell whose hidden neighbours are all settled (safe or certain mines)
    is dead at once. A few layouts drawn at random show most of the others
    live (two layouts where the cell is safe and shows two numbers). For the
    rest, the layouts where the cell is safe are counted (the analysis gives
    them: the solutions times one less its probability) and compared with
    the layouts of the view where it shows one number it can show: the cell
    is dead when they are the same. The draws only spare work: the answer is
    exact either way.

    Each cell left undecided by the draws costs a count of the whole board:
    on a lattice of numbers, where no layout can be drawn, that is seconds.
    With ``seconds``, None when they run out (processor time).
    """
    if not analysis.consistent:
        return []
    deadline = None if seconds is None else time.process_time() + seconds
    probs = analysis.probabilities
    out: list[Pos] = []
    rows = knowledge.rows
    live, shown = _drawn(knowledge, analysis)
    for y, row in enumerate(rows):
        for x, seen in enumerate(row):
            p = probs[y][x]
            if type(seen) is not Hidden or p is None or p == 1:
                continue
            pos = Pos(x, y)
            known = 0
            open_: list[Fraction] = []
            for q in knowledge.neighbours(pos):
                s = rows[q.y][q.x]
                if type(s) is Boom:
                    known += 1
                elif type(s) is Hidden:
                    pq = probs[q.y][q.x]
                    assert pq is not None
                    if pq == 1:
                        known += 1
                    elif pq != 0:
                        open_.append(pq)
            if deadline is not None and open_ and time.process_time() > deadline:
                return None
            if not open_ or (
                pos not in live
                and _shows_one_number(knowledge, analysis, pos, p, known, open_, shown.get(pos))
            ):
                out.append(pos)
    return out


SAMPLES = 24
"""Layouts drawn to show cells live before any exact test."""
WALK_STEPS = 60_000
"""Flips the local search may take for its layouts, where none can be drawn:
about 0.5 s of processor time."""

LISTED_CELLS = 40
"""The most undecided cells in one part of the frontier for which layouts are
drawn uniformly (``LayoutSampler`` lists the part's assignments: a 16x16
lattice took 15 s to find it had too many)."""


def _listable(knowledge: Knowledge) -> bool:
    """Whether every part of the frontier is small enough to list."""
    system = build_system(knowledge)
    return all(
        sum(system.groups[g].size for g in c.groups) <= LISTED_CELLS for c in system.components
    )


def _drawn(knowledge: Knowledge, analysis: Analysis) -> tuple[set[Pos], dict[Pos, int]]:
    """Hidden cells that show two numbers in the layouts drawn (fixed draws, so
    the same view always takes the same time): certainly live; and for the
    others, the number they showed where they were safe. Where layouts cannot
    be drawn uniformly (unknown total, a revealed mine, a frontier with too
    many assignments to list) a local search finds some (``bot.walked``)."""
    rng = Stream.from_text("minebender analysis board")
    layouts: list[frozenset[int]] = []
    if _listable(knowledge):
        try:
            sampler = LayoutSampler(knowledge, analysis)
            layouts = [sampler.sample(rng) for _ in range(SAMPLES)]
        except ValueError:
            pass
    if not layouts:
        layouts = walked_layouts(knowledge, analysis, SAMPLES, WALK_STEPS, rng)
    w, h = knowledge.width, knowledge.height
    around = neighbour_table(w, h)
    cells = [i for i, s in enumerate(s for row in knowledge.rows for s in row) if type(s) is Hidden]
    first: dict[int, int] = {}
    live: set[int] = set()
    for layout in layouts:
        for i in cells:
            if i in layout or i in live:
                continue
            n = sum(1 for j in around[i] if j in layout)
            seen = first.setdefault(i, n)
            if seen != n:
                live.add(i)
    shown = {Pos(i % w, i // w): n for i, n in first.items() if i not in live}
    return {Pos(i % w, i // w) for i in live}, shown


def _shows_one_number(
    knowledge: Knowledge,
    analysis: Analysis,
    pos: Pos,
    p: Fraction,
    known: int,
    open_: list[Fraction],
    seen: int | None,
) -> bool:
    """Whether pos, with undecided neighbours, can show only one number: ``seen``,
    the number it showed in a layout drawn, is tried first (then a single
    count settles it), else the likeliest first."""
    safe_layouts = analysis.solutions * (1 - p)
    likely = known + round(float(sum(open_))) if seen is None else seen
    tries = sorted(range(known, known + len(open_) + 1), key=lambda n: (abs(n - likely), n))
    rows = [list(r) for r in knowledge.rows]
    for n in tries:
        rows[pos.y][pos.x] = SHOWN[n]
        view = Knowledge(
            knowledge.width, knowledge.height, knowledge.mines, tuple(map(tuple, rows))
        )
        count = analyse(view).solutions
        if count:
            return count == safe_layouts
    return False  # pragma: no cover - a cell that can be safe shows some number


@dataclass(frozen=True, slots=True)
class Best:
    """The move the bot would make, and a sentence that says why; in an endgame
    searched exactly (``perfect_best``), the chance to win with best play.
    ``exact``: the move is the exact search's (the bot's own, up to 1,000
    layouts), and the reason says so."""

    cell: Pos | None
    reason: str
    win: Fraction | None = None
    exact: bool = False


def _pct(p: Fraction) -> str:
    return f"{float(p):.1%}"


def _frac(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def best_move(knowledge: Knowledge, analysis: Analysis) -> Best:
    """The cell the strong bot would reveal next (``bot.strategy.choose``), with a
    reason: a safe cell; a forced guess taken early (nothing can ever tell it
    apart, so waiting gains nothing); the endgame guess with the best exact
    chance to win; or the best guess with its chance to survive."""
    if not analysis.consistent:
        return Best(None, "no layout agrees with this board: there is no move to make")
    hidden = [
        Pos(x, y)
        for y, row in enumerate(analysis.probabilities)
        for x, p in enumerate(row)
        if p is not None
    ]
    if not hidden:
        return Best(None, "nothing is hidden: the board is cleared")
    if all(analysis.probabilities[p.y][p.x] == 1 for p in hidden):
        return Best(None, "every hidden cell is a mine: nothing is left to reveal")
    decision = choose(knowledge, "strong")
    cells = [p for p in decision.cells if analysis.probabilities[p.y][p.x] == 0]
    if not decision.guess:
        cell = _row_major(cells or decision.cells)[0]
        return Best(cell, f"({cell.x}, {cell.y}) is safe: no consistent layout has a mine there")
    cell = decision.cells[0]
    p = analysis.probabilities[cell.y][cell.x]
    assert p is not None
    survive = 1 - p
    where = f"({cell.x}, {cell.y})"
    chance = f"{_frac(survive)} ({_pct(survive)})"
    if decision.why in ("forced", "pair"):
        kind = "closed group" if decision.why == "forced" else "pair"
        return Best(
            cell,
            f"{where} is a forced guess, taken early: no later click can tell the cells of"
            f" its {kind} apart, so waiting gains nothing; it is safe with chance {chance}",
        )
    if decision.why == "endgame":
        return Best(cell, _endgame_reason(where, None, chance), exact=True)
    return Best(
        cell,
        f"no cell is safe; the best guess is {where}, safe with chance {chance}, chosen"
        " for its chance to survive this move and the next",
    )


def _endgame_reason(where: str, win: Fraction | None, safe: str) -> str:
    won = "" if win is None else f", {_frac(win)} ({_pct(win)}),"
    return (
        f"no cell is safe; {where} gives the best exact chance to win with best play"
        f" from here{won} and is safe with chance {safe}"
    )


def perfect_best(analysis: Analysis, best: Best, search: Endgame | None) -> Best | None:
    """The best move of an endgame searched exactly, with its chance to win with
    best play: ``best`` (the bot's move) when it wins as often as any, else
    the guess that wins most. None when there is nothing to search (no
    search, or fewer than two layouts)."""
    if search is None or search.size < 2 or best.cell is None:
        return None
    if analysis.safe:  # a safe cell loses nothing: revealing it is best play
        win = search.won()
        return Best(best.cell, f"{best.reason}; {_won_with(win)}", win)
    found = search.best()
    if found is None:  # pragma: no cover - two layouts or more differ in some cell
        return None
    cell, win = found
    if cell != best.cell and best.cell in search.cells and search.reaches(best.cell, win):
        cell = best.cell
    if cell == best.cell and not best.exact:  # a forced guess, say: its reason stays
        return Best(cell, f"{best.reason}; {_won_with(win)}", win)
    p = analysis.probabilities[cell.y][cell.x]
    assert p is not None
    chance = f"{_frac(1 - p)} ({_pct(1 - p)})"
    return Best(cell, _endgame_reason(f"({cell.x}, {cell.y})", win, chance), win, exact=True)


def _won_with(win: Fraction) -> str:
    if win == 1:
        return "best play from here wins without a guess"
    return f"best play from here wins with chance {_frac(win)} ({_pct(win)})"


WIN_CHANCE_LAYOUTS = PERFECT_LAYOUTS
"""The most layouts of a view whose win chances are searched (20,000): every
one up to this is answered exactly, with no budget (docs/analyse.md gives
the times)."""


def _endgame(analysis: Analysis) -> bool:
    """Whether the view's layouts are few enough to be searched exactly."""
    return analysis.consistent and analysis.solutions <= WIN_CHANCE_LAYOUTS


def win_chances(knowledge: Knowledge, analysis: Analysis) -> list[tuple[Pos, Fraction]] | None:
    """In an endgame of at most ``WIN_CHANCE_LAYOUTS`` layouts, each undecided
    cell with its exact chance to win the game when revealed now and the rest
    is played perfectly, row by row; None on a bigger or inconsistent position,
    or one with fewer than two layouts."""
    if not _endgame(analysis):
        return None
    return _chances(endgame(knowledge, analysis, WIN_CHANCE_LAYOUTS))


def _chances(search: Endgame | None) -> list[tuple[Pos, Fraction]] | None:
    if search is None or search.size < 2:
        return None
    return _row_major_chances(search.chances())


PARTIAL_SECONDS = 1.0
"""How often the win chances found so far are sent while the rest are
searched (``win_partial``): a table that takes 10 to 20 s fills in as it
goes, and one cut short by a time limit shows what was done."""


def _report_chances(report: Report, search: Endgame | None) -> None:
    """The ``win_chances`` stage, preceded every ``PARTIAL_SECONDS`` by a
    ``win_partial`` stage with the chances found so far (row by row)."""
    if search is None or search.size < 2:
        report(("win_chances", None))
        return
    found: list[tuple[Pos, Fraction]] = []
    last = time.monotonic()
    for item in search.each_chance():
        found.append(item)
        if time.monotonic() - last >= PARTIAL_SECONDS:
            report(("win_partial", _row_major_chances(found)))
            last = time.monotonic()
    report(("win_chances", _row_major_chances(found)))


def _row_major_chances(found: list[tuple[Pos, Fraction]]) -> list[tuple[Pos, Fraction]]:
    return sorted(found, key=lambda item: (item[0].y, item[0].x))


Report = Callable[[tuple[str, Any]], None]


def study(report: Report, knowledge: Knowledge, dead_seconds: float | None = None) -> None:
    """Send each stage of the analysis board's study of knowledge to report, as
    ``(name, value)``, in this order: ``("analysis", Analysis)``; on an
    inconsistent view ``("conflict", Conflict)``; ``("best", Best)``,
    ``("fifties", list of Fifty)``, ``("guess_sets", list of GuessSet)``,
    ``("candidates", list of Candidate or None)``, then ``("dead", list of
    Pos)`` (None when ``dead_seconds`` of processor time did not do: see
    ``dead_cells``), ``("perfect", Best or None)`` (``perfect_best``; then
    ``candidates`` again, led by its move, when that is not the bot's) and
    ``("win_chances", list or None)``, before which ``("win_partial",
    list)`` gives those found so far while the search runs. In an endgame of
    at most ``WIN_CHANCE_LAYOUTS`` layouts the dead cells come before the exact
    search, which takes longest there, and both exact stages share one
    search; elsewhere those two are None at once and the dead cells come
    last, as on a pathological board they take longest."""
    analysis = analyse(knowledge)
    report(("analysis", analysis))
    follow(report, knowledge, analysis, dead_seconds)


def follow(
    report: Report, knowledge: Knowledge, analysis: Analysis, dead_seconds: float | None = None
) -> None:
    """The stages of ``study`` after the first, given its analysis."""
    if not analysis.consistent:
        report(("conflict", conflict(knowledge)))
    best = best_move(knowledge, analysis)
    report(("best", best))
    pairs = fifties(knowledge, analysis)
    report(("fifties", pairs))
    report(("guess_sets", guess_sets(knowledge, analysis, pairs)))
    report(("candidates", candidates(knowledge, analysis, best.cell)))
    small = _endgame(analysis)
    if not small:
        report(("perfect", None))
        report(("win_chances", None))
    report(("dead", dead_cells(knowledge, analysis, dead_seconds)))
    if small:
        search = endgame(knowledge, analysis, WIN_CHANCE_LAYOUTS)
        exact = perfect_best(analysis, best, search)
        report(("perfect", exact))
        if exact is not None and exact.cell != best.cell:  # the table leads with the move
            report(("candidates", candidates(knowledge, analysis, exact.cell)))
        _report_chances(report, search)


NOT_REACHED: dict[str, Any] = {
    "consistent": None,
    "solutions": None,
    "unique": None,
    "safe": None,
    "certain_mines": None,
    "probabilities": None,
    "conflict": None,
    "conflict_total": None,
    "best": None,
    "best_reason": None,
    "best_win": None,
    "fifties": None,
    "guess_sets": None,
    "candidates": None,
    "dead": None,
    "win_chances": None,
    "win_partial": None,
}
"""The keys of ``study_json``'s answer, as they stand until their stage is done."""


def stage_json(knowledge: Knowledge, stage: tuple[str, Any]) -> dict[str, Any]:
    """The keys of the analysis board's JSON (docs/formats.md) that one stage of
    ``study`` gives."""
    name, value = stage
    if name == "analysis":
        out = analysis_json(knowledge, value)
        if value.consistent:  # no conflict to look for
            out.update(conflict=None, conflict_total=False)
        return out
    if name == "conflict":
        found: Conflict | None = value
        if found is None:  # pragma: no cover - study asks only on an inconsistent view
            return {"conflict": None, "conflict_total": False}
        return {"conflict": _xy(found.numbers), "conflict_total": found.uses_total}
    if name == "best":
        best: Best = value
        cell = None if best.cell is None else [best.cell.x, best.cell.y]
        return {"best": cell, "best_reason": best.reason}
    if name == "perfect":
        exact: Best | None = value
        if exact is None or exact.cell is None or exact.win is None:
            return {"best_win": None}
        return {
            "best": [exact.cell.x, exact.cell.y],
            "best_reason": exact.reason,
            "best_win": fraction_text(exact.win),
        }
    if name == "fifties":
        pairs: list[Fifty] = value
        return {"fifties": [{"cells": _xy(f.cells), "kind": f.kind} for f in pairs]}
    if name == "guess_sets":
        sets: list[GuessSet] = value
        return {"guess_sets": [{"cells": _xy(g.cells), "kind": g.kind} for g in sets]}
    if name == "candidates":
        guesses: list[Candidate] | None = value
        return {
            "candidates": None
            if guesses is None
            else [
                {
                    "cell": [c.cell.x, c.cell.y],
                    "safe": fraction_text(c.safe),
                    "progress": fraction_text(c.progress),
                    "second": fraction_text(c.second),
                }
                for c in guesses
            ]
        }
    if name == "dead":
        return {"dead": None if value is None else _xy(value)}
    if name in ("win_chances", "win_partial"):
        chances: list[tuple[Pos, Fraction]] | None = value
        listed = (
            None
            if chances is None
            else [{"cell": [p.x, p.y], "win": fraction_text(w)} for p, w in chances]
        )
        if name == "win_partial":
            return {"win_partial": listed}
        return {"win_chances": listed, "win_partial": None}
    raise ValueError(f"stage_json: no stage named {name!r}")


def study_json(report: Callable[[dict[str, Any]], None], knowledge: Knowledge) -> None:
    """``study``, each stage sent as the keys of the JSON answer it fills in: a
    child process (``limited``) then sends small dicts of text, never the
    Fractions of a big board."""
    study(lambda stage: report(stage_json(knowledge, stage)), knowledge)


def follow_json(report: Callable[[dict[str, Any]], None], knowledge: Knowledge) -> None:
    """``study_json`` without its first stage, which the caller has sent
    (``first_json``): the analysis is made again here, at the small cost
    ``first_json`` bounds, rather than sent across as exact fractions."""
    follow(lambda stage: report(stage_json(knowledge, stage)), knowledge, analyse(knowledge))


FIRST_WORK = 20_000
"""The most counting work (``solver.counting_work``) of a first stage made
where it is asked (``first_json``): every view of real play measured is
under it, its analysis under a millisecond; the worst of 74 lattices of
numbers two cells apart on 30x16 boards within it took 19 ms of processor
time, and the harder ones go to a child."""


def first_json(knowledge: Knowledge) -> dict[str, Any] | None:
    """The first stage of ``study_json`` (the count and the probabilities), when
    its work is at most ``FIRST_WORK``; else None, nothing counted. The server
    answers it on its event loop, with no child process to wait for, while
    the stages after it run in a child (``follow_json``)."""
    analysis = analyse_within(knowledge, FIRST_WORK)
    return None if analysis is None else stage_json(knowledge, ("analysis", analysis))


WARM_UP_SIZES = ((100, 100),)
"""The boards a spare child analyses while it waits (``warm_up``), a step
each: an Expert board costs a fresh child under a millisecond, a 100x100 one
45 ms."""


def _warm_board(width: int, height: int) -> Knowledge:
    """A fixed board of about one mine in five: its top left corner revealed
    around the mines there, as real play reveals it, the rest hidden."""
    mines = {(x, y) for y in range(height) for x in range(width) if (x * 7 + y * 11) % 5 == 0}
    rows = []
    for y in range(height):
        row: list[Hidden | Shown] = []
        for x in range(width):
            if y >= height // 2 or x >= width // 2 or (x, y) in mines:
                row.append(Hidden())
                continue
            near = ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
            row.append(SHOWN[sum(1 for c in near if c in mines)])
        rows.append(tuple(row))
    return Knowledge(width, height, len(mines), tuple(rows))


def warm_up() -> Iterator[None]:
    """What a spare child of the server does before its analysis comes
    (``limited.warm``): analyse the boards of ``WARM_UP_SIZES`` and write their JSON,
    a step each, so that the memory an analysis touches is faulted in ahead
    of need. A first analysis of a 100x100 board cost a fresh child 45 ms of
    processor time, 3 to 10 ms after this."""
    for width, height in WARM_UP_SIZES:
        knowledge = _warm_board(width, height)
        stage_json(knowledge, ("analysis", analyse(knowledge)))
        yield


def why_json(
    report: Callable[[Any], None], knowledge: Knowledge, pos: Pos
) -> dict[str, Any] | None:
    """``solve --json --explain``'s ``explanation`` for pos: None when the view
    settles neither way, or no layout agrees with it."""
    try:
        found = explain(knowledge, pos)
    except ValueError:
        return None  # no layout agrees: nothing to explain
    return None if found is None else explanation_json(found)


def probabilities_json(report: Callable[[Any], None], knowledge: Knowledge) -> dict[str, Any]:
    """A practice game's ``GET /api/games/{id}/probabilities``: whether the view
    is consistent and each cell's mine probability as a float (None where
    shown), worked out in a child process as the analysis board's are."""
    found = analyse(knowledge)
    rows = [[None if p is None else float(p) for p in row] for row in found.probabilities]
    return {"consistent": found.consistent, "probabilities": rows}

"""Checks of the state laws of LAWS.bend on one reachable game.

A ``State`` is one game reached from ``Game.fresh(w, h, layout)``, with the
finite domains its laws are checked over: positions (the board's cells and some
cells off it, negative ones too) and actions (every kind at each of those
positions, and the assist with a few k). Each ``check_<law>`` quantifies its
law's ``for`` variables over those domains and fails with the law's name and the
counterexample. The Hypothesis tests and the exhaustive check share them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property

from minebender import (
    Action,
    Assist,
    AssistTooEarly,
    Blast,
    Boom,
    Chord,
    Covered,
    Exploded,
    Flag,
    Flagged,
    Game,
    Hint,
    Knowledge,
    Layout,
    Lost,
    Mine,
    Playing,
    Pos,
    Reveal,
    Tile,
    WrongFlag,
)
from reference import brute, defs, frontier

ASSIST_KS = (0, 1, 2, 7, 2**40)


def off_board_positions(w: int, h: int) -> list[Pos]:
    """Cells just off every side of the board, the corners, and far away."""
    return [
        Pos(-1, 0),
        Pos(0, -1),
        Pos(-1, -1),
        Pos(w, 0),
        Pos(0, h),
        Pos(w, h),
        Pos(w - 1, h),
        Pos(-1, h - 1),
        Pos(w + 3, -7),
        Pos(-(10**9), 10**9),
    ]


def all_actions(positions: Sequence[Pos], ks: Sequence[int]) -> list[Action]:
    acts: list[Action] = []
    for p in positions:
        acts += [Reveal(p), Flag(p), Chord(p)]
    acts += [Assist(k) for k in ks]
    return acts


_SAFE_CACHE: dict[Knowledge, frozenset[Pos]] = {}


BRUTE_CELLS = 16
"""The largest board whose layouts are enumerated one by one (2**16 of them);
a larger one is decided by ``frontier``, another enumeration of its own."""


def provably_safe_cells(v: Knowledge) -> frozenset[Pos]:
    """LAWS.bend's ProvablySafe, which counts the view's total, remembered:
    many states share a view. On a board of up to ``BRUTE_CELLS`` cells by
    brute force over every layout (``brute``); on a larger one by enumerating
    the frontier's consistent assignments and counting the rest
    (``frontier``), which shares nothing with the game's solver either. The
    checks ask ``knowledge_of`` first, so a view without a total never gets here.
    """
    safe = _SAFE_CACHE.get(v)
    if safe is None:
        if len(_SAFE_CACHE) > 200_000:
            _SAFE_CACHE.clear()
        if v.width * v.height <= BRUTE_CELLS:
            safe = brute.provably_safe_cells(v)
        else:
            safe = frontier.enumerate_frontier(v).safe
        _SAFE_CACHE[v] = safe
    return safe


class State:
    """A game reached from a fresh game on ``layout``, and what its laws range over."""

    def __init__(
        self,
        w: int,
        h: int,
        layout: Layout,
        g: Game,
        *,
        off_board: Sequence[Pos] | None = None,
        ks: Sequence[int] = ASSIST_KS,
    ) -> None:
        self.w, self.h, self.layout, self.g = w, h, layout, g
        self.cells = list(defs.cells(w, h))
        self.positions = self.cells + list(
            off_board_positions(w, h) if off_board is None else off_board
        )
        self.ks = tuple(ks)
        self.actions = all_actions(self.positions, self.ks)
        self._stepped: dict[type, dict[object, Game]] = {
            Reveal: {},
            Flag: {},
            Chord: {},
            Assist: {},
        }
        self._opened: dict[Pos, Game] = {}

    def step(self, a: Action) -> Game:
        """``self.g.step(a)``, computed once per action (kept by kind and
        argument: hashing a Pos is much cheaper than hashing an action)."""
        cache = self._stepped[type(a)]
        key = a.k if type(a) is Assist else a.pos  # type: ignore[union-attr]
        out = cache.get(key)
        if out is None:
            out = cache[key] = self.g.step(a)
        return out

    @cached_property
    def results(self) -> list[tuple[Action, Game]]:
        """Every action of the domain with the game it leads to."""
        return [(a, self.step(a)) for a in self.actions]

    def open(self, p: Pos) -> Game:
        out = self._opened.get(p)
        if out is None:
            out = self._opened[p] = self.g.open(p)
        return out

    @cached_property
    def display(self) -> tuple[tuple[Tile, ...], ...]:
        return self.g.display()

    def tile(self, p: Pos) -> Tile:
        """LAWS.bend ``tile``, on the display computed once."""
        return defs.at(Covered(), self.display, p)

    @cached_property
    def v(self) -> Knowledge:
        return self.g.knowledge

    @cached_property
    def playing(self) -> bool:
        return self.g.status == Playing()

    def knowledge_of(self, law: str) -> Knowledge:
        """The game's knowledge, which in LAWS.bend always carries the total
        number of mines (``T.Knowledge{w, h, n, rows}``, n a Nat): a game whose
        knowledge leaves it out (``mines=None``, the solver's "any total")
        breaks ``law`` rather than being judged by a weaker ``consistent``."""
        if not defs.is_nat(self.v.mines):
            raise self.fail(law, f"the knowledge carries no total of mines: {self.v.mines!r}")
        return self.v

    def fail(self, law: str, detail: str) -> AssertionError:
        return AssertionError(
            f"law {law} broken: {detail}\n  layout={self.layout!r}\n  game={self.g!r}"
        )


# --------------------------------------------------------------------------
# The real board
# --------------------------------------------------------------------------


def check_bridge(s: State) -> None:
    if not defs.consistent(s.knowledge_of("bridge"), s.layout):
        raise s.fail("bridge", "the knowledge is not consistent with the real layout")


def check_won_iff(s: State) -> None:
    won = defs.is_won(s.g.status)
    if won != defs.all_safe_revealed(s.v, s.layout):
        raise s.fail("won_iff", f"is_won={won} but all_safe_revealed={not won}")


def check_monotone(s: State) -> None:
    shown = [q for q in s.cells if defs.revealed(s.v, q)]
    for a, g in s.results:
        after = g.knowledge
        if after is s.v:
            continue  # the very same knowledge: nothing to compare
        for q in shown:
            if defs.seen(after, q) != defs.seen(s.v, q):
                raise s.fail("monotone", f"{a!r} changed {q!r} from {defs.seen(s.v, q)!r}")


def check_frozen(s: State) -> None:
    if s.playing:
        return
    for a, g in s.results:
        if g is not s.g and g != s.g:
            raise s.fail("frozen", f"{a!r} changed a finished game into {g!r}")


# --------------------------------------------------------------------------
# Revealing
# --------------------------------------------------------------------------


def check_open_mine(s: State) -> None:
    if not s.playing:
        return
    for p in s.positions:
        if defs.mine(s.layout, p):
            after = s.open(p)
            if after.status != Lost(Exploded(p)):
                raise s.fail("open_mine", f"open({p!r}) gave status {after.status!r}")
            if defs.seen(after.knowledge, p) != Boom():
                raise s.fail("open_mine", f"open({p!r}) shows {defs.seen(after.knowledge, p)!r}")


def check_open_safe(s: State) -> None:
    if not s.playing:
        return
    for p in s.positions:
        if not defs.mine(s.layout, p) and defs.is_lost(s.open(p).status):
            raise s.fail("open_safe", f"open({p!r}) of a safe cell lost: {s.open(p).status!r}")


def check_flood_complete(s: State) -> None:
    if not s.playing:
        return
    for p in s.cells:
        after = s.open(p).knowledge
        for q, path in defs.zero_walk_ends(s.w, s.h, s.layout, p).items():
            assert defs.zero_walk(path, s.w, s.h, s.layout, p, q)
            if not defs.revealed(after, q):
                raise s.fail("flood_complete", f"open({p!r}) left {q!r} hidden (walk {path})")


def _row(v: Knowledge, y: int) -> tuple[object, ...] | None:
    return tuple(v.rows[y]) if 0 <= y < len(v.rows) else None


def check_flood_exact(s: State) -> None:
    """Only the rows that opening p changed can hold a newly revealed cell: a
    row equal to the one before reveals nothing new (on a 30x24 board that
    leaves a few rows of the 24, for each of the 730 positions)."""
    if not s.playing:
        return
    hidden = [[q for q in s.cells if q.y == y and defs.hidden(s.v, q)] for y in range(s.h)]
    for p in s.positions:
        after = s.open(p).knowledge
        ends = defs.zero_walk_ends(s.w, s.h, s.layout, p)
        changed = [
            y for y in range(s.h) if _row(after, y) is None or _row(after, y) != _row(s.v, y)
        ]
        for q in (q for y in changed for q in hidden[y]):
            if defs.revealed(after, q):
                path = ends.get(q)
                if path is None or not defs.zero_walk(path, s.w, s.h, s.layout, p, q):
                    raise s.fail("flood_exact", f"open({p!r}) revealed {q!r}, no zero walk")


def check_reveal_flagged(s: State) -> None:
    for p in s.positions:
        if s.g.flagged(p) and s.step(Reveal(p)) != s.g:
            raise s.fail("reveal_flagged", f"Reveal({p!r}) on a flag changed the game")


def check_reveal_unflagged(s: State) -> None:
    for p in s.positions:
        if not s.g.flagged(p) and s.step(Reveal(p)) != s.open(p):
            raise s.fail("reveal_unflagged", f"Reveal({p!r}) differs from open({p!r})")


def check_chord(s: State) -> None:
    for p in s.positions:
        want = defs.play(defs.reveals(defs.chord_targets(s.g, p)), s.g)
        if s.step(Chord(p)) != want:
            raise s.fail(
                "chord",
                f"Chord({p!r}) gave {s.step(Chord(p))!r}, revealing "
                f"{defs.chord_targets(s.g, p)} one by one gives {want!r}",
            )


# --------------------------------------------------------------------------
# Flags
# --------------------------------------------------------------------------


def check_flag_no_knowledge(s: State) -> None:
    for p in s.positions:
        after = s.step(Flag(p))
        if after.knowledge != s.v or after.status != s.g.status:
            raise s.fail("flag_no_knowledge", f"Flag({p!r}) changed knowledge or status")


def check_flag_toggle(s: State) -> None:
    if not s.playing:
        return
    for p in s.positions:
        if defs.hidden(s.v, p) and s.step(Flag(p)).flagged(p) == s.g.flagged(p):
            raise s.fail("flag_toggle", f"Flag({p!r}) did not toggle the flag")


def check_flag_others(s: State) -> None:
    """For every q: the game's flags and the flags after are finite sets, so
    the flags of either, with the domain's positions, cover every q (a game
    that dropped a flag off the board was caught only when it was listed)."""
    for p in s.positions:
        after = s.step(Flag(p))
        if after is s.g:
            continue  # the very same game: every flag as it was
        for q in {*s.g.flags, *after.flags, *s.positions}:
            if p != q and after.flagged(q) != s.g.flagged(q):
                raise s.fail("flag_others", f"Flag({p!r}) changed the flag of {q!r}")


def check_flags_hidden(s: State) -> None:
    """The law is for every p; ``G.flagged(g, p)`` is ``p in g.flags``, a finite
    set, so checking each flag the game holds covers every p, far off the board
    too (the domain's positions are checked as well, through ``flagged``)."""
    for q in [*s.g.flags, *s.positions]:
        if s.g.flagged(q) and not defs.hidden(s.v, q):
            raise s.fail("flags_hidden", f"{q!r} is flagged but not a hidden cell")


def check_flag_revealed(s: State) -> None:
    for p in s.positions:
        if not defs.hidden(s.v, p) and s.step(Flag(p)) != s.g:
            raise s.fail("flag_revealed", f"Flag({p!r}) on a non-hidden cell changed the game")


# --------------------------------------------------------------------------
# The no-guess assist
# --------------------------------------------------------------------------


def check_assist_stuck(s: State) -> None:
    if not s.playing or provably_safe_cells(s.knowledge_of("assist_stuck")):
        return
    for k in s.ks:
        after = s.step(Assist(k))
        if not any(
            not defs.mine(s.layout, p) and defs.hidden(s.v, p) and after == s.open(p)
            for p in s.cells
        ):
            raise s.fail("assist_stuck", f"Assist({k}) when stuck gave {after!r}")


def check_assist_too_early(s: State) -> None:
    if not s.playing:
        return
    safe = provably_safe_cells(s.knowledge_of("assist_too_early"))
    if not safe:
        return
    for k in s.ks:
        after = s.step(Assist(k))
        status = after.status
        if not (
            isinstance(status, Lost)
            and isinstance(status.reason, AssistTooEarly)
            and status.reason.pos in safe
        ):
            raise s.fail(
                "assist_too_early",
                f"Assist({k}) with provably safe cells {sorted(safe)} gave status {status!r}",
            )
        if after.knowledge != s.v:
            raise s.fail("assist_too_early", f"Assist({k}) changed the knowledge")


# --------------------------------------------------------------------------
# The display
# --------------------------------------------------------------------------


def check_display_play(s: State) -> None:
    if not s.playing:
        return
    for p in s.cells:
        want = defs.tile_of(defs.seen(s.v, p), s.g.flagged(p))
        if s.tile(p) != want:
            raise s.fail("display_play", f"{p!r} shows {s.tile(p)!r}, not {want!r}")


def check_display_blast(s: State) -> None:
    status = s.g.status
    if isinstance(status, Lost) and isinstance(status.reason, Exploded):
        p = status.reason.pos
        if defs.on_board(s.w, s.h, p) and s.tile(p) != Blast():
            raise s.fail("display_blast", f"the exploded mine {p!r} shows {s.tile(p)!r}")


def check_display_hint(s: State) -> None:
    status = s.g.status
    if isinstance(status, Lost) and isinstance(status.reason, AssistTooEarly):
        p = status.reason.pos
        if defs.on_board(s.w, s.h, p) and s.tile(p) != Hint():
            raise s.fail("display_hint", f"the safe cell {p!r} shows {s.tile(p)!r}")


def check_display_mines(s: State) -> None:
    if s.playing:
        return
    for q in s.cells:
        if defs.mine(s.layout, q) and defs.is_covered(s.tile(q)):
            raise s.fail("display_mines", f"the mine at {q!r} is still covered")


def check_end_screen(s: State) -> None:
    """The issue's end screens, finer than display_mines: won, every mine shows
    Flagged; lost, other mines show Flagged if flagged else Mine, wrong flags
    WrongFlag, the exploded mine Blast, and the missed safe cell Hint."""
    status = s.g.status
    if s.playing:
        return
    special = status.reason.pos if isinstance(status, Lost) else None
    for q in s.cells:
        t = s.tile(q)
        seen = defs.seen(s.v, q)
        if q == special:
            want = Blast() if isinstance(status.reason, Exploded) else Hint()  # type: ignore[union-attr]
        elif not defs.is_hidden(seen):
            want = defs.tile_of(seen, False)
        elif defs.mine(s.layout, q):
            want = Flagged() if defs.is_won(status) or s.g.flagged(q) else Mine()
        else:
            want = WrongFlag() if s.g.flagged(q) else defs.tile_of(seen, False)
        if t != want:
            raise s.fail("end screen", f"{q!r} shows {t!r}, the issue wants {want!r}")


STATE_LAWS: dict[str, Callable[[State], None]] = {
    "bridge": check_bridge,
    "won_iff": check_won_iff,
    "monotone": check_monotone,
    "frozen": check_frozen,
    "open_mine": check_open_mine,
    "open_safe": check_open_safe,
    "flood_complete": check_flood_complete,
    "flood_exact": check_flood_exact,
    "reveal_flagged": check_reveal_flagged,
    "reveal_unflagged": check_reveal_unflagged,
    "chord": check_chord,
    "flag_no_knowledge": check_flag_no_knowledge,
    "flag_toggle": check_flag_toggle,
    "flag_others": check_flag_others,
    "flags_hidden": check_flags_hidden,
    "flag_revealed": check_flag_revealed,
    "assist_stuck": check_assist_stuck,
    "assist_too_early": check_assist_too_early,
    "display_play": check_display_play,
    "display_blast": check_display_blast,
    "display_hint": check_display_hint,
    "display_mines": check_display_mines,
}
"""Every law of LAWS.bend that speaks of one game, by name."""

ALL_GAMES_LAWS = (
    "frozen",
    "reveal_flagged",
    "reveal_unflagged",
    "chord",
    "flag_no_knowledge",
    "flag_toggle",
    "flag_others",
    "flag_revealed",
)
"""The laws stated for every game, not only for games reachable by play."""


def check_all(s: State) -> None:
    """Every state law, and the issue's end screens."""
    for check in STATE_LAWS.values():
        check(s)
    check_end_screen(s)

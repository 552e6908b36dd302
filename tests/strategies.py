"""Hypothesis strategies for minebender: boards, actions and reachable games.

Reachable games are built the way LAWS.bend defines them: a fresh game on a
random layout, then random actions, on and off the board. To reach deep games
(not only games lost at the first click), an action is sometimes aimed at the
current game: a hidden safe cell, a mine to flag, a number to chord.

Games of one kind (in play, lost one way, stuck) are drawn as such, not
filtered out of random games: an action that would leave the kind is drawn
but not taken, so that few examples are thrown away and every reachable game
of the kind can still come out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

from hypothesis import reject
from hypothesis import strategies as st

from minebender import (
    Action,
    Assist,
    AssistTooEarly,
    Boom,
    Chord,
    Exploded,
    Flag,
    Game,
    Hidden,
    Knowledge,
    Layout,
    Lost,
    Playing,
    Pos,
    Reveal,
    Seen,
    Shown,
    Status,
    Won,
)
from reference import defs
from reference.laws import State, provably_safe_cells

T = TypeVar("T")

MAX_CELLS = 12
"""Boards stay this small so that ProvablySafe can be decided by brute force."""

# The strategies below are built once, here or per board size (``cache``), and
# drawn from many times: Hypothesis checks a strategy each time one is built,
# which cost more than playing the game when it was done for every action.
# Sides listed so that the simplest choice is a board with room to play on:
# Hypothesis favours the first entries, and tiny boards teach little.
_SIDES = st.sampled_from([3, 4, 2, 3, 1, 4, 2, 3, 0, 4])
_SIDES_NOT_EMPTY = st.sampled_from([3, 4, 2, 3, 1, 4, 2, 3, 4])
_DENSITIES = st.sampled_from([5, 3, 8, 0, 12, 20, 5])
"""How many of twenty cells hold a mine: from empty to full."""
_TWENTIETHS = st.integers(0, 19)
_KINDS = st.sampled_from(["reveal", "flag", "any", "chord", "reveal", "assist", "flag"])
_SMALL_KS = st.integers(0, 20)
_FAR = st.integers(-(2**40), 2**40)
_SEENS = st.one_of(st.just(Hidden()), st.just(Boom()), st.integers(0, 8).map(Shown))


def pick(draw: st.DrawFn, items: Sequence[T]) -> T:
    """One of ``items``, as ``st.sampled_from(items)`` draws it, without
    building a strategy for each list (``st.integers`` ones are remembered)."""
    return items[draw(st.integers(0, len(items) - 1))]


@st.composite
def sizes(
    draw: st.DrawFn, max_side: int = 4, max_cells: int = MAX_CELLS, min_cells: int = 0
) -> tuple[int, int]:
    """A board size, zero-sized boards included unless ``min_cells`` (at most
    2) asks for cells: then a side is never 0, and a 1x1 board is widened to 2x1."""
    side = _SIDES if min_cells == 0 else _SIDES_NOT_EMPTY
    w = min(draw(side), max_side)
    h = min(draw(side), max_side)
    while w * h > max_cells:
        h -= 1
    if w * h < min_cells:
        w = min_cells
    return w, h


def draw_layout(draw: st.DrawFn, w: int, h: int, safe: bool = False, mine: bool = False) -> Layout:
    """A w-by-h layout, from empty to full, with a random density; with
    ``safe`` (``mine``) a drawn cell is made safe (a mine) if none is."""
    density = draw(_DENSITIES)
    bits = [draw(_TWENTIETHS) < density for _ in range(w * h)]
    for want in [True] * mine + [False] * safe:
        if want not in bits:
            bits[draw(st.integers(0, w * h - 1))] = want
    return tuple(tuple(bits[y * w : (y + 1) * w]) for y in range(h))


@st.composite
def layouts(draw: st.DrawFn, w: int, h: int) -> Layout:
    """A w-by-h layout, from empty to full, with a random density."""
    return draw_layout(draw, w, h)


def draw_board(
    draw: st.DrawFn,
    max_side: int = 4,
    max_cells: int = MAX_CELLS,
    safe: bool = False,
    mine: bool = False,
) -> tuple[int, int, Layout]:
    """A board as ``boards`` draws it; with ``safe`` (``mine``) one that has a
    safe cell (a mine): every board a game in play (one to explode) needs."""
    w, h = draw(sizes(max_side, max_cells, safe + mine))
    return w, h, draw_layout(draw, w, h, safe, mine)


@st.composite
def boards(
    draw: st.DrawFn, max_side: int = 4, max_cells: int = MAX_CELLS
) -> tuple[int, int, Layout]:
    return draw_board(draw, max_side, max_cells)


@cache
def positions(w: int, h: int) -> st.SearchStrategy[Pos]:
    """Cells of the board, cells just off it (negative too) and far away."""
    near = st.builds(Pos, st.integers(-2, w + 1), st.integers(-2, h + 1))
    far = st.builds(Pos, _FAR, _FAR)
    return st.one_of(near, near, near, far)


@cache
def actions(w: int, h: int) -> st.SearchStrategy[Action]:
    p = positions(w, h)
    return st.one_of(
        p.map(Reveal),
        p.map(Flag),
        p.map(Chord),
        st.one_of(st.integers(0, 20), st.integers(0, 2**64)).map(Assist),
    )


def aimed_action(draw: st.DrawFn, w: int, h: int, layout: Layout, g: Game) -> Action:
    """An action chosen with the game in view, or a random one."""
    v = g.knowledge
    cells = defs.cells(w, h)
    safe_hidden = [p for p in cells if defs.hidden(v, p) and not defs.mine(layout, p)]
    mines = [p for p in cells if defs.hidden(v, p) and defs.mine(layout, p)]
    numbers = [p for p in cells if isinstance(defs.seen(v, p), Shown)]
    kind = draw(_KINDS)
    if kind == "reveal" and safe_hidden:
        return Reveal(pick(draw, safe_hidden))
    if kind == "flag" and (mines or safe_hidden):
        # Right and wrong flags alike: wrong ones get flooded over later.
        return Flag(pick(draw, mines + safe_hidden))
    if kind == "chord" and numbers:
        return Chord(pick(draw, numbers))
    if kind == "assist":
        return Assist(draw(_SMALL_KS))
    return draw(actions(w, h))


@dataclass(frozen=True)
class Scenario:
    """A game and how it was reached: the layout and the actions from fresh."""

    w: int
    h: int
    layout: Layout
    acts: tuple[Action, ...]
    game: Game

    def state(self) -> State:
        return State(self.w, self.h, self.layout, self.game)


@cache
def _action_counts(max_actions: int) -> st.SearchStrategy[int]:
    return st.integers(0, max_actions) | st.integers(max_actions // 2, max_actions)


class Play:
    """A game played from fresh on one board: the actions taken so far and
    every game on the way (``games[i]`` is the game after ``acts[:i]``)."""

    def __init__(self, w: int, h: int, layout: Layout) -> None:
        self.w, self.h, self.layout = w, h, layout
        self.acts: list[Action] = []
        self.games = [Game.fresh(w, h, layout)]

    @property
    def game(self) -> Game:
        return self.games[-1]

    def take(self, acts: Sequence[Action]) -> None:
        for a in acts:
            self.acts.append(a)
            self.games.append(self.game.step(a))

    def aimed(
        self,
        draw: st.DrawFn,
        counts: st.SearchStrategy[int],
        keep: Callable[[Status], bool] | None = None,
    ) -> Play:
        """Take aimed actions, as many as drawn from ``counts``. With ``keep``, an action whose
        game's status it refuses is left out (drawn, not taken): the games
        wanted come directly, where filtering the ends threw most away."""
        for _ in range(draw(counts)):
            a = aimed_action(draw, self.w, self.h, self.layout, self.game)
            after = self.game.step(a)
            if keep is None or keep(after.status):
                self.acts.append(a)
                self.games.append(after)
        return self

    def scenario(self, upto: int | None = None) -> Scenario:
        """The game after the first ``upto`` actions (all of them when None)."""
        n = len(self.acts) if upto is None else upto
        return Scenario(self.w, self.h, self.layout, tuple(self.acts[:n]), self.games[n])


def reveal_steps(g: Game, p: Pos) -> list[Action]:
    """Reveal p, taking its flag off first: a flagged cell ignores clicks."""
    return [Flag(p), Reveal(p)] if g.flagged(p) else [Reveal(p)]


def in_play(status: Status) -> bool:
    return status == Playing()


def in_play_or_lost_by(reason: type) -> Callable[[Status], bool]:
    def keep(status: Status) -> bool:
        return status == Playing() or (
            isinstance(status, Lost) and isinstance(status.reason, reason)
        )

    return keep


@st.composite
def reachable_games(
    draw: st.DrawFn, max_side: int = 4, max_cells: int = MAX_CELLS, max_actions: int = 12
) -> Scenario:
    """A game reachable from a fresh game by random actions (LAWS.bend Reachable)."""
    w, h, layout = draw_board(draw, max_side, max_cells)
    return Play(w, h, layout).aimed(draw, _action_counts(max_actions)).scenario()


@st.composite
def playing_games(
    draw: st.DrawFn, max_side: int = 4, max_cells: int = MAX_CELLS, max_actions: int = 12
) -> Scenario:
    """Reachable games still in play: on a board with a safe cell, random
    actions of which those that would end the game are left out. Every
    reachable game in play can come out (the actions of its way there)."""
    w, h, layout = draw_board(draw, max_side, max_cells, safe=True)
    return Play(w, h, layout).aimed(draw, _action_counts(max_actions), in_play).scenario()


@cache
def _flag_lists(w: int, h: int) -> st.SearchStrategy[list[Pos]]:
    return st.lists(positions(w, h), max_size=6)


@st.composite
def arbitrary_games(draw: st.DrawFn, max_side: int = 4) -> Game:
    """Any value of type Game, reachable or not: the constructor with a random
    layout, knowledge, flags (on and off the board) and status, for the laws
    stated for every game."""
    w, h, layout = draw_board(draw, max_side)
    rows = tuple(tuple(draw(_SEENS) for _ in range(w)) for _ in range(h))
    mines = draw(st.integers(0, w * h + 2))
    flags = frozenset(draw(_flag_lists(w, h)))
    # Playing, Won, or lost (half by an explosion, half by the assist) at any position.
    status: Status = [Playing(), Won(), None][draw(st.integers(0, 2))]
    if status is None:
        p = draw(positions(w, h))
        status = Lost(Exploded(p)) if draw(st.booleans()) else Lost(AssistTooEarly(p))
    return Game(w, h, layout, Knowledge(w, h, mines, rows), flags, status)


@st.composite
def knowledges(draw: st.DrawFn, max_side: int = 4, max_cells: int = 10) -> Knowledge:
    """Views for the solver: some from a real layout, some with wrong numbers,
    Boom cells, inconsistent totals, and unknown totals (mines=None)."""
    w, h, layout = draw_board(draw, max_side, max_cells)
    rows: list[list[Seen]] = []
    for y in range(h):
        row: list[Seen] = []
        for x in range(w):
            p = Pos(x, y)
            if draw(st.booleans()):
                row.append(Hidden())
            elif defs.mine(layout, p):
                row.append(Boom())
            else:
                row.append(Shown(defs.adj_mines(w, h, layout, p)))
        rows.append(row)
    noise = draw(st.integers(0, 2))
    for _ in range(noise if w * h else 0):
        x, y = draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))
        rows[y][x] = draw(_SEENS)
    total = defs.total_mines(layout)
    # The true total (twice as likely), no total, or any count.
    kind = draw(st.integers(0, 3))
    mines = total if kind < 2 else None if kind == 2 else draw(st.integers(0, w * h + 1))
    return Knowledge(w, h, mines, tuple(tuple(r) for r in rows))


@st.composite
def finished_games(
    draw: st.DrawFn, max_side: int = 4, max_cells: int = MAX_CELLS, way: str | None = None
) -> Scenario:
    """Reachable games that are over: a reachable game, then, if it still goes
    on, one more way to end it (``way``: "explode" a mine, press the "assist",
    or "win" by revealing every safe cell; drawn when None). Every added action
    is an ordinary step, so the result is reachable too."""
    w, h, layout = draw_board(draw, max_side, max_cells)
    play = Play(w, h, layout).aimed(draw, _action_counts(12))
    g = play.game
    cells = defs.cells(w, h)
    if way is None:
        way = pick(draw, ["explode", "assist", "win"])
    if g.status == Playing():
        mines = [p for p in cells if defs.mine(layout, p)]
        more: list[Action]
        if way == "explode" and mines:
            p = pick(draw, mines)
            more = [Flag(p), Reveal(p)] if g.flagged(p) else [Reveal(p)]
        elif way == "assist":
            # Reveal some safe cells first, so that the assist often comes too early.
            safe = [p for p in cells if not defs.mine(layout, p) and not g.flagged(p)]
            picks = [pick(draw, safe) for _ in range(draw(st.integers(0, 2)))] if safe else []
            more = [Reveal(p) for p in picks]
            more.append(Assist(draw(_SMALL_KS)))
        else:
            more = [Reveal(p) for p in cells if not defs.mine(layout, p)]
            more = [Flag(p) for p in cells if g.flagged(p)] + more
        play.take(more)
    return play.scenario()


@st.composite
def exploded_games(draw: st.DrawFn, max_side: int = 4, max_cells: int = MAX_CELLS) -> Scenario:
    """Reachable games lost by an explosion: on a board with a mine and a safe
    cell, random actions that neither win nor press the assist too early (an
    explosion among them, by a click or a chord, ends the game), then, if the
    game still goes on, a click on a mine. Every such reachable game can come
    out: the actions of its way there, ending at its explosion."""
    w, h, layout = draw_board(draw, max_side, max_cells, safe=True, mine=True)
    play = Play(w, h, layout).aimed(draw, _action_counts(12), in_play_or_lost_by(Exploded))
    if play.game.status == Playing():
        mines = [p for p in defs.cells(w, h) if defs.mine(layout, p)]
        play.take(reveal_steps(play.game, pick(draw, mines)))
    sc = play.scenario()
    assert isinstance(sc.game.status, Lost) and isinstance(sc.game.status.reason, Exploded)
    return sc


def _unstuck(draw: st.DrawFn, max_cells: int, keep: Callable[[Status], bool]) -> Play:
    """Random actions that ``keep`` allows on a board with a safe cell, then,
    while the game is in play and no cell provably safe (by brute force),
    a safe cell revealed, one whose reveal does not win (a win is no game
    in play). Rejected when only winning reveals are left: rare."""
    w, h, layout = draw_board(draw, 4, max_cells, safe=True)
    play = Play(w, h, layout).aimed(draw, _action_counts(12), keep)
    cells = defs.cells(w, h)
    while play.game.status == Playing() and not provably_safe_cells(play.game.knowledge):
        g = play.game
        safe = [p for p in cells if defs.hidden(g.knowledge, p) and not defs.mine(layout, p)]
        going_on = [p for p in safe if defs.play(reveal_steps(g, p), g).status == Playing()]
        if not going_on:
            reject()
        play.take(reveal_steps(g, pick(draw, going_on)))
    return play


@st.composite
def unstuck_games(draw: st.DrawFn, max_cells: int = 9) -> Scenario:
    """Reachable games in play where some cell is provably safe: a game in play,
    then safe cells revealed one at a time until one is (checked by brute force)."""
    sc = _unstuck(draw, max_cells, in_play).scenario()
    assert sc.game.status == Playing() and provably_safe_cells(sc.game.knowledge)
    return sc


@st.composite
def too_early_games(draw: st.DrawFn, max_cells: int = 9) -> Scenario:
    """Reachable games lost by pressing the assist too early: random actions
    that neither win nor explode, then, if the game goes on, safe cells
    revealed until one is provably safe, and the assist. Every such reachable
    game can come out: the actions of its way there, ending at the assist."""
    play = _unstuck(draw, max_cells, in_play_or_lost_by(AssistTooEarly))
    if play.game.status == Playing():
        play.take([Assist(draw(_SMALL_KS))])
    sc = play.scenario()
    assert isinstance(sc.game.status, Lost) and isinstance(sc.game.status.reason, AssistTooEarly)
    return sc


@st.composite
def stuck_games(draw: st.DrawFn, max_cells: int = 9) -> Scenario:
    """Reachable games in play where no cell is provably safe (by brute force):
    on a board with a mine and a safe cell, random actions that keep the game
    in play, then provably safe cells revealed, as a careful player does, until
    none is left. Every stuck game in play can come out (the actions of its way
    there, and nothing to reveal); when every careful reveal would win, the
    last stuck game on the way is taken (the fresh game at least: its mines
    leave no cell provably safe)."""
    w, h, layout = draw_board(draw, 4, max_cells, safe=True, mine=True)
    play = Play(w, h, layout).aimed(draw, _action_counts(12), in_play)
    while safe := provably_safe_cells(play.game.knowledge):
        g = play.game
        going_on = [p for p in sorted(safe) if defs.play(reveal_steps(g, p), g).status == Playing()]
        if not going_on:
            break
        play.take(reveal_steps(g, pick(draw, going_on)))
    last = max(i for i, g in enumerate(play.games) if not provably_safe_cells(g.knowledge))
    sc = play.scenario(last)
    assert sc.game.status == Playing()
    return sc


def state_of(g: Game) -> State:
    """A game built with the constructor, checked over its own board's domains."""
    return State(g.width, g.height, g.layout, g)


def stuck_states(max_cells: int = 9) -> st.SearchStrategy[State]:
    """Reachable games in play where no cell is provably safe."""
    return stuck_games(max_cells=max_cells).map(Scenario.state)


def reachable_states() -> st.SearchStrategy[State]:
    """Reachable games, playing and finished, ready for the law checks."""
    return st.one_of(reachable_games(), finished_games()).map(Scenario.state)


def playing_states(max_cells: int = MAX_CELLS) -> st.SearchStrategy[State]:
    """Reachable games still in play."""
    return playing_games(max_cells=max_cells).map(Scenario.state)


def any_states() -> st.SearchStrategy[State]:
    """Every game: reachable ones and any value the constructor accepts."""
    return st.one_of(reachable_states(), arbitrary_games().map(state_of))


_LARGE_WIDTHS = st.sampled_from([30, 16, 9, 13, 24])
_LARGE_HEIGHTS = st.sampled_from([16, 9, 24, 11])
_LARGE_DENSITIES = st.sampled_from([0.12, 0.05, 0.2, 0.16])
_SEEDS = st.integers(0, 2**64 - 1)


@st.composite
def large_boards(draw: st.DrawFn) -> tuple[int, int, Layout]:
    """Boards of the levels' sizes and between, 9 to 30 cells a side, thin
    enough to open wide areas: a flood that stopped at column 6 passed every
    law checked on boards of at most 4 a side. Drawn from one seeded Random,
    not cell by cell: one draw of a seed, where Hypothesis's own Random
    (``st.randoms``) made each of the 720 calls a draw of its own."""
    w = draw(_LARGE_WIDTHS)
    h = draw(_LARGE_HEIGHTS)
    density = draw(_LARGE_DENSITIES)
    rng = random.Random(draw(_SEEDS))
    return w, h, tuple(tuple(rng.random() < density for _ in range(w)) for _ in range(h))


@st.composite
def large_games(draw: st.DrawFn, max_actions: int = 8) -> Scenario:
    """A game reached on a large board by a few aimed actions (see ``aimed_action``)."""
    w, h, layout = draw(large_boards())
    return Play(w, h, layout).aimed(draw, st.integers(0, max_actions)).scenario()


def large_states() -> st.SearchStrategy[State]:
    """Reachable games on large boards, in play or over, for the law checks
    that need no brute force over layouts."""
    return large_games().map(Scenario.state)

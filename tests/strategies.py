"""Hypothesis strategies for minebender: boards, actions and reachable games.

Reachable games are built the way LAWS.bend defines them: a fresh game on a
random layout, then random actions, on and off the board. To reach deep games
(not only games lost at the first click), an action is sometimes aimed at the
current game: a hidden safe cell, a mine to flag, a number to chord.
"""

from __future__ import annotations

from dataclasses import dataclass

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
from reference import brute, defs
from reference.laws import State

MAX_CELLS = 12
"""Boards stay this small so that ProvablySafe can be decided by brute force."""


@st.composite
def sizes(draw: st.DrawFn, max_side: int = 4, max_cells: int = MAX_CELLS) -> tuple[int, int]:
    """A board size, zero-sized boards included."""
    # Listed so that the simplest choice is a board with room to play on:
    # Hypothesis favours the first entries, and tiny boards teach little.
    side = st.sampled_from([3, 4, 2, 3, 1, 4, 2, 3, 0, 4])
    w = min(draw(side), max_side)
    h = min(draw(side), max_side)
    while w * h > max_cells:
        h -= 1
    return w, h


@st.composite
def layouts(draw: st.DrawFn, w: int, h: int) -> Layout:
    """A w-by-h layout, from empty to full, with a random density."""
    density = draw(st.sampled_from([0.25, 0.15, 0.4, 0.0, 0.6, 1.0, 0.25]))
    bits = draw(
        st.lists(
            st.floats(0, 1, exclude_max=True, allow_nan=False).map(lambda r: r < density),
            min_size=w * h,
            max_size=w * h,
        )
    )
    return tuple(tuple(bits[y * w : (y + 1) * w]) for y in range(h))


@st.composite
def boards(
    draw: st.DrawFn, max_side: int = 4, max_cells: int = MAX_CELLS
) -> tuple[int, int, Layout]:
    w, h = draw(sizes(max_side, max_cells))
    return w, h, draw(layouts(w, h))


def positions(w: int, h: int) -> st.SearchStrategy[Pos]:
    """Cells of the board, cells just off it (negative too) and far away."""
    near = st.builds(Pos, st.integers(-2, w + 1), st.integers(-2, h + 1))
    far = st.builds(Pos, st.integers(-(2**40), 2**40), st.integers(-(2**40), 2**40))
    return st.one_of(near, near, near, far)


def actions(w: int, h: int) -> st.SearchStrategy[Action]:
    p = positions(w, h)
    return st.one_of(
        p.map(Reveal),
        p.map(Flag),
        p.map(Chord),
        st.one_of(st.integers(0, 20), st.integers(0, 2**64)).map(Assist),
    )


@st.composite
def aimed_action(draw: st.DrawFn, w: int, h: int, layout: Layout, g: Game) -> Action:
    """An action chosen with the game in view, or a random one."""
    v = g.knowledge
    cells = defs.cells(w, h)
    safe_hidden = [p for p in cells if defs.hidden(v, p) and not defs.mine(layout, p)]
    mines = [p for p in cells if defs.hidden(v, p) and defs.mine(layout, p)]
    numbers = [p for p in cells if isinstance(defs.seen(v, p), Shown)]
    kind = draw(st.sampled_from(["reveal", "flag", "any", "chord", "reveal", "assist", "flag"]))
    if kind == "reveal" and safe_hidden:
        return Reveal(draw(st.sampled_from(safe_hidden)))
    if kind == "flag" and (mines or safe_hidden):
        # Right and wrong flags alike: wrong ones get flooded over later.
        return Flag(draw(st.sampled_from(mines + safe_hidden)))
    if kind == "chord" and numbers:
        return Chord(draw(st.sampled_from(numbers)))
    if kind == "assist":
        return Assist(draw(st.integers(0, 20)))
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


@st.composite
def reachable_games(
    draw: st.DrawFn, max_side: int = 4, max_cells: int = MAX_CELLS, max_actions: int = 12
) -> Scenario:
    """A game reachable from a fresh game by random actions (LAWS.bend Reachable)."""
    w, h, layout = draw(boards(max_side, max_cells))
    g = Game.fresh(w, h, layout)
    acts: list[Action] = []
    for _ in range(draw(st.integers(0, max_actions) | st.integers(max_actions // 2, max_actions))):
        a = draw(aimed_action(w, h, layout, g))
        acts.append(a)
        g = g.step(a)
    return Scenario(w, h, layout, tuple(acts), g)


def playing_games(**kw: int) -> st.SearchStrategy[Scenario]:
    """Reachable games still in play."""
    return reachable_games(**kw).filter(lambda s: s.game.status == Playing())


def seens() -> st.SearchStrategy[Seen]:
    return st.one_of(st.just(Hidden()), st.just(Boom()), st.integers(0, 8).map(Shown))


@st.composite
def arbitrary_games(draw: st.DrawFn, max_side: int = 4) -> Game:
    """Any value of type Game, reachable or not: the constructor with a random
    layout, knowledge, flags (on and off the board) and status, for the laws
    stated for every game."""
    w, h, layout = draw(boards(max_side))
    rows = tuple(tuple(draw(seens()) for _ in range(w)) for _ in range(h))
    mines = draw(st.integers(0, w * h + 2))
    flags = frozenset(draw(st.lists(positions(w, h), max_size=6)))
    status: Status = draw(
        st.one_of(
            st.just(Playing()),
            st.just(Won()),
            positions(w, h).flatmap(
                lambda p: st.sampled_from([Lost(Exploded(p)), Lost(AssistTooEarly(p))])
            ),
        )
    )
    return Game(w, h, layout, Knowledge(w, h, mines, rows), flags, status)


@st.composite
def knowledges(draw: st.DrawFn, max_side: int = 4, max_cells: int = 10) -> Knowledge:
    """Views for the solver: some from a real layout, some with wrong numbers,
    Boom cells, inconsistent totals, and unknown totals (mines=None)."""
    w, h, layout = draw(boards(max_side, max_cells))
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
        rows[y][x] = draw(seens())
    total = defs.total_mines(layout)
    mines = draw(
        st.one_of(
            st.just(total),
            st.just(total),
            st.none(),
            st.integers(0, w * h + 1),
        )
    )
    return Knowledge(w, h, mines, tuple(tuple(r) for r in rows))


@st.composite
def finished_games(
    draw: st.DrawFn, max_side: int = 4, max_cells: int = MAX_CELLS, way: str | None = None
) -> Scenario:
    """Reachable games that are over: a reachable game, then, if it still goes
    on, one more way to end it (``way``: "explode" a mine, press the "assist",
    or "win" by revealing every safe cell; drawn when None). Every added action
    is an ordinary step, so the result is reachable too."""
    sc = draw(reachable_games(max_side=max_side, max_cells=max_cells))
    g, acts = sc.game, list(sc.acts)
    cells = defs.cells(sc.w, sc.h)
    if way is None:
        way = draw(st.sampled_from(["explode", "assist", "win"]))
    if g.status == Playing():
        mines = [p for p in cells if defs.mine(sc.layout, p)]
        more: list[Action]
        if way == "explode" and mines:
            p = draw(st.sampled_from(mines))
            more = [Flag(p), Reveal(p)] if g.flagged(p) else [Reveal(p)]
        elif way == "assist":
            # Reveal some safe cells first, so that the assist often comes too early.
            safe = [p for p in cells if not defs.mine(sc.layout, p) and not g.flagged(p)]
            picks = draw(st.lists(st.sampled_from(safe), max_size=2)) if safe else []
            more = [Reveal(p) for p in picks]
            more.append(Assist(draw(st.integers(0, 20))))
        else:
            more = [Reveal(p) for p in cells if not defs.mine(sc.layout, p)]
            more = [Flag(p) for p in cells if g.flagged(p)] + more
        for a in more:
            acts.append(a)
            g = g.step(a)
    return Scenario(sc.w, sc.h, sc.layout, tuple(acts), g)


@st.composite
def unstuck_games(draw: st.DrawFn, max_cells: int = 9) -> Scenario:
    """Reachable games in play where some cell is provably safe: a game in play,
    then safe cells revealed one at a time until one is (checked by brute force)."""
    sc = draw(playing_games(max_cells=max_cells))
    g, acts = sc.game, list(sc.acts)
    cells = defs.cells(sc.w, sc.h)
    while g.status == Playing() and not brute.provably_safe_cells(g.knowledge):
        safe = [p for p in cells if defs.hidden(g.knowledge, p) and not defs.mine(sc.layout, p)]
        p = draw(st.sampled_from(safe))
        # A flagged cell ignores clicks: take its flag off first.
        for a in [Flag(p), Reveal(p)] if g.flagged(p) else [Reveal(p)]:
            acts.append(a)
            g = g.step(a)
    return Scenario(sc.w, sc.h, sc.layout, tuple(acts), g)


def state_of(g: Game) -> State:
    """A game built with the constructor, checked over its own board's domains."""
    return State(g.width, g.height, g.layout, g)


def reachable_states() -> st.SearchStrategy[State]:
    """Reachable games, playing and finished, ready for the law checks."""
    return st.one_of(reachable_games(), finished_games()).map(Scenario.state)


def playing_states(max_cells: int = MAX_CELLS) -> st.SearchStrategy[State]:
    """Reachable games still in play."""
    return playing_games(max_cells=max_cells).map(Scenario.state)


def any_states() -> st.SearchStrategy[State]:
    """Every game: reachable ones and any value the constructor accepts."""
    return st.one_of(reachable_states(), arbitrary_games().map(state_of))


@st.composite
def large_boards(draw: st.DrawFn) -> tuple[int, int, Layout]:
    """Boards of the levels' sizes and between, 9 to 30 cells a side, thin
    enough to open wide areas: a flood that stopped at column 6 passed every
    law checked on boards of at most 4 a side. Drawn from one seeded Random,
    not cell by cell (720 draws an example)."""
    w = draw(st.sampled_from([30, 16, 9, 13, 24]))
    h = draw(st.sampled_from([16, 9, 24, 11]))
    density = draw(st.sampled_from([0.12, 0.05, 0.2, 0.16]))
    rng = draw(st.randoms(use_true_random=False))
    return w, h, tuple(tuple(rng.random() < density for _ in range(w)) for _ in range(h))


@st.composite
def large_games(draw: st.DrawFn, max_actions: int = 8) -> Scenario:
    """A game reached on a large board by a few aimed actions (see ``aimed_action``)."""
    w, h, layout = draw(large_boards())
    g = Game.fresh(w, h, layout)
    acts: list[Action] = []
    for _ in range(draw(st.integers(0, max_actions))):
        a = draw(aimed_action(w, h, layout, g))
        acts.append(a)
        g = g.step(a)
    return Scenario(w, h, layout, tuple(acts), g)


def large_states() -> st.SearchStrategy[State]:
    """Reachable games on large boards, in play or over, for the law checks
    that need no brute force over layouts."""
    return large_games().map(Scenario.state)

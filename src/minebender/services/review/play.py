"""A record played again on minebender's ``Game``: the board before and after
each move.

A replay is a record, not a new game: ``Game.fresh`` takes its layout as it is,
of any size and with the mines wherever the client put them, and the first
click is a plain reveal. The level clamp and the opening rule belong to the
games minebender deals (``setup``, ``place_mines``), which a replay never uses.

One rule differs between minebender and the other clients: in minebender a
flood of zeros opens flagged cells too (``law flood_complete``), while
Windows' Minesweeper and the clients that copy it leave a flagged cell covered
and flagged, and do not flood past it. A record of another client is played by
its own rule (``Record.flags_stop_floods``): what the player saw is what the
review must judge. The game is still a ``Game``, built from its public
constructor; no law of minebender's own games changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from minebender.rules.game import Game
from minebender.services.review.record import Record
from minebender.services.session import Cell, Event, Mark, Practice
from minebender.values.types import (
    Assist,
    AssistTooEarly,
    Chord,
    Flag,
    Hidden,
    Knowledge,
    Lost,
    Playing,
    Pos,
    Reveal,
    Shown,
    Won,
    neighbours,
)

__all__ = ["Played", "advance", "cell_at", "played"]


@dataclass(frozen=True, slots=True)
class Played:
    """One move with the game just before it and just after it. ``cell`` is the
    cell an assist opened (or the safe cell it showed when pressed too early);
    for the other moves it is the move's own cell."""

    index: int
    move: Event
    before: Game
    after: Game
    started: bool
    """The first click had been made before this move."""
    cell: Pos | None


def _centre(game: Game) -> Pos:
    return Pos(game.width // 2, game.height // 2)


def advance(
    game: Game, event: Event, started: bool, flags_stop_floods: bool
) -> tuple[Game, Pos | None]:
    """The game after one move, and the move's cell (for an assist: the cell it
    opened, or the safe cell it showed when pressed too early)."""
    move = event.move
    if isinstance(move, Practice):
        return game, None
    if isinstance(move, Mark):  # a ? on a cell is no action; on a flag it takes the flag away
        if move.pos in game.flags:
            return game.step(Flag(move.pos)), move.pos
        return game, move.pos
    if isinstance(move, Assist):
        if started:
            after = game.step(move)
            return after, _assist_cell(game, after, move.k)
        cell = _centre(game)  # before the first click the assist opens the centre
        return game.open(cell), cell
    if not isinstance(move, (Reveal, Flag, Chord)):
        raise TypeError(f"a record's move is a cell action, got {move!r}")
    if flags_stop_floods and not isinstance(move, Flag) and game.flags and game.playing:
        return _client_step(game, move), move.pos
    return game.step(move), move.pos


def cell_at(game: Game, pos: Pos | None) -> Cell:
    """What the pointer is on in a game played again, as the rule of presses
    reads it (no ? in a record: the clients' files keep none)."""
    if pos is None or not game.on_board(pos):
        return "off"
    k = game.knowledge
    if k.hidden(pos):
        return "flagged" if pos in game.flags else "covered"
    seen = k.seen(pos)
    return "number" if isinstance(seen, Shown) and seen.n > 0 else "open"


def played(record: Record) -> Iterator[Played]:
    """Play the record's moves in order, from a fresh game on its layout."""
    game = Game.fresh(record.width, record.height, record.layout)
    started = False
    for i, move in enumerate(record.moves):
        before = game
        game, cell = advance(game, move, started, record.flags_stop_floods)
        yield Played(i, move, before, game, started, cell)
        started = started or (move.type != "flag" and game.knowledge is not before.knowledge)
        started = started or not game.playing


def _assist_cell(before: Game, after: Game, k: int) -> Pos | None:
    status = after.status
    if isinstance(status, Lost) and isinstance(status.reason, AssistTooEarly):
        return status.reason.pos
    return before.assist_choice(k)


def _client_step(game: Game, move: Reveal | Chord) -> Game:
    """A reveal or a chord by the other clients' rule: floods stop at flags."""
    if isinstance(move, Reveal):
        return game if move.pos in game.flags else _client_open(game, move.pos)
    for target in game.chord_targets(move.pos):
        game = _client_open(game, target)
    return game


def _client_open(game: Game, pos: Pos) -> Game:
    """``Game.open``, but a flagged cell stays covered and stops the flood."""
    opened = game.open(pos)
    if opened.knowledge is game.knowledge or type(opened.status) is Lost:
        return opened  # nothing opened, or a mine: no flood
    rows = game.knowledge.rows
    lost_flags = {f for f in game.flags if type(opened.knowledge.rows[f.y][f.x]) is not Hidden}
    if not lost_flags:
        return opened
    # Flood again, by hand, never entering a flagged cell.
    w, h, layout, flags = game.width, game.height, game.layout, game.flags
    new_rows = [list(r) for r in rows]
    todo = [pos]
    seen = {pos}
    while todo:
        c = todo.pop()
        n = sum(layout[q.y][q.x] for q in neighbours(w, h, c))
        new_rows[c.y][c.x] = Shown(n)
        if n:
            continue
        for q in neighbours(w, h, c):
            if q not in seen and q not in flags and type(rows[q.y][q.x]) is Hidden:
                seen.add(q)
                todo.append(q)
    knowledge = Knowledge(w, h, game.knowledge.mines, tuple(map(tuple, new_rows)))
    safe_left = any(
        not layout[y][x] and type(knowledge.rows[y][x]) is Hidden
        for y in range(h)
        for x in range(w)
    )
    return Game(w, h, layout, knowledge, flags, Playing() if safe_left else Won())

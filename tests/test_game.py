"""Behaviour the issue asks of the game beyond the letter of the laws.

Concrete boards pin down each behaviour; Hypothesis checks the general case on
reachable games. Expected values come from reading the board by hand or from
the reference definitions (``reference``), never from the game under test.
"""

from __future__ import annotations

import pytest
from hypothesis import given

from minebender import (
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
    Hidden,
    Hint,
    Knowledge,
    Lost,
    Mine,
    Number,
    Playing,
    Pos,
    Reveal,
    Shown,
    Won,
    WrongFlag,
)
from reference import brute, defs
from strategies import Scenario, finished_games, playing_games, positions

T, F = True, False


@pytest.mark.parametrize(("w", "h"), [(0, 0), (0, 3), (4, 0), (1, 1), (2, 3)])
def test_board_without_safe_cell_is_won_from_the_start(w: int, h: int) -> None:
    layout = tuple(tuple(True for _ in range(w)) for _ in range(h))
    assert Game.fresh(w, h, layout).status == Won()


def test_board_with_a_safe_cell_starts_in_play() -> None:
    assert Game.fresh(2, 1, ((T, F),)).status == Playing()


@given(finished_games())
def test_finished_game_ignores_every_action_open_included(sc: Scenario) -> None:
    g = sc.game
    if g.status == Playing():
        return
    for p in [*defs.cells(sc.w, sc.h), Pos(-1, 0), Pos(sc.w, sc.h)]:
        assert g.open(p) == g
        for a in (Reveal(p), Flag(p), Chord(p)):
            assert g.step(a) == g
    for k in (0, 1, 99):
        assert g.step(Assist(k)) == g


@pytest.mark.slow
@given(playing_games(), positions(4, 4))
def test_action_off_the_board_does_nothing(sc: Scenario, p: Pos) -> None:
    if defs.on_board(sc.w, sc.h, p):
        return
    g = sc.game
    assert g.open(p) == g
    for a in (Reveal(p), Flag(p), Chord(p)):
        assert g.step(a) == g
    assert not g.step(Flag(p)).flagged(p)


def test_flood_reveals_flagged_cells_on_its_way_and_clears_their_flags() -> None:
    # The only mine is at the bottom right: (0, 1) is a zero the flood crosses.
    g = Game.fresh(3, 3, ((F, F, F), (F, F, F), (F, F, T)))
    g = g.step(Flag(Pos(0, 1))).step(Flag(Pos(1, 1)))
    g = g.step(Reveal(Pos(0, 0)))
    assert g.knowledge.rows[1][0] == Shown(0)
    assert g.knowledge.rows[1][1] == Shown(1)
    assert not g.flagged(Pos(0, 1))
    assert not g.flagged(Pos(1, 1))
    assert g.knowledge.rows[2][2] == Hidden()
    assert g.status == Won()


def test_chord_reveals_row_by_row_and_stops_at_a_mine() -> None:
    # Mines at (0, 0) and (2, 1); (1, 0) shows 2. Two wrong flags make the
    # chord fire; its targets in row order are (0, 0), (0, 1), (2, 1).
    g = Game.fresh(3, 2, ((T, F, F), (F, F, T)))
    g = g.step(Reveal(Pos(1, 0)))
    assert g.knowledge.rows[0][1] == Shown(2)
    g = g.step(Flag(Pos(2, 0))).step(Flag(Pos(1, 1)))
    after = g.step(Chord(Pos(1, 0)))
    assert after.status == Lost(Exploded(Pos(0, 0)))
    assert after.knowledge.rows == ((Boom(), Shown(2), Hidden()), (Hidden(), Hidden(), Hidden()))


def test_chord_with_right_flags_reveals_every_target() -> None:
    g = Game.fresh(3, 2, ((T, F, F), (F, F, T)))
    g = g.step(Reveal(Pos(1, 0))).step(Flag(Pos(0, 0))).step(Flag(Pos(2, 1)))
    after = g.step(Chord(Pos(1, 0)))
    assert after.knowledge.rows == (
        (Hidden(), Shown(2), Shown(1)),
        (Shown(1), Shown(2), Hidden()),
    )
    assert after.status == Won()


def test_chord_without_matching_flags_does_nothing() -> None:
    g = Game.fresh(3, 2, ((T, F, F), (F, F, T))).step(Reveal(Pos(1, 0))).step(Flag(Pos(0, 0)))
    assert g.step(Chord(Pos(1, 0))) == g


def test_chord_with_more_flags_than_its_number_does_nothing() -> None:
    """Exactly as many flags as the number shows, not at least: the 2 at (1, 0)
    with three flags around it (one wrong) chords nothing, or it would open
    (2, 0) and (0, 1) as if the wrong flag were right."""
    g = Game.fresh(3, 2, ((T, F, F), (F, F, T))).step(Reveal(Pos(1, 0)))
    for p in (Pos(0, 0), Pos(2, 1), Pos(1, 1)):
        g = g.step(Flag(p))
    assert g.step(Chord(Pos(1, 0))) == g


def test_assist_too_early_shows_the_safe_cell() -> None:
    # 4x1, a mine at (2, 0): after revealing (0, 0) the 1 at (1, 0) proves
    # (2, 0) a mine, so (3, 0) is provably safe.
    g = Game.fresh(4, 1, ((F, F, T, F),)).step(Reveal(Pos(0, 0)))
    assert g.knowledge.rows == ((Shown(0), Shown(1), Hidden(), Hidden()),)
    for k in (0, 1, 5):
        after = g.step(Assist(k))
        assert after.status == Lost(AssistTooEarly(Pos(3, 0)))
        assert after.knowledge == g.knowledge
        assert after.display() == ((Number(0), Number(1), Mine(), Hint()),)


def test_assist_when_stuck_opens_a_safe_cell_next_to_what_is_revealed() -> None:
    # Mines at (2, 0) and (3, 1). After revealing (0, 0) the player sees
    #   0 1 ? ?
    #   0 1 ? ?      with 2 mines: one in column 2, one in column 3,
    # so every hidden cell may hold a mine: stuck. The safe hidden cells are
    # (2, 1), next to the revealed 1s, and (3, 0), away from them.
    g = Game.fresh(4, 2, ((F, F, T, F), (F, F, F, T))).step(Reveal(Pos(0, 0)))
    assert g.knowledge.rows == (
        (Shown(0), Shown(1), Hidden(), Hidden()),
        (Shown(0), Shown(1), Hidden(), Hidden()),
    )
    assert brute.stuck(g.knowledge)
    for k in (0, 1, 2, 3, 10**6):
        assert g.step(Assist(k)) == g.open(Pos(2, 1))


def test_assist_k_chooses_among_the_cells_next_to_what_is_revealed() -> None:
    # Mines at (1, 1) and (2, 1). After revealing (0, 0) the player sees a 1
    # there and knows 2 mines: stuck. Safe hidden cells next to the 1: (1, 0)
    # and (0, 1); (2, 0) is safe but away from it.
    g = Game.fresh(3, 2, ((F, F, F), (F, T, T))).step(Reveal(Pos(0, 0)))
    assert brute.stuck(g.knowledge)
    results = {g.step(Assist(k)) for k in range(8)}
    assert results == {g.open(Pos(1, 0)), g.open(Pos(0, 1))}


def _opened_cells(g: Game, after: Game) -> list[Pos]:
    """The safe hidden cells p with ``g.open(p) == after`` (LAWS.bend assist_stuck).

    Several when the assist opened a zero: any cell of its region opens the same."""
    cells = [
        p
        for p in defs.cells(g.width, g.height)
        if defs.hidden(g.knowledge, p) and not defs.mine(g.layout, p) and g.open(p) == after
    ]
    assert cells, f"the assist did not open a safe hidden cell: {after!r}"
    return cells


@pytest.mark.slow
@given(playing_games(max_cells=9))
def test_assist_when_stuck_prefers_cells_next_to_revealed_ones(sc: Scenario) -> None:
    g = sc.game
    if not brute.stuck(g.knowledge):
        return
    w, h = sc.w, sc.h

    def touches_revealed(p: Pos) -> bool:
        return any(defs.revealed(g.knowledge, q) for q in defs.neighbours(w, h, p))

    safe_hidden = [
        p for p in defs.cells(w, h) if defs.hidden(g.knowledge, p) and not defs.mine(sc.layout, p)
    ]
    preferred = [p for p in safe_hidden if touches_revealed(p)]
    chosen = []
    for k in range(4):
        after = g.step(Assist(k))
        assert after == Game(g.width, g.height, g.layout, g.knowledge, g.flags, g.status).step(
            Assist(k)
        ), "the assist is not a function of the game and k"
        chosen.append(_opened_cells(g, after))
    if preferred:
        for cells in chosen:
            assert any(touches_revealed(p) for p in cells), (
                f"Assist opened one of {cells!r}, none of them next to a revealed cell"
            )


def test_end_screen_after_a_win_flags_every_mine() -> None:
    g = Game.fresh(3, 1, ((T, F, T),)).step(Flag(Pos(0, 0))).step(Reveal(Pos(1, 0)))
    assert g.status == Won()
    assert g.display() == ((Flagged(), Number(2), Flagged()),)


def test_end_screen_after_an_explosion() -> None:
    # Mines at (0, 0), (3, 0), (0, 1); flags on the mine (3, 0) and on the safe (2, 1).
    g = Game.fresh(4, 2, ((T, F, F, T), (T, F, F, F)))
    g = g.step(Flag(Pos(3, 0))).step(Flag(Pos(2, 1))).step(Reveal(Pos(1, 1)))
    g = g.step(Reveal(Pos(0, 1)))
    assert g.status == Lost(Exploded(Pos(0, 1)))
    assert g.display() == (
        (Mine(), Covered(), Covered(), Flagged()),
        (Blast(), Number(2), WrongFlag(), Covered()),
    )


def test_display_during_play_hides_the_mines() -> None:
    g = Game.fresh(3, 1, ((T, F, F),)).step(Flag(Pos(0, 0))).step(Reveal(Pos(2, 0)))
    assert g.status == Won()
    g = Game.fresh(3, 1, ((T, F, F),)).step(Flag(Pos(2, 0)))
    assert g.display() == ((Covered(), Covered(), Flagged()),)


def test_assist_on_a_hand_built_game_with_no_safe_cell_left_does_nothing() -> None:
    """A game built by hand may say Playing with every safe cell revealed; play never
    reaches it, and the assist then has nothing to open and changes nothing."""
    game = Game(
        2,
        1,
        ((True, False),),
        Knowledge(2, 1, 1, ((Hidden(), Shown(1)),)),
        frozenset(),
        Playing(),
    )
    assert game.step(Assist(0)) == game

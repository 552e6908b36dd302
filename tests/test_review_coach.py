"""The lessons of a review: each needless guess's proof really forces its cell
safe (checked by brute force over the proof's numbers alone, and by the
solver on the whole view), guesses beside the safest, idle clicks, luck."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from minebender.rules.solver import analyse
from minebender.services.review import review_file
from minebender.services.review.chance import percent_text
from minebender.services.review.coach import Proof, coach, coaching_lines
from minebender.services.review.judge import judge, summarize_moves
from minebender.services.review.play import played
from minebender.services.review.record import Record
from minebender.services.session import Event
from minebender.values.types import Flag, Hidden, Knowledge, Pos, Reveal, Shown, neighbours
from review_files import DATA

RMV = DATA / "test_rmv2_24px.rmv"


def forced_by_proof(k: Knowledge, proof: Proof) -> bool:
    """Whether the proof's numbers alone (every other number forgotten, every
    shown cell still known to hold no mine) leave ``proof.cell`` safe (or a
    mine, for a mine proof) in every assignment: a walk over all the mine/safe
    assignments of the hidden cells around those numbers."""
    w, h = k.width, k.height
    scopes = []
    for p in proof.numbers:
        seen = k.rows[p.y][p.x]
        assert type(seen) is Shown, f"{p} is no number"
        scopes.append(
            (seen.n, [q for q in neighbours(w, h, p) if type(k.rows[q.y][q.x]) is Hidden])
        )
    cells = sorted({q for _, hid in scopes for q in hid} | {proof.cell})
    assert len(cells) <= 20, "a proof this wide is too slow to walk"
    for values in product((0, 1), repeat=len(cells)):
        mine = dict(zip(cells, values, strict=True))
        agrees = all(sum(mine[q] for q in hid) == n for n, hid in scopes)
        if agrees and mine[proof.cell] != proof.mine:
            return False
    return True


def test_the_needless_guess_of_a_real_game_has_a_proof_that_forces_its_cell() -> None:
    r = review_file(RMV)
    needless = [j for j in r.moves if j.verdict == "needless guess"]
    assert len(needless) == 1 and len(r.coaching.proofs) == 1
    proof = r.coaching.proofs[0]
    assert proof.move == needless[0].played.index and not proof.mine
    before = needless[0].played.before.knowledge
    assert proof.cell in analyse(before).safe  # the solver agrees, on the whole view
    assert not proof.uses_total and forced_by_proof(before, proof)
    # one number alone proves nothing here: two are needed, and two are given
    assert len(proof.numbers) == 2 and proof.smallest


def test_a_click_on_a_certain_mine_gets_the_proof_of_the_mine() -> None:
    r = review_file(DATA.parent / "replays" / "test_rmv2_24px.rmv")
    assert all(not p.mine for p in r.coaching.proofs)  # no such click in this game
    layout = ((True, False, True, False), (False,) * 4, (False,) * 4)
    # the corner (0, 2) opens the two lower rows: both mines are then proved,
    # a safe cell (3, 0) is left, and (0, 0) is clicked all the same
    moves = (Event(Reveal(Pos(0, 2)), 0), Event(Reveal(Pos(0, 0)), 500))
    rec = Record("t", "minebender-replay", None, None, 4, 3, 2, layout, moves)
    judged = judge(played(rec))
    assert [j.verdict for j in judged] == ["first click", "certain mine"]
    c = coach(judged)
    (proof,) = c.proofs
    assert proof.mine and proof.cell == Pos(0, 0)
    assert forced_by_proof(judged[1].played.before.knowledge, proof)
    # a mistake, not a guess: no guess survived at 0%, no luck line, a summary that says it
    assert c.guesses == () and (c.luck, c.safest_luck) == (Fraction(1), Fraction(1))
    s = summarize_moves(judged)
    assert (s.guesses, s.survival, s.lost_at) == (0, Fraction(1), 1)
    assert not any(line.startswith("luck") for line in coaching_lines(c, judged))


def test_a_guess_as_safe_as_any_is_not_set_beside_a_safest_guess() -> None:
    r = review_file(DATA.parent / "replays" / "test_rmv1_utf8_basic.rmv")
    lines = coaching_lines(r.coaching, r.moves)
    for g in r.coaching.guesses:
        assert g.best_risk is not None
        said = next(line for line in lines if line.startswith(f"move {g.move + 1}:"))
        assert ("no guess was safer" in said) == (g.best_risk >= g.risk)
        assert ("the safest guess" in said) == (0 < g.best_risk < g.risk)
    assert any(g.best_risk == g.risk for g in r.coaching.guesses)  # the case is met


def test_clicks_that_did_nothing_are_counted_with_the_time_they_took() -> None:
    layout = ((True, False, False, False),) + ((False,) * 4,) * 3
    moves = (
        Event(Reveal(Pos(3, 3)), 0),
        Event(Reveal(Pos(3, 3)), 400),  # an opened cell: nothing
        Event(Reveal(Pos(9, 9)), 1000),  # off the board: nothing
        Event(Flag(Pos(0, 0)), 1500),
    )
    rec = Record("t", "minebender-replay", None, None, 4, 4, 1, layout, moves)
    c = coach(judge(played(rec)))
    assert (c.idle_clicks, c.idle_ms) == (2, 400 + 600)
    assert c.guesses == () and c.luck == c.safest_luck == 1


@st.composite
def games(draw: st.DrawFn) -> Record:
    """A small board and a sequence of reveals, played until the game ends."""
    w = draw(st.integers(4, 6))
    h = draw(st.integers(4, 6))
    cells = [Pos(x, y) for y in range(h) for x in range(w)]
    mines = set(
        draw(st.lists(st.sampled_from(cells), min_size=2, max_size=w * h // 4, unique=True))
    )
    first = draw(st.sampled_from([p for p in cells if p not in mines]))
    order = draw(st.permutations(cells))
    layout = tuple(tuple(Pos(x, y) in mines for x in range(w)) for y in range(h))
    moves = tuple(Event(Reveal(p), 100 * i) for i, p in enumerate([first, *order]))
    return Record("t", "minebender-replay", None, None, w, h, len(mines), layout, moves)


@settings(max_examples=40, deadline=None)
@given(games())
def test_every_proof_forces_its_cell_and_safest_luck_is_never_below_luck(rec: Record) -> None:
    """Law: each proof's numbers alone force its cell, the cell is among the
    solver's safe cells of that view, and had every guess been the safest of
    its moment the game would have been survived at least as likely."""
    judged = judge(played(rec))
    c = coach(judged)
    needless = [j.played.index for j in judged if j.verdict == "needless guess"]
    assert [p.move for p in c.proofs if not p.mine] == needless
    for p in c.proofs:
        before = judged[p.move].played.before.knowledge
        if not p.mine:
            assert p.cell in analyse(before).safe
        if not p.uses_total:
            assert forced_by_proof(before, p)
    assert c.safest_luck >= c.luck
    survival = Fraction(1)
    for j in judged:
        if j.guess and j.verdict != "certain mine":  # a mistake is no guess
            assert j.risk is not None and j.risk < 1
            survival *= 1 - j.risk
    assert c.luck == survival


def test_chances_read_as_percentages_and_never_round_to_certainty() -> None:
    assert percent_text(Fraction(130877, 190674)) == "68.6%"
    assert percent_text(Fraction(1, 2)) == "50.0%"
    assert percent_text(Fraction(0)) == "0.0%" and percent_text(Fraction(1)) == "100.0%"
    assert percent_text(Fraction(1, 190674)) == "<0.1%"
    assert percent_text(Fraction(190673, 190674)) == ">99.9%"

"""The laws as invariants of a state machine that plays minebender.

Hypothesis picks a small board and layout, then interleaves clicks, flags,
chords and assists, on and off the board; after every step every state law of
LAWS.bend (``reference.laws.check_all``) must hold of the game reached.
"""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from minebender import Assist, Chord, Flag, Game, Layout, Playing, Pos, Reveal
from reference import defs, laws
from strategies import boards

POSITIONS = st.builds(Pos, st.integers(-2, 4), st.integers(-2, 4))


class Play(RuleBasedStateMachine):
    """One game, stepped by Hypothesis, checked against every law after each step."""

    w: int
    h: int
    layout: Layout
    game: Game

    @initialize(board=boards(max_side=3, max_cells=9).filter(lambda b: b[0] * b[1] >= 3))
    def start(self, board: tuple[int, int, Layout]) -> None:
        self.w, self.h, self.layout = board
        self.game = Game.fresh(self.w, self.h, self.layout)

    @rule(p=POSITIONS)
    def reveal(self, p: Pos) -> None:
        self.game = self.game.step(Reveal(p))

    @rule(p=POSITIONS)
    def flag(self, p: Pos) -> None:
        self.game = self.game.step(Flag(p))

    @rule(p=POSITIONS)
    def chord(self, p: Pos) -> None:
        self.game = self.game.step(Chord(p))

    @rule(k=st.integers(0, 10**6))
    def assist(self, k: int) -> None:
        self.game = self.game.step(Assist(k))

    @precondition(lambda self: self.game.status == Playing())
    @rule(data=st.data())
    def reveal_a_safe_cell(self, data: st.DataObject) -> None:
        """Aimed play, so that games go deep instead of ending at the first mine."""
        v = self.game.knowledge
        safe = [
            p
            for p in defs.cells(self.w, self.h)
            if defs.hidden(v, p) and not defs.mine(self.layout, p)
        ]
        if safe:
            self.game = self.game.step(Reveal(data.draw(st.sampled_from(safe))))

    @invariant()
    def laws_hold(self) -> None:
        if hasattr(self, "game"):
            laws.check_all(laws.State(self.w, self.h, self.layout, self.game, ks=(0, 3)))


TestPlay = Play.TestCase
TestPlay.settings = settings(max_examples=60, stateful_step_count=15, deadline=None)

"""The bot plays through the public API only: it sees the knowledge (never the
layout), never presses the assist, and its games replay exactly from seeds."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction

import pytest

import minebender as mb
from minebender.formats.boardtext import parse
from minebender.rules.game import Game
from minebender.rules.solver.reveal import Reveals
from minebender.services.bot import (
    PlayerView,
    StrategyName,
    bot_move,
    choose,
    first_click,
    game_words,
    play_game,
)
from minebender.services.bot.endgame import best_endgame_move
from minebender.services.bot.rules import simple_deductions
from minebender.services.bot.strategy import _scored, _second_order
from minebender.values.types import Assist, Knowledge, Pos, Reveal
from reference.endgames import ENDGAME
from reference.views import stuck_views, view_of_rows

BEGINNER = mb.setup(mb.Beginner())


@dataclass(frozen=True)
class KnowledgeOnly:
    """A view that holds nothing but the knowledge: no game, no layout, no screen."""

    knowledge: Knowledge

    def display(self) -> tuple[tuple[mb.Tile, ...], ...]:
        raise AssertionError("the bot does not need the screen")


@pytest.mark.parametrize("strategy", ["fast", "strong"])
def test_bot_plays_from_knowledge_alone(strategy: StrategyName) -> None:
    """Law-style: a host that hands the bot only the knowledge gets whole games,
    and every reveal the bot asks for is a hidden cell."""
    for index in range(15):
        first = first_click(BEGINNER, "2,2")
        layout = mb.place_mines(9, 9, 10, first, game_words(11, index))
        game = Game.fresh(9, 9, layout).step(Reveal(first))
        while game.playing:
            seen = game.knowledge
            cells, _ = bot_move(KnowledgeOnly(seen), strategy)
            assert cells
            for cell in cells:
                assert seen.hidden(cell)
                game = game.step(Reveal(cell))
                if not game.playing:
                    break


def test_play_game_hands_the_bot_views_and_never_assists(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The host gives the bot a PlayerView (knowledge only) and the bot never
    presses the assist: a guess is a guess."""
    import minebender.services.bot.play as play

    actions: list[object] = []
    real_step = Game.step

    def step(self: Game, action: mb.Action) -> Game:
        actions.append(action)
        return real_step(self, action)

    real_move = play.bot_move

    def move(view: object, strategy: str = "strong") -> object:
        assert type(view) is PlayerView
        assert view.screen is None
        return real_move(KnowledgeOnly(view.knowledge), strategy)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "step", step)
    monkeypatch.setattr(play, "bot_move", move)
    for index in range(10):
        play_game(mb.setup(mb.Intermediate()), 3, index, "strong", "2,2")
    assert actions
    assert all(type(a) is Reveal for a in actions)
    assert not any(isinstance(a, Assist) for a in actions)


@pytest.mark.parametrize("strategy", ["fast", "strong"])
def test_games_replay_from_their_seeds(strategy: StrategyName) -> None:
    for index in range(10):
        a, game_a = play_game(BEGINNER, 42, index, strategy)
        b, game_b = play_game(BEGINNER, 42, index, strategy)
        assert replace(a, seconds=0, cpu_seconds=0) == replace(b, seconds=0, cpu_seconds=0)
        assert game_a == game_b


def test_game_words_hash_the_seed_pair() -> None:
    """Each game gets its own uniform words: no word is shared by the games of a
    run (raw seeds would pin the first mines of every game to the same cells)."""
    words = [game_words(5, i) for i in range(50)]
    assert words[0] == game_words(5, 0)
    assert all(len(w) == 8 and all(0 <= x < 2**32 for x in w) for w in words)
    for k in range(8):
        assert len({w[k] for w in words}) == 50
    assert game_words(5, 0) != game_words(6, 0)
    with pytest.raises(ValueError, match="seed"):
        game_words(-1, 0)


def test_first_click_names_and_errors() -> None:
    expert = mb.setup(mb.Expert())
    assert first_click(expert) == Pos(2, 3), "tuned: (2, 3) won on Expert"
    assert first_click(expert, "inset") == Pos(2, 2)
    for level in (mb.Beginner(), mb.Intermediate()):
        assert first_click(mb.setup(level)) == Pos(2, 2), "tuned: inset off Expert"
    assert first_click(mb.Setup(30, 16, 98)) == Pos(2, 2), "a Custom board gets inset"
    assert first_click(mb.Setup(2, 2, 1), "inset") == Pos(1, 1), "clamped to a tiny board"
    assert first_click(expert, "corner") == Pos(0, 0)
    assert first_click(expert, "near-corner") == Pos(1, 1)
    assert first_click(expert, "3,4") == Pos(3, 4)
    with pytest.raises(ValueError, match="off the 30x16 board"):
        first_click(expert, "30,0")
    with pytest.raises(ValueError, match="first click must be"):
        first_click(expert, "middle")
    assert first_click(expert, " 3 , 4 ") == Pos(3, 4)
    # int() reads these as 1,1, 10,2 and 1,2: not the ASCII digits of every option
    for spelling in ("\uff11,\uff11", "1_0,+2", "\u0661,\u0662", "3,4,5", "-1,0"):
        with pytest.raises(ValueError, match="first click must be"):
            first_click(expert, spelling)
    # past int()'s 4,300 digits: off the board, named in short; zeros in front count for nothing
    with pytest.raises(ValueError, match=r"off the 30x16 board") as off:
        first_click(expert, "9" * 5000 + ",1")
    assert len(str(off.value)) < 200
    assert first_click(expert, "0" * 5000 + "3,4") == Pos(3, 4)
    assert first_click(expert, "(3, 4)") == Pos(3, 4)  # as cells are printed


def test_simple_deductions_are_sound() -> None:
    """Every cell the cheap rules call safe is ProvablySafe by the exact solver."""
    for index in range(20):
        layout = mb.place_mines(16, 16, 40, Pos(8, 8), game_words(9, index))
        game = Game.fresh(16, 16, layout).step(Reveal(Pos(8, 8)))
        safe, mines = simple_deductions(game.knowledge)
        analysis = mb.analyse(game.knowledge)
        assert set(safe) <= analysis.safe
        assert mines <= analysis.mines


def test_a_forced_guess_is_taken_and_the_endgame_search_knows_its_odds() -> None:
    """A lone 50/50 is a forced guess; the exhaustive search rates it 1/2."""
    view = view_of_rows(["..", "11", "00"], 1)
    analysis = mb.analyse(view)
    assert analysis.probability(Pos(0, 0)) == Fraction(1, 2)
    found = best_endgame_move(view, analysis)
    assert found is not None
    assert found[1] == pytest.approx(0.5)
    decision = choose(view, "strong")
    assert decision.guess
    assert decision.cells[0] in {Pos(0, 0), Pos(1, 0)}


def test_endgame_search_prefers_the_informative_guess() -> None:
    """One mine in a row of three hidden cells: an end cell survives 2/3 and its
    number then tells where the mine is; the middle one survives only 1/3 and
    leaves a 50/50. The search finds the end cell and its exact odds."""
    view = view_of_rows(["..."], 1)
    found = best_endgame_move(view, mb.analyse(view))
    assert found is not None
    cell, value = found
    assert value == pytest.approx(2 / 3)
    assert cell in {Pos(0, 0), Pos(2, 0)}


def test_choose_rejects_a_view_no_layout_fits() -> None:
    with pytest.raises(ValueError, match="no layout agrees"):
        choose(view_of_rows(["..", "88"], 1), "fast")


def test_a_candidate_is_dropped_only_when_it_cannot_reach_the_bound() -> None:
    """Second-order safety stops scoring a candidate once it cannot beat the
    best live one: on stuck random views, a bound just above a candidate's
    full score may drop it (else it scores in full), and a bound just below
    never does."""
    rng = random.Random(46)
    checked = dropped = 0
    for view, analysis in stuck_views(rng, [(6, 5), (5, 5), (7, 4)], 0.5, 1000):
        reveals = Reveals(view)
        for y, row in enumerate(analysis.probabilities):
            for x, p in enumerate(row):
                if p is None or p == 1:
                    continue
                cell = Pos(x, y)
                full = _second_order(view, analysis, cell, reveals)
                chance = 1.0 - float(p)
                below = _scored(view, analysis, cell, reveals, (chance, full.key[0] - 1e-6))
                assert below == full
                above = _scored(view, analysis, cell, reveals, (chance, full.key[0] + 0.01))
                assert above is None or above == full
                dropped += above is None
                checked += 1
    assert checked >= 300 and dropped >= 100


def test_the_perfect_strategy_searches_endgames_the_strong_one_does_not() -> None:
    """On an endgame of 2,040 layouts (past the strong bot's 1,000) the perfect
    bot plays the exact search's move, which wins more than the strong bot's."""
    view = parse(ENDGAME)
    strong = choose(view, "strong")
    perfect = choose(view, "perfect")
    assert strong.why == "second-order" and strong.cells == (Pos(23, 15),)
    assert perfect.why == "endgame" and perfect.cells == (Pos(28, 15),)
    found = best_endgame_move(view, mb.analyse(view), 20_000)
    assert found == (Pos(28, 15), Fraction(307, 408))

"""The values of minebender: immutable, hashable, == by value, repr valid Python,
and constructors that reject bad input naming the bad value."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import minebender
from minebender import (
    Assist,
    AssistTooEarly,
    Beginner,
    Blast,
    Boom,
    Chord,
    Covered,
    Custom,
    Expert,
    Exploded,
    Flag,
    Flagged,
    Game,
    Hidden,
    Hint,
    Intermediate,
    Knowledge,
    Lost,
    Mine,
    Number,
    Playing,
    Pos,
    Reveal,
    Setup,
    Shown,
    Won,
    WrongFlag,
    analyse,
    explain,
    place_mines,
)
from minebender.rules.solver import find_safe
from strategies import Scenario, knowledges, reachable_games

NAMESPACE = {name: getattr(minebender, name) for name in minebender.__all__}
NAMESPACE["Fraction"] = Fraction

VALUES: list[object] = [
    Pos(3, -4),
    Reveal(Pos(1, 2)),
    Flag(Pos(0, 0)),
    Chord(Pos(-1, 5)),
    Assist(7),
    Hidden(),
    Shown(8),
    Boom(),
    Playing(),
    Won(),
    Lost(Exploded(Pos(1, 1))),
    Lost(AssistTooEarly(Pos(2, 0))),
    Covered(),
    Flagged(),
    Number(0),
    Blast(),
    Hint(),
    Mine(),
    WrongFlag(),
    Beginner(),
    Intermediate(),
    Expert(),
    Custom(100, 3, 5),
    Setup(9, 9, 10),
    Knowledge(2, 1, None, ((Hidden(), Shown(1)),)),
    Knowledge(0, 0, 0, ()),
    Game.fresh(2, 2, ((True, False), (False, False))).step(Flag(Pos(0, 0))),
    analyse(Knowledge(3, 1, 1, ((Hidden(), Shown(1), Hidden()),))),
]


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_repr_is_valid_python(value: object) -> None:
    again = eval(repr(value), NAMESPACE)
    assert again == value
    assert hash(again) == hash(value)
    assert type(again) is type(value)


@given(reachable_games())
def test_repr_of_reachable_games_round_trips(sc: Scenario) -> None:
    g = sc.game
    again = eval(repr(g), NAMESPACE)
    assert again == g and hash(again) == hash(g)
    assert again.display() == g.display()
    for p in [Pos(0, 0), Pos(1, 1), Pos(-1, 0)]:
        assert again.step(Reveal(p)) == g.step(Reveal(p))


@given(knowledges())
def test_repr_of_knowledge_round_trips(v: Knowledge) -> None:
    assert eval(repr(v), NAMESPACE) == v


@pytest.mark.parametrize(
    "value", [v for v in VALUES if dataclasses.is_dataclass(v)], ids=lambda v: type(v).__name__
)
def test_values_are_immutable(value: object) -> None:
    fields = dataclasses.fields(value)  # type: ignore[arg-type]
    name = fields[0].name if fields else "anything"
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError, TypeError)):
        setattr(value, name, None)


def test_equal_values_are_interchangeable() -> None:
    a = Game.fresh(2, 1, ((False, True),)).step(Reveal(Pos(0, 0)))
    b = Game.fresh(2, 1, [[False, True]]).step(Reveal((0, 0)))  # type: ignore[arg-type]
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Game.fresh(2, 1, ((False, True),))
    assert Knowledge(1, 1, 0, [[Hidden()]]) == Knowledge(1, 1, 0, ((Hidden(),),))


def test_steps_never_change_the_game_stepped() -> None:
    g = Game.fresh(3, 1, ((False, False, True),))
    before = repr(g)
    g.step(Flag(Pos(2, 0)))
    g.step(Reveal(Pos(0, 0)))
    g.open(Pos(2, 0))
    assert repr(g) == before


def _lost() -> Game:
    """A 2x1 game lost on its mine."""
    game = Game.fresh(2, 1, ((True, False),)).step(Reveal(Pos(0, 0)))
    assert type(game.status) is Lost
    return game


def _view(width: int, height: int, mines: int) -> Knowledge:
    """A view with every cell covered."""
    return Knowledge(width, height, mines, ((Hidden(),) * width,) * height)


@pytest.mark.parametrize(
    ("make", "error", "named"),
    [
        (lambda: Game.fresh(-1, 2, ()), ValueError, "-1"),
        (lambda: Game.fresh(2, -3, ()), ValueError, "-3"),
        (lambda: Game.fresh(2, 1, ((False,),)), ValueError, "2"),
        (lambda: Game.fresh(1, 2, ((False,),)), ValueError, "2"),
        (lambda: Game.fresh(1, 1, ((1,),)), TypeError, "1"),
        (lambda: Game.fresh(1, 1, "x"), TypeError, "'x'"),
        (lambda: Shown(9), ValueError, "9"),
        (lambda: Shown(-1), ValueError, "-1"),
        (lambda: Number(9), ValueError, "9"),
        (lambda: Knowledge(-2, 0, 0, ()), ValueError, "-2"),
        (lambda: Knowledge(1, 1, -5, ((Hidden(),),)), ValueError, "-5"),
        (lambda: Knowledge(2, 1, 0, ((Hidden(),),)), ValueError, "1"),
        (lambda: Knowledge(1, 1, 0, ((3,),)), TypeError, "3"),
        (lambda: Custom(-1, 9, 10), ValueError, "-1"),
        (lambda: Setup(9, -9, 10), ValueError, "-9"),
        (lambda: Assist(-4), ValueError, "-4"),
        (lambda: Reveal("b2"), TypeError, "'b2'"),  # type: ignore[arg-type]
        (lambda: Pos("a", "b"), TypeError, "'a'"),  # type: ignore[arg-type]
        (lambda: Pos(1.5, 0), TypeError, "1.5"),  # type: ignore[arg-type]
        (lambda: Pos(0, 2.0), TypeError, "y must be an int, got 2.0"),  # type: ignore[arg-type]
        (lambda: Pos(True, False), TypeError, "True"),
        (lambda: Pos(1, 2)._replace(x=0.5), TypeError, "0.5"),
        (lambda: Reveal((1.5, 0)), TypeError, "(1.5, 0)"),  # type: ignore[arg-type]
        # a finished game ignores every action, but a value that is none
        (lambda: _lost().step(None), TypeError, "Game.step: action must be an Action, got None"),  # type: ignore[arg-type]
        (lambda: _lost().play(None), TypeError, "Game.play: actions must be a sequence"),  # type: ignore[arg-type]
        (lambda: Exploded("x"), TypeError, "'x'"),  # type: ignore[arg-type]
        (lambda: AssistTooEarly((0, None)), TypeError, "None"),  # type: ignore[arg-type]
        (lambda: Lost("x"), TypeError, "'x'"),  # type: ignore[arg-type]
        (lambda: Lost(Pos(0, 0)), TypeError, "Pos(x=0, y=0)"),  # type: ignore[arg-type]
        # the Game constructor (repr round trips) took a view of another size (an
        # IndexError later) and any status; what the laws hold for, a value of
        # the type that play cannot reach, it still takes
        (lambda: Game(2, 1, ((True, False),), None), TypeError, "knowledge"),  # type: ignore[arg-type]
        (lambda: Game(2, 1, ((True, False),), _view(1, 1, 1)), ValueError, "1x1"),
        (
            lambda: Game(2, 1, ((True, False),), _view(2, 1, 1), frozenset({(0, 0)})),  # type: ignore[arg-type]
            TypeError,
            "flags must be a frozenset of Pos",
        ),
        (lambda: Game(2, 1, ((True, False),), _view(2, 1, 1), {Pos(0, 0)}), TypeError, "flags"),  # type: ignore[arg-type]
        (
            lambda: Game(2, 1, ((True, False),), _view(2, 1, 1), status="x"),  # type: ignore[arg-type]
            TypeError,
            "status",
        ),
    ],
)
def test_constructors_name_the_bad_value(make: object, error: type, named: str) -> None:
    with pytest.raises(error) as raised:
        make()  # type: ignore[operator]
    assert named in str(raised.value)


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: Game.fresh(3, 3, ((False,) * 3,) * 3).open((1.5, 1)), "Game.open: pos"),  # type: ignore[arg-type]
        (lambda: place_mines(9, 9, 10, Pos(0, 0), 5), "rs must be a sequence"),  # type: ignore[arg-type]
        (lambda: place_mines(9, 9, 10, Pos(0, 0), "abc"), "rs must be a sequence"),
        (lambda: analyse(None), "knowledge must be a Knowledge"),  # type: ignore[arg-type]
        (lambda: find_safe("x"), "knowledge must be a Knowledge"),  # type: ignore[arg-type]
        (lambda: Custom.from_text(None), "text must be a str, got NoneType"),  # type: ignore[arg-type]
        (lambda: Custom.from_text(b"9x9x10"), "text must be a str, got bytes"),  # type: ignore[arg-type]
        (lambda: explain(Game.fresh(1, 1, ((False,),)).knowledge, "ab"), "explain: pos"),  # type: ignore[arg-type]
        (lambda: explain(None, Pos(0, 0)), "knowledge must be a Knowledge"),  # type: ignore[arg-type]
        (lambda: analyse(_view(1, 1, 0)).probability((True, 0)), "probability: pos"),  # type: ignore[arg-type]
        (lambda: analyse(_view(1, 1, 0)).probability(None), "probability: pos"),  # type: ignore[arg-type]
        (lambda: Game.fresh(1, 1, ((False,),)).flagged((1.5, 0)), "Game.flagged: pos"),  # type: ignore[arg-type]
        (lambda: place_mines(9, 9, 10, Pos(0, 0), [1.5]), "place_mines: rs.0. must be"),  # type: ignore[list-item]
        (lambda: place_mines(9, 9, 10, Pos(0, 0), [True]), "place_mines: rs.0. must be"),
    ],
)
def test_public_functions_name_an_argument_of_the_wrong_type(call: object, named: str) -> None:
    """Not only constructors: a wrong type given to a public function is a
    TypeError that names the argument, not one from deep inside it."""
    with pytest.raises(TypeError, match=named):
        call()  # type: ignore[operator]


@given(st.integers(-(2**40), 2**40), st.integers(-(2**40), 2**40))
def test_any_pair_of_ints_is_a_position(x: int, y: int) -> None:
    p = Pos(x, y)
    assert (p.x, p.y) == (x, y) and eval(repr(p), NAMESPACE) == p
    assert p == (x, y) and hash(p) == hash((x, y)) and Pos._make([x, y]) == p


def test_a_position_of_int_subclasses_holds_plain_ints() -> None:
    class Column(int):
        pass

    p = Pos(Column(2), 0)
    assert p == Pos(2, 0) and type(p.x) is int


def test_a_position_that_is_not_one_never_reaches_the_game() -> None:
    """A float or a bool used to slip into the game: Pos(1.5, 0) died deep in a
    step with "tuple indices must be integers", and Pos(True, False) revealed
    the cell (1, 0). Now the position itself is refused, before any step."""
    g = Game.fresh(3, 1, ((False, False, True),))
    for x, y in [(1.5, 0), (True, False), (1.0, 0)]:
        with pytest.raises(TypeError, match="Pos: x must be an int"):
            g.step(Reveal(Pos(x, y)))  # type: ignore[arg-type]
    assert g.step(Reveal(Pos(1, 0))).knowledge.rows[0][1] == Shown(1)
    assert g.knowledge.rows == ((Hidden(), Hidden(), Hidden()),)


def test_lost_reasons_keep_positions() -> None:
    assert Exploded((2, 3)) == Exploded(Pos(2, 3))  # type: ignore[arg-type]
    assert type(AssistTooEarly((0, 1)).pos) is Pos  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("20x12x40", Custom(20, 12, 40)),
        (" 30X16X99 ", Custom(30, 16, 99)),
        ("00020x0012x040", Custom(20, 12, 40)),
        ("10000x10000x10000", Custom(10000, 10000, 10000)),
    ],
)
def test_a_custom_field_reads_from_its_text(text: str, field: Custom) -> None:
    assert Custom.from_text(text) == field


@pytest.mark.parametrize("text", ["", "20x12", "20x12x", "ax12x40", "٣x3x10", "1x2x3x4"])
def test_a_custom_field_text_must_be_three_ascii_numbers(text: str) -> None:
    with pytest.raises(ValueError, match="WIDTHxHEIGHTxMINES"):
        Custom.from_text(text)


def test_a_custom_field_number_of_ten_digits_is_named_too_long() -> None:
    with pytest.raises(ValueError, match="has a number of more than 9 digits"):
        Custom.from_text("9" * 10 + "x9x9")

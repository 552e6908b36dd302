"""The Gymnasium environment: Gymnasium's own checker, boards equal to the board
codes' boards, masks that say which actions change the game, chords, exact
info, the vector form, and the bot winning through it as often as published."""

from __future__ import annotations

from fractions import Fraction

import pytest

from needs import GYMNASIUM

gymnasium = pytest.importorskip("gymnasium", reason=GYMNASIUM)
np = pytest.importorskip("numpy", reason=GYMNASIUM)

from gymnasium.utils.env_checker import check_env  # noqa: E402

from minebender.formats.tilecodes import COVERED, FLAGGED, knowledge_of_codes, screen_codes  # noqa: E402
from minebender.rules.game import Game  # noqa: E402
from minebender.rules.solver import analyse  # noqa: E402
from minebender.services.batch import wilson  # noqa: E402
from minebender.services.env import (  # noqa: E402
    CHORD,
    FLAG,
    REVEAL,
    BotAgent,
    MinebenderEnv,
    action_of,
    cell_of,
)
from minebender.services.session import Session  # noqa: E402
from minebender.services.session.codes import parse_board_code  # noqa: E402
from minebender.values.seeded import Stream  # noqa: E402
from minebender.values.types import Chord, Flag, Pos, Reveal  # noqa: E402


@pytest.mark.parametrize("name", ["Beginner", "Intermediate", "Expert"])
def test_gymnasiums_checker_passes(name: str) -> None:
    env = gymnasium.make(f"minebender.env:minebender/{name}-v0")
    check_env(env.unwrapped, skip_render_check=False)


def test_custom_takes_its_size_and_refuses_one_the_laws_would_change() -> None:
    env = gymnasium.make("minebender.env:minebender/Custom-v0", width=12, height=10, mines=20)
    obs, _ = env.reset(seed=3)
    assert obs.shape == (10, 12)
    assert env.action_space.n == 3 * 120
    with pytest.raises(ValueError, match="9 to 30 columns"):
        MinebenderEnv("custom", width=5, height=5, mines=3)


@pytest.mark.parametrize(("level", "letter"), [("expert", "e"), ("beginner", "b")])
def test_a_seeded_reset_deals_the_board_of_its_board_code(level: str, letter: str) -> None:
    """reset(seed=S) and the board code LETTER:S deal the same mines to the same
    first click, as a person's session of that code does."""
    env = MinebenderEnv(level)
    for seed, first in ((7, Pos(3, 4)), (123456, Pos(0, 0)), (99, Pos(8, 8))):
        _, info = env.reset(seed=seed)
        assert info["board_code"] == f"{letter}:{seed}"
        env.step(action_of(REVEAL, first.x, first.y, env.width, env.height))
        session = Session(parse_board_code(info["board_code"]))
        session.reveal(first)
        assert env.game is not None
        assert env.game.layout == session.layout
        assert env.game.knowledge == session.game.knowledge  # type: ignore[union-attr]


def test_a_no_guess_environment_deals_the_boards_of_no_guess_codes() -> None:
    env = MinebenderEnv("beginner", no_guess=True)
    _, info = env.reset(seed=21)
    assert info["board_code"] == "b+ng:21"
    env.step(action_of(REVEAL, 0, 8, env.width, env.height))
    session = Session(parse_board_code(info["board_code"]))
    session.reveal(Pos(0, 8))
    assert env.game is not None and env.game.layout == session.layout
    plain = MinebenderEnv("beginner")
    assert plain.reset(options={"code": "b+ng:x"})[1]["board_code"] == "b+ng:x"
    assert plain.reset(seed=2)[1]["board_code"] == "b:2"  # the code's +ng was for its episode


def test_resets_without_a_seed_go_on_from_the_last_seed() -> None:
    env = MinebenderEnv("beginner")
    codes = [env.reset(seed=5)[1]["board_code"]] + [env.reset()[1]["board_code"] for _ in range(2)]
    assert codes == ["b:5", "b:5.1", "b:5.2"]
    _, info = env.reset(options={"code": "b:any"})
    assert info["board_code"] == "b:any"
    with pytest.raises(ValueError, match="expert board"):
        env.reset(options={"code": "e:any"})


def _random_game(env: MinebenderEnv, stream: Stream, moves: int) -> None:
    """Play ``moves`` actions drawn from all actions, masked or not."""
    env.reset(seed=stream.below(10**6))
    for _ in range(moves):
        if not env.playing:
            return
        env.step(stream.below(env.action_space.n))  # type: ignore[attr-defined]


def test_the_mask_allows_exactly_the_actions_that_change_the_game() -> None:
    """Law: an action is allowed iff ``Game.step`` gives another game (and a
    masked action leaves the observation as it was)."""
    stream = Stream.from_text("test env mask")
    env = MinebenderEnv("beginner")
    checked = 0
    for _ in range(40):
        _random_game(env, stream, stream.below(60))
        obs = env._screen.copy()
        mask = env._info()["action_mask"]
        assert (env.action_masks() == mask.astype(bool)).all()
        game = env.game
        if game is None:
            continue
        assert obs.ravel().tolist() == screen_codes(game.display())
        for action in range(env.action_space.n):  # type: ignore[attr-defined]
            kind, pos = cell_of(action, env.width, env.height)
            step = (Reveal, Flag, Chord)[kind](pos)
            assert bool(mask[action]) == (game.step(step) != game), (kind, pos)
            checked += 1
        if env.playing:
            blocked = int(np.flatnonzero(mask == 0)[0])
            env.step(blocked)
            assert (env._screen == obs).all()
    assert checked > 20 * 3 * 81


def test_only_a_reveal_is_allowed_before_the_first_click_and_nothing_after_the_end() -> None:
    env = MinebenderEnv("beginner")
    _, info = env.reset(seed=1)
    cells = env.width * env.height
    assert info["action_mask"][:cells].all() and not info["action_mask"][cells:].any()
    agent = BotAgent(env.width, env.height, env.mines)
    obs, done = env.reset(seed=1)[0], False
    while not done:
        obs, _, done, _, info = env.step(agent.act(obs))
    assert not info["action_mask"].any()


def test_a_chord_reveals_the_unflagged_neighbours_of_a_satisfied_number() -> None:
    env = MinebenderEnv("beginner")
    w, h = env.width, env.height
    for seed in range(50):  # find a number with one mine around it
        obs, _ = env.reset(seed=seed)
        obs, *_ = env.step(action_of(REVEAL, 4, 4, w, h))
        game = env.game
        assert game is not None
        for y in range(h):
            for x in range(w):
                around = game.knowledge.neighbours(Pos(x, y))
                hidden = [q for q in around if obs[q.y, q.x] == COVERED]
                mines = [q for q in hidden if game.mine(q)]
                if obs[y, x] == 1 and len(mines) == 1 and len(hidden) > 1:
                    m = mines[0]
                    obs, *_ = env.step(action_of(FLAG, m.x, m.y, w, h))
                    assert obs[m.y, m.x] == FLAGGED
                    obs, reward, *_ = env.step(action_of(CHORD, x, y, w, h))
                    assert all(obs[q.y, q.x] not in (COVERED, FLAGGED) for q in hidden if q != m)
                    assert reward >= 0
                    return
    pytest.fail("no board of 50 had a number with one mine and another hidden cell")


def test_rewards_are_one_for_a_win_minus_one_for_a_loss_and_zero_else() -> None:
    env = MinebenderEnv("beginner")
    env.reset(seed=11)
    _, reward, done, _, _ = env.step(action_of(REVEAL, 4, 4, 9, 9))
    assert (reward, done) == (0.0, False)
    game = env.game
    assert game is not None
    mine = next(Pos(x, y) for y in range(9) for x in range(9) if game.layout[y][x])
    _, reward, done, _, _ = env.step(action_of(REVEAL, mine.x, mine.y, 9, 9))
    assert (reward, done) == (-1.0, True)
    _, reward, *_ = env.step(action_of(REVEAL, mine.x, mine.y, 9, 9))
    assert reward == 0.0  # the laws ignore a finished game, and so does the reward
    env.reset(seed=11)
    env.step(action_of(REVEAL, 4, 4, 9, 9))
    game = env.game
    assert game is not None
    rewards = [
        env.step(action_of(REVEAL, x, y, 9, 9))[1]
        for y in range(9)
        for x in range(9)
        if not game.layout[y][x]
    ]
    assert rewards.count(1.0) == 1 and rewards[-1] in (0.0, 1.0) and -1.0 not in rewards


def test_an_episode_is_truncated_after_max_steps() -> None:
    env = MinebenderEnv("beginner", max_steps=5)
    env.reset(seed=2)
    env.step(action_of(REVEAL, 4, 4, 9, 9))
    results = [env.step(action_of(FLAG, 0, 0, 9, 9)) for _ in range(4)]
    assert [r[3] for r in results] == [False, False, False, True]


def test_exact_info_is_the_solvers_answer_on_the_view() -> None:
    env = MinebenderEnv("intermediate", exact_info=True)
    obs, info = env.reset(seed=4)
    assert info["solutions"] == analyse(env.knowledge()).solutions
    obs, _, _, _, info = env.step(action_of(REVEAL, 2, 2, env.width, env.height))
    analysis = analyse(knowledge_of_codes(obs.ravel().tolist(), env.width, env.mines))
    assert info["solutions"] == analysis.solutions
    assert info["fractions"] == analysis.probabilities
    for y in range(env.height):
        for x in range(env.width):
            p = analysis.probabilities[y][x]
            if p is None:
                assert np.isnan(info["probabilities"][y, x])
            else:
                assert info["probabilities"][y, x] == float(p)
            assert info["safe"][y, x] == (p == Fraction(0))
            assert info["known_mines"][y, x] == (p == Fraction(1))
    assert "solutions" not in MinebenderEnv("beginner").reset(seed=1)[1]


def test_the_vector_form_plays_many_boards_at_once() -> None:
    envs = gymnasium.make_vec(
        "minebender.env:minebender/Beginner-v0", num_envs=3, vectorization_mode="sync"
    )
    obs, info = envs.reset(seed=40)
    assert obs.shape == (3, 9, 9)
    assert list(info["board_code"]) == ["b:40", "b:41", "b:42"]
    obs, reward, terminated, _, info = envs.step(np.array([40, 40, 40]))
    assert obs.shape == (3, 9, 9) and (obs[:, 4, 4] != COVERED).all()
    assert reward.shape == (3,) and not terminated.any()  # a first click never loses
    assert info["action_mask"].shape == (3, 3 * 81)
    space = envs.single_action_space
    space.seed(1)
    ended = 0
    for _ in range(200):  # masked random play: a finished board's next step resets it
        actions = np.array([space.sample(mask=m) for m in info["action_mask"]])
        obs, reward, terminated, _, info = envs.step(actions)
        ended += int(terminated.sum())
        assert set(reward.tolist()) <= {-1.0, 0.0, 1.0}
    assert ended > 3
    assert all(code.startswith(f"b:{40 + k}.") for k, code in enumerate(info["board_code"]))
    envs.close()


def test_the_render_is_the_screen_as_text() -> None:
    env = MinebenderEnv("beginner", render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == ("." * 9 + "\n") * 9
    obs, *_ = env.step(action_of(FLAG, 0, 0, 9, 9))
    assert obs[0, 0] == COVERED  # no flag before the first click: only a reveal deals
    env.step(action_of(REVEAL, 4, 4, 9, 9))
    env.step(action_of(FLAG, 0, 0, 9, 9))
    text = env.render()
    assert text is not None and text[0] in "F012345678"


@pytest.mark.heavy
def test_the_bot_wins_through_the_environment_as_often_as_published() -> None:
    """docs/bot.md: 97.16% of 1,000,000 Beginner games. The bot, reading only
    observations, must not be told apart from that on 400 boards of their own
    (99.9% Wilson interval)."""
    games = 400
    wins = _bot_games_from("Beginner", 0, games)
    low, high = wilson(wins, games, z=3.2905)
    assert low <= 0.9716 <= high, (wins, games)


def test_the_agent_plays_the_bots_game() -> None:
    """Through the environment the agent makes the moves ``bot.play_game`` makes
    on the same board: the same first click, then the bot's decisions."""
    from minebender.services.bot import bot_decision
    from minebender.services.bot.play import PlayerView

    env = MinebenderEnv("intermediate")
    agent = BotAgent(env.width, env.height, env.mines)
    obs, _ = env.reset(seed=8)
    obs, *_ = env.step(agent.act(obs))
    assert env.first == Pos(2, 2)
    game = env.game
    assert game is not None
    expected: Game = game
    while env.playing:
        cells = bot_decision(PlayerView(expected.knowledge)).cells
        for cell in cells:
            expected = expected.step(Reveal(cell))
            if not expected.playing:
                break
        while env.game != expected and env.playing:
            obs, *_ = env.step(agent.act(obs))
        assert env.game == expected


def test_bench_env_prints_the_win_rate_and_steps_per_second(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from minebender.faces.cli import main

    assert main(["bench", "env", "--level", "beginner", "--games", "4", "--seed", "9"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("beginner: the bot through the environment, 4 boards")
    assert "docs/bot.md: 97.16%" in lines[1]
    assert "exact_info=False" in lines[2] and "exact_info=True" in lines[3]
    assert lines[4].startswith("  SyncVectorEnv, 8 boards, masked random actions:")
    args = ["bench", "env", "--level", "beginner", "--games", "4", "--seed", "9", "--json"]
    assert main(args) == 0
    figures = json.loads(capsys.readouterr().out)
    plain, exact = figures["runs"]
    assert plain["steps"] == exact["steps"] > 4 and plain["wins"] == exact["wins"]
    assert figures["vector"]["steps"] == 8 * (plain["steps"] // 8)
    assert figures["win_rate"] == _bot_games_from("Beginner", 9, 4) / 4
    assert main(["bench", "env", "--custom", "5x5x3", "--games", "1"]) == 2
    assert "9 to 30 columns" in capsys.readouterr().err


def _bot_games_from(level: str, seed: int, games: int) -> int:
    env = gymnasium.make(f"minebender.env:minebender/{level}-v0")
    base = env.unwrapped
    wins = 0
    for i in range(games):
        agent = BotAgent(base.width, base.height, base.mines)  # type: ignore[attr-defined]
        obs, _ = env.reset(seed=seed + i)
        done = False
        while not done:
            obs, reward, terminated, truncated, _ = env.step(agent.act(obs))
            done = terminated or truncated
        wins += reward > 0
    return wins

"""``MinebenderEnv``: minebender's game as a Gymnasium environment.

The rules are the game's own: a board is dealt by the session's rule
(``session.board.layout_for``) around the first reveal, so the first click
opens an area, and every action is a ``Game.step``. An episode's board is the
board of a board code, ``e:SEED`` for ``reset(seed=SEED)``: the page, the
terminal and ``minebender play --code`` deal the same mines to the same first
click. docs/research.md describes the spaces, the rewards and ``info``.
"""

from __future__ import annotations

from typing import Any, Literal

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from minebender.formats.tilecodes import (
    COVERED,
    FLAGGED,
    HIGHEST,
    SYMBOLS,
    playing_codes,
    screen_codes,
)
from minebender.rules.game import Game, setup
from minebender.rules.solver import analyse
from minebender.services.session.board import layout_for, level_from_name, level_name
from minebender.services.session.codes import board_code, new_seed, parse_board_code
from minebender.services.session.values import SessionSpec
from minebender.values.types import Chord, Custom, Flag, Knowledge, Level, Lost, Pos, Reveal, Won

__all__ = [
    "CHORD",
    "FLAG",
    "KINDS",
    "REVEAL",
    "MinebenderEnv",
    "action_mask",
    "action_of",
    "cell_of",
    "exact_info",
]

REVEAL, FLAG, CHORD = 0, 1, 2
KINDS = ("reveal", "flag", "chord")
"""The kinds of action, in the order of the action space's blocks."""

Observation = NDArray[np.int8]


def action_of(kind: int, x: int, y: int, width: int, height: int) -> int:
    """The action that does ``kind`` (``REVEAL``, ``FLAG``, ``CHORD``) on cell (x, y).

    >>> action_of(FLAG, 2, 1, 9, 9)
    92
    """
    return kind * width * height + y * width + x


def cell_of(action: int, width: int, height: int) -> tuple[int, Pos]:
    """The kind and the cell of an action: ``action_of`` undone.

    >>> cell_of(92, 9, 9)
    (1, Pos(x=2, y=1))
    """
    kind, cell = divmod(int(action), width * height)
    y, x = divmod(cell, width)
    return kind, Pos(x, y)


def _around(grid: NDArray[np.int8]) -> NDArray[np.int8]:
    """How many of each cell's eight neighbours are set in grid (0 or 1)."""
    h, w = grid.shape
    padded = np.zeros((h + 2, w + 2), dtype=np.int8)
    padded[1:-1, 1:-1] = grid
    total = np.zeros((h, w), dtype=np.int8)
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            if dy != 1 or dx != 1:
                total += padded[dy : dy + h, dx : dx + w]
    return total


def action_mask(screen: Observation, started: bool, playing: bool) -> NDArray[np.int8]:
    """1 for each action that changes the game, 0 for the others, which the laws
    ignore: reveal a covered cell; flag or unflag a hidden cell; chord a number
    with as many flags around it as it shows and a covered cell among them. Only
    a reveal before the first click (it deals the board), and nothing once over.
    tests/test_env.py checks each against ``Game.step``."""
    if not playing:
        return np.zeros(3 * screen.size, dtype=np.int8)
    covered = (screen == COVERED).astype(np.int8)
    if not started:
        return np.concatenate([covered.ravel(), np.zeros(2 * screen.size, dtype=np.int8)])
    flagged = (screen == FLAGGED).astype(np.int8)
    number = screen <= 8
    chord = number & (_around(flagged) == screen) & (_around(covered) > 0)
    return np.concatenate(
        [covered.ravel(), (covered | flagged).ravel(), chord.astype(np.int8).ravel()]
    )


def _level(level: Level | str, width: int | None, height: int | None, mines: int | None) -> Level:
    """The level asked for: a Level, or its name with the sizes of a custom one.
    A custom size the laws would change (they clamp to Windows XP's) is refused,
    so an experiment never runs on another board than it names."""
    if isinstance(level, str):
        if level == "custom":
            if width is None or height is None or mines is None:
                raise ValueError("minebender/Custom-v0 takes width, height and mines")
            level = Custom(width, height, mines)
        else:
            level = level_from_name(level)
    if isinstance(level, Custom):
        b = setup(level)
        if (b.width, b.height, b.mines) != (level.width, level.height, level.mines):
            raise ValueError(
                f"minebender plays 9 to 30 columns, 9 to 25 rows and 10 mines to all but"
                f" 10 cells (as Windows XP): {level.width}x{level.height} with"
                f" {level.mines} mines would be played as {b.width}x{b.height} with {b.mines}"
            )
    return level


class MinebenderEnv(gym.Env[Observation, np.int64]):
    """One board of minebender per episode.

    Keywords: ``level`` ("beginner", "intermediate", "expert", "custom" with
    ``width``, ``height``, ``mines``); ``exact_info`` puts the solver's exact
    answers in ``info``; ``no_guess`` deals boards that need no guess;
    ``max_steps`` truncates an episode (default three actions per cell);
    ``render_mode`` "ansi" renders the board as text.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (Env declares it so)

    def __init__(
        self,
        level: Level | str = "expert",
        *,
        width: int | None = None,
        height: int | None = None,
        mines: int | None = None,
        exact_info: bool = False,
        no_guess: bool = False,
        max_steps: int | None = None,
        render_mode: Literal["ansi"] | None = None,
    ) -> None:
        self.level = _level(level, width, height, mines)
        board = setup(self.level)
        self.width, self.height, self.mines = board.width, board.height, board.mines
        self.exact_info = exact_info
        self.no_guess = no_guess
        self._no_guess = no_guess  # this episode's: a code may say otherwise
        cells = self.width * self.height
        self.max_steps = 3 * cells if max_steps is None else max_steps
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            0, HIGHEST, shape=(self.height, self.width), dtype=np.int8
        )
        self.action_space = spaces.Discrete(3 * cells)
        self.game: Game | None = None
        self.board_seed = ""
        self.first: Pos | None = None
        self.steps = 0
        self._base: str | None = None
        self._episode = 0
        self._screen: Observation = np.full((self.height, self.width), COVERED, dtype=np.int8)

    # ------------------------------------------------------------------
    # Gymnasium's API
    # ------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new board: the board of code ``e:SEED`` (its level's letter) for a
        seed; after it, without a seed, ``e:SEED.1``, ``e:SEED.2``...; with
        ``options={"code": CODE}`` the board of that code, of this level."""
        super().reset(seed=seed)
        code = (options or {}).get("code")
        self._no_guess = self.no_guess
        if code is not None:
            self.board_seed, self._no_guess = self._read_code(code)
        elif seed is not None:
            self._base, self._episode = str(seed), 0
            self.board_seed = self._base
        elif self._base is not None:
            self._episode += 1
            self.board_seed = f"{self._base}.{self._episode}"
        else:
            self.board_seed = new_seed()
        self.game, self.first, self.steps = None, None, 0
        self._screen = np.full((self.height, self.width), COVERED, dtype=np.int8)
        return self._screen.copy(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Do one action (``action_of``); an action the mask rules out changes nothing."""
        if not 0 <= int(action) < 3 * self.width * self.height:
            raise ValueError(f"action must be from 0 to {3 * self.width * self.height - 1}")
        kind, pos = cell_of(int(action), self.width, self.height)
        before = self.game
        if before is None:
            if kind == REVEAL:
                layout = layout_for(setup(self.level), self.board_seed, pos, self._no_guess)
                self.game = Game.fresh(self.width, self.height, layout).step(Reveal(pos))
                self.first = pos
        elif kind == REVEAL:
            self.game = before.step(Reveal(pos))
        elif kind == FLAG:
            self.game = before.step(Flag(pos))
        else:
            self.game = before.step(Chord(pos))
        self.steps += 1
        game = self.game
        if game is not before and game is not None:
            codes = (
                playing_codes(game.knowledge, game.flags)
                if game.playing
                else screen_codes(game.display())
            )
            self._screen = np.array(codes, dtype=np.int8).reshape(self.height, self.width)
        status = None if game is None else game.status
        ended = (before is None or before.playing) and type(status) in (Won, Lost)
        reward = (1.0 if type(status) is Won else -1.0) if ended else 0.0
        terminated = not self.playing
        truncated = not terminated and self.steps >= self.max_steps
        return self._screen.copy(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The board as text, a row a line (``ansi``): the digits, ``.`` covered,
        ``F`` a flag, and once over ``*`` a mine, ``B`` the blast, ``X`` a wrong flag."""
        if self.render_mode != "ansi":
            return None
        rows = self._screen.tolist()
        return "\n".join("".join(SYMBOLS[c] for c in row) for row in rows) + "\n"

    # ------------------------------------------------------------------
    # What an agent may ask
    # ------------------------------------------------------------------

    @property
    def started(self) -> bool:
        """The first reveal has dealt the board."""
        return self.game is not None

    @property
    def playing(self) -> bool:
        """The episode goes on: not won, not lost."""
        return self.game is None or self.game.playing

    def action_masks(self) -> NDArray[np.bool_]:
        """The actions that change the game (as ``info["action_mask"]``), as bools:
        what maskable agents ask the environment for."""
        return action_mask(self._screen, self.started, self.playing).astype(bool)

    def knowledge(self) -> Knowledge:
        """What the player knows now, as the solver takes it."""
        if self.game is None:
            return Knowledge.blank(self.width, self.height, self.mines)
        return self.game.knowledge

    @property
    def code(self) -> str:
        """The board code of this episode's board (with ``first`` it is the board)."""
        spec = SessionSpec(self.level, self.board_seed, no_guess=self._no_guess)
        return board_code(spec) or ""

    # ------------------------------------------------------------------

    def _read_code(self, code: object) -> tuple[str, bool]:
        """The seed and no-guess of a board code of this environment's level."""
        if not isinstance(code, str):
            raise ValueError(f"options['code'] must be a board code, got {code!r}")
        spec = parse_board_code(code)
        if spec.setup != setup(self.level):
            raise ValueError(
                f"board code {code} is a {level_name(spec.level)} board,"
                f" this environment plays {self.width}x{self.height} with {self.mines} mines"
            )
        return spec.seed, spec.no_guess

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {
            "action_mask": action_mask(self._screen, self.started, self.playing),
            "board_code": self.code,
            "first_click": -1 if self.first is None else self.first.y * self.width + self.first.x,
        }
        if self.exact_info:
            info.update(exact_info(self.knowledge()))
        return info


def exact_info(knowledge: Knowledge) -> dict[str, Any]:
    """The solver's exact answers on a view, as ``info`` carries them:
    ``probabilities`` (float64, NaN on revealed cells), ``fractions`` (the exact
    ``Fraction`` of each, None on revealed cells), ``safe`` and ``known_mines``
    (bool grids of the cells proven safe and proven mines) and ``solutions``
    (the count of layouts that agree with the view, a Python int)."""
    a = analyse(knowledge)
    h, w = knowledge.height, knowledge.width
    probs = np.array(
        [[np.nan if p is None else float(p) for p in row] for row in a.probabilities],
        dtype=np.float64,
    ).reshape(h, w)
    safe = np.zeros((h, w), dtype=bool)
    mines = np.zeros((h, w), dtype=bool)
    if a.consistent:
        for p in a.safe:
            safe[p.y, p.x] = True
        for p in a.mines:
            mines[p.y, p.x] = True
    return {
        "probabilities": probs,
        "fractions": a.probabilities,
        "safe": safe,
        "known_mines": mines,
        "solutions": a.solutions,
    }

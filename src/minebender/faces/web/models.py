"""The request bodies of the HTTP API, checked strictly: a wrong type is an error,
never silently converted, so a buggy client hears about it at once."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from minebender.services.session import check_given_seed
from minebender.services.store import MAX_NAME_LENGTH

__all__ = [
    "MAX_MBF_BASE64",
    "MAX_SIZE",
    "ActionIn",
    "AutoIn",
    "CustomLevel",
    "GameRef",
    "NameIn",
    "NewGame",
    "PresenceIn",
    "ReplaceIn",
]

MAX_MBF_BASE64 = 4 * (4 + 2 * 255 * 255 + 2) // 3
"""The base64 of the largest .mbf file: 255x255 cells, every one a mine."""

MAX_SIZE = 10_000
"""Larger custom numbers are refused as absurd; smaller ones are clamped by the laws."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CustomLevel(_Strict):
    """A Custom Field: width 9..30, height 9..25, mines 10..999 and at most
    width*height - 10 after clamping, as the laws say."""

    width: StrictInt = Field(ge=0, le=MAX_SIZE)
    height: StrictInt = Field(ge=0, le=MAX_SIZE)
    mines: StrictInt = Field(ge=0, le=MAX_SIZE)


class NewGame(_Strict):
    """``POST /api/games``: a level (or a board code, or an .mbf board), an
    optional seed, practice, no-guess.

    A seed, a code or a board file picks the board: the game is then not
    ranked (no best time, no statistics), since the player may know that board
    already. A board file's game is a practice game."""

    level: Literal["beginner", "intermediate", "expert"] | CustomLevel = "beginner"
    seed: StrictStr | StrictInt | None = Field(default=None)
    practice: StrictBool = False
    no_guess: StrictBool = False
    code: StrictStr | None = Field(default=None)
    """Its length is the seed's rule (``parse_board_code`` says it in words)."""
    mbf: StrictStr | None = Field(default=None, max_length=MAX_MBF_BASE64)
    """A MinesweeperX ``.mbf`` board file in base64: that board, as a practice game."""
    board_file: StrictStr | None = Field(default=None)
    """The name of that ``.mbf`` file, kept with the game and given back in its
    view; its rule is ``BOARD_FILE_RULE`` (``check_board_file`` says it in words)."""

    def seed_text(self) -> str | None:
        """The seed as text; a ValueError naming it unless it is one that
        ``minebender play --seed`` takes too (``check_given_seed``): else the
        game's board code would deal another board (``"abc "`` would come back
        as ``"abc"``), be refused, or could not be shown."""
        if self.seed is None:
            return None
        text = str(self.seed)
        check_given_seed(text, "seed")
        return text


class ActionIn(_Strict):
    """``POST /api/games/{id}/actions``: reveal, flag, chord and mark (a right
    click with Marks (?) on, on a flag or a ?) need a cell; assist does not."""

    type: Literal["reveal", "flag", "chord", "assist", "mark"]
    x: StrictInt | None = None
    y: StrictInt | None = None


class AutoIn(_Strict):
    """``POST /api/games/{id}/auto``: the style of auto play (docs/web.md)."""

    style: Literal["flags", "no_flags", "efficiency"] = "efficiency"


MAX_AGO_MS = 60_000
"""How long before a request a press in it may have happened: a page sends
its presses as the answer to the last ones arrives, well within this."""


class PressIn(_Strict):
    """One press (``down``) or release (``up``) of a button, on the cell x, y
    (no x and no y: off the board), ``ago_ms`` before the request was sent,
    after the pointer went along ``path``: ago_ms, x, y in threes, oldest
    first, x and y in sixteenths of a cell from the board's corner."""

    type: Literal["down", "up"]
    button: Literal["left", "right", "middle"]
    x: StrictInt | None = None
    y: StrictInt | None = None
    ago_ms: StrictInt = Field(default=0, ge=0, le=MAX_AGO_MS)
    path: list[StrictInt] = Field(default_factory=list, max_length=3 * 1024)


class InputsIn(_Strict):
    """``POST /api/games/{id}/inputs``: the presses since the last request,
    in order, and the page's Marks (?) option."""

    inputs: list[PressIn] = Field(min_length=1, max_length=64)
    marks: StrictBool = False


class NameIn(_Strict):
    """``POST /api/games/{id}/best-time``: the name to put beside a best time."""

    name: StrictStr = Field(description=f"1 to {MAX_NAME_LENGTH} printable characters")
    """Checked by ``store.clean_name``, whose sentence says what is wrong."""


class PresenceIn(_Strict):
    """``POST /api/games/{id}/presence``: whether the player's page is shown, and
    which page (a tab's own id: one tab hidden while another shows the game
    leaves the clock running)."""

    here: StrictBool
    tab: StrictStr = Field(default="", max_length=64)


class GameRef(_Strict):
    """A game and the token that owns it, as the page keeps them."""

    id: StrictStr = Field(max_length=64)
    token: StrictStr = Field(max_length=128)


class ReplaceIn(_Strict):
    """``POST /api/games/{id}/replace``: the games the new game takes the place
    of (the page's game, and the one the browser saved as its current game)."""

    games: list[GameRef] = Field(min_length=1, max_length=4)

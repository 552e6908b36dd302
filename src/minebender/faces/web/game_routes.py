"""The routes of one game's life: start it, see it, act on it, say the player
is there, make it practice, give it up (for a new game, or the same board
again). Every route but the first needs the game's token.

Each route is a function of its own that reads the request and calls the hub;
the hub's errors become answers in one place, ``web.errors``."""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from minebender.faces.web.access import AUTH, AppHub, holding, json_answer, owned
from minebender.faces.web.bodies import StrictJSONRoute
from minebender.faces.web.errors import GIVEN_UP, ApiError
from minebender.faces.web.hub import GameNotFound, Hub, Live, NotPlaying
from minebender.faces.web.models import ActionIn, GameRef, InputsIn, NewGame, PresenceIn, ReplaceIn
from minebender.faces.web.views import as_json, view
from minebender.formats.mbf import MBFError
from minebender.services.game_view import GameView, game_view
from minebender.services.session import (
    HandInput,
    SessionSpec,
    level_from_name,
    mbf_spec,
    parse_board_code,
)
from minebender.values.types import Custom, Level, Pos

__all__ = ["live_game_view", "live_view", "router"]

router = APIRouter(route_class=StrictJSONRoute)
"""The routes of the app's games (``/games...``)."""


def live_game_view(live: Live) -> GameView:
    """The typed view of a live game, with what only the server knows of it."""
    return game_view(live.session, qualifies=live.qualifies, abandoned=live.abandoned)


def live_view(live: Live, before: GameView | None = None) -> dict[str, Any]:
    """The JSON view of a live game; with ``before``, the cells changed since."""
    return as_json(live_game_view(live), before)


def _unbase64(text: str) -> bytes:
    """The bytes of a file sent in base64; a ValueError says it is not."""
    try:
        return base64.b64decode(text, validate=True)
    except binascii.Error:
        raise ValueError("mbf must be the bytes of the .mbf file in base64") from None


def _check_new(body: NewGame) -> None:
    """A 422 for fields that contradict each other: a code or a file gives the
    level, the seed and no_guess itself."""
    if body.code is not None and body.model_fields_set & {"level", "seed", "no_guess"}:
        raise ApiError(
            422, "a board code gives the level, seed and no_guess: send it with practice only"
        )
    if body.mbf is not None and body.model_fields_set - {"mbf", "board_file", "practice"}:
        raise ApiError(
            422, "an .mbf board gives the level and the mines: send it alone, or with its name"
        )
    if body.board_file is not None and body.mbf is None:
        raise ApiError(422, "board_file names an .mbf file: send it with mbf")


def _board_file_spec(body: NewGame) -> SessionSpec:
    """The game on the body's .mbf bytes; a bad file's sentence starts with
    its name, as a player reads it ("junk.mbf is not an .mbf board: ...")."""
    assert body.mbf is not None
    data = _unbase64(body.mbf)
    try:
        return mbf_spec(data, practice=True, name=body.board_file)
    except MBFError as exc:
        raise ValueError(f"{body.board_file} is {exc}" if body.board_file else str(exc)) from None


def _spec(body: NewGame, hub: Hub) -> SessionSpec:
    """The game the body asks for: from an .mbf file, a board code, or a level
    and a seed (the hub deals one when none is given); a 422 says what is wrong."""
    _check_new(body)
    try:
        if body.mbf is not None:
            return _board_file_spec(body)
        if body.code is not None:
            return parse_board_code(body.code, practice=body.practice)
        level: Level
        if isinstance(body.level, str):
            level = level_from_name(body.level)
        else:
            level = Custom(body.level.width, body.level.height, body.level.mines)
        # A seed the client gives picks a board it may know: not ranked.
        given = body.seed_text()
        return SessionSpec(
            level,
            given or hub.make_seed(),
            no_guess=body.no_guess,
            practice=body.practice,
            chosen=given is not None,
        )
    except ValueError as exc:
        raise ApiError(422, str(exc)) from None


def _cell(body: ActionIn, live: Live) -> Pos | None:
    """The action's cell, checked against the game's board (422 when off it)."""
    if body.x is None or body.y is None:
        return None
    return _on_board(body.x, body.y, live)


def _on_board(x: int, y: int, live: Live) -> Pos:
    b = live.session.setup
    if not (0 <= x < b.width and 0 <= y < b.height):
        raise ApiError(422, f"cell ({x}, {y}) is off the {b.width}x{b.height} board")
    return Pos(x, y)


@router.post("/games", status_code=201, summary="Start a game")
async def create_game(body: NewGame, hub: AppHub) -> Response:
    """Start a game at a level (or from a board code); returns its id, the
    token that owns it, and the first view."""
    spec = _spec(body, hub)
    live, token = await asyncio.to_thread(hub.create, spec)
    return json_answer({"id": live.id, "token": token, "view": view(live.session)}, 201)


@router.get("/games/{gid}", summary="See a game")
async def get_game(gid: str, hub: AppHub, authorization: str | None = AUTH) -> Response:
    """The game's view, for the holder of its token."""
    async with holding(hub, gid, authorization) as live:
        return json_answer({"id": gid, "view": live_view(live)})


@router.post("/games/{gid}/actions", summary="Act on a game")
async def act(gid: str, body: ActionIn, hub: AppHub, authorization: str | None = AUTH) -> Response:
    """Reveal, flag or chord a cell, or press the assist; returns the new view.
    A finished game ignores actions (and counts no clicks)."""
    if body.type == "assist" and (body.x is not None or body.y is not None):
        raise ApiError(422, "the assist takes no cell: send no x and no y")
    if body.type != "assist" and (body.x is None or body.y is None):
        raise ApiError(422, f"a {body.type} needs the cell's x and y")
    async with holding(hub, gid, authorization) as live:
        pos = _cell(body, live)
        before = live_game_view(live)
        # Off the loop: the write, the solver of the assist, placing a no-guess board.
        await asyncio.to_thread(hub.act, live, body.type, pos)
        if live.abandoned:
            given_up = "this game was abandoned: a new game was started in its place"
            raise ApiError(409, given_up, outcome=GIVEN_UP)
        return json_answer({"view": live_view(live, before)})


def _hands(body: InputsIn, live: Live) -> list[HandInput]:
    """The presses of a request, checked: a cell on the board, a path in
    threes whose times never go forward past their press (422 otherwise)."""
    hands = []
    for i, p in enumerate(body.inputs):
        pos = None
        if p.x is not None or p.y is not None:
            if p.x is None or p.y is None:
                raise ApiError(422, f"inputs[{i}]: give both x and y, or neither (off the board)")
            pos = _on_board(p.x, p.y, live)
        if len(p.path) % 3:
            raise ApiError(422, f"inputs[{i}]: a path is ago_ms, x, y in threes")
        it = iter(p.path)
        path = tuple(zip(it, it, it, strict=True))
        try:
            hands.append(HandInput(p.type == "down", p.button, pos, p.ago_ms, path))
        except ValueError as exc:
            raise ApiError(422, f"inputs[{i}]: {exc}") from None
    return hands


@router.post("/games/{gid}/inputs", summary="Press and release buttons on a game")
async def take_inputs(
    gid: str, body: InputsIn, hub: AppHub, authorization: str | None = AUTH
) -> Response:
    """The player's presses and releases, with the pointer's path: the rule
    of presses decides what they do (docs/replays.md). Returns the new view.
    A finished game ignores them."""
    async with holding(hub, gid, authorization) as live:
        hands = _hands(body, live)
        before = live_game_view(live)
        await asyncio.to_thread(hub.take, live, hands, body.marks)
        if live.abandoned:
            given_up = "this game was abandoned: a new game was started in its place"
            raise ApiError(409, given_up, outcome=GIVEN_UP)
        return json_answer({"view": live_view(live, before)})


@router.post("/games/{gid}/abandon", summary="Give a game up for a new one")
async def abandon(gid: str, hub: AppHub, authorization: str | None = AUTH) -> Response:
    """The page starts a new game while this one is being played: a started
    game ends as abandoned, which counts as played and not won (as Windows 7
    counts it), so starting over cannot keep a loss out of the statistics;
    one not yet started is dropped. 409 if the game is not being played."""
    async with holding(hub, gid, authorization) as live:
        outcome = await asyncio.to_thread(hub.abandon, live)
        return json_answer({"id": gid, "view": live_view(live), "counted": outcome.counted})


async def _check_owner(hub: Hub, ref: GameRef) -> None:
    """403 when ref's token does not own its game; a game gone is no error."""
    with contextlib.suppress(GameNotFound):
        await owned(hub, ref.id, f"Bearer {ref.token}")


async def _give_up(hub: Hub, ref: GameRef) -> bool | None:
    """Give ref's game up, as ``abandon`` does: whether it counts as lost, or
    None when there was nothing to give up (over, or dropped before its first
    click, here or in another window)."""
    try:
        async with holding(hub, ref.id, f"Bearer {ref.token}") as old:
            return (await asyncio.to_thread(hub.abandon, old)).counted
    except (NotPlaying, GameNotFound):
        return None


@router.post("/games/{gid}/replace", summary="Give games up for this new one")
async def replace(
    gid: str, body: ReplaceIn, hub: AppHub, authorization: str | None = AUTH
) -> Response:
    """This game takes the place of the games listed: each one still being
    played is given up as by ``abandon``; a game over, or gone, is left as
    it is. The answer says which were given up and whether one counts as
    lost, so the page only tells the player. Each game needs its own token."""
    await owned(hub, gid, authorization)
    if any(ref.id == gid for ref in body.games):
        raise ApiError(422, f"game {gid!r} cannot take its own place")
    for ref in body.games:  # a token that owns none of them changes nothing
        await _check_owner(hub, ref)
    given_up: list[str] = []
    counted = False
    for ref in body.games:
        lost = await _give_up(hub, ref)
        if lost is not None:
            given_up.append(ref.id)
            counted = counted or lost
    return json_answer({"id": gid, "given_up": given_up, "counted": counted})


@router.post("/games/{gid}/practice", summary="Make a game in play a practice game")
async def practice(gid: str, hub: AppHub, authorization: str | None = AUTH) -> Response:
    """Switch practice on in the game in play, without ending it: from here it
    is a practice game, never ranked (no best time) and never counted as a
    loss, and its probabilities may be asked. The page asks the player first.
    The same again changes nothing; 409 once the game is over or abandoned."""
    async with holding(hub, gid, authorization) as live:
        await asyncio.to_thread(hub.practice, live)
        return json_answer({"id": gid, "view": live_view(live)})


@router.post("/games/{gid}/restart", status_code=201, summary="Play the same board again")
async def restart(gid: str, hub: AppHub, authorization: str | None = AUTH) -> Response:
    """Windows 7's Restart this game: the game in play is given up as for a new
    game (a started ranked one counts as played and lost), and its board is
    dealt again, from the same seed, as a new game (id, token and view). The
    player has seen that board: the new game is never ranked."""
    async with holding(hub, gid, authorization) as live:
        new, token, counted = await asyncio.to_thread(hub.restart, live)
    answer = {"id": new.id, "token": token, "view": view(new.session), "counted": counted}
    return json_answer(answer, 201)


@router.post("/games/{gid}/presence", summary="Say whether the player is there")
async def presence(
    gid: str, body: PresenceIn, hub: AppHub, authorization: str | None = AUTH
) -> Response:
    """``here`` false when the page (``tab``, its own id) is hidden or closed:
    once no page shows the game the clock stops, as Windows XP's stops while
    its window is minimised; true when it is shown again, and every few
    seconds while it is, so that the time played is saved and a page that is
    gone without a word stops the clock by itself. Returns the game time and
    whether the clock stands still, and the clock as the view shows it."""
    async with holding(hub, gid, authorization) as live:
        await asyncio.to_thread(hub.presence, live, body.here, body.tab)
        s = live.session
        clock = as_json(live_game_view(live))["clock"]
        return json_answer({"elapsed_ms": s.elapsed_ms, "paused": s.paused, "clock": clock})

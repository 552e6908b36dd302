"""The routes of one game: start it, see it, act on it, give it up, and what
may be taken out of it (its board text, a proof, probabilities, a best
time, its replay). Every route but the first needs the game's token."""

from __future__ import annotations

import asyncio
import base64
import binascii
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from minebender import replay as replay_mod
from minebender.mbf import MBFError, format_mbf
from minebender.session import SessionSpec, level_from_name, mbf_spec, parse_board_code
from minebender.solver import analyse
from minebender.store import NotQualified, StoreError, clean_name
from minebender.types import Custom, Level, Pos
from minebender.web.access import AUTH, holding, json_answer, owned
from minebender.web.bodies import StrictJSONRoute
from minebender.web.errors import ApiError
from minebender.web.hub import GameChanged, GivenUpElsewhere, Hub, Live, NotPlaying, SaveFailed
from minebender.web.models import ActionIn, NameIn, NewGame, PresenceIn, ReplaceIn
from minebender.web.record_routes import best_times_of
from minebender.web.views import view

__all__ = ["game_routes"]

GIVEN_UP = "given_up"
"""A 409's ``outcome`` when the game was given up for a new one (here or in
another window): the page goes on with the game that replaced it."""

CHANGED = "changed"
"""A 409's ``outcome`` when another window played the game since: the page
loads it again."""


def _view(live: Live) -> dict[str, Any]:
    """The view of a live game, with what only the server knows of it."""
    return view(live.session, qualifies=live.qualifies, abandoned=live.abandoned)


def _unbase64(text: str) -> bytes:
    """The bytes of a file sent in base64; a ValueError says it is not."""
    try:
        return base64.b64decode(text, validate=True)
    except binascii.Error:
        raise ValueError("mbf must be the bytes of the .mbf file in base64") from None


def game_routes(hub: Hub) -> APIRouter:
    """The routes of hub's games (``/games...``)."""
    api = APIRouter(route_class=StrictJSONRoute)

    @api.post("/games", status_code=201, summary="Start a game")
    async def create_game(body: NewGame) -> Response:
        """Start a game at a level (or from a board code); returns its id, the
        token that owns it, and the first view."""
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
        try:
            if body.mbf is not None:
                spec = mbf_spec(_unbase64(body.mbf), practice=True, name=body.board_file)
            elif body.code is not None:
                spec = parse_board_code(body.code, practice=body.practice)
            else:
                level: Level
                if isinstance(body.level, str):
                    level = level_from_name(body.level)
                else:
                    level = Custom(body.level.width, body.level.height, body.level.mines)
                # A seed the client gives picks a board it may know: not ranked.
                given = body.seed_text()
                spec = SessionSpec(
                    level,
                    given or hub.make_seed(),
                    no_guess=body.no_guess,
                    practice=body.practice,
                    chosen=given is not None,
                )
        except ValueError as exc:
            raise ApiError(422, str(exc)) from None
        try:
            live, token = await asyncio.to_thread(hub.create, spec)
        except SaveFailed as exc:
            raise ApiError(503, f"could not save the new game: {exc}") from None
        data = {"id": live.id, "token": token, "view": view(live.session)}
        return json_answer(data, 201)

    @api.get("/games/{gid}", summary="See a game")
    async def get_game(gid: str, authorization: str | None = AUTH) -> Response:
        """The game's view, for the holder of its token."""
        async with holding(hub, gid, authorization) as live:
            return json_answer({"id": gid, "view": _view(live)})

    @api.post("/games/{gid}/actions", summary="Act on a game")
    async def act(gid: str, body: ActionIn, authorization: str | None = AUTH) -> Response:
        """Reveal, flag or chord a cell, or press the assist; returns the new view.
        A finished game ignores actions (and counts no clicks)."""
        if body.type == "assist" and (body.x is not None or body.y is not None):
            raise ApiError(422, "the assist takes no cell: send no x and no y")
        if body.type != "assist" and (body.x is None or body.y is None):
            raise ApiError(422, f"a {body.type} needs the cell's x and y")
        async with holding(hub, gid, authorization) as live:
            pos = None
            if body.x is not None and body.y is not None:
                b = live.session.setup
                if not (0 <= body.x < b.width and 0 <= body.y < b.height):
                    raise ApiError(
                        422, f"cell ({body.x}, {body.y}) is off the {b.width}x{b.height} board"
                    )
                pos = Pos(body.x, body.y)
            # Off the loop: the write, the solver of the assist, placing a no-guess board.
            try:
                await asyncio.to_thread(hub.act, live, body.type, pos)
            except SaveFailed as exc:
                raise ApiError(503, f"could not save the action, it was not taken: {exc}") from None
            except GivenUpElsewhere as exc:
                raise ApiError(409, f"{exc}: load the game again", outcome=GIVEN_UP) from None
            except GameChanged as exc:
                raise ApiError(409, f"{exc}: load the game again", outcome=CHANGED) from None
            except ValueError as exc:  # e.g. no no-guess board fits these mines
                raise ApiError(422, f"the action was not taken: {exc}") from None
            if live.abandoned:
                raise ApiError(
                    409,
                    "this game was abandoned: a new game was started in its place",
                    outcome=GIVEN_UP,
                )
            return json_answer({"view": _view(live)})

    @api.post("/games/{gid}/abandon", summary="Give a game up for a new one")
    async def abandon(gid: str, authorization: str | None = AUTH) -> Response:
        """The page starts a new game while this one is being played: a started
        game ends as abandoned, which counts as played and not won (as Windows 7
        counts it), so starting over cannot keep a loss out of the statistics;
        one not yet started is dropped. 409 if the game is not being played."""
        async with holding(hub, gid, authorization) as live:
            try:
                outcome = await asyncio.to_thread(hub.abandon, live)
            except NotPlaying:
                raise ApiError(409, f"game {gid!r} is not being played") from None
            except SaveFailed as exc:
                raise ApiError(503, f"could not save the game as abandoned: {exc}") from None
            return json_answer({"id": gid, "view": _view(live), "counted": outcome.counted})

    @api.post("/games/{gid}/replace", summary="Give games up for this new one")
    async def replace(gid: str, body: ReplaceIn, authorization: str | None = AUTH) -> Response:
        """This game takes the place of the games listed: each one still being
        played is given up as by ``abandon``; a game over, or gone, is left as
        it is. The answer says which were given up and whether one counts as
        lost, so the page only tells the player. Each game needs its own token."""
        await owned(hub, gid, authorization)
        if any(ref.id == gid for ref in body.games):
            raise ApiError(422, f"game {gid!r} cannot take its own place")
        for ref in body.games:  # a token that owns none of them changes nothing
            try:
                await owned(hub, ref.id, f"Bearer {ref.token}")
            except ApiError as exc:
                if exc.status_code != 404:
                    raise
        given_up: list[str] = []
        counted = False
        for ref in body.games:
            try:
                async with holding(hub, ref.id, f"Bearer {ref.token}") as old:
                    outcome = await asyncio.to_thread(hub.abandon, old)
            except NotPlaying:
                continue  # over, here or in another window: nothing to give up
            except SaveFailed as exc:
                raise ApiError(503, f"could not save game {ref.id!r} as given up: {exc}") from None
            except ApiError as exc:
                if exc.status_code == 404:
                    continue  # dropped before its first click: nothing to give up
                raise
            given_up.append(ref.id)
            counted = counted or outcome.counted
        return json_answer({"id": gid, "given_up": given_up, "counted": counted})

    @api.post("/games/{gid}/practice", summary="Make a game in play a practice game")
    async def practice(gid: str, authorization: str | None = AUTH) -> Response:
        """Switch practice on in the game in play, without ending it: from here it
        is a practice game, never ranked (no best time) and never counted as a
        loss, and its probabilities may be asked. The page asks the player first.
        The same again changes nothing; 409 once the game is over or abandoned."""
        async with holding(hub, gid, authorization) as live:
            try:
                await asyncio.to_thread(hub.practice, live)
            except NotPlaying:
                raise ApiError(409, f"game {gid!r} is over: it cannot become practice") from None
            except SaveFailed as exc:
                raise ApiError(503, f"could not save the switch to practice: {exc}") from None
            except GameChanged as exc:
                raise ApiError(409, f"{exc}: load the game again") from None
            return json_answer({"id": gid, "view": _view(live)})

    @api.post("/games/{gid}/restart", status_code=201, summary="Play the same board again")
    async def restart(gid: str, authorization: str | None = AUTH) -> Response:
        """Windows 7's Restart this game: the game in play is given up as for a new
        game (a started ranked one counts as played and lost), and its board is
        dealt again, from the same seed, as a new game (id, token and view). The
        player has seen that board: the new game is never ranked."""
        async with holding(hub, gid, authorization) as live:
            try:
                new, token, counted = await asyncio.to_thread(hub.restart, live)
            except NotPlaying:
                raise ApiError(409, f"game {gid!r} was finished in another window") from None
            except SaveFailed as exc:
                raise ApiError(503, f"could not restart the game: {exc}") from None
        answer = {"id": new.id, "token": token, "view": view(new.session), "counted": counted}
        return json_answer(answer, 201)

    @api.post("/games/{gid}/presence", summary="Say whether the player is there")
    async def presence(gid: str, body: PresenceIn, authorization: str | None = AUTH) -> Response:
        """``here`` false when the page (``tab``, its own id) is hidden or closed:
        once no page shows the game the clock stops, as Windows XP's stops while
        its window is minimised; true when it is shown again, and every few
        seconds while it is, so that the time played is saved and a page that is
        gone without a word stops the clock by itself. Returns the game time and
        whether the clock stands still."""
        async with holding(hub, gid, authorization) as live:
            try:
                await asyncio.to_thread(hub.presence, live, body.here, body.tab)
            except SaveFailed as exc:
                raise ApiError(503, f"could not save the clock: {exc}") from None
            s = live.session
            return json_answer({"elapsed_ms": s.elapsed_ms, "paused": s.paused})

    @api.get("/games/{gid}/board.txt", summary="The board as text (what solve reads)")
    async def board_text(gid: str, authorization: str | None = AUTH) -> Response:
        """What the player sees now, with their flags, as board text (docs/formats.md),
        the format ``minebender solve`` reads: a position taken out of a game into
        the solver, or into a puzzle. It tells nothing the page does not show."""
        async with holding(hub, gid, authorization) as live:
            text = live.session.board_text()
        return Response(text, media_type="text/plain; charset=utf-8")

    @api.get("/games/{gid}/proof", summary="Why the hint cell was safe")
    async def proof(gid: str, authorization: str | None = AUTH) -> Response:
        """For a game lost by pressing the assist too early: shown numbers that
        prove the hint cell safe (``cells``, [x, y] pairs), whether the total number
        of mines is needed too (``uses_total``), and whether they are the fewest
        (``smallest``); ``cells`` is null when the solver cannot say."""
        async with holding(hub, gid, authorization) as live:
            if live.session.lost_reason != "hint":
                raise ApiError(409, "a proof is shown only after the assist was pressed too early")
            found = await asyncio.to_thread(hub.proof, live)
        return json_answer(found or {"cells": None, "uses_total": False, "smallest": False})

    @api.get("/games/{gid}/probabilities", summary="Mine probabilities (practice games)")
    async def probabilities(gid: str, authorization: str | None = AUTH) -> Response:
        """The solver's mine probability of every hidden cell, from what the player
        sees only; for practice games, which never count for best times."""
        async with holding(hub, gid, authorization) as live:
            if not live.session.spec.practice:
                raise ApiError(403, "probabilities are shown for practice games only")
            knowledge = live.session.knowledge
        a = await asyncio.to_thread(analyse, knowledge)
        rows = [[None if p is None else float(p) for p in row] for row in a.probabilities]
        return json_answer({"consistent": a.consistent, "probabilities": rows})

    @api.post("/games/{gid}/best-time", status_code=201, summary="Name a best time")
    async def best_time(gid: str, body: NameIn, authorization: str | None = AUTH) -> Response:
        """Put a won game in its level's best times under a name: a ranked game
        won without the assist, among the ten best (``best_time`` in its view)."""
        live = await owned(hub, gid, authorization)
        try:
            clean_name(body.name)
        except ValueError as exc:
            raise ApiError(422, f"name: {exc}") from None
        try:
            entry = await asyncio.to_thread(hub.record(gid).record_best_time, body.name)
        except NotQualified as exc:
            live.qualifies = False  # not asked again: a reset or another window took it
            raise ApiError(409, str(exc)) from None
        except StoreError as exc:  # the time is still nameable: try again later
            raise ApiError(503, f"the best time was not saved: {exc}") from None
        live.qualifies = False
        times = await asyncio.to_thread(best_times_of, hub, entry.level)
        return json_answer({"level": entry.level, "best_times": times}, 201)

    @api.delete("/games/{gid}/best-time", summary="Refuse to name a best time")
    async def decline_best_time(gid: str, authorization: str | None = AUTH) -> Response:
        """The player cancelled the name dialog: the time is given up for good,
        and no page (nor the terminal) asks for it again. The server keeps the
        refusal, so a page decides nothing of it."""
        live = await owned(hub, gid, authorization)
        if not live.session.won:
            raise ApiError(409, "only a game won has a best time to refuse")
        try:
            await asyncio.to_thread(hub.decline_best_time, live)
        except SaveFailed as exc:
            raise ApiError(503, f"the refusal was not saved: {exc}") from None
        return json_answer({"id": gid, "view": _view(live)})

    @api.get("/games/{gid}/replay", summary="Export a finished game")
    async def export_replay(gid: str, authorization: str | None = AUTH) -> Response:
        """The replay file (docs/replays.md) of a finished game, with the
        player's name when the game's time was named among the best times."""
        live = await owned(hub, gid, authorization)
        if not live.session.over:
            raise ApiError(409, "a game can be exported once it is over")
        try:
            player = await asyncio.to_thread(hub.store.best_time_name, gid)
        except StoreError as exc:
            raise ApiError(503, f"the game store is not available: {exc}") from None
        return json_answer(replay_mod.to_json(replay_mod.from_session(live.session, player=player)))

    @api.get("/games/{gid}/board.mbf", summary="The board of a finished game as .mbf")
    async def export_mbf(gid: str, authorization: str | None = AUTH) -> Response:
        """The mines of a finished game as a MinesweeperX ``.mbf`` file
        (docs/formats.md), which Arbiter and JSMinesweeper open too. Never while
        the game is on: the page does not see the layout of a game in play."""
        live = await owned(hub, gid, authorization)
        layout = live.session.layout
        if not live.session.over or layout is None:
            raise ApiError(409, "a board can be exported once its game is over")
        try:
            data = format_mbf(layout)
        except MBFError as exc:  # not reached: minebender's boards fit in a byte a side
            raise ApiError(409, str(exc)) from None
        return Response(data, media_type="application/octet-stream")

    return api

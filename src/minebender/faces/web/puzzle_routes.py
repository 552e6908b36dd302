"""The puzzle routes: make a puzzle, read a code, check flags, make a
position unique, minimize it, grade a position, print a graded book.

The page only paints: it is sent the clues (``view``) and asks here whether
its flags are right, so it never reads a code or holds a layout. A code
holds the clues only, and the grade follows from them, so a shared link
shows the grade without carrying it.

Each request runs in a child process (``minebender.services.limited``), niced, with a
time limit and a memory cap, never on the event loop or in the server's own
process. They take turns fairly between clients (``web.admission``): past
a client's share a request is told to come back (429) rather than queued
without end. Boards are kept small (``MAX_CELLS``), which keeps nearly
every request to a few seconds.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from minebender.faces.web.access import PuzzleTurns, json_answer, unless_gone
from minebender.faces.web.bodies import StrictJSONRoute
from minebender.faces.web.errors import ApiError
from minebender.formats.boardtext import Board, BoardTextError, parse_board
from minebender.services import limited
from minebender.services.puzzle import (
    Puzzle,
    PuzzleError,
    grade,
    is_unique,
    make_puzzle,
    the_layout,
)
from minebender.services.puzzle.book import book_sheet, make_book
from minebender.services.puzzle.code import parse_code, puzzle_code
from minebender.services.puzzle.position import Edited, minimized_position, unique_position
from minebender.values.types import Boom, Knowledge

__all__ = ["LIMITS", "MAX_CELLS", "router"]

MAX_CELLS = 30 * 24
"""Most cells of a board these routes take: Expert's 480 and a little more."""
LIMITS = limited.Limits(seconds=30.0, memory=1 << 30, nice=10)
"""A puzzle request's child: 30 s (an easy 30x24 puzzle takes some seconds),
1 GiB, and niced so that other players' moves come first."""


Symmetry = Literal["none", "left-right", "up-down", "both", "rotation"]
"""The symmetries the clues may keep (``puzzle.symmetry.SYMMETRIES``)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewPuzzle(_Strict):
    """``POST /api/puzzle/new``."""

    width: StrictInt = Field(default=10, ge=1, le=30)
    height: StrictInt = Field(default=10, ge=1, le=24)
    mines: StrictInt = Field(default=20, ge=0, le=MAX_CELLS)
    difficulty: Literal["easy", "medium", "hard"] | None = None
    seed: StrictInt | None = Field(default=None, ge=0, le=2**63)
    symmetry: Symmetry = "none"


FRESH_SEEDS = 2**53
"""A seed the server picks is below this: a page's number holds it exactly,
so the seed it shows makes the same puzzle when typed back (one of 2**63
came back rounded: 864100593891325600)."""

BOOK_MOST = 30
"""Most puzzles in a book printed here: 30 of 10x10 take some seconds."""


class BookIn(_Strict):
    """``POST /api/puzzle/book``: a graded book's size and puzzles."""

    width: StrictInt = Field(default=10, ge=1, le=30)
    height: StrictInt = Field(default=10, ge=1, le=24)
    mines: StrictInt = Field(default=20, ge=0, le=MAX_CELLS)
    count: StrictInt = Field(default=10, ge=1, le=BOOK_MOST)
    seed: StrictInt | None = Field(default=None, ge=0, le=2**63)
    symmetry: Symmetry = "none"


CODE_MOST = 2_000
"""Longest code these routes read: a 720-cell code takes at most 502 characters."""


class CodeIn(_Strict):
    """``POST /api/puzzle/read``: a puzzle code (either version)."""

    code: StrictStr = Field(max_length=CODE_MOST)


class FlagsIn(_Strict):
    """``POST /api/puzzle/check``: a code, the player's flags as [x, y], and
    whether to give up and be shown every mine."""

    code: StrictStr = Field(max_length=CODE_MOST)
    flags: list[tuple[StrictInt, StrictInt]] = Field(default_factory=list, max_length=MAX_CELLS)
    show: bool = False


class BoardIn(_Strict):
    """A position as board text (``F`` a flag), and the total number of mines
    when the header has none (or another)."""

    board: StrictStr = Field(max_length=20_000)
    mines: StrictInt | None = Field(default=None, ge=0)


class StepIn(BoardIn):
    """``POST /api/puzzle/make-unique`` and ``/minimize``: a board, and the
    symmetry the numbers shown are to keep."""

    symmetry: Symmetry = "none"


def _answer(p: Puzzle, **extra: Any) -> dict[str, Any]:
    g = grade(p)
    return {
        "board": p.board_text(),
        "code": puzzle_code(p),
        "difficulty": g.difficulty,
        "reasoning": g.reasoning,
        "clues": len(p.shown),
        "view": _view(p),
        **extra,
    }


def _view(p: Puzzle) -> dict[str, Any]:
    """What the page paints: the size, the total, and each cell's number
    (null when hidden), a list a row. No layout."""
    w = p.width
    rows = [
        [p.number(y * w + x) if y * w + x in p.shown else None for x in range(w)]
        for y in range(p.height)
    ]
    return {"width": w, "height": p.height, "mines": p.total, "numbers": rows}


def _code(code: str) -> Puzzle:
    try:
        return parse_code(code, MAX_CELLS)
    except ValueError as exc:
        raise ApiError(422, str(exc)) from None


def _read(body: CodeIn) -> dict[str, Any]:
    return _answer(_code(body.code))


def _check(body: FlagsIn) -> dict[str, Any]:
    """Which flags are wrong and how many mines are not flagged yet; every
    mine too when the player gave up (``show``)."""
    p = _code(body.code)
    w = p.width
    flags = set()
    for x, y in body.flags:
        if not (0 <= x < w and 0 <= y < p.height):
            raise ApiError(422, f"flags: ({x}, {y}) is off the {w}x{p.height} board")
        flags.add(y * w + x)
    wrong = flags - p.mines
    missed = len(p.mines - flags)
    return {
        "wrong": _cells(w, frozenset(wrong)),
        "missed": missed,
        "solved": not wrong and not missed,
        "mines": _cells(w, p.mines) if body.show else None,
    }


def _position(body: BoardIn) -> Board:
    """The board read, its total that of ``mines`` when given; its flags kept."""
    try:
        board = parse_board(body.board)
    except BoardTextError as exc:
        raise ApiError(422, f"board: {exc}") from None
    k = board.knowledge
    if k.width * k.height > MAX_CELLS:
        raise ApiError(422, f"board: at most {MAX_CELLS} cells here, got {k.width * k.height}")
    total = body.mines if body.mines is not None else k.mines
    if total is None:
        raise ApiError(422, "the total number of mines is needed: a header WxHxN, or mines")
    if total > k.width * k.height:
        raise ApiError(422, f"mines: {total} do not fit on a {k.width}x{k.height} board")
    return Board(Knowledge(k.width, k.height, total, k.rows), board.flags)


def _cells(w: int, cells: frozenset[int]) -> list[list[int]]:
    return [[i % w, i // w] for i in sorted(cells)]


def _new(body: NewPuzzle) -> dict[str, Any]:
    if body.width * body.height > MAX_CELLS:
        raise ApiError(422, f"at most {MAX_CELLS} cells, got {body.width * body.height}")
    seed = body.seed if body.seed is not None else secrets.randbelow(FRESH_SEEDS)
    try:
        made = make_puzzle(
            body.width, body.height, body.mines, seed, 0, body.difficulty, body.symmetry
        )
    except PuzzleError as exc:
        raise ApiError(422, str(exc)) from None
    return _answer(made.puzzle, seed=seed, symmetry=body.symmetry)


def _grade(body: BoardIn) -> dict[str, Any]:
    """Whether one layout fits the position and, when it does, its grade and
    code; a position showing a mine is no puzzle."""
    k = _position(body).knowledge
    for y, row in enumerate(k.rows):
        for x, seen in enumerate(row):
            if type(seen) is Boom:
                raise ApiError(
                    422, f"board: cell ({x}, {y}) shows a mine: a puzzle shows numbers only"
                )
    try:
        p = the_layout(k)
    except ValueError as exc:
        if "more than one" not in str(exc):
            raise ApiError(422, f"board: {exc}") from None
        return {"unique": False, "difficulty": None, "reasoning": None, "clues": None, "code": None}
    g = grade(p)
    return {
        "unique": True,
        "difficulty": g.difficulty,
        "reasoning": g.reasoning,
        "clues": len(p.shown),
        "code": puzzle_code(p),
    }


def _book(body: BookIn) -> dict[str, Any]:
    """The book as PDF bytes (``pdf``), with the seed it was made from."""
    if body.width * body.height > MAX_CELLS:
        raise ApiError(422, f"at most {MAX_CELLS} cells, got {body.width * body.height}")
    seed = body.seed if body.seed is not None else secrets.randbelow(FRESH_SEEDS)
    try:
        book = make_book(body.width, body.height, body.mines, seed, body.count, body.symmetry)
    except PuzzleError as exc:
        raise ApiError(422, str(exc)) from None
    from minebender.services.puzzle.sheet import pdf_bytes

    try:
        pdf = pdf_bytes(book_sheet(book, seed, body.symmetry))
    except ImportError:
        raise ApiError(501, "this server cannot print: pip install 'minebender[print]'") from None
    return {"pdf": pdf, "seed": seed}


def _step(body: StepIn, how: Callable[[Board, str, str], Edited]) -> Edited:
    """The position made unique or minimized, with a layout that fits it: its
    only one, or one chosen (the same for the same board)."""
    try:
        return how(_position(body), "minebender puzzle layout " + body.board, body.symmetry)
    except ValueError as exc:
        raise ApiError(422, f"board: {exc}") from None


def _stepped(done: Edited, body: StepIn, **extra: Any) -> dict[str, Any]:
    """The answer: the result's board keeps the flags its layout agrees with;
    ``unflagged`` names those taken off."""
    w = done.puzzle.width
    return _answer(
        done.puzzle,
        board=done.board_text(),
        symmetry=body.symmetry,
        unflagged=_cells(w, done.unflagged),
        **extra,
    )


def _make_unique(body: StepIn) -> dict[str, Any]:
    done = _step(body, unique_position)
    p = done.before
    added = _cells(p.width, done.puzzle.shown - p.shown)
    return _stepped(done, body, added=added, was_unique=is_unique(p))


def _minimize(body: StepIn) -> dict[str, Any]:
    done = _step(body, minimized_position)
    p = done.before
    return _stepped(done, body, hidden=_cells(p.width, p.shown - done.puzzle.shown))


_WORK: dict[str, tuple[Callable[[Any], dict[str, Any]], type[BaseModel]]] = {
    "new": (_new, NewPuzzle),
    "read": (_read, CodeIn),
    "check": (_check, FlagsIn),
    "make-unique": (_make_unique, StepIn),
    "minimize": (_minimize, StepIn),
    "grade": (_grade, BoardIn),
    "book": (_book, BookIn),
}


def _work(report: limited.Report, how: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """In the child: the status and answer of one request (an ApiError's status
    and detail do not survive the trip between processes as an exception)."""
    work, model = _WORK[how]
    try:
        return 200, work(model.model_validate(body))
    except ApiError as exc:
        return exc.status_code, {"detail": exc.detail}


def _answered(outcome: limited.Outcome) -> Response:
    if isinstance(outcome, limited.Done):
        status, answer = outcome.value
        return json_answer(answer, status)
    if isinstance(outcome, limited.TimedOut | limited.OutOfMemory):
        what = "time" if isinstance(outcome, limited.TimedOut) else "memory"
        raise ApiError(503, f"the puzzle ran out of {what}: try a smaller board or fewer mines")
    raise ApiError(500, "the puzzle work stopped without an answer; nothing else was affected")


async def _run(turns: PuzzleTurns, how: str, body: BaseModel) -> Response:
    """The answer of one puzzle request, worked out in a child at the client's
    turn (``web.admission``: 429 past its share)."""
    async with turns.turn():
        outcome = await limited.run_async(_work, how, body.model_dump(), limits=LIMITS)
    return _answered(outcome)


async def _run_until_gone(
    request: Request, turns: PuzzleTurns, how: str, body: BaseModel
) -> Response:
    """``_run``, its child killed (or never started) when the client goes
    away: the page aborts the grade of a position it has edited since."""
    answer = await unless_gone(request, _run(turns, how, body))
    return Response(status_code=499) if answer is None else answer  # 499: nobody listens


# each child runs _work of this module: the forkserver imports it once,
# or every request's child imported it anew (300 to 1,000 ms)
limited.preload(__name__)

router = APIRouter(route_class=StrictJSONRoute)
"""The puzzle routes (no game, no token)."""


@router.post("/puzzle/new", summary="Make a puzzle with one solution")
async def new_puzzle(body: NewPuzzle, turns: PuzzleTurns) -> Response:
    """A puzzle of the size and difficulty asked (docs/puzzles.md): its board
    text, its code (the clues only), grade, seed and the view to paint."""
    return await _run(turns, "new", body)


@router.post("/puzzle/read", summary="Read a puzzle code")
async def read_puzzle(body: CodeIn, turns: PuzzleTurns) -> Response:
    """The puzzle of a code, as ``new`` answers it: the grade worked out from
    the clues, so a link need not carry it; 422 naming what is wrong."""
    return await _run(turns, "read", body)


@router.post("/puzzle/check", summary="Check the flags of a puzzle")
async def check_puzzle(body: FlagsIn, turns: PuzzleTurns) -> Response:
    """The wrong flags, the mines not flagged, and every mine when ``show``."""
    return await _run(turns, "check", body)


@router.post("/puzzle/make-unique", summary="Show numbers until one layout fits")
async def make_unique_route(body: StepIn, turns: PuzzleTurns) -> Response:
    """Show a small set of extra numbers of a layout that fits the board, so
    that only it fits; ``added`` lists them."""
    return await _run(turns, "make-unique", body)


@router.post("/puzzle/minimize", summary="Hide numbers while one layout fits")
async def minimize_route(body: StepIn, turns: PuzzleTurns) -> Response:
    """Hide shown numbers while only the board's one layout fits; ``hidden``
    lists them."""
    return await _run(turns, "minimize", body)


@router.post("/puzzle/grade", summary="Whether one layout fits a position, and its grade")
async def grade_route(body: BoardIn, request: Request, turns: PuzzleTurns) -> Response:
    """``unique`` and, when exactly one layout fits, the grade, the clues and
    the code of the position as a puzzle (all null otherwise); the work stops
    when the client goes away (an edit aborts it)."""
    return await _run_until_gone(request, turns, "grade", body)


@router.post("/puzzle/book", summary="A graded book of puzzles as PDF")
async def book_route(body: BookIn, turns: PuzzleTurns) -> Response:
    """``count`` puzzles of rising grade, numbered from 0, each with its code,
    the answers at the back, as ``application/pdf``; the seed in ``X-Seed``."""
    async with turns.turn():
        outcome = await limited.run_async(_work, "book", body.model_dump(), limits=LIMITS)
    if isinstance(outcome, limited.Done) and outcome.value[0] == 200:
        answer = outcome.value[1]
        name = f'attachment; filename="puzzle-book-{answer["seed"]}.pdf"'
        headers = {"X-Seed": str(answer["seed"]), "Content-Disposition": name}
        return Response(answer["pdf"], media_type="application/pdf", headers=headers)
    return _answered(outcome)

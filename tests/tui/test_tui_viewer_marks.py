"""The terminal viewer shows what the page's does: the pointer's cell as it
moves and presses, each move's verdict on its cell, the guesses on a
timeline under the board, and the proof cells before a needless guess."""

from __future__ import annotations

from pathlib import Path

from pilot_types import PilotT
from textual.content import Content
from tui_support import run

from minebender.faces.tui.marks import KIND_COLOURS, PROOF_COLOUR, TARGET_COLOURS, kind
from minebender.faces.tui.viewer import ReplayApp
from minebender.formats import replay
from minebender.services.review import read_record
from minebender.services.review.pointer import record_hovers, replay_hovers
from minebender.services.session import Session, SessionSpec
from minebender.values.types import Beginner, Pos

DATA = Path(__file__).parents[1] / "data" / "replays"
RMV = DATA / "test_rmv2_24px.rmv"


def test_the_pointer_is_where_each_click_was_released() -> None:
    """Another client's mouse events become the cells the pointer crossed: at
    the moment of each reveal the pointer is on the cell it opened, with no
    button held any more (a left release opens the cell); at a flag's, the
    right button is down on the flagged cell (a right press flags)."""
    record = read_record(RMV)
    hovers = record_hovers(record)
    assert len(hovers) > len(record.moves)  # the pointer moves between the clicks
    app = ReplayApp(record, paused=True)
    kinds = set()
    for i, step in enumerate(app.steps[1:], 1):
        event = step.event
        if event is None or event.type not in ("reveal", "flag") or event.pos is None:
            continue
        app.index, app.now_ms = i, app.times[i - 1]
        hover = app.hover
        assert hover is not None and hover.cell == event.pos
        assert hover.pressed == (event.type == "flag")
        kinds.add(event.type)
    assert kinds == {"reveal", "flag"}


def test_the_cursor_follows_the_pointer_between_two_moves() -> None:
    """Played on, the board's cursor is the pointer's cell of the moment
    shown, which changes between two moves; it shows a press too."""
    record = read_record(RMV)

    async def scenario(pilot: PilotT) -> None:
        app = pilot.app
        assert isinstance(app, ReplayApp)
        cells: dict[int, set[Pos]] = {}
        for _ in range(300):
            if max(map(len, cells.values()), default=0) >= 2:
                break
            await pilot.pause(0.03)
            hover = app.hover
            if hover is not None and hover.cell is not None:
                assert app.board.show_cursor and app.board.cursor == hover.cell
                assert app.board.pressed == hover.pressed
                cells.setdefault(app.index, set()).add(hover.cell)
        # on one board (between two moves) the cursor was on several cells
        assert max(len(c) for c in cells.values()) >= 2

    run(ReplayApp(record, speed=1), scenario, size=(100, 30))


def test_each_move_is_painted_with_its_verdict_as_it_is_played() -> None:
    record = read_record(RMV)

    async def scenario(pilot: PilotT) -> None:
        app = pilot.app
        assert isinstance(app, ReplayApp)
        assert app.board.painted == {}
        painted = 0
        for j in app.judged:
            await pilot.press("right")
            cell = j.played.cell
            proof = app.proofs.get(app.index)
            if cell is None or not kind(j.verdict) or (proof and cell in proof.numbers):
                continue
            assert app.board.painted[cell] == KIND_COLOURS[kind(j.verdict)]
            others = {p for p in app.board.painted if p != cell}
            assert others <= set(proof.numbers if proof else ())
            painted += 1
        assert painted > len(app.judged) // 2

    run(ReplayApp(record, paused=True), scenario, size=(100, 30))


def test_before_a_needless_guess_its_proof_is_on_the_board() -> None:
    """n goes to the board before the needless guess: its numbers are painted
    in the proof's colour, the safe cell with the gaps beside it; a step on,
    the guess itself is painted as needless and the proof is gone."""
    record = read_record(RMV)

    async def scenario(pilot: PilotT) -> None:
        app = pilot.app
        assert isinstance(app, ReplayApp)
        (needless,) = [j for j in app.judged if j.verdict == "needless guess"]
        proof = app.proofs[needless.played.index]
        await pilot.press("n")
        assert all(app.board.painted[p] == PROOF_COLOUR for p in proof.numbers)
        assert app.board.painted_wide == {proof.cell: TARGET_COLOURS[False]}
        await pilot.press("right")
        assert needless.played.cell is not None
        assert app.board.painted == {needless.played.cell: KIND_COLOURS["needless"]}
        assert app.board.painted_wide == {}

    run(ReplayApp(record, paused=True), scenario, size=(100, 30))


def timeline_of(app: ReplayApp) -> str:
    """The bottom border's label (kept as markup) as plain text."""
    return Content.from_markup(app.board.border_subtitle or "").plain


def test_the_timeline_marks_the_guesses_and_where_the_replay_is() -> None:
    """The board's bottom border holds the timeline: a dot for each guess
    (several in one column show once) and a triangle that moves to the end."""
    record = read_record(RMV)

    async def scenario(pilot: PilotT) -> None:
        app = pilot.app
        assert isinstance(app, ReplayApp)
        line = timeline_of(app)
        assert line.index("▲") == 0
        assert len(line) == 2 * record.width - 3
        guesses = [j for j in app.judged if j.guess]
        assert 1 <= line.count("●") <= len(guesses)
        await pilot.press("end")
        line = timeline_of(app)
        assert line.index("▲") == len(line) - 1
        await pilot.press("n")  # nothing later: stays at the end
        await pilot.press("p")
        before = timeline_of(app)
        assert before.index("▲") < len(line) - 1

    run(ReplayApp(record, paused=True), scenario, size=(100, 30))


def test_a_minebender_replay_gives_its_path_as_cells_and_presses() -> None:
    now = [0.0]
    s = Session(SessionSpec(Beginner(), "pointer"), clock=lambda: now[0])
    s.path(((0, 100, 120), (30, 72, 72), (35, 500, 72)))
    now[0] = 0.04
    s.press("left", Pos(4, 4))
    now[0] = 0.09
    s.release("left", Pos(4, 4))
    game = s.game
    for y in range(9):
        for x in range(9):
            if not game.layout[y][x] and game.knowledge.hidden(Pos(x, y)):
                now[0] += 0.01
                s.reveal(Pos(x, y))
                game = s.game
    r = replay.loads(replay.dumps(replay.from_session(s)))
    hovers = replay_hovers(r)
    assert [(h.t_ms, h.cell, h.pressed) for h in hovers[:5]] == [
        (0, Pos(6, 7), False),
        (30, Pos(4, 4), False),
        (35, None, False),  # 500 sixteenths: off the 9-wide board
        (40, Pos(4, 4), True),
        (90, Pos(4, 4), False),
    ]

"""The rules of minebender, as LAWS.bend states them.

A ``Game`` is an immutable value: ``step`` returns a new game and never changes
the old one, so ``law frozen`` and ``law reveal_flagged`` can compare games with
``==``. The laws reach the game only through ``Game.fresh``, ``Game.step``,
``Game.open``, ``Game.knowledge``, ``Game.status``, ``Game.flagged``,
``Game.display``, ``setup`` and ``place_mines``.

>>> g = Game.fresh(3, 1, ((False, False, True),))
>>> g = g.step(Reveal(Pos(0, 0)))
>>> g.knowledge.rows
((Shown(n=0), Shown(n=1), Hidden()),)
>>> g.status
Won()
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from minebender.values.seeded import Stream
from minebender.values.types import (
    BOOM,
    HIDDEN,
    SHOWN,
    Action,
    Assist,
    AssistTooEarly,
    Beginner,
    Blast,
    Chord,
    Covered,
    Custom,
    Expert,
    Exploded,
    Flag,
    Flagged,
    Hidden,
    Hint,
    Intermediate,
    Knowledge,
    Layout,
    Level,
    Lost,
    Mine,
    Number,
    Playing,
    Pos,
    Reveal,
    Seen,
    Setup,
    Shown,
    Status,
    Tile,
    Won,
    WrongFlag,
    as_pos,
    neighbours,
)

__all__ = ["Game", "board_rs", "check_layout", "place_mines", "setup"]

PLAYING = Playing()
WON = Won()
COVERED = Covered()
FLAGGED = Flagged()
BLAST = Blast()
HINT = Hint()
MINE = Mine()
WRONG_FLAG = WrongFlag()
NUMBER = tuple(Number(n) for n in range(9))


def _check_state(game: Game) -> None:
    """Raise naming a constructed game's view, flags or status when it is not
    of the right type or size. Only that: the laws hold for every value of the
    type, reachable by play or not (a number that is not the layout's, a flag
    off the board), and their tests build such games with this constructor.
    ``Game.fresh`` and every step build games known to be right, and skip it."""
    w, h, k = game.width, game.height, game.knowledge
    if not isinstance(k, Knowledge):
        raise TypeError(f"Game: knowledge must be a Knowledge, got {k!r}")
    if (k.width, k.height) != (w, h):
        raise ValueError(f"Game: knowledge is {k.width}x{k.height}, the layout {w}x{h}")
    if not isinstance(game.flags, frozenset) or not all(isinstance(p, Pos) for p in game.flags):
        raise TypeError(f"Game: flags must be a frozenset of Pos, got {game.flags!r}")
    if not isinstance(game.status, (Playing, Won, Lost)):
        raise TypeError(f"Game: status must be Playing(), Won() or Lost(...), got {game.status!r}")


def check_layout(width: int, height: int, layout: object) -> Layout:
    """Return layout as a tuple of rows of bool, or raise naming what is wrong."""
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int, got {value!r}")
        if value < 0:
            raise ValueError(f"{name} must not be negative, got {value}")
    if isinstance(layout, (str, bytes)) or not isinstance(layout, Sequence):
        raise TypeError(f"layout must be a sequence of rows of bool, got {layout!r}")
    if len(layout) != height:
        raise ValueError(f"layout must have {height} rows, got {len(layout)}")
    rows: list[tuple[bool, ...]] = []
    for y, row in enumerate(layout):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise TypeError(f"layout row {y} must be a sequence of bool, got {row!r}")
        if len(row) != width:
            raise ValueError(f"layout row {y} must have {width} cells, got {len(row)}")
        for x, cell in enumerate(row):
            if not isinstance(cell, bool):
                raise TypeError(f"layout cell ({x}, {y}) must be a bool, got {cell!r}")
        rows.append(tuple(row))
    return tuple(rows)


def _counts(width: int, height: int, layout: Layout) -> tuple[tuple[int, ...], ...]:
    """The number of adjacent mines of every cell."""
    return tuple(
        tuple(
            sum(layout[q.y][q.x] for q in neighbours(width, height, Pos(x, y)))
            for x in range(width)
        )
        for y in range(height)
    )


@dataclass(frozen=True, slots=True)
class Game:
    """A game: the real board, what the player sees, their flags and the status.

    Build one with ``Game.fresh``; the constructor is for ``repr`` round trips.
    It checks the types and the size of what it is given (``_check_state``),
    not that play could have led there.
    """

    width: int
    height: int
    layout: Layout
    knowledge: Knowledge
    flags: frozenset[Pos] = frozenset()
    status: Status = PLAYING
    _counts: tuple[tuple[int, ...], ...] = field(default=(), compare=False, repr=False)
    _safe_hidden: int = field(default=-1, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self._counts:
            layout = check_layout(self.width, self.height, self.layout)
            object.__setattr__(self, "layout", layout)
            object.__setattr__(self, "_counts", _counts(self.width, self.height, layout))
            _check_state(self)
        if self._safe_hidden < 0:
            rows = self.knowledge.rows
            safe_hidden = sum(
                1
                for y, row in enumerate(self.layout)
                for x, is_mine in enumerate(row)
                if not is_mine and type(rows[y][x]) is Hidden
            )
            object.__setattr__(self, "_safe_hidden", safe_hidden)

    # ------------------------------------------------------------------
    # Construction
    # ------------------------------------------------------------------

    @classmethod
    def fresh(cls, width: int, height: int, layout: Sequence[Sequence[bool]]) -> Game:
        """A new game on this layout: nothing revealed, no flags.

        A board with no safe cell is won from the start (``law won_iff``).
        """
        board = check_layout(width, height, layout)
        mines = sum(sum(row) for row in board)
        knowledge = Knowledge._trusted(width, height, mines, ((HIDDEN,) * width,) * height)
        safe = width * height - mines
        return cls(
            width,
            height,
            board,
            knowledge,
            frozenset(),
            PLAYING if safe else WON,
            _counts(width, height, board),
            safe,
        )

    def _with(
        self,
        knowledge: Knowledge | None = None,
        flags: frozenset[Pos] | None = None,
        status: Status | None = None,
        safe_hidden: int | None = None,
    ) -> Game:
        return Game(
            self.width,
            self.height,
            self.layout,
            self.knowledge if knowledge is None else knowledge,
            self.flags if flags is None else flags,
            self.status if status is None else status,
            self._counts,
            self._safe_hidden if safe_hidden is None else safe_hidden,
        )

    # ------------------------------------------------------------------
    # Queries
    # ------------------------------------------------------------------

    def on_board(self, pos: Pos) -> bool:
        """pos is a cell of this board."""
        return 0 <= pos[0] < self.width and 0 <= pos[1] < self.height

    def flagged(self, pos: Pos) -> bool:
        """The player has put a flag on pos."""
        return as_pos("Game.flagged", pos) in self.flags

    def mine(self, pos: Pos) -> bool:
        """The real board has a mine at pos (False off the board)."""
        return self.on_board(pos) and self.layout[pos[1]][pos[0]]

    @property
    def playing(self) -> bool:
        """The game goes on."""
        return type(self.status) is Playing

    @property
    def mines(self) -> int:
        """The number of mines on the board."""
        return self.knowledge.mines or 0

    # ------------------------------------------------------------------
    # Actions
    # ------------------------------------------------------------------

    def step(self, action: Action) -> Game:
        """The game after one action; a finished game ignores every action
        (but a value that is no action is a TypeError, whatever the game's state)."""
        if type(self.status) is not Playing:
            if not isinstance(action, (Reveal, Flag, Chord, Assist)):
                raise TypeError(f"Game.step: action must be an Action, got {action!r}")
            return self
        match action:
            case Reveal(pos):
                return self if pos in self.flags else self.open(pos)
            case Flag(pos):
                return self._toggle_flag(pos)
            case Chord(pos):
                return self._chord(pos)
            case Assist(k):
                return self._assist(k)
        raise TypeError(f"Game.step: action must be an Action, got {action!r}")

    def play(self, actions: Sequence[Action]) -> Game:
        """Take the actions in order."""
        if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
            raise TypeError(f"Game.play: actions must be a sequence of Actions, got {actions!r}")
        game = self
        for action in actions:
            game = game.step(action)
        return game

    def open(self, pos: Pos) -> Game:
        """Reveal pos, whether flagged or not, and flood through zeros.

        Cells revealed on the way lose their flags (``law flags_hidden``). On a
        finished game, off the board or on a revealed cell, nothing happens.
        """
        if type(pos) is not Pos:
            pos = as_pos("Game.open", pos)
        if type(self.status) is not Playing or not self.on_board(pos):
            return self
        x, y = pos
        rows = self.knowledge.rows
        if type(rows[y][x]) is not Hidden:
            return self
        pos = Pos(x, y)
        if self.layout[y][x]:
            new_rows = list(rows)
            row = list(rows[y])
            row[x] = BOOM
            new_rows[y] = tuple(row)
            return self._with(
                Knowledge._trusted(self.width, self.height, self.knowledge.mines, tuple(new_rows)),
                self.flags - {pos} if pos in self.flags else self.flags,
                Lost(Exploded(pos)),
            )
        changed: dict[int, list[Seen]] = {}
        counts = self._counts
        width, height = self.width, self.height
        todo = [(x, y)]
        opened: set[tuple[int, int]] = {(x, y)}
        while todo:
            cx, cy = todo.pop()
            n = counts[cy][cx]
            row_list = changed.get(cy)
            if row_list is None:
                row_list = changed[cy] = list(rows[cy])
            row_list[cx] = SHOWN[n]
            if n == 0:
                for ny in range(max(cy - 1, 0), min(cy + 2, height)):
                    around = rows[ny]
                    for nx in range(max(cx - 1, 0), min(cx + 2, width)):
                        if type(around[nx]) is Hidden and (nx, ny) not in opened:
                            opened.add((nx, ny))
                            todo.append((nx, ny))
        opened_rows = tuple(
            tuple(changed[ry]) if ry in changed else rows[ry] for ry in range(height)
        )
        flags = self.flags
        if flags:
            cleared = {f for f in flags if (f.x, f.y) in opened}
            if cleared:
                flags = flags - cleared
        safe_hidden = self._safe_hidden - len(opened)
        return self._with(
            Knowledge._trusted(width, height, self.knowledge.mines, opened_rows),
            flags,
            WON if safe_hidden == 0 else PLAYING,
            safe_hidden,
        )

    def _toggle_flag(self, pos: Pos) -> Game:
        if not self.knowledge.hidden(pos):
            return self
        pos = Pos(pos[0], pos[1])
        flags = self.flags - {pos} if pos in self.flags else self.flags | {pos}
        return self._with(flags=flags)

    def chord_targets(self, pos: Pos) -> list[Pos]:
        """If pos shows k and exactly k of its neighbours are flagged, its hidden
        unflagged neighbours row by row; otherwise none (LAWS.bend ``chord_targets``)."""
        seen = self.knowledge.seen(pos)
        if type(seen) is not Shown:
            return []
        around = neighbours(self.width, self.height, pos)
        if sum(1 for q in around if q in self.flags) != seen.n:
            return []
        return [q for q in around if self.knowledge.hidden(q) and q not in self.flags]

    def _chord(self, pos: Pos) -> Game:
        game = self
        for target in self.chord_targets(pos):
            game = game.step(Reveal(target))
        return game

    def _assist(self, k: int) -> Game:
        """The no-guess assist (``law assist_stuck`` and ``law assist_too_early``)."""
        from minebender.rules.solver import find_safe

        safe = find_safe(self.knowledge)
        if safe:
            return self._with(status=Lost(AssistTooEarly(safe[k % len(safe)])))
        choice = self.assist_choice(k)
        return self if choice is None else self.open(choice)

    def assist_choice(self, k: int) -> Pos | None:
        """The safe hidden cell the assist opens when the player is stuck.

        Cells next to a revealed cell come first, so the help opens up the
        frontier the player is working on; k picks among them, row by row.
        None only for a game built by hand that says Playing with no safe cell
        left, which play never reaches.
        """
        candidates = list(self._safe_hidden_cells())
        if not candidates:
            return None
        near = [p for p in candidates if self._touches_revealed(p)]
        pool = near or candidates
        return pool[k % len(pool)]

    def _safe_hidden_cells(self) -> Iterator[Pos]:
        rows = self.knowledge.rows
        for y, row in enumerate(self.layout):
            for x, is_mine in enumerate(row):
                if not is_mine and type(rows[y][x]) is Hidden:
                    yield Pos(x, y)

    def _touches_revealed(self, pos: Pos) -> bool:
        return any(self.knowledge.revealed(q) for q in neighbours(self.width, self.height, pos))

    # ------------------------------------------------------------------
    # The screen
    # ------------------------------------------------------------------

    def display(self) -> tuple[tuple[Tile, ...], ...]:
        """What the screen shows, as Windows XP shows it.

        During play: numbers, flags and covered cells only. Won: every mine
        flagged. Lost: the exploded mine as Blast (or the missed safe cell as
        Hint), other mines as Mine unless flagged, wrong flags as WrongFlag.
        """
        status = self.status
        rows = self.knowledge.rows
        flags = self.flags
        won = type(status) is Won
        over = type(status) is not Playing
        special: Pos | None = None
        special_tile: Tile = COVERED
        if type(status) is Lost:
            special = status.reason.pos
            special_tile = BLAST if type(status.reason) is Exploded else HINT
        out: list[tuple[Tile, ...]] = []
        for y in range(self.height):
            line: list[Tile] = []
            layout_row = self.layout[y]
            for x in range(self.width):
                s = rows[y][x]
                t = type(s)
                tile: Tile
                if t is Shown:
                    tile = NUMBER[s.n]  # type: ignore[union-attr]
                elif t is not Hidden:
                    tile = BLAST
                elif not over:
                    tile = FLAGGED if Pos(x, y) in flags else COVERED
                elif layout_row[x]:
                    tile = FLAGGED if won or Pos(x, y) in flags else MINE
                else:
                    tile = WRONG_FLAG if Pos(x, y) in flags else COVERED
                line.append(tile)
            out.append(tuple(line))
        if special is not None and self.on_board(special):
            row = list(out[special.y])
            row[special.x] = special_tile
            out[special.y] = tuple(row)
        return tuple(out)


# --------------------------------------------------------------------------
# Levels
# --------------------------------------------------------------------------


def _clamp(lo: int, hi: int, x: int) -> int:
    return max(lo, min(hi, x))


def setup(level: Level) -> Setup:
    """The board of a level, as Windows XP sets it.

    >>> setup(Custom(100, 3, 5))
    Setup(width=30, height=9, mines=10)
    """
    match level:
        case Beginner():
            return Setup(9, 9, 10)
        case Intermediate():
            return Setup(16, 16, 40)
        case Expert():
            return Setup(30, 16, 99)
        case Custom(w, h, m):
            cw = _clamp(9, 30, w)
            ch = _clamp(9, 25, h)
            return Setup(cw, ch, min(_clamp(10, 999, m), max(cw * ch - 10, 0)))
    raise TypeError(f"not a level: {level!r}")


# --------------------------------------------------------------------------
# Board generation
# --------------------------------------------------------------------------


def _stream(rs: Sequence[int]) -> Stream:
    """The stream ``place_mines`` draws from: keyed by every word of rs.

    Randomness comes in as an argument: the same rs always gives the same
    words. Every word depends on all of rs, so sequences that differ in one
    word (a run's seed with a game index, say) give unrelated layouts; words of
    rs used directly would pin the first mines of every such game.
    """
    words: list[int] = []
    for i, r in enumerate(rs):
        if isinstance(r, bool) or not isinstance(r, int):
            raise TypeError(f"place_mines: rs[{i}] must be a 32-bit unsigned int, got {r!r}")
        if not 0 <= r < 2**32:
            raise ValueError(f"place_mines: rs[{i}] must be a 32-bit unsigned int, got {r!r}")
        words.append(r)
    return Stream(
        b"minebender/place_mines"
        + len(words).to_bytes(8, "big")
        + b"".join(w.to_bytes(4, "big") for w in words)
    )


def allowed_cells(width: int, height: int, mines: int, first: Pos) -> list[Pos]:
    """The cells that may hold a mine: never the first click, and when there is
    room, nothing next to it either, so the first click opens an area."""
    cells = [Pos(x, y) for y in range(height) for x in range(width)]
    fx, fy = first
    near = [p for p in cells if abs(p.x - fx) <= 1 and abs(p.y - fy) <= 1]
    if mines + len(near) <= len(cells):
        return [p for p in cells if not (abs(p.x - fx) <= 1 and abs(p.y - fy) <= 1)]
    return [p for p in cells if p != (fx, fy)]


def board_rs(seed: int, index: int) -> list[int]:
    """The rs of board ``index`` of a run with ``seed``: [low 32 bits, high 32 bits,
    index]. ``generate`` and ``bench noguess`` make board i of a run with it.

    >>> board_rs(2**32 + 5, 1)
    [5, 1, 1]
    """
    return [seed % 2**32, seed // 2**32 % 2**32, index % 2**32]


def place_mines(width: int, height: int, mines: int, first: Pos, rs: Sequence[int]) -> Layout:
    """A width-by-height layout with ``mines`` mines, none on the first click and,
    when there is room, none next to it; uniform over such layouts when rs is
    random, and always the same for the same arguments.

    Total for every input: a board too small gets as many mines as fit beside
    the first click, a first click off the board is simply never a mine.

    >>> place_mines(3, 3, 8, Pos(1, 1), [7])
    ((True, True, True), (True, False, True), (True, True, True))
    """
    for name, value in (("width", width), ("height", height), ("mines", mines)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"place_mines: {name} must be an int, got {value!r}")
        if value < 0:
            raise ValueError(f"place_mines: {name} must not be negative, got {value}")
    try:
        # a tuple of exactly two: (1, 1, 99) lost its third number without a word
        if not isinstance(first, tuple) or len(first) != 2:
            raise TypeError
        first = Pos(first[0], first[1])
    except TypeError:  # a pair of floats or bools, or no pair at all
        raise TypeError(f"place_mines: first must be a Pos of two ints, got {first!r}") from None
    if isinstance(rs, (str, bytes)) or not isinstance(rs, Sequence):
        # a dict or a set is iterable too, and its keys became the seed
        raise TypeError(f"place_mines: rs must be a sequence of 32-bit ints, got {rs!r}")
    pool = allowed_cells(width, height, mines, first)
    chosen = set(_stream(rs).sample(pool, min(mines, len(pool))))
    return tuple(tuple(Pos(x, y) in chosen for x in range(width)) for y in range(height))

"""Write the golden positions and their answers: ``python tests/golden/make_golden.py``.

Positions come from real play: ``place_mines`` boards played by a simple bot
that only applies the one-number rules (a number whose mines are all found
opens its other neighbours; a number with as many hidden neighbours as missing
mines marks them all) and guesses when those run out. Snapshots are taken
where the bot is stuck or at random moments, some with flags on known mines.

The answers are computed by ``reference.frontier`` (an independent slow
enumerator), never by the solver under test, and written beside each board
as JSON in the shape of ``minebender solve --json``.
"""

from __future__ import annotations

import json
import random
import sys
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from minebender import Game, Knowledge, Playing, Pos, Reveal, Shown, place_mines  # noqa: E402
from minebender.formats.boardtext import format_board  # noqa: E402
from reference import defs  # noqa: E402
from reference.frontier import Answer, enumerate_frontier  # noqa: E402

MAX_ASSIGNMENTS = 200_000


def answer_json(v: Knowledge, a: Answer) -> dict[str, object]:
    def frac(p: Fraction) -> str:
        return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"

    cells = defs.cells(v.width, v.height)
    return {
        "width": v.width,
        "height": v.height,
        "mines": v.mines,
        "consistent": a.consistent,
        "solutions": str(a.solutions),
        "unique": a.solutions == 1,
        # As solve --json prints them: empty for an inconsistent board, though
        # ProvablySafe makes every hidden cell of one vacuously safe.
        "safe": [[p.x, p.y] for p in cells if p in a.safe and a.consistent],
        "certain_mines": [[p.x, p.y] for p in cells if p in a.mines and a.consistent],
        "probabilities": [
            [
                frac(a.probabilities[Pos(x, y)]) if Pos(x, y) in a.probabilities else None
                for x in range(v.width)
            ]
            for y in range(v.height)
        ],
    }


def dumps(answer: dict[str, object]) -> str:
    """JSON with one key a line and one board row a line, for readable diffs."""
    lines = []
    for key, value in answer.items():
        if key == "probabilities":
            rows = ",\n  ".join(json.dumps(row) for row in value)  # type: ignore[attr-defined]
            lines.append(f' "{key}": [\n  {rows}\n ]')
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def play(w: int, h: int, n: int, rng: random.Random) -> tuple[Game, set[Pos]] | None:
    """Play until stuck with a good part of the board open; None if the bot lost."""
    target = rng.uniform(0.25, 0.75) * (w * h - n)
    first = Pos(rng.randrange(w), rng.randrange(h))
    layout = place_mines(w, h, n, first, [rng.getrandbits(32) for _ in range(8)])
    g = Game.fresh(w, h, layout).step(Reveal(first))
    known: set[Pos] = set()
    while g.status == Playing():
        v = g.knowledge
        moved = False
        for q in defs.cells(w, h):
            s = defs.seen(v, q)
            if not isinstance(s, Shown):
                continue
            around = [r for r in defs.neighbours(w, h, q) if defs.hidden(v, r)]
            mines = [r for r in around if r in known]
            if s.n == len(mines):
                for r in around:
                    if r not in known and defs.hidden(g.knowledge, r):
                        g = g.step(Reveal(r))
                        moved = True
            elif s.n == len(around):
                new = set(around) - known
                known |= new
                moved = moved or bool(new)
        if not moved:
            opened = sum(1 for p in defs.cells(w, h) if defs.revealed(g.knowledge, p))
            if opened >= target:
                return g, known
            options = [
                p for p in defs.cells(w, h) if defs.hidden(g.knowledge, p) and p not in known
            ]
            g = g.step(Reveal(rng.choice(options)))
    return (g, known) if g.status == Playing() else None


def main() -> None:
    rng = random.Random(20261129)
    plan = [
        ("beginner8", 8, 8, 10, 2, 4),
        ("beginner9", 9, 9, 10, 2, 4),
        ("intermediate", 16, 16, 40, 3, 500),
        ("expert", 30, 16, 99, 4, 2000),
        ("unknown12", 12, 12, 20, 1, 20),
        ("inconsistent", 10, 10, 15, 1, 0),
    ]
    for stem, w, h, n, count, min_assignments in plan:
        made = 0
        while made < count:
            got = play(w, h, n, rng)
            if got is None:
                continue
            g, known = got
            v = g.knowledge
            if sum(1 for p in defs.cells(w, h) if defs.revealed(v, p)) < w * h // 6:
                continue
            if stem == "unknown12":
                v = v.with_mines(None)
            if stem == "inconsistent":
                numbers = [p for p in defs.cells(w, h) if isinstance(defs.seen(v, p), Shown)]
                p = rng.choice(numbers)
                rows = [list(r) for r in v.rows]
                rows[p.y][p.x] = Shown((defs.seen(v, p).n + 1) % 9)  # type: ignore[union-attr]
                v = Knowledge(w, h, v.mines, tuple(map(tuple, rows)))
            a = enumerate_frontier(v)
            if a.assignments > MAX_ASSIGNMENTS or (stem == "inconsistent") == a.consistent:
                continue
            if a.assignments < min_assignments:
                continue
            made += 1
            name = f"{stem}_{made}"
            flags = sorted(p for p in known if rng.random() < 0.5)
            text = f"# {w}x{h} with {n} mines, from play (seed 20261129)"
            text += ", then one number changed\n" if stem == "inconsistent" else "\n"
            (HERE / f"{name}.txt").write_text(text + format_board(v, flags))
            (HERE / f"{name}.json").write_text(dumps(answer_json(v, a)))
            print(name, a.assignments, a.solutions)


if __name__ == "__main__":
    main()

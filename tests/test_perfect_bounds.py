"""The bound the endgame search prunes with (``Region.node``).

Before a part of a guess is searched, the search bounds what best play can
win of it: the numbers of the cells safe in all of it split it for free,
again and again, until each piece needs a guess, and a piece that needs a
guess loses at least the layouts where its safest guess is a mine. A bound
below the truth would make the search drop the best guess, so it is checked
here against the plain expectimax, on the views a guess leads to.
"""

from __future__ import annotations

import random

from minebender import Boom, Knowledge, Pos, Shown
from minebender.services.bot.endgame import endgame
from minebender.services.bot.perfect import Region
from reference.expectimax import best_win
from reference.views import stuck_views


def _after(view: Knowledge, cell: Pos, number: int) -> Knowledge:
    """The view with ``cell`` revealed, showing ``number``."""
    rows = tuple(
        tuple(Shown(number) if Pos(x, y) == cell else s for x, s in enumerate(row))
        for y, row in enumerate(view.rows)
    )
    return Knowledge(view.width, view.height, view.mines, rows)


def _pieces(region: Region, part: int, seen: int) -> list[int]:
    """The sets a part splits into for free, down to those that need a guess."""
    parts, seen, _ = region.free(part, seen, -1)
    if len(parts) == 1:
        return parts
    out: list[int] = []
    for p in parts:
        out += [p] if p & (p - 1) == 0 else _pieces(region, p, seen)
    return out


def test_what_a_guess_leads_to_is_bounded_from_above_by_its_node() -> None:
    """For every guess of stuck random views and every number it can show, the
    node of the layouts left splits them into disjoint pieces, and its most is
    at least the layouts best play wins from the view after the guess (the
    plain expectimax's chance times the layouts), often exactly that."""
    rng = random.Random(5)
    checked = tight = split = 0
    for view, analysis in stuck_views(rng, [(5, 3), (4, 3), (6, 2), (3, 4)], 0.45, 400):
        if analysis.solutions > 60:
            continue
        found = endgame(view, analysis, 60)
        assert found is not None
        if len(found.search.regions) != 1:
            continue  # one region: its layouts are the view's
        region = found.search.regions[0]
        certain = set(analysis.mines) | {p for p in view.cells() if type(view.seen(p)) is Boom}
        every = region.all_layouts
        for c in region.cells:
            safe = every & region.safe_in[c]
            if not 0 < safe.bit_count() < every.bit_count():
                continue
            for part in region.split(safe, c):
                if part & (part - 1) == 0:
                    continue
                pieces = _pieces(region, part, 1 << c)
                assert sum(pieces) == part
                assert sum(p.bit_count() for p in pieces) == part.bit_count()  # disjoint
                split += len(pieces) > 1
                top = region.node(part, 1 << c, -1)[3]
                lay = region.layouts[(part & -part).bit_length() - 1]
                where = found.cells[c]
                number = (lay & region.near[c]).bit_count()
                number += len(certain.intersection(view.neighbours(where)))
                won = best_win(_after(view, where, number)) * part.bit_count()
                assert round(won) <= top <= part.bit_count()
                assert abs(won - round(won)) < 1e-9
                tight += round(won) == top
                checked += 1
    assert checked >= 100 and split >= 10
    assert tight < checked  # the bound is not the truth itself, else nothing is left to search

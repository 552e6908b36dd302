"""Test-only knowledge of a board: the layout computed from the seed with the
same session code the server uses (never from the API, which must not leak it)."""

from __future__ import annotations

from minebender.services.session import SessionSpec, layout_for
from minebender.values.types import Beginner, Layout, Level, Pos

__all__ = ["mines_of", "safe_of"]


def layout(seed: str, first: Pos, level: Level | None = None) -> Layout:
    spec = SessionSpec(level or Beginner(), seed)
    return layout_for(spec.setup, seed, first)


def mines_of(seed: str, first: Pos, level: Level | None = None) -> list[Pos]:
    lay = layout(seed, first, level)
    return [Pos(x, y) for y, row in enumerate(lay) for x, m in enumerate(row) if m]


def safe_of(seed: str, first: Pos, level: Level | None = None) -> list[Pos]:
    lay = layout(seed, first, level)
    return [Pos(x, y) for y, row in enumerate(lay) for x, m in enumerate(row) if not m]

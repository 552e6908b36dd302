"""A printable sheet of puzzles: the puzzles on A4 pages, then their
solutions on as many pages, as SVG or (with the optional fpdf2) as PDF.

Both formats draw the same list of shapes (``pages``), measured in
millimetres, so the two cannot drift apart. The SVG is one drawing as many
A4 pages tall: printed at 100%, the solutions start on a page of their own.
A few puzzles take one page each way; a book of many is cut into pages of
as many puzzles as fit with cells of ``LEAST_CELL`` or more.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from minebender.services.puzzle.values import Puzzle
from minebender.values.files import replace_file

__all__ = ["PAGE", "Box", "Dot", "Label", "Sheet", "pages", "pdf_bytes", "write_pdf", "write_svg"]

PAGE = (210.0, 297.0)
"""A4 portrait, in millimetres."""
MARGIN = 14.0
TOP = 30.0
"""Room for the page's title."""
GAP = 8.0
"""Between two puzzles, and for each puzzle's label."""
CODE_ROOM = 6.0
"""Under each puzzle, for its code."""
CODE_MOST = 8.0
"""The code's size in points at most; a long code is set smaller to fit its puzzle's width."""
CODE_LEAST = 6.0
"""A code smaller than this on one line goes on two."""
MOST_CELL = 9.0
"""A cell is never bigger than this (a lone small puzzle would fill the page)."""
LEAST_CELL = 5.0
"""A page takes no more puzzles than fit with cells this big, a number legible
in print; a puzzle too big for it has a page of its own."""
COLOURS = (
    "#000000",
    "#0000ff",
    "#008000",
    "#ff0000",
    "#000080",
    "#800000",
    "#008080",
    "#000000",
    "#808080",
)
"""Each number's colour, as the game draws it."""
HIDDEN_FILL = "#d4d4d4"


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle with a fill and an outline (``line`` mm wide)."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None
    line: float


@dataclass(frozen=True, slots=True)
class Dot:
    """A filled disc: a mine of a solution."""

    x: float
    y: float
    r: float


@dataclass(frozen=True, slots=True)
class Label:
    """Text centred in a box; ``size`` in points."""

    x: float
    y: float
    w: float
    h: float
    text: str
    size: float
    colour: str = "#000000"
    bold: bool = False
    mono: bool = False
    """A fixed-width face (a code, where l and I must differ and every letter counts)."""


Shape = Box | Dot | Label


@dataclass(frozen=True, slots=True)
class Sheet:
    """What the sheet shows: puzzles with a caption each, and a code under each
    (none when ``codes`` is empty), so a printed puzzle can be typed in to play."""

    puzzles: Sequence[Puzzle]
    captions: Sequence[str]
    title: str
    codes: Sequence[str] = ()


def _fit(puzzles: Sequence[Puzzle]) -> tuple[int, float]:
    """The columns and the cell size that make the puzzles largest on a page."""
    wide = max(p.width for p in puzzles)
    tall = max(p.height for p in puzzles)
    room_w, room_h = PAGE[0] - 2 * MARGIN, PAGE[1] - TOP - MARGIN
    best = (1, 0.0)
    for cols in range(1, len(puzzles) + 1):
        rows = math.ceil(len(puzzles) / cols)
        cell = min(
            (room_w - (cols - 1) * GAP) / (cols * wide),
            (room_h - rows * (GAP + CODE_ROOM) - (rows - 1) * GAP / 2) / (rows * tall),
        )
        if cell > best[1]:
            best = (cols, cell)
    return best[0], min(best[1], MOST_CELL)


def _grid(p: Puzzle, x0: float, y0: float, cell: float, solved: bool) -> list[Shape]:
    out: list[Shape] = []
    size = cell * 2.0  # points: a number fills about two thirds of its cell
    for y in range(p.height):
        for x in range(p.width):
            i = y * p.width + x
            cx, cy = x0 + x * cell, y0 + y * cell
            shown = i in p.shown
            out.append(Box(cx, cy, cell, cell, None if shown else HIDDEN_FILL, 0.15))
            if shown:
                n = p.number(i)
                if n:
                    out.append(Label(cx, cy, cell, cell, str(n), size, COLOURS[n], True))
            elif solved and i in p.mines:
                out.append(Dot(cx + cell / 2, cy + cell / 2, cell * 0.3))
    out.append(Box(x0, y0, p.width * cell, p.height * cell, None, 0.5))
    return out


def _code_labels(code: str, x: float, y: float, width: float) -> list[Label]:
    """A code under its puzzle, in Courier (each letter 0.6 of the size wide),
    as large as fits the puzzle's width and no larger than ``CODE_MOST``; on
    two lines when one line would be smaller than ``CODE_LEAST`` (a 16x16
    code beside another is some 90 letters)."""
    size = width / (0.6 * max(len(code), 1)) * 72 / 25.4
    lines = [code]
    if size < CODE_LEAST:
        half = -(-len(code) // 2)
        lines = [code[:half], code[half:]]
        size = width / (0.6 * half) * 72 / 25.4
    tall = (CODE_ROOM - 0.5) / len(lines)
    size = min(size, CODE_MOST, tall * 0.9 * 72 / 25.4)
    return [
        Label(x, y + 0.5 + k * tall, width, tall, line, size, "#404040", mono=True)
        for k, line in enumerate(lines)
    ]


def _per_page(puzzles: Sequence[Puzzle]) -> int:
    """How many puzzles go on a page: all when their cells are ``LEAST_CELL``
    or more, else the most that are (at least one)."""
    most = len(puzzles)
    while most > 1 and _fit(puzzles[:most])[1] < LEAST_CELL:
        most -= 1
    return most


def pages(sheet: Sheet) -> list[list[Shape]]:
    """The pages of the puzzles, then as many of their solutions, each
    solution in the place of its puzzle."""
    if not sheet.puzzles:
        raise ValueError("a sheet needs at least one puzzle")
    step = _per_page(sheet.puzzles)
    codes = list(sheet.codes or [""] * len(sheet.puzzles))
    parts = [
        Sheet(
            sheet.puzzles[k : k + step],
            sheet.captions[k : k + step],
            sheet.title,
            codes[k : k + step],
        )
        for k in range(0, len(sheet.puzzles), step)
    ]
    # every page of a book alike, its last page too
    cols, cell = _fit(sheet.puzzles[:step])
    return [_page(part, solved, cols, cell) for solved in (False, True) for part in parts]


def _page(sheet: Sheet, solved: bool, cols: int, cell: float) -> list[Shape]:
    """One page: the sheet's puzzles, or their solutions in the same places,
    in ``cols`` columns of cells ``cell`` mm wide."""
    wide = max(p.width for p in sheet.puzzles) * cell
    tall = max(p.height for p in sheet.puzzles) * cell
    used = cols * wide + (cols - 1) * GAP
    left = (PAGE[0] - used) / 2
    title = f"{sheet.title}: solutions" if solved else sheet.title
    note = (
        "Mines are dots."
        if solved
        else "Find every mine: each puzzle has exactly one solution. White cells are safe;"
        " a blank white cell has no mine around it."
    )
    page: list[Shape] = [
        Label(MARGIN, MARGIN - 4, PAGE[0] - 2 * MARGIN, 9, title, 18, bold=True),
        Label(MARGIN, MARGIN + 5, PAGE[0] - 2 * MARGIN, 6, note, 9),
    ]
    for k, (p, caption, code) in enumerate(
        zip(sheet.puzzles, sheet.captions, sheet.codes, strict=True)
    ):
        row, col = divmod(k, cols)
        x = left + col * (wide + GAP) + (wide - p.width * cell) / 2
        y = TOP + row * (tall + GAP * 1.5 + CODE_ROOM) + GAP
        page.append(Label(x, y - GAP, p.width * cell, GAP, caption, 9, bold=True))
        page.extend(_grid(p, x, y, cell, solved))
        if code:
            page.extend(_code_labels(code, x, y + p.height * cell, p.width * cell))
    return page


def _svg_shape(shape: Shape, dy: float) -> str:
    if isinstance(shape, Box):
        fill = shape.fill or "none"
        return (
            f'<rect x="{shape.x:.2f}" y="{shape.y + dy:.2f}" width="{shape.w:.2f}"'
            f' height="{shape.h:.2f}" fill="{fill}" stroke="#000" stroke-width="{shape.line}"/>'
        )
    if isinstance(shape, Dot):
        return f'<circle cx="{shape.x:.2f}" cy="{shape.y + dy:.2f}" r="{shape.r:.2f}" fill="#000"/>'
    weight = ' font-weight="bold"' if shape.bold else ""
    face = ' font-family="Courier, monospace"' if shape.mono else ""
    size_mm = shape.size * 25.4 / 72
    return (
        f'<text x="{shape.x + shape.w / 2:.2f}" y="{shape.y + dy + shape.h / 2:.2f}"'
        f' font-size="{size_mm:.2f}" fill="{shape.colour}"{weight}{face}'
        f' text-anchor="middle" dominant-baseline="central">{escape(shape.text)}</text>'
    )


def svg_text(sheet: Sheet) -> str:
    """The sheet as one SVG drawing, as many A4 pages tall as it has pages."""
    w, h = PAGE
    drawn = pages(sheet)
    tall = len(drawn) * h
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{tall}mm"'
        f' viewBox="0 0 {w} {tall}" font-family="Helvetica, Arial, sans-serif">',
        f'<rect width="{w}" height="{tall}" fill="#fff"/>',
    ]
    for number, page in enumerate(drawn):
        parts.extend(_svg_shape(s, number * h) for s in page)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def write_svg(sheet: Sheet, path: Path) -> None:
    """Write the sheet as SVG, replacing the file whole (``files.replace_file``)."""
    replace_file(path, svg_text(sheet).encode("utf-8"))


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def write_pdf(sheet: Sheet, path: Path) -> None:
    """Write the sheet as a PDF, replacing the file whole; ImportError
    when fpdf2 is missing."""
    replace_file(path, pdf_bytes(sheet))


def pdf_bytes(sheet: Sheet) -> bytes:
    """The sheet as a PDF file's bytes; ImportError when fpdf2 is missing."""
    from fpdf import FPDF

    pdf = FPDF(unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_creator("minebender")
    for page in pages(sheet):
        pdf.add_page()
        for s in page:
            if isinstance(s, Box):
                pdf.set_line_width(s.line)
                if s.fill:
                    pdf.set_fill_color(*_rgb(s.fill))
                pdf.rect(s.x, s.y, s.w, s.h, style="DF" if s.fill else "D")
            elif isinstance(s, Dot):
                pdf.set_fill_color(0, 0, 0)
                pdf.ellipse(s.x - s.r, s.y - s.r, 2 * s.r, 2 * s.r, style="F")
            else:
                face = "Courier" if s.mono else "Helvetica"
                pdf.set_font(face, "B" if s.bold else "", s.size)
                pdf.set_text_color(*_rgb(s.colour))
                pdf.set_xy(s.x, s.y)
                pdf.cell(s.w, s.h, s.text, align="C")
    return bytes(pdf.output())

"""The analysis board as a person meets it: its cells are drawn on a canvas
(board-canvas.js), their elements its fallback content with no box, so a test
points at a cell by the board's geometry and reads what a cell shows from the
canvas's pixels."""

from __future__ import annotations

from collections import Counter
from typing import Any

from minebender.services.bench.paint import point_at

__all__ = [
    "RECORD",
    "cell_box",
    "cell_colours",
    "click_cell",
    "device_box",
    "drawn_in",
    "hover_cell",
    "record_drawing",
    "tap_cell",
]

Colour = tuple[int, int, int]

_BOX = """([x, y]) => {
  const board = document.getElementById("board");
  const r = board.getBoundingClientRect();
  const size = r.width / Number(board.style.getPropertyValue("--w"));
  return { x: r.left + x * size, y: r.top + y * size, width: size, height: size };
}"""

_PIXELS = """([x, y]) => {
  const canvas = document.querySelector("#board canvas");
  const w = Number(document.getElementById("board").style.getPropertyValue("--w"));
  const s = canvas.width / w;
  const [x0, y0, x1, y1] = [x, y, x + 1, y + 1].map((v) => Math.round(v * s));
  return Array.from(canvas.getContext("2d").getImageData(x0, y0, x1 - x0, y1 - y0).data);
}"""


def cell_box(page: Any, x: int, y: int) -> dict[str, float]:
    """Cell (x, y)'s box on the screen, where the board draws it (no scrolling)."""
    box: dict[str, float] = page.evaluate(_BOX, [x, y])
    return box


def hover_cell(page: Any, x: int, y: int) -> None:
    page.mouse.move(*point_at(page, x, y))


def click_cell(page: Any, x: int, y: int, button: str = "left") -> None:
    page.mouse.click(*point_at(page, x, y), button=button)


def tap_cell(page: Any, x: int, y: int) -> None:
    page.touchscreen.tap(*point_at(page, x, y))


def _css(c: Colour) -> str:
    return f"rgb({c[0]}, {c[1]}, {c[2]})"


def cell_colours(page: Any, x: int, y: int, inset: int = 4) -> tuple[str, str]:
    """The colour cell (x, y) is drawn in, inside its borders (the commonest
    pixel), and the colour of what is drawn on it (the commonest pixel far
    from that: the solid inside of a digit or a sign), as CSS rgb()."""
    data = page.evaluate(_PIXELS, [x, y])
    side = round((len(data) // 4) ** 0.5)
    pixels: list[Colour] = [
        (data[i], data[i + 1], data[i + 2])
        for row in range(inset, side - inset)
        for i in range(4 * (row * side + inset), 4 * (row * side + side - inset), 4)
    ]
    back = Counter(pixels).most_common(1)[0][0]
    far = [p for p in pixels if sum((a - b) ** 2 for a, b in zip(p, back, strict=True)) > 60**2]
    ink = Counter(far).most_common(1)[0][0] if far else back
    return _css(back), _css(ink)


RECORD = """(() => {
  const proto = CanvasRenderingContext2D.prototype;
  const onBoard = (ctx) => ctx.canvas.closest && ctx.canvas.closest("#board");
  window.texts = [];
  window.signs = [];
  const fillText = proto.fillText;
  proto.fillText = function (text, x, y, ...rest) {
    if (onBoard(this)) {
      const width = this.measureText(text).width;
      window.texts.push({ text, x, y, font: this.font, width });
    }
    return fillText.call(this, text, x, y, ...rest);
  };
  const drawImage = proto.drawImage;
  proto.drawImage = function (image, x, y, ...rest) {
    if (onBoard(this) && image.dataset && image.dataset.sign) {
      window.signs.push({ sign: image.dataset.sign, x, y, size: image.width });
    }
    return drawImage.call(this, image, x, y, ...rest);
  };
})();"""
"""Run before a page's scripts (add_init_script): each text and sign drawn on
the board's canvas, with its place in device pixels, kept in window.texts and
window.signs."""


def record_drawing(page: Any) -> None:
    """Keep what the board's canvas draws from the next page on (RECORD)."""
    page.add_init_script(RECORD)


def device_box(page: Any, x: int, y: int) -> tuple[float, float, float, float]:
    """Cell (x, y)'s place on the board's canvas, in device pixels: left, top, right, bottom."""
    left, top, right, bottom = page.evaluate(
        """([x, y]) => { const canvas = document.querySelector("#board canvas");
        const board = document.getElementById("board");
        const sx = canvas.width / Number(board.style.getPropertyValue("--w"));
        const sy = canvas.height / Number(board.style.getPropertyValue("--h"));
        return [x * sx, y * sy, (x + 1) * sx, (y + 1) * sy]; }""",
        [x, y],
    )
    return float(left), float(top), float(right), float(bottom)


def _middle(kind: str, d: dict[str, Any]) -> tuple[float, float]:
    """The middle of a drawing, in device pixels: a sign is placed by its corner."""
    if kind == "signs":
        return d["x"] + d["size"] / 2, d["y"] + d["size"] / 2
    return d["x"], d["y"]


def drawn_in(page: Any, kind: str, x: int, y: int) -> list[dict[str, Any]]:
    """What was drawn (kind: "texts" or "signs") with its middle in cell (x, y)."""
    left, top, right, bottom = device_box(page, x, y)
    got: list[dict[str, Any]] = page.evaluate(f"() => window.{kind}")
    out = []
    for d in got:
        mx, my = _middle(kind, d)
        if left <= mx < right and top <= my < bottom:
            out.append(d)
    return out


def drawn_by_cell(page: Any, kind: str) -> dict[tuple[int, int], list[dict[str, Any]]]:
    """``drawn_in`` of every cell at once, in the order drawn: one read of the
    page, where a read a cell took seconds on a board of 480."""
    left, top, right, bottom = device_box(page, 0, 0)
    sx, sy = right - left, bottom - top
    out: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for d in page.evaluate(f"() => window.{kind}"):
        mx, my = _middle(kind, d)
        out.setdefault((int(mx // sx), int(my // sy)), []).append(d)
    return out

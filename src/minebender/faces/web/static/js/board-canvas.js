// The Board drawn on one <canvas> (the analysis board's): an edit redraws only
// the cells whose look changed, and the browser lays out, styles and paints
// one element, where 10,000 cell elements took it most of a second on
// 100x100. The cells stay, as the canvas's fallback content: a screen reader
// reads them (role gridcell, the spoken label, the title on hover), the
// keyboard's cursor names one (aria-activedescendant), and they keep their
// class and data as the game's cells do; but they take no layout and no paint.

import { Board } from "./board.js";
import { drawCell, readPalette } from "./cell-paint.js";

export class CanvasBoard extends Board {
  constructor(el) {
    super(el);
    this.canvas = null;
    this.ctx = null;
    this.spot = null; // an empty box over one cell: what is scrolled into view
    this.palette = null;
    this.size = ""; // the canvas's size in device pixels, "w h"
    this.css = 0; // a cell's CSS size
    // a window resized or zoomed changes the cells' size: all drawn anew
    const resized = new ResizeObserver(() => this.fit());
    try {
      resized.observe(el, { box: "device-pixel-content-box" }); // a zoom too
    } catch {
      resized.observe(el);
    }
    matchMedia("(prefers-color-scheme: dark)").addEventListener?.("change", () => this.repaint());
    el.addEventListener("pointermove", (e) => this.giveTitle(this.pointedAt(e)));
    el.addEventListener("pointerleave", () => this.canvas?.removeAttribute("title"));
  }

  host() {
    this.canvas = document.createElement("canvas");
    this.ctx = this.canvas.getContext("2d");
    this.spot = document.createElement("div");
    this.spot.className = "spot";
    this.el.append(this.canvas, this.spot);
    this.size = "";
    return this.canvas;
  }

  build(w, h) {
    super.build(w, h);
    this.fit(false); // sized: render draws every cell
  }

  /** The cell at a pointer event's place, or null. */
  pointedAt(e) {
    if (!this.canvas || !this.w) return null;
    const r = this.canvas.getBoundingClientRect();
    const x = Math.floor(((e.clientX - r.left) / r.width) * this.w);
    const y = Math.floor(((e.clientY - r.top) / r.height) * this.h);
    return this.inside(x, y) ? { x, y } : null;
  }

  /** The cell's title on its element (for a screen reader) and on the canvas
   * (the tooltip under the pointer). */
  giveTitle(p) {
    super.giveTitle(p);
    if (!p || !this.canvas) return;
    const title = this.shown[p.y]?.[p.x]?.title ?? null;
    if (title === null) this.canvas.removeAttribute("title");
    else if (this.canvas.title !== title) this.canvas.title = title;
  }

  bring(x, y, block) {
    if (!this.spot) return;
    const s = this.spot.style;
    [s.left, s.top, s.width, s.height] = [x * this.css, y * this.css, this.css, this.css].map((v) => `${v}px`);
    this.spot.scrollIntoView?.({ block, inline: block });
  }

  /** Size the canvas to the board's box in device pixels; when that changed,
   * draw every cell (unless draw is false). */
  fit(draw = true) {
    if (!this.canvas || !this.w) return;
    const box = this.el.getBoundingClientRect();
    const scale = devicePixelRatio || 1;
    const size = `${Math.round(box.width * scale)} ${Math.round(box.height * scale)}`;
    if (size === this.size) return;
    this.size = size;
    [this.canvas.width, this.canvas.height] = size.split(" ").map(Number);
    this.css = box.width / this.w;
    if (draw) this.drawAll();
  }

  /** The colours of the scheme now: every cell drawn anew. */
  repaint() {
    this.palette = null;
    this.drawAll();
  }

  drawAll() {
    for (let y = 0; y < this.h; y++) for (let x = 0; x < this.w; x++) this.draw(x, y, this.shown[y][x] ?? this.look(x, y));
  }

  /** Draw cell (x, y) as look says. */
  draw(x, y, look) {
    if (!this.size) return;
    // a sign that loads later draws every cell again, this time with it
    this.palette ??= readPalette(this.el, () => this.drawAll());
    const sx = this.canvas.width / this.w;
    const sy = this.canvas.height / this.h;
    const [x0, y0] = [Math.round(x * sx), Math.round(y * sy)];
    const r = { x: x0, y: y0, w: Math.round((x + 1) * sx) - x0, h: Math.round((y + 1) * sy) - y0 };
    drawCell(this.ctx, this.palette, look, r, sx / this.css, this.css);
  }

  /** The cell's element gets what a screen reader or a test reads (its
   * class, label and data); its look is drawn, when that changed. */
  show(x, y, look, was) {
    const c = this.cells[y][x];
    if (was.cls !== look.cls) c.className = look.cls;
    this.describe(c, look, was);
    if (was.cls !== look.cls || was.text !== look.text || was.heat !== look.heat) this.draw(x, y, look);
  }
}

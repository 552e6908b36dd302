// The board on screen: a grid of cells drawn from the view's tiles. Only cells
// whose look changed are touched, so Expert stays smooth. The game's pages draw
// each cell as an element (style.css); the analysis board draws them all on one
// canvas (board-canvas.js), the same cells its fallback content.

const CHAR_TILES = { ".": "covered", F: "flagged", B: "blast", H: "hint", "*": "mine", X: "wrong_flag", "?": "marked" };

/** A covered cell, with or without the player's question mark. */
export const isCovered = (tile) => tile === "covered" || tile === "marked";

/** The view's tiles with its question marks (``marks``, beside the tiles:
 * a ? is the player's note, no tile of the game) drawn on their cells. */
export function withMarks(tiles, marks) {
  if (!marks || !marks.length) return tiles;
  const out = tiles.map((row) => row.slice());
  for (const [x, y] of marks) if (out[y] && out[y][x] === "covered") out[y][x] = "marked";
  return out;
}

/** Tile names from the compact rows of replay frames ("." covered, "F" flagged, ...). */
export function tilesFromRows(rows) {
  return rows.map((row) => Array.from(row, (ch) => CHAR_TILES[ch] ?? ch));
}

export const isNumber = (tile) => tile.length === 1 && tile >= "0" && tile <= "8";

/** p (0..1) in percent, rounded to 1/steps of a point, where only a
 * certainly safe cell shows 0 and only a certain mine 100: a cell at 99.86%
 * shows 99, not the 100 of a mine. Steps of 10 give one decimal, as every
 * percentage the pages write (docs/review.md). */
export function percent(p, steps) {
  // as many decimals as the steps ask, a trailing zero kept: "68.0" beside "67.2"
  const places = Math.round(Math.log10(steps));
  if (p <= 0) return (0).toFixed(places);
  if (p >= 1) return (100).toFixed(places);
  const lowest = 1 / steps;
  const v = Math.min(100 - lowest, Math.max(lowest, Math.round(p * 100 * steps) / steps));
  return v.toFixed(places);
}

/** A cell's heat colour for p: the square root spreads the small risks that
 * matter most, so 8% is visibly not the green of a certainly safe cell. */
export function heatColour(p) {
  return `hsla(${Math.round(120 * (1 - Math.sqrt(p)))}, 90%, 48%, 0.5)`;
}

const SPOKEN = {
  covered: "covered",
  flagged: "flag",
  marked: "question mark",
  blast: "the mine that went off",
  hint: "safe: you could have proved it",
  mine: "mine",
  wrong_flag: "wrong flag",
};

/** What a screen reader says of a cell: its tile, its place, and in practice
 * its chance of a mine. */
function spoken(tile, p, x, y, proof) {
  let what = tile === "0" ? "empty" : isNumber(tile) ? tile : (SPOKEN[tile] ?? tile);
  if (p !== null && p !== undefined) what += `, ${percent(p, 10)}% mine`;
  if (proof) what += `, ${proof}`;
  return `${what}, column ${x + 1}, row ${y + 1}`;
}

export class Board {
  constructor(el) {
    this.el = el;
    this.w = 0;
    this.h = 0;
    this.cells = [];
    this.tiles = [];
    this.shown = [];
    this.pressed = new Set();
    this.proof = new Set();
    this.hintSafe = new Set();
    this.hintGuess = new Set();
    this.heat = null;
    this.cursor = null;
    this.proofSaid = "proves the hint"; // what a screen reader says of a highlighted number
    // A cell's title is written when the pointer comes to it, not with each
    // paint: a title written restyles its cell (the browser's own style sheet
    // has [title] rules), and after an edit every hidden cell's exact chance
    // changes: 10,000 restyles a 100x100 board. The label says it at once.
    el.addEventListener("pointerover", (e) => this.giveTitle(this.pointedAt(e)));
  }

  /** The cell a pointer event is over, or null. */
  pointedAt(e) {
    return this.cellAt(e.target);
  }

  /** Scroll cell (x, y) into view: "nearest" just in, "center" in the middle. */
  bring(x, y, block) {
    this.cells[y][x].scrollIntoView?.({ block, inline: block });
  }

  /** Write the title of the cell at p (null: none) from what it shows. */
  giveTitle(p) {
    if (!p) return;
    const title = this.shown[p.y]?.[p.x]?.title ?? null;
    const c = this.cells[p.y][p.x];
    if (title === null) c.removeAttribute("title");
    else if (c.title !== title) c.title = title;
  }

  key(x, y) {
    return y * this.w + x;
  }

  /** Show these tiles (rows of tile names). */
  render(tiles) {
    const h = tiles.length;
    const w = h ? tiles[0].length : 0;
    if (w !== this.w || h !== this.h) this.build(w, h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        if (this.tiles[y][x] !== tiles[y][x]) {
          this.tiles[y][x] = tiles[y][x];
          this.paint(x, y);
        }
      }
    }
  }

  /** Show these tiles, looking only at the cells listed ([x, y] pairs). */
  renderCells(tiles, cells) {
    for (const [x, y] of cells) {
      if (this.tiles[y][x] !== tiles[y][x]) {
        this.tiles[y][x] = tiles[y][x];
        this.paint(x, y);
      }
    }
  }

  build(w, h) {
    this.w = w;
    this.h = h;
    this.el.style.setProperty("--w", String(w));
    this.el.style.setProperty("--h", String(h));
    this.el.textContent = "";
    const host = this.host();
    this.cells = [];
    this.tiles = [];
    this.shown = []; // what each cell shows (paint's look), to write only changes
    this.pressed.clear();
    this.proof.clear();
    this.hintSafe.clear();
    this.hintGuess.clear();
    this.heat = null;
    this.cursor = null;
    // A grid of rows of cells for a screen reader (role grid, row, gridcell);
    // the rows take no room (display: contents), the cells are laid out by
    // the board's own CSS grid.
    const frag = document.createDocumentFragment();
    for (let y = 0; y < h; y++) {
      const row = [];
      const line = document.createElement("div");
      line.className = "row";
      line.setAttribute("role", "row");
      for (let x = 0; x < w; x++) {
        const c = document.createElement("div");
        c.dataset.x = String(x);
        c.dataset.y = String(y);
        c.id = `cell-${x}-${y}`;
        if (host === this.el) c.style.cssText = `--x:${x};--y:${y}`; // its place (style.css)
        c.setAttribute("role", "gridcell");
        row.push(c);
        line.appendChild(c);
      }
      frag.appendChild(line);
      this.cells.push(row);
      this.tiles.push(new Array(w).fill(null));
      this.shown.push(new Array(w).fill(null));
    }
    host.appendChild(frag);
  }

  /** The element the rows of cells go in (after the board was emptied). */
  host() {
    return this.el;
  }

  tile(x, y) {
    return this.inside(x, y) ? this.tiles[y][x] : null;
  }

  inside(x, y) {
    return x >= 0 && y >= 0 && x < this.w && y < this.h;
  }

  /** The cell under a DOM element, or null. */
  cellAt(target) {
    const c = target && target.closest ? target.closest(".c") : null;
    if (!c || !this.el.contains(c)) return null;
    return { x: Number(c.dataset.x), y: Number(c.dataset.y) };
  }

  neighbours(x, y) {
    const out = [];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++)
        if ((dx || dy) && this.inside(x + dx, y + dy)) out.push({ x: x + dx, y: y + dy });
    return out;
  }

  /** What cell (x, y) should show, as values: its class, text, heat colour,
   * percentage, title and spoken label. Subclasses add to it (look). */
  look(x, y) {
    const t = this.tiles[y][x] ?? "covered";
    const k = this.key(x, y);
    const out = { cls: "c ", text: "", heat: null, p: null, title: null, label: "", tile: t };
    if (isNumber(t)) {
      out.cls += `open n${t}`;
      out.text = t === "0" ? "" : t;
    } else {
      out.cls += t;
      out.text = t === "marked" ? "?" : "";
    }
    if (this.pressed.has(k) && isCovered(t)) out.cls += " pressed";
    if (this.proof.has(k)) out.cls += " proof";
    if (this.cursor === k) out.cls += " cursor";
    const hint = !isCovered(t) ? null : this.hintSafe.has(k) ? "safe" : this.hintGuess.has(k) ? "guess" : null;
    if (hint) out.cls += ` shadow-${hint}`;
    const p = this.heat && t === "covered" ? this.heat[y][x] : null;
    if (p !== null && p !== undefined) {
      out.cls += " heat";
      out.heat = heatColour(p);
      out.p = percent(p, 1);
      out.text = out.p;
      out.title = `mine probability ${percent(p, 10)}%`;
    }
    const said = this.proof.has(k) ? this.proofSaid : hint && (hint === "safe" ? "hint: safe" : "hint: best guess");
    out.label = spoken(t, p, x, y, said);
    return out;
  }

  /** Show what cell (x, y) should: only what differs from what it shows is
   * written, so that a cell whose look is unchanged costs the browser nothing
   * (no style, layout or paint), however often it is asked. */
  paint(x, y) {
    const look = this.look(x, y);
    this.show(x, y, look, this.shown[y][x] ?? {});
    this.shown[y][x] = look;
  }

  /** Write on cell (x, y)'s element what its look (look) has that what it
   * showed (was) had not. */
  show(x, y, look, was) {
    const c = this.cells[y][x];
    if (was.cls !== look.cls) c.className = look.cls;
    if (was.text !== look.text) c.textContent = look.text;
    if (was.heat !== look.heat) {
      if (look.heat === null) c.style.removeProperty("--heat");
      else c.style.setProperty("--heat", look.heat);
    }
    this.describe(c, look, was);
  }

  /** Write on cell element c what a screen reader (or a test) reads of it and
   * changed: its percentage, its label and its tile; a title written on hover
   * goes when the look changes. */
  describe(c, look, was) {
    if (was.p !== look.p) {
      if (look.p === null) delete c.dataset.p;
      else c.dataset.p = look.p;
    }
    if (was.title !== look.title && c.hasAttribute("title")) c.removeAttribute("title");
    if (was.label !== look.label) c.setAttribute("aria-label", look.label);
    if (was.tile !== look.tile) c.dataset.tile = look.tile;
  }

  setSet(name, cells) {
    const old = this[name];
    const next = new Set(cells.filter((p) => this.inside(p.x, p.y)).map((p) => this.key(p.x, p.y)));
    this[name] = next;
    for (const k of new Set([...old, ...next])) this.paint(k % this.w, Math.floor(k / this.w));
  }

  /** Cells that look held down (the mouse is on them). */
  setPressed(cells) {
    this.setSet("pressed", cells);
  }

  /** Numbers to highlight: those that prove the hint cell safe. */
  setProof(cells) {
    this.setSet("proof", cells);
  }

  /** The hints drawn lightly over covered cells: the safe ones, and the
   * best guess (null: none). */
  setHints(safe, guess) {
    this.setSet("hintSafe", safe);
    this.setSet("hintGuess", guess ? [guess] : []);
  }

  setCursor(p) {
    const old = this.cursor;
    this.cursor = p ? this.key(p.x, p.y) : null;
    if (old !== null && old < this.w * this.h) this.paint(old % this.w, Math.floor(old / this.w));
    if (p) {
      this.paint(p.x, p.y);
      this.bring(p.x, p.y, "nearest");
      this.el.setAttribute("aria-activedescendant", this.cells[p.y][p.x].id);
    } else this.el.removeAttribute("aria-activedescendant");
  }

  /** The cells showing one of these tiles, in reading order. */
  find(names) {
    const found = [];
    for (let y = 0; y < this.h; y++)
      for (let x = 0; x < this.w; x++) if (names.includes(this.tiles[y][x])) found.push({ x, y });
    return found;
  }

  /** Scroll the first cell showing one of these tiles into view. */
  scrollTo(names) {
    const [p] = this.find(names);
    if (p) this.bring(p.x, p.y, "nearest");
  }

  /** Scroll so that as many of these cells as fit are in view, the last one
   * surely: the middle of the box around them is centred (across and down, on
   * a board wider or taller than the screen), then the last cell brought in.
   * The hint's proof lay off a phone's screen, the hint at its edge. */
  bringIntoView(cells) {
    if (!cells.length) return;
    const xs = cells.map((p) => p.x);
    const ys = cells.map((p) => p.y);
    const mx = Math.round((Math.min(...xs) + Math.max(...xs)) / 2);
    const my = Math.round((Math.min(...ys) + Math.max(...ys)) / 2);
    this.bring(mx, my, "center");
    const last = cells[cells.length - 1];
    this.bring(last.x, last.y, "nearest");
  }

  /** Mine probabilities (rows of numbers or null) laid over covered cells;
   * null hides them. Every cell is asked; only those whose look changed are written. */
  setHeat(rows) {
    this.heat = rows;
    for (let y = 0; y < this.h; y++) for (let x = 0; x < this.w; x++) this.paint(x, y);
  }
}

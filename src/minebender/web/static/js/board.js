// The board on screen: a grid of cells drawn from the view's tiles. Only cells
// whose look changed are touched, so Expert stays smooth.

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
 * shows 99, not the 100 of a mine. */
export function percent(p, steps) {
  if (p <= 0) return "0";
  if (p >= 1) return "100";
  const lowest = 1 / steps;
  const v = Math.min(100 - lowest, Math.max(lowest, Math.round(p * 100 * steps) / steps));
  return String(Math.round(v * steps) / steps);
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
    this.pressed = new Set();
    this.proof = new Set();
    this.heat = null;
    this.cursor = null;
    this.proofSaid = "proves the hint"; // what a screen reader says of a highlighted number
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
    this.el.textContent = "";
    this.cells = [];
    this.tiles = [];
    this.pressed.clear();
    this.proof.clear();
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
        c.setAttribute("role", "gridcell");
        row.push(c);
        line.appendChild(c);
      }
      frag.appendChild(line);
      this.cells.push(row);
      this.tiles.push(new Array(w).fill(null));
    }
    this.el.appendChild(frag);
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

  paint(x, y) {
    const c = this.cells[y][x];
    const t = this.tiles[y][x] ?? "covered";
    const k = this.key(x, y);
    let cls = "c ";
    if (isNumber(t)) {
      cls += `open n${t}`;
      c.textContent = t === "0" ? "" : t;
    } else {
      cls += t;
      c.textContent = t === "marked" ? "?" : "";
    }
    if (this.pressed.has(k) && isCovered(t)) cls += " pressed";
    if (this.proof.has(k)) cls += " proof";
    if (this.cursor === k) cls += " cursor";
    const p = this.heat && t === "covered" ? this.heat[y][x] : null;
    if (p !== null && p !== undefined) {
      cls += " heat";
      // The square root spreads the small risks that matter most: 8% is
      // visibly not the green of a certainly safe cell.
      const hue = Math.round(120 * (1 - Math.sqrt(p)));
      c.style.setProperty("--heat", `hsla(${hue}, 90%, 48%, 0.5)`);
      c.dataset.p = percent(p, 1);
      c.title = `mine probability ${percent(p, 10)}%`;
    } else if (c.dataset.p !== undefined) {
      delete c.dataset.p;
      c.removeAttribute("title");
    }
    c.className = cls;
    c.dataset.tile = t;
    c.setAttribute("aria-label", spoken(t, p, x, y, this.proof.has(k) && this.proofSaid));
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

  setCursor(p) {
    const old = this.cursor;
    this.cursor = p ? this.key(p.x, p.y) : null;
    if (old !== null && old < this.w * this.h) this.paint(old % this.w, Math.floor(old / this.w));
    if (p) {
      this.paint(p.x, p.y);
      this.cells[p.y][p.x].scrollIntoView?.({ block: "nearest", inline: "nearest" });
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
    if (p) this.cells[p.y][p.x].scrollIntoView?.({ block: "nearest", inline: "nearest" });
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
    this.cells[my][mx].scrollIntoView?.({ block: "center", inline: "center" });
    const last = cells[cells.length - 1];
    this.cells[last.y][last.x].scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }

  /** Mine probabilities (rows of numbers or null) laid over covered cells; null hides them. */
  setHeat(rows) {
    this.heat = rows;
    for (let y = 0; y < this.h; y++) for (let x = 0; x < this.w; x++) this.paint(x, y);
  }
}

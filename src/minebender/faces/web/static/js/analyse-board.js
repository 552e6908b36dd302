// The analysis board on screen: the game's Board (board.js) with what the
// analysis says laid over it: each hidden cell's chance of a mine (its exact
// fraction in the cell's title and spoken label), safe cells and certain mines,
// dead cells, the best move, and the numbers of a proof or of a conflict.

import { heatColour, percent } from "./board.js";
import { CanvasBoard } from "./board-canvas.js";

// A board repeats few fractions (every cell off the front shares one): each
// text is read once, not once per cell and drawing (10,000 on 100x100).
const values = new Map();

/** "p/q", "0" or "1" as a number from 0 to 1. */
export function fractionValue(f) {
  if (f === null || f === undefined) return null;
  let v = values.get(f);
  if (v === undefined) {
    const [p, q] = String(f).split("/");
    v = q === undefined ? Number(p) : Number(p) / Number(q);
    if (values.size >= 100000) values.clear();
    values.set(f, v);
  }
  return v;
}

const WHAT = {
  safe: "safe",
  sure: "certainly a mine",
  dead: "dead: clicking it teaches nothing",
  best: "the best move",
  fifty: "half of a 50/50: one mine in its pair, which no click can tell apart",
  pseudo: "half of a pseudo-50/50: one mine or none in its pair, which no click can tell apart",
  guessset: "one of a set no click can split: a mine among them in every layout, placed only by a guess",
  pseudoset: "one of a pseudo set no click can split: when it holds a mine, only a guess places it",
};

export class AnalysisBoard extends CanvasBoard {
  constructor(el) {
    super(el);
    this.fractions = null; // rows of "p/q" or null, from the analysis
    this.marks = new Map(); // key -> Set of "safe" | "sure" | "dead" | "best"
    this.conflict = new Set();
    this.asked = new Set(); // the cell whose proof is shown
    this.proofSaid = "proves the asked cell";
  }

  build(w, h) {
    super.build(w, h);
    this.fractions = null;
    this.marks = new Map();
    this.conflict = new Set();
    this.asked = new Set();
  }

  look(x, y) {
    const out = super.look(x, y);
    const k = this.key(x, y);
    const t = out.tile;
    const f = this.fractions && (t === "covered" || t === "flagged") ? this.fractions[y][x] : null;
    const marks = this.marks.get(k);
    const extra = [];
    out.fraction = null;
    if (f !== null && f !== undefined) {
      const p = fractionValue(f);
      if (t === "flagged") {
        // the game's heat map leaves flags alone; here a flag is only a mark
        out.heat = heatColour(p);
        out.p = percent(p, 1);
        out.text = out.p;
        extra.push("heat");
      }
      const said = [...(marks ?? [])].map((m) => WHAT[m]);
      out.title = `mine probability ${f} (${percent(p, 10)}%)${said.length ? `: ${said.join(", ")}` : ""}`;
      out.label += `, ${out.title}`;
      out.fraction = f;
    }
    // a safe cell is not hatched as dead: with one layout left every safe cell
    // is, and the hatching covered the board; its title still says so
    if (marks) extra.push(...[...marks].filter((m) => !(m === "dead" && marks.has("safe"))).sort());
    if (this.conflict.has(k)) {
      extra.push("conflict");
      out.label += ", part of the conflict";
    }
    if (this.asked.has(k)) extra.push("asked");
    if (extra.length) out.cls += ` ${extra.join(" ")}`;
    return out;
  }

  paint(x, y) {
    const was = this.shown[y][x]?.fraction ?? null;
    super.paint(x, y);
    const now = this.shown[y][x].fraction;
    if (was === now) return;
    const c = this.cells[y][x];
    if (now === null) delete c.dataset.fraction;
    else c.dataset.fraction = now;
  }

  markCell(k, name) {
    if (!this.marks.has(k)) this.marks.set(k, new Set());
    this.marks.get(k).add(name);
  }

  /** What the analysis found: probabilities (rows of fractions, or null) and
   * the marked cells ({safe, sure, dead, best}: lists of [x, y], or undefined
   * for a kind not known yet, whose cells keep what they show). */
  setAnalysis(fractions, marks) {
    const before = { fractions: this.fractions, marks: this.marks };
    this.fractions = fractions;
    this.heat = fractions ? fractions.map((row) => row.map(fractionValue)) : null;
    this.marks = new Map();
    // a kind of mark given as undefined is not known yet: the cells keep it
    const kept = Object.entries(marks ?? {}).filter(([, cells]) => cells === undefined).map(([name]) => name);
    for (const [k, names] of before.marks) {
      for (const name of names) if (kept.includes(name)) this.markCell(k, name);
    }
    for (const [name, cells] of Object.entries(marks ?? {})) {
      for (const [x, y] of cells ?? []) {
        if (this.inside(x, y)) this.markCell(this.key(x, y), name);
      }
    }
    // Only the cells whose fraction or marks changed are painted again: after
    // one edit of a 200x200 board most stay as they were, and painting all
    // 40,000 took seconds.
    const said = (m) => (m ? [...m].sort().join(" ") : "");
    for (let y = 0; y < this.h; y++) {
      for (let x = 0; x < this.w; x++) {
        const k = this.key(x, y);
        const was = before.fractions ? before.fractions[y][x] : null;
        const now = fractions ? fractions[y][x] : null;
        if (was !== now || said(before.marks.get(k)) !== said(this.marks.get(k))) this.paint(x, y);
      }
    }
  }

  /** The shown numbers of a minimal impossible set, highlighted. */
  setConflict(cells) {
    this.setSet("conflict", cells);
  }

  /** The cell whose proof is shown. */
  setAsked(cells) {
    this.setSet("asked", cells);
  }
}

// The analysis board's position, as the page keeps it, and its edits: each
// cell one character of board text (docs/formats.md), changed in place.

import { AnalysisBoard } from "./analyse-board.js";
import { emptyPosition, isDigit, isHidden } from "./analyse-position.js";
import * as dlg from "./dialogs.js";
import { noteScrollbarWidth } from "./scrollbar.js";
import { count } from "./words.js";

export const $ = (id) => document.getElementById(id);

export const state = {
  pos: emptyPosition(30, 16, 99),
  tool: "toggle",
  cursor: null, // the keyboard's cell
  hover: null, // the mouse's cell: keys act there once the mouse moved last
  keysLast: false,
  sent: null, // the position of the analysis on screen (or on its way), as sent
  result: null,
  analysis: null, // AbortController of the analysis on its way
  asking: null, // AbortController of the proof on its way
  scheduled: false,
};

export const board = new AnalysisBoard($("board"));

// before the first board is laid out: its cells are sized from the room
// the page's vertical scrollbar leaves (style.css)
noteScrollbarWidth();

// ---------------------------------------------------------------- messages

export function status(text, isError = false) {
  const p = state.pos;
  const total = p.mines === null ? "total unknown" : count(p.mines, "mine");
  $("status-info").innerHTML = `<span>${p.w}\u00d7${p.h}, ${total}</span>`;
  const msg = text ? `<span id="status-msg" class="${isError ? "bad" : ""}">${dlg.esc(text)}</span>` : "";
  const live = $("status-live");
  if (live.innerHTML !== msg) live.innerHTML = msg;
}

// ---------------------------------------------------------------- edits

export const at = (x, y) => state.pos.cells[y * state.pos.w + x];

export function put(x, y, ch) {
  const p = state.pos;
  if (x < 0 || y < 0 || x >= p.w || y >= p.h || at(x, y) === ch) return false;
  p.cells[y * p.w + x] = ch;
  return true;
}

const flaggedAround = (x, y) => board.neighbours(x, y).filter((q) => at(q.x, q.y) === "F").length;

/** Hidden becomes revealed (showing its flagged neighbours: flag the mines
 * first and every number comes out right), revealed becomes hidden. */
export function toggle(x, y) {
  return put(x, y, isHidden(at(x, y)) ? String(flaggedAround(x, y)) : ".");
}

export function flag(x, y) {
  return put(x, y, at(x, y) === "F" ? "." : "F");
}

export function setNumber(x, y, n) {
  return put(x, y, String(n));
}

/** The wheel turns a revealed number up or down (0 to 8). */
export function turn(x, y, step) {
  const ch = at(x, y);
  if (!isDigit(ch)) return false;
  return setNumber(x, y, Math.min(8, Math.max(0, Number(ch) + step)));
}

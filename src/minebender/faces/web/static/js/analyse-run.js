// The analysis of the position on screen: asked anew after every edit (the
// one on its way aborted), drawn stage by stage; the proof of one cell; the
// line that describes the cell in sight.

import * as api from "./api.js";
import { drawAnalysis, drawFailure, drawPending, drawWhy, clearWhy } from "./analyse-panel.js";
import { fromSent, isHidden, isSent, tilesOf, toSent } from "./analyse-position.js";
import { $, at, board, flag, setNumber, state, status, toggle } from "./analyse-state.js";
import { came, drawn, editMade } from "./paint-marks.js";
import { saved } from "./storage.js";

// ---------------------------------------------------------------- the position

/** Show the position and analyse it anew: every edit ends here. */
export function changed({ fresh = false } = {}) {
  const p = state.pos;
  // the total locked to the flags (= flags): each edit counts them anew
  if ($("mines-flags").checked) p.mines = p.cells.filter((c) => c === "F").length;
  if (fresh) board.build(p.w, p.h);
  board.render(tilesOf(p));
  drawTotal();
  saved.set("analysis", toSent(p));
  status("");
  schedule();
}

// One request for all the edits of one event (a drag passes several cells
// between two frames): each edit aborts the analysis of the position it
// replaces, so the server stops working on it.
function schedule() {
  // what the panel shows is of the position before, from the edit on (the
  // request itself waits for the end of the event)
  $("results").dataset.state = "pending";
  if (state.scheduled) return;
  state.scheduled = true;
  setTimeout(() => {
    state.scheduled = false;
    analyseNow();
  }, 0);
}

function analyseNow() {
  state.analysis?.abort();
  state.asking?.abort();
  const sent = toSent(state.pos);
  state.sent = sent;
  const control = new AbortController();
  state.analysis = control;
  board.setProof([]);
  board.setAsked([]);
  board.setConflict([]);
  clearWhy();
  drawPending(control);
  const started = performance.now();
  // each stage is drawn as it comes: the count and the probabilities at once,
  // the best move, the win chances and the dead cells when they are found
  const partial = {};
  const drawStage = (stage) => {
    if (state.analysis !== control) return;
    Object.assign(partial, stage);
    if (partial.probabilities !== undefined) came("edit-arrived");
    drawAnalysis(board, partial, performance.now() - started);
    if (partial.probabilities !== undefined) drawn("edit-probabilities");
    describe(target());
  };
  api
    .analyseStream(sent, control.signal, drawStage)
    .then((res) => {
      if (state.analysis !== control) return;
      state.analysis = null;
      state.result = res;
      came("edit-arrived");
      if (res.consistent === false) {
        // a proof asked meanwhile found nothing: there is nothing to prove
        state.asking?.abort();
        board.setProof([]);
        board.setAsked([]);
        clearWhy();
      }
      drawAnalysis(board, res, performance.now() - started);
      drawn("edit-probabilities");
      drawn("edit-answer");
      describe(target()); // the fraction of the cell in sight, anew
    })
    .catch((err) => {
      if (err.name === "AbortError" || state.analysis !== control) return;
      state.analysis = null;
      state.result = null;
      board.setAnalysis(null, null);
      drawFailure(err.message);
    });
}

export function load(pos, note = "") {
  state.pos = pos;
  state.cursor = null;
  state.hover = null;
  changed({ fresh: true });
  if (note) status(note);
}

/** Open board text or a .mine position, read by the server; a text it
 * refuses changes nothing, and the status line says why. Resolves with
 * whether it opened. */
export async function loadText(text, where) {
  try {
    load(fromSent(await api.readPosition(text)), `Opened ${where}.`);
    return true;
  } catch (err) {
    if (!(err instanceof api.ApiError)) throw err;
    status(`${where}: ${err.message}`, true);
    return false;
  }
}

/** Open the position this browser kept: as the server sends positions, or
 * (kept by an older page) as board text. Resolves with whether it opened. */
export async function loadKept(kept) {
  if (typeof kept === "string") return loadText(kept, "the last position");
  if (!isSent(kept)) return false;
  load(fromSent(kept));
  return true;
}

/** What the tool does to cell p; true when the position changed. */
export function apply(p, tool = state.tool) {
  if (tool === "toggle") return toggle(p.x, p.y);
  if (tool === "flag") return flag(p.x, p.y);
  if (tool === "why") {
    ask(p);
    return false;
  }
  return setNumber(p.x, p.y, Number(tool));
}

export function edit(fn) {
  if (!fn()) return;
  editMade();
  changed();
  drawn("edit-cell");
}

// ---------------------------------------------------------------- why

export async function ask(p) {
  state.asking?.abort();
  board.setProof([]);
  board.setAsked([]);
  const ch = at(p.x, p.y);
  if (!isHidden(ch)) {
    drawWhy(p, null, "Only a hidden cell can be proved safe or a mine.");
    return;
  }
  // the answer on screen is this position's unless an analysis is on its way
  const res = state.analysis ? null : state.result;
  if (res && res.consistent === false) {
    drawWhy(p, null, "No layout fits this board: nothing can be proved on it.");
    return;
  }
  const control = new AbortController();
  state.asking = control;
  board.setAsked([p]);
  try {
    const { explanation, stopped } = await api.why(state.sent, [p.x, p.y], control.signal);
    if (state.asking !== control) return;
    state.asking = null;
    const fraction = res?.probabilities?.[p.y]?.[p.x] ?? null;
    drawWhy(p, explanation, null, { fraction, mines: state.pos.mines, stopped });
    if (explanation) {
      const cells = explanation.numbers.map(([x, y]) => ({ x, y }));
      board.setProof(cells);
      board.bringIntoView([...cells, p]);
    }
  } catch (err) {
    if (err.name === "AbortError" || state.asking !== control) return;
    state.asking = null;
    drawWhy(p, null, err.message);
  }
}

// ---------------------------------------------------------------- the total

function drawTotal() {
  const m = state.pos.mines;
  const input = $("mines");
  input.max = String(state.pos.w * state.pos.h);
  $("mines-unknown").checked = m === null;
  input.disabled = m === null || $("mines-flags").checked;
  if (m !== null && input.value !== String(m) && document.activeElement !== input) input.value = String(m);
}

// ---------------------------------------------------------------- the cell under the mouse or the cursor

export function describe(p) {
  const info = $("cell-info");
  if (!p || !board.inside(p.x, p.y)) {
    info.textContent = "";
    return;
  }
  const ch = at(p.x, p.y);
  const where = `(${p.x}, ${p.y})`;
  if (!isHidden(ch)) {
    info.textContent = ch === "*" ? `${where}: a revealed mine` : `${where}: shows ${ch}`;
    return;
  }
  const f = board.fractions?.[p.y]?.[p.x];
  const flagged = ch === "F" ? ", flagged" : "";
  if (f === null || f === undefined) {
    info.textContent = `${where}: hidden${flagged}`;
    return;
  }
  const title = board.shown[p.y][p.x].title;
  info.textContent = `${where}: hidden${flagged}, ${title}`;
}

/** The cell a key acts on: the mouse's once it moved last, else the cursor's. */
export const target = () => (!state.keysLast && state.hover ? state.hover : state.cursor);

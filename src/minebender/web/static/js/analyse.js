// The analysis board (/analyse): build or bring in a position, and see what
// the server's exact analysis says of it after every edit. The page keeps the
// position; the server (POST /api/analyse, /api/analyse/why) never sees a
// layout, only this text.

import * as api from "./api.js";
import { AnalysisBoard } from "./analyse-board.js";
import { controlsDialog, marksDialog, newBoardDialog, pasteDialog } from "./analyse-dialogs.js";
import { attachEditing } from "./analyse-input.js";
import { drawAnalysis, drawFailure, drawPending, drawWhy, clearWhy } from "./analyse-panel.js";
import {
  PositionError,
  checkMines,
  emptyPosition,
  isDigit,
  isHidden,
  readPosition,
  tilesOf,
  toBoardText,
  toMine,
} from "./analyse-position.js";
import * as dlg from "./dialogs.js";
import * as icons from "./icons.js";
import { keyAction } from "./input.js";
import { paramInLink } from "./links.js";
import { attachMenus, closeMenus } from "./menus.js";
import { noteScrollbarWidth } from "./scrollbar.js";
import { saved } from "./storage.js";
import { analyseLink, takePosition } from "./takeposition.js";
import { count } from "./words.js";

const $ = (id) => document.getElementById(id);

const state = {
  pos: emptyPosition(30, 16, 99),
  tool: "toggle",
  cursor: null, // the keyboard's cell
  hover: null, // the mouse's cell: keys act there once the mouse moved last
  keysLast: false,
  text: "", // the board text of the analysis on screen (or on its way)
  result: null,
  analysis: null, // AbortController of the analysis on its way
  asking: null, // AbortController of the proof on its way
  scheduled: false,
};

const board = new AnalysisBoard($("board"));

// before the first board is laid out: its cells are sized from the room
// the page's vertical scrollbar leaves (style.css)
noteScrollbarWidth();

// ---------------------------------------------------------------- messages

function status(text, isError = false) {
  const p = state.pos;
  const total = p.mines === null ? "total unknown" : count(p.mines, "mine");
  $("status-info").innerHTML = `<span>${p.w}\u00d7${p.h}, ${total}</span>`;
  const msg = text ? `<span id="status-msg" class="${isError ? "bad" : ""}">${dlg.esc(text)}</span>` : "";
  const live = $("status-live");
  if (live.innerHTML !== msg) live.innerHTML = msg;
}

// ---------------------------------------------------------------- the position

/** Show the position and analyse it anew: every edit ends here. */
function changed({ fresh = false } = {}) {
  const p = state.pos;
  if (fresh) board.build(p.w, p.h);
  board.render(tilesOf(p));
  drawTotal();
  saved.set("analysis", toBoardText(p));
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
  const text = toBoardText(state.pos);
  state.text = text;
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
    drawAnalysis(board, partial, performance.now() - started);
    describe(target());
  };
  api
    .analyseStream(text, undefined, control.signal, drawStage)
    .then((res) => {
      if (state.analysis !== control) return;
      state.analysis = null;
      state.result = res;
      if (res.consistent === false) {
        // a proof asked meanwhile found nothing: there is nothing to prove
        state.asking?.abort();
        board.setProof([]);
        board.setAsked([]);
        clearWhy();
      }
      drawAnalysis(board, res, performance.now() - started);
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

function load(pos, note = "") {
  state.pos = pos;
  state.cursor = null;
  state.hover = null;
  changed({ fresh: true });
  if (note) status(note);
}

function loadText(text, where) {
  try {
    load(readPosition(text), `Opened ${where}.`);
    return true;
  } catch (err) {
    if (!(err instanceof PositionError)) throw err;
    status(`${where}: ${err.message}`, true);
    return false;
  }
}

// ---------------------------------------------------------------- edits

const at = (x, y) => state.pos.cells[y * state.pos.w + x];

function put(x, y, ch) {
  const p = state.pos;
  if (x < 0 || y < 0 || x >= p.w || y >= p.h || at(x, y) === ch) return false;
  p.cells[y * p.w + x] = ch;
  return true;
}

const flaggedAround = (x, y) => board.neighbours(x, y).filter((q) => at(q.x, q.y) === "F").length;

/** Hidden becomes revealed (showing its flagged neighbours: flag the mines
 * first and every number comes out right), revealed becomes hidden. */
function toggle(x, y) {
  return put(x, y, isHidden(at(x, y)) ? String(flaggedAround(x, y)) : ".");
}

function flag(x, y) {
  return put(x, y, at(x, y) === "F" ? "." : "F");
}

function setNumber(x, y, n) {
  return put(x, y, String(n));
}

/** The wheel turns a revealed number up or down (0 to 8). */
function turn(x, y, step) {
  const ch = at(x, y);
  if (!isDigit(ch)) return false;
  return setNumber(x, y, Math.min(8, Math.max(0, Number(ch) + step)));
}

/** What the tool does to cell p; true when the position changed. */
function apply(p, tool = state.tool) {
  if (tool === "toggle") return toggle(p.x, p.y);
  if (tool === "flag") return flag(p.x, p.y);
  if (tool === "why") {
    ask(p);
    return false;
  }
  return setNumber(p.x, p.y, Number(tool));
}

function edit(fn) {
  if (fn()) changed();
}

// ---------------------------------------------------------------- why

async function ask(p) {
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
    const { explanation, stopped } = await api.why(state.text, undefined, [p.x, p.y], control.signal);
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
  input.disabled = m === null;
  if (m !== null && input.value !== String(m) && document.activeElement !== input) input.value = String(m);
}

$("mines").addEventListener("input", () => {
  const v = $("mines").value.trim();
  const error = $("mines-error");
  const n = /^[0-9]+$/.test(v) ? Number(v) : NaN;
  try {
    if (Number.isNaN(n)) throw new PositionError("the total of mines is a whole number of at least 0");
    checkMines(state.pos.w, state.pos.h, n);
  } catch (err) {
    error.textContent = err.message;
    return;
  }
  error.textContent = "";
  if (state.pos.mines === n) return;
  state.pos.mines = n;
  changed();
});

$("mines-unknown").addEventListener("change", () => {
  const unknown = $("mines-unknown").checked;
  $("mines-error").textContent = "";
  if (unknown) state.pos.mines = null;
  else {
    const v = Number($("mines").value);
    const fits = Number.isInteger(v) && v >= 0 && v <= state.pos.w * state.pos.h;
    state.pos.mines = fits && $("mines").value !== "" ? v : state.pos.cells.filter((c) => c === "F").length;
    $("mines").value = String(state.pos.mines);
  }
  changed();
});

// ---------------------------------------------------------------- tools

function setTool(tool) {
  state.tool = tool;
  for (const b of document.querySelectorAll(".tool")) b.setAttribute("aria-checked", String(b.dataset.tool === tool));
  board.el.dataset.tool = tool;
}

for (const b of document.querySelectorAll(".tool")) {
  b.addEventListener("click", () => {
    setTool(b.dataset.tool);
    board.el.focus({ preventScroll: true });
  });
}

// ---------------------------------------------------------------- the cell under the mouse or the cursor

function describe(p) {
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
  const title = board.cells[p.y][p.x].title;
  info.textContent = `${where}: hidden${flagged}, ${title}`;
}

attachEditing(board, {
  apply: (p, tool) => edit(() => apply(p, tool)),
  flag: (p) => edit(() => flag(p.x, p.y)),
  turn: (p, step) => edit(() => turn(p.x, p.y, step)),
  tool: () => state.tool,
  hover: (p) => {
    state.hover = p;
    if (p) state.keysLast = false;
    describe(p ?? (state.keysLast ? state.cursor : null));
  },
});

// ---------------------------------------------------------------- keys

/** The cell a key acts on: the mouse's once it moved last, else the cursor's. */
const target = () => (!state.keysLast && state.hover ? state.hover : state.cursor);

document.addEventListener("keydown", (e) => {
  if (dlg.dialogOpen() || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target instanceof HTMLElement && e.target.closest("input, textarea, select")) return;
  const onControl = e.target instanceof HTMLElement && e.target.closest("button, a");
  if (onControl && (e.key === "Enter" || e.key === " ")) return;
  if (e.key === "Escape") {
    closeMenus();
    board.setProof([]);
    board.setAsked([]);
    clearWhy();
    return;
  }
  const lower = e.key.toLowerCase();
  if (lower === "n") return void (e.preventDefault(), command("new"));
  if (lower === "o") return void (e.preventDefault(), command("open"));
  if (lower === "t") return void setTool("toggle");
  const moved = keyAction(board, state.cursor, e.key);
  if (moved && moved.cursor) {
    e.preventDefault();
    state.cursor = moved.cursor;
    state.keysLast = true;
    board.setCursor(moved.cursor);
    describe(moved.cursor);
    return;
  }
  const p = target();
  if (!p) return;
  if (e.key === " " || e.key === "Enter") {
    e.preventDefault();
    edit(() => apply(p));
  } else if (lower === "f") {
    e.preventDefault();
    edit(() => flag(p.x, p.y));
  } else if (/^[0-8]$/.test(e.key)) {
    e.preventDefault();
    edit(() => setNumber(p.x, p.y, Number(e.key)));
  } else if (e.key === "." || e.key === "Delete" || e.key === "Backspace") {
    e.preventDefault();
    edit(() => put(p.x, p.y, "."));
  } else if (lower === "w" || e.key === "?") {
    e.preventDefault();
    ask(p);
  } else return;
  describe(p);
});

// ---------------------------------------------------------------- bringing a position in

// Paste (Ctrl+V anywhere but a text field), a dropped file, Board > Open File.
document.addEventListener("paste", (e) => {
  if (dlg.dialogOpen() || (e.target instanceof HTMLElement && e.target.closest("input, textarea"))) return;
  const text = e.clipboardData?.getData("text/plain");
  if (!text) return;
  e.preventDefault();
  loadText(text, "the pasted text");
});

async function openFile(file) {
  if (!file) return;
  if (file.size > 10_000_000) {
    status(`${file.name}: a position file has at most 10 MB`, true);
    return;
  }
  loadText(await file.text(), file.name);
}

window.addEventListener("dragover", (e) => {
  if (e.dataTransfer?.types?.includes("Files")) {
    e.preventDefault();
    document.body.classList.add("dropping");
  }
});
window.addEventListener("dragleave", (e) => {
  if (!e.relatedTarget) document.body.classList.remove("dropping");
});
window.addEventListener("drop", (e) => {
  document.body.classList.remove("dropping");
  const file = e.dataTransfer?.files?.[0];
  if (!file) return;
  e.preventDefault();
  openFile(file);
});
$("open-file").addEventListener("change", () => {
  const input = $("open-file");
  openFile(input.files?.[0]).finally(() => (input.value = ""));
});

// ---------------------------------------------------------------- copying and saving

async function copyLink() {
  const link = new URL(analyseLink(toBoardText(state.pos)), location.href).href;
  try {
    await navigator.clipboard.writeText(link);
    status("The link to this position is copied.");
  } catch {
    await dlg.boardTextDialog(link, "position-link.txt", {
      title: "Link",
      intro: "The link to this position (press Ctrl+C to copy it):",
    });
  }
}

function mineDialog() {
  let text;
  try {
    text = toMine(state.pos);
  } catch (err) {
    return dlg.message(".mine Text", `This position cannot be written as .mine: ${err.message}.`);
  }
  return dlg.boardTextDialog(text, "position.mine", {
    title: ".mine Text",
    intro: "The position as a JSMinesweeper .mine file (H hidden, F flagged):",
  });
}

async function takeGame() {
  const game = saved.get("current", null);
  if (!game || !game.id || !game.token) {
    await dlg.message("Take the Game's Position", "This browser has no game to take: play one first.");
    return;
  }
  const text = await takePosition(game);
  if (text !== null) loadText(text, "the game's position");
}

// ---------------------------------------------------------------- menus

/** Make unique or minimize (POST /api/puzzle/...): the answer's board takes
 * the place of this one, and the status line says what changed. */
async function puzzleStep(how) {
  status(how === "minimize" ? "Minimizing..." : "Making the position unique...");
  const res = await api.puzzleStep(how, toBoardText(state.pos));
  load(readPosition(res.board));
  const n = how === "minimize" ? res.hidden.length : res.added.length;
  const nums = `${n} ${n === 1 ? "number" : "numbers"}`;
  status(
    how === "minimize"
      ? `Minimize hid ${nums}; one layout still fits (${res.difficulty}).`
      : `Make unique showed ${nums}; one layout fits now (${res.difficulty}).`,
  );
}

async function command(cmd) {
  closeMenus();
  try {
    if (cmd === "new") {
      const pos = await newBoardDialog(state.pos);
      if (pos) load(pos);
    } else if (cmd === "open") $("open-file").click();
    else if (cmd === "paste") {
      const pos = await pasteDialog();
      if (pos) load(pos, "Opened the pasted text.");
    } else if (cmd === "game") await takeGame();
    else if (cmd === "text") await dlg.boardTextDialog(toBoardText(state.pos), "position.txt");
    else if (cmd === "mine") await mineDialog();
    else if (cmd === "link") await copyLink();
    else if (cmd === "play") location.href = "/";
    else if (cmd === "controls") await controlsDialog();
    else if (cmd === "marks") await marksDialog();
    else if (cmd === "make-unique" || cmd === "minimize") await puzzleStep(cmd);
  } catch (err) {
    await dlg.message("Analysis Board", err.message);
  }
}

attachMenus(command);

// ---------------------------------------------------------------- start

$("title-icon").innerHTML = icons.mineIcon;
setTool("toggle");
const linked = paramInLink(location.search, "board");
const kept = saved.get("analysis", null);
if (linked !== null) {
  // the link's position is shown once; a reload shows the position as edited
  history.replaceState(null, "", location.pathname);
  if (!loadText(linked, "the link's position")) {
    const error = $("status-live").textContent;
    if (!(kept && loadText(kept, "the last position"))) load(emptyPosition(30, 16, 99));
    status(error, true);
  }
} else if (!(kept && loadText(kept, "the last position"))) load(emptyPosition(30, 16, 99));

// The analysis board (/analyse): build or bring in a position, and see what
// the server's exact analysis says of it after every edit. The page keeps the
// position; the server (POST /api/analyse, /api/analyse/why) never sees a
// layout, only this position. The server reads and writes its texts.
// Its parts: analyse-state.js (the position and its edits), analyse-run.js
// (its analysis), analyse-commands.js (the menus).

import { attachEditing } from "./analyse-input.js";
import { clearWhy } from "./analyse-panel.js";
import { PositionError, checkMines, emptyPosition } from "./analyse-position.js";
import { attachBringIn, command } from "./analyse-commands.js";
import { apply, ask, changed, describe, edit, load, loadKept, loadText, target } from "./analyse-run.js";
import { $, board, flag, put, setNumber, state, status, turn } from "./analyse-state.js";
import * as dlg from "./dialogs.js";
import * as icons from "./icons.js";
import { keyAction } from "./input.js";
import { paramInLink } from "./links.js";
import { attachMenus, closeMenus } from "./menus.js";
import { saved } from "./storage.js";
import { sentence } from "./words.js";

$("mines").addEventListener("input", () => {
  const v = $("mines").value.trim();
  const error = $("mines-error");
  const n = /^[0-9]+$/.test(v) ? Number(v) : NaN;
  try {
    if (Number.isNaN(n)) throw new PositionError("the total of mines is a whole number of at least 0");
    checkMines(state.pos.w, state.pos.h, n);
  } catch (err) {
    error.textContent = sentence(err.message);
    return;
  }
  error.textContent = "";
  if (state.pos.mines === n) return;
  state.pos.mines = n;
  changed();
});

$("mines-flags").addEventListener("change", () => {
  if ($("mines-flags").checked) $("mines-unknown").checked = false;
  $("mines-error").textContent = "";
  changed();
});

$("mines-unknown").addEventListener("change", () => {
  $("mines-flags").checked = false;
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

attachBringIn();
attachMenus(command);

// ---------------------------------------------------------------- start

$("title-icon").innerHTML = icons.mineIcon;
setTool("toggle");

/** The link's position (board text, read by the server), else the one this
 * browser kept, else an empty Expert board. */
async function start() {
  const linked = paramInLink(location.search, "board");
  const kept = saved.get("analysis", null);
  if (linked !== null) {
    // the link's position is shown once; a reload shows the position as edited
    history.replaceState(null, "", location.pathname);
    if (await loadText(linked, "the link's position")) return;
    const error = $("status-live").textContent;
    if (!(await loadKept(kept))) load(emptyPosition(30, 16, 99));
    status(error, true);
  } else if (!(await loadKept(kept))) load(emptyPosition(30, 16, 99));
}

start();

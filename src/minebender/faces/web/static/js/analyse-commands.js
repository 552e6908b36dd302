// The analysis board's menus: a position brought in (pasted, dropped, a
// file, the game's), copied or saved, made unique or minimized.

import * as api from "./api.js";
import { controlsDialog, marksDialog, newBoardDialog, pasteDialog } from "./analyse-dialogs.js";
import { keepDialog, keptDialog } from "./analyse-kept.js";
import { fromSent, toSent } from "./analyse-position.js";
import { load, loadText } from "./analyse-run.js";
import { $, state, status } from "./analyse-state.js";
import * as dlg from "./dialogs.js";
import { closeMenus } from "./menus.js";
import { saved } from "./storage.js";
import { analyseLink, takePosition } from "./takeposition.js";
import { SYMMETRIES, bookDialog, newPuzzleDialog, stepDialog } from "./analyse-workbench.js";
import { isBoardFile, mbfBase64 } from "./boardfile.js";
import { saveFile } from "./files.js";
import { sentence } from "./words.js";

// ---------------------------------------------------------------- bringing a position in

// Paste (Ctrl+V anywhere but a text field), a dropped file, Board > Open File.
export function attachBringIn() {
  document.addEventListener("paste", (e) => {
    if (dlg.dialogOpen() || (e.target instanceof HTMLElement && e.target.closest("input, textarea"))) return;
    const text = e.clipboardData?.getData("text/plain");
    if (!text) return;
    e.preventDefault();
    loadText(text, "the pasted text");
  });

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
}

async function openFile(file) {
  if (!file) return;
  if (file.size > 10_000_000) {
    status(`${file.name}: a position file has at most 10 MB`, true);
    return;
  }
  if (isBoardFile(file)) {
    // the server reads the board file (.mbf or .abf) and gives its position
    try {
      const { position } = await api.openBoardFile(file.name, await mbfBase64(file));
      load(fromSent(position), `Opened ${file.name}.`);
    } catch (err) {
      status(err.message, true);
    }
    return;
  }
  loadText(await file.text(), file.name);
}

// ---------------------------------------------------------------- copying and saving

/** The position on screen as board text, written by the server. */
const boardText = () => api.writePosition(toSent(state.pos), "board");

async function copyLink() {
  const link = new URL(analyseLink(await boardText()), location.href).href;
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

async function mineDialog() {
  let text;
  try {
    text = await api.writePosition(toSent(state.pos), "mine");
  } catch (err) {
    if (!(err instanceof api.ApiError) || err.status !== 422) throw err;
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

/** Make unique or minimize (POST /api/puzzle/...), with the symmetry chosen:
 * the answer's board takes the place of this one, and the status line says
 * what changed (and which flags the layout contradicted, taken off). */
async function puzzleStep(how) {
  const title = how === "minimize" ? "Minimize" : "Make Unique";
  if (state.pos.mines === null) {
    // one layout fits only among those of one total: ask for it in the page's words
    await dlg.message(title, "Set the total of mines first (the Mines field).");
    return;
  }
  const symmetry = await stepDialog(how);
  if (symmetry === null) return;
  status(how === "minimize" ? "Minimizing..." : "Making the position unique...");
  let res;
  try {
    res = await api.puzzleStep(how, await boardText(), symmetry);
  } catch (err) {
    status(""); // the dialog says why; "Making..." would stay for good
    throw err;
  }
  load(fromSent(await api.readPosition(res.board)));
  const n = how === "minimize" ? res.hidden.length : res.added.length;
  const nums = `${n} ${n === 1 ? "number" : "numbers"}`;
  const named = SYMMETRIES.find(([v]) => v === symmetry)?.[1] ?? symmetry;
  const shape = symmetry === "none" ? "" : ` (${named.toLowerCase()})`;
  const off = res.unflagged.length;
  const flags = off ? ` Took off ${off} ${off === 1 ? "flag" : "flags"} the layout makes safe.` : "";
  status(
    (how === "minimize"
      ? `Minimize hid ${nums}${shape}; one layout still fits (${res.difficulty}).`
      : `Make unique showed ${nums}${shape}; one layout fits now (${res.difficulty}).`) + flags,
  );
}

/** Puzzle > New Puzzle...: the puzzle made takes the place of the position. */
async function newPuzzle() {
  const res = await newPuzzleDialog(state.pos);
  if (!res) return;
  load(fromSent(await api.readPosition(res.board)));
  const named = SYMMETRIES.find(([v]) => v === res.symmetry)?.[1] ?? res.symmetry;
  const shape = res.symmetry === "none" ? "" : `, its numbers shown: ${named.toLowerCase()}`;
  const a = res.difficulty === "easy" ? "an" : "a";
  status(`Made ${a} ${res.difficulty} puzzle of seed ${res.seed}${shape}.`);
}

export async function command(cmd) {
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
    else if (cmd === "text") await dlg.boardTextDialog(await boardText(), "position.txt");
    else if (cmd === "mine") await mineDialog();
    else if (cmd === "save-mbf" || cmd === "save-abf") {
      const kind = cmd === "save-mbf" ? "mbf" : "abf";
      const bytes = await (kind === "mbf" ? api.positionMbf : api.positionAbf)(toSent(state.pos));
      saveFile(bytes, "application/octet-stream", `position.${kind}`);
      status(`Saved the flagged layout as position.${kind}.`);
    }
    else if (cmd === "link") await copyLink();
    else if (cmd === "keep") {
      const name = await keepDialog(await boardText());
      if (name) status(`Kept this position as \u201c${name}\u201d.`);
    } else if (cmd === "kept") {
      const got = await keptDialog();
      if (got) loadText(got.text, `\u201c${got.name}\u201d`);
    }
    else if (cmd === "play") location.href = "/";
    else if (cmd === "controls") await controlsDialog();
    else if (cmd === "marks") await marksDialog();
    else if (cmd === "make-unique" || cmd === "minimize") await puzzleStep(cmd);
    else if (cmd === "new-puzzle") await newPuzzle();
    else if (cmd === "book") {
      const name = await bookDialog(() => status("Making the book..."));
      status(name ? `Saved the book as ${name}.` : "");
    }
  } catch (err) {
    await dlg.message("Analysis Board", sentence(err.message));
  }
}

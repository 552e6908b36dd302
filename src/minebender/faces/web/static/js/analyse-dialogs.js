// The analysis board's own dialogs: a new board, pasted text, its controls
// and what its marks mean. dialogs.js draws them as it draws the game's.

import * as api from "./api.js";
import { MAX_SIDE, PositionError, checkMines, emptyPosition, fromSent, resized } from "./analyse-position.js";
import { heatColour } from "./board.js";
import { drawSample } from "./cell-paint.js";
import * as dlg from "./dialogs.js";
import { sentence } from "./words.js";

/** Text to open as a position: resolves with the position the server read,
 * or null; a text it refuses keeps the dialog open, saying why. */
export function pasteDialog() {
  return dlg.openDialog({
    title: "Paste Text",
    id: "paste-dialog",
    html:
      "<p>Board text (<code>minebender solve</code>'s) or a JSMinesweeper .mine position:</p>" +
      '<textarea name="text" rows="10" cols="34" spellcheck="false" aria-label="position text"></textarea>' +
      '<div class="error" data-error role="alert"></div>',
    buttons: [
      {
        label: "Open",
        primary: true,
        value: async (win) => {
          const text = win.querySelector("textarea").value;
          try {
            return fromSent(await api.readPosition(text));
          } catch (err) {
            if (!(err instanceof api.ApiError)) throw err;
            win.querySelector("[data-error]").textContent = sentence(err.message);
            return undefined;
          }
        },
      },
      { label: "Cancel", value: null },
    ],
    onOpen: (win) => win.querySelector("textarea").focus(),
  });
}

export function newBoardDialog(p) {
  const field = (name, label, v, max) =>
    `<label>${label}<input type="number" name="${name}" min="1" max="${max}" step="1" value="${v}"></label>`;
  const presets = [
    ["Beginner", 9, 9, 10],
    ["Intermediate", 16, 16, 40],
    ["Expert", 30, 16, 99],
  ];
  return dlg.openDialog({
    title: "New Board",
    id: "new-dialog",
    html:
      field("width", "Width:", p.w, MAX_SIDE) +
      field("height", "Height:", p.h, MAX_SIDE) +
      field("mines", "Mines:", p.mines ?? "", MAX_SIDE * MAX_SIDE) +
      '<label class="check"><input type="checkbox" name="unknown"> the total is unknown</label>' +
      '<p class="presets">' +
      presets.map(([n, w, h, m]) => `<button type="button" class="xpbtn" data-preset="${w},${h},${m}">${n}</button>`).join("") +
      "</p>" +
      `<p>Every cell hidden, up to ${MAX_SIDE}\u00d7${MAX_SIDE}.<br>Keep the cells: Resize.</p>` +
      '<div class="error" data-error role="alert"></div>',
    buttons: [
      { label: "New", primary: true, value: (win) => readSize(win, p, false) },
      { label: "Resize", value: (win) => readSize(win, p, true) },
      { label: "Cancel", value: null },
    ],
    onOpen: (win) => {
      const unknown = win.querySelector("input[name=unknown]");
      unknown.checked = p.mines === null;
      for (const b of win.querySelectorAll("[data-preset]")) {
        b.addEventListener("click", () => {
          const [w, h, m] = b.dataset.preset.split(",");
          win.querySelector("input[name=width]").value = w;
          win.querySelector("input[name=height]").value = h;
          win.querySelector("input[name=mines]").value = m;
          unknown.checked = false;
        });
      }
    },
  });
}

function readSize(win, pos, keep) {
  const error = win.querySelector("[data-error]");
  const get = (n) => win.querySelector(`input[name=${n}]`).value.trim();
  const size = {};
  for (const n of ["width", "height"]) {
    const v = get(n);
    if (!/^[0-9]+$/.test(v) || Number(v) < 1 || Number(v) > MAX_SIDE) {
      error.textContent = `The ${n} is a whole number from 1 to ${MAX_SIDE}.`;
      win.querySelector(`input[name=${n}]`).focus();
      return undefined;
    }
    size[n] = Number(v);
  }
  let mines = null;
  if (!win.querySelector("input[name=unknown]").checked) {
    const v = get("mines");
    mines = /^[0-9]+$/.test(v) ? Number(v) : NaN;
    try {
      if (Number.isNaN(mines)) throw new PositionError("The total of mines is a whole number (or tick: unknown).");
      checkMines(size.width, size.height, mines);
    } catch (err) {
      error.textContent = sentence(err.message);
      win.querySelector("input[name=mines]").focus();
      return undefined;
    }
  }
  return keep
    ? resized(pos, size.width, size.height, mines)
    : emptyPosition(size.width, size.height, mines);
}

export function controlsDialog() {
  return dlg.openDialog({
    title: "Controls",
    html: `<table>
      <tr><td>Left click, drag</td><td>what the chosen tool does, to every cell passed: hide or reveal, flag, a number, or why</td></tr>
      <tr><td>Right click</td><td>flag or unflag</td></tr>
      <tr><td>Wheel</td><td>a revealed number up or down</td></tr>
      <tr><td>Arrows</td><td>move the cursor</td></tr>
      <tr><td>Space / Enter</td><td>the tool at the cursor (or the cell under the mouse)</td></tr>
      <tr><td>0 to 8</td><td>reveal the cell with that number</td></tr>
      <tr><td>F / . / W</td><td>flag / hide / why</td></tr>
      <tr><td>Ctrl+V, drop a file</td><td>open board text, a .mine position or an .mbf/.abf board</td></tr>
      <tr><td>N / O</td><td>new board / open a file</td></tr>
      <tr><td>Touch</td><td>tap: the tool; long press: flag</td></tr></table>`,
  });
}

// What the legend shows: the cell's classes (the last character of a number's
// is its digit), its chance in percent (null: none) and what it means.
const SAMPLES = [
  ["covered heat safe", 0, "safe in every layout"],
  ["covered heat sure", 100, "a mine in every layout"],
  ["flagged heat safe", 0, "a wrong flag: the cell is safe in every layout"],
  ["covered heat dead", 33, "dead: it shows the same number in every layout where it is safe"],
  ["covered heat best", 12, "the move the bot would make"],
  ["covered heat fifty", 50, "a 50/50: one mine in a pair of cells no click can ever tell apart"],
  ["covered heat pseudo", 25, "a pseudo-50/50: one mine or none in such a pair, never two"],
  ["covered heat guessset", 50, "a set of 3 or 4 cells no click can split: only a guess places its mines"],
  ["covered heat pseudoset", 33, "a pseudo set: such a set that may hold no mine"],
  ["open proof n2", null, "a number that proves the asked cell"],
  ["open conflict n3", null, "a number of a conflict: no layout fits them all"],
];

export function marksDialog() {
  return dlg.openDialog({
    title: "What the Board Shows",
    html: `<p>Every hidden cell shows its exact chance of a mine, in percent;<br>
      hover it (or move the cursor there) for the exact fraction.</p>
      <table class="legend">${SAMPLES.map(([look, , what]) => `<tr><td><canvas class="sample" data-look="${look}"></canvas></td><td>${what}</td></tr>`).join("")}
      </table>`,
    // each sample drawn as the board draws its cells (cell-paint.js)
    onOpen: (win) => {
      win.querySelectorAll(".legend canvas").forEach((c, i) => {
        const [cls, p] = SAMPLES[i];
        const look = { cls: `c ${cls}`, text: p === null ? cls.slice(-1) : String(p), heat: p === null ? null : heatColour(p / 100) };
        drawSample(c, look, 24, document.getElementById("board"));
      });
    },
  });
}

// The puzzle workbench of the analysis board: whether the position on screen
// is a puzzle (exactly one layout) and its grade, asked anew after each edit
// that leaves one layout (POST /api/puzzle/grade, aborted by the next edit);
// Puzzle > New Puzzle... (a size, a difficulty and a symmetry of the numbers
// shown), the symmetry of Make Unique... and Minimize..., and Puzzle > Graded
// Book... (a PDF of puzzles of rising grade).

import * as api from "./api.js";
import * as dlg from "./dialogs.js";
import { saveFile } from "./files.js";

const $ = (id) => document.getElementById(id);

/** The symmetries of the numbers shown, as the server names them, and in words. */
export const SYMMETRIES = [
  ["none", "None"],
  ["left-right", "Mirror left-right"],
  ["up-down", "Mirror up-down"],
  ["both", "Both mirrors"],
  ["rotation", "Half turn (180\u00b0)"],
];

// ---------------------------------------------------------------- the grade, live

let asking = null; // the grade request on its way, aborted by the next edit
let askedFor = null; // the position it was asked for

function drawGrade(html, state) {
  const el = $("puzzle-grade");
  el.innerHTML = html;
  el.dataset.state = state;
}

/** An edit: the grade of the position before is dropped and its request aborted. */
export function gradeEdited() {
  asking?.abort();
  asking = null;
  askedFor = null;
  drawGrade("\u2026", "pending");
}

/** The count of the position (as the page sent it) has come: a grade is asked when
 * exactly one layout fits; else the panel says why it is no puzzle. Called
 * for each stage; asks once a position. */
export function gradeCounted(sent, res) {
  if (askedFor === sent) return;
  if (res.unique === undefined || res.unique === null) {
    // the whole answer without a count: the analysis stopped before it
    if (res.complete !== undefined) drawGrade("not known: the count did not finish", "none");
    return;
  }
  askedFor = sent;
  if (res.consistent === false) return drawGrade("none: no layout fits", "none");
  if (res.mines === null) return drawGrade("none: a puzzle needs the total of mines", "none");
  if (!res.unique) return drawGrade("not unique: more than one layout fits", "none");
  const control = new AbortController();
  asking = control;
  drawGrade("unique; grading\u2026", "grading");
  api
    .writePosition(sent, "board") // the puzzle routes take board text, written by the server
    .then((text) => (asking === control ? api.puzzleGrade(text, control.signal) : null))
    .then((g) => {
      if (asking !== control) return;
      asking = null;
      if (!g.unique) return drawGrade("not unique: more than one layout fits", "none");
      const link = `/puzzle?code=${encodeURIComponent(g.code)}`;
      drawGrade(
        `<b id="grade-difficulty">${g.difficulty}</b> <span id="grade-reasoning">(${dlg.esc(g.reasoning)})</span>, ` +
          `${g.clues} ${g.clues === 1 ? "number" : "numbers"} shown ` +
          `<a id="grade-play" href="${link}" target="_blank" title="${dlg.esc(g.code)}">Play it</a>`,
        "graded",
      );
      $("puzzle-grade").dataset.code = g.code;
    })
    .catch((err) => {
      if (err.name === "AbortError" || asking !== control) return;
      asking = null;
      // one layout fits: the line says so before why the grade is missing
      drawGrade(`unique, but not graded: <span class="bad">${dlg.esc(err.message)}</span>`, "error");
    });
}

// ---------------------------------------------------------------- dialogs

const number = (name, label, v, min, max) =>
  `<label>${label}<input type="number" name="${name}" min="${min}" max="${max}" step="1" value="${v}"></label>`;
// the puzzle routes take boards of at most 30x24 (720 cells)
const sizeFields = (pos) =>
  number("width", "Width:", Math.min(pos.w, 30), 1, 30) +
  number("height", "Height:", Math.min(pos.h, 24), 1, 24) +
  number("mines", "Mines:", Math.min(pos.mines ?? 20, 720), 0, 720);
const seedField = () => number("seed", "Seed:", "", 0, Number.MAX_SAFE_INTEGER);
const symmetryField = (chosen = "none") =>
  '<label>Numbers shown:<select name="symmetry">' +
  SYMMETRIES.map(([v, label]) => `<option value="${v}"${v === chosen ? " selected" : ""}>${label}</option>`).join("") +
  "</select></label>";

let lastSymmetry = "none"; // Make Unique and Minimize offer the symmetry chosen last

/** Puzzle > Make Unique... or Minimize... (how: "make-unique" or "minimize"):
 * the symmetry the numbers shown are to keep, or null (cancelled). */
export async function stepDialog(how) {
  const unique = how === "make-unique";
  const title = unique ? "Make Unique" : "Minimize";
  const said = unique
    ? "Numbers of a layout that fits are shown until only it fits;<br>" +
      "under a symmetry, each with its images."
    : "Numbers are hidden while one layout still fits; under a<br>" +
      "symmetry, each with its images, and those whose images are hidden first.";
  const got = await dlg.openDialog({
    title,
    id: "step-dialog",
    html:
      symmetryField(lastSymmetry) +
      `<p>${said}<br>Flags the layout agrees with stay; the others are taken off.</p>`,
    buttons: [
      { label: title, primary: true, value: (win) => win.querySelector("[name=symmetry]").value },
      { label: "Cancel", value: null },
    ],
  });
  if (got !== null) lastSymmetry = got;
  return got;
}

function readFields(win, names) {
  const out = {};
  for (const name of names) {
    const input = win.querySelector(`[name=${name}]`);
    const v = input.value.trim();
    if (input.tagName === "SELECT") out[name] = v;
    else if (v === "") out[name] = null;
    else if (!/^[0-9]+$/.test(v) || Number(v) < Number(input.min) || Number(v) > Number(input.max)) {
      win.querySelector("[data-error]").textContent = `${name}: a whole number from ${input.min} to ${input.max}`;
      return undefined;
    } else out[name] = Number(v);
  }
  return out;
}

/** Puzzle > New Puzzle...: the answer of POST /api/puzzle/new, or null. */
export async function newPuzzleDialog(pos) {
  const body = await dlg.openDialog({
    title: "New Puzzle",
    id: "new-puzzle-dialog",
    html:
      sizeFields(pos) +
      '<label>Difficulty:<select name="difficulty"><option value="">any</option>' +
      '<option value="easy">easy</option><option value="medium">medium</option><option value="hard">hard</option></select></label>' +
      symmetryField() +
      seedField() +
      "<p>Exactly one layout fits, and no number can be hidden<br>" +
      "(with its images, under a symmetry). A blank seed: a new one.</p>" +
      '<div class="error" data-error role="alert"></div>',
    buttons: [
      { label: "Make", primary: true, value: (win) => readFields(win, ["width", "height", "mines", "difficulty", "symmetry", "seed"]) },
      { label: "Cancel", value: null },
    ],
  });
  if (!body) return null;
  if (body.seed === null) delete body.seed;
  body.difficulty = body.difficulty || null;
  return api.puzzleNew(body);
}

// a book's puzzles as the command makes them: a board of the position's
// size could need more than the server's 30 s (easy Expert puzzles are rare)
const BOOK_SIZE = { w: 10, h: 10, mines: 20 };

/** Puzzle > Graded Book...: a PDF of puzzles of rising grade, saved; its
 * file name, or null. making() is called once the book is asked for. */
export async function bookDialog(making) {
  const body = await dlg.openDialog({
    title: "Graded Book",
    id: "book-dialog",
    html:
      number("count", "Puzzles:", 10, 1, 30) +
      sizeFields(BOOK_SIZE) +
      symmetryField() +
      seedField() +
      "<p>Easiest first, numbered from 0, each with its code;<br>the answers at the back. " +
      "As <code>minebender puzzle --book</code>.</p>" +
      '<div class="error" data-error role="alert"></div>',
    buttons: [
      { label: "Make PDF", primary: true, value: (win) => readFields(win, ["count", "width", "height", "mines", "symmetry", "seed"]) },
      { label: "Cancel", value: null },
    ],
  });
  if (!body) return null;
  if (body.seed === null) delete body.seed;
  making();
  const { pdf, seed } = await api.puzzleBook(body);
  const name = `puzzle-book-${seed}.pdf`;
  saveFile(pdf, "application/pdf", name);
  return name;
}

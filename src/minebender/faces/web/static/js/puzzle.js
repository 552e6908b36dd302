// The puzzle page (/puzzle): the numbers of a puzzle with one solution are
// shown; the player flags every mine and asks to check. The page only
// paints: the server reads a code (?code=... or typed) or makes a puzzle, and
// sends its numbers and grade (POST /api/puzzle/read, /new); it says which
// flags are wrong (/check). The page never holds the layout, and a code holds
// the clues only.

import { Board } from "./board.js";
import { ledDigits } from "./icons.js";
import { attachPointer } from "./input.js";
import { noteScrollbarWidth } from "./scrollbar.js";
import { count } from "./words.js";

noteScrollbarWidth();
const board = new Board(document.getElementById("board"));
const $ = (id) => document.getElementById(id);
const state = {
  puzzle: null,
  code: "",
  flags: new Set(),
  marks: new Set(),
  mines: new Set(),
  start: 0,
  end: null,
  shown: false,
};

/** POST a puzzle request; the answer, or an Error with the server's words. */
async function post(path, body) {
  let r;
  try {
    r = await fetch(`/api/puzzle/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error("the server cannot be reached");
  }
  const answer = await r.json().catch(() => ({}));
  if (!r.ok) {
    const detail = typeof answer.detail === "string" ? answer.detail : `the server said ${r.status}`;
    throw new Error(detail);
  }
  return answer;
}

function say(text, bad = false) {
  $("puzzle-message").textContent = text;
  $("puzzle-message").classList.toggle("bad", bad);
}

/** The size menu shows the puzzle in play; a size it lacks is added. */
function showSize(p) {
  const value = `${p.w}x${p.h}x${p.n}`;
  const menu = $("puzzle-size");
  if (![...menu.options].some((o) => o.value === value)) {
    menu.add(new Option(`${p.w}x${p.h}, ${p.n} ${p.n === 1 ? "mine" : "mines"}`, value));
  }
  menu.value = value;
}

function seconds() {
  if (!state.puzzle) return 0;
  const until = state.end ?? Date.now();
  return Math.floor((until - state.start) / 1000);
}

function drawLeds() {
  const left = state.puzzle ? state.puzzle.n - state.flags.size : 0;
  $("counter").innerHTML = ledDigits(left);
  $("counter").setAttribute("aria-label", `${count(left, "mine")} left`);
  $("timer").innerHTML = ledDigits(seconds());
}

function draw() {
  const p = state.puzzle;
  const rows = [];
  for (let y = 0; y < p.h; y++) {
    const row = [];
    for (let x = 0; x < p.w; x++) {
      const i = y * p.w + x;
      const n = p.numbers[y][x];
      if (n !== null) row.push(String(n));
      else if (state.marks.has(i)) row.push("wrong_flag");
      else if (state.flags.has(i)) row.push("flagged");
      else if (state.shown && state.mines.has(i)) row.push("mine");
      else row.push("covered");
    }
    rows.push(row);
  }
  board.render(rows);
  drawLeds();
}

/** The page's link to the puzzle in play. A code's letters are safe in a
 * link as they are: searchParams would write each colon as %3A. */
function link() {
  return `${new URL("/puzzle", location.href).href}?code=${state.code}`;
}

/** What a check says; the terminal (tui/puzzle_app.py) says the same. */
function checkWords(wrong, missed) {
  if (!wrong && !missed) return `Solved in ${count(seconds(), "second")}!`;
  const parts = [];
  if (wrong) parts.push(`${count(wrong, "wrong flag")} (crossed out)`);
  if (missed) parts.push(`${count(missed, "mine")} not flagged`);
  return `Not yet: ${parts.join(", ")}.`;
}

/** Put in play a puzzle as the server answers it (/new or /read). */
function load(answer) {
  const v = answer.view;
  state.puzzle = { w: v.width, h: v.height, n: v.mines, numbers: v.numbers };
  state.code = answer.code;
  state.flags = new Set();
  state.marks = new Set();
  state.mines = new Set();
  state.start = Date.now();
  state.end = null;
  state.shown = false;
  $("puzzle-code").value = state.code;
  $("puzzle-grade").textContent = answer.difficulty;
  $("puzzle-grade").title = `needs ${answer.reasoning}`;
  showSize(state.puzzle);
  history.replaceState(null, "", link());
  say(`Flag all ${count(state.puzzle.n, "mine")}, then Check.`);
  draw();
}

/** Ask the server for a puzzle of the chosen size; true once it is in play. */
async function newPuzzle() {
  const [w, h, n] = $("puzzle-size").value.split("x").map(Number);
  const difficulty = $("puzzle-difficulty").value || null;
  say("Making a puzzle...");
  $("puzzle-new").disabled = true;
  try {
    load(await post("new", { width: w, height: h, mines: n, difficulty }));
    return true;
  } catch (e) {
    say(`No puzzle: ${e.message}`, true);
    return false;
  } finally {
    $("puzzle-new").disabled = false;
  }
}

function toggle(p) {
  const s = state.puzzle;
  if (!s || state.end !== null || state.shown) return;
  const i = p.y * s.w + p.x;
  if (s.numbers[p.y][p.x] !== null) return;
  if (state.flags.has(i)) state.flags.delete(i);
  else state.flags.add(i);
  state.marks = new Set();
  draw();
}

/** The flags as [x, y], as the server takes them. */
function flagged() {
  const w = state.puzzle.w;
  return [...state.flags].map((i) => [i % w, Math.floor(i / w)]);
}

async function check() {
  const p = state.puzzle;
  if (!p || state.shown) return;
  const code = state.code;
  let answer;
  try {
    answer = await post("check", { code, flags: flagged() });
  } catch (e) {
    say(`No check: ${e.message}.`, true);
    return;
  }
  if (state.code !== code || state.shown) return; // another puzzle, or given up, meanwhile
  if (answer.solved) state.end ??= Date.now();
  else state.marks = new Set(answer.wrong.map(([x, y]) => y * p.w + x));
  say(checkWords(answer.wrong.length, answer.missed));
  draw();
}

async function reveal() {
  if (!state.puzzle || state.end !== null) return; // solved: the flags show it
  const p = state.puzzle, code = state.code;
  let answer;
  try {
    answer = await post("check", { code, flags: [], show: true });
  } catch (e) {
    say(`No solution: ${e.message}.`, true);
    return;
  }
  if (state.code !== code || state.end !== null) return;
  state.mines = new Set(answer.mines.map(([x, y]) => y * p.w + x));
  state.shown = true;
  state.end ??= Date.now();
  say("The solution: every mine is shown.");
  draw();
}

async function openCode() {
  const typed = $("puzzle-code").value.trim();
  if (!typed) {
    say("Type or paste a puzzle code first.", true);
    return;
  }
  say("Reading the code...");
  try {
    load(await post("read", { code: typed }));
  } catch (e) {
    say(`That code cannot be read: ${e.message}.`, true);
  }
}

async function share() {
  if (!state.code) return;
  // The link shows at once: the clipboard may never answer (a page without
  // focus, a browser asking for permission).
  const shared = link();
  say(`Share this link: ${shared}`);
  try {
    await navigator.clipboard.writeText(shared);
    if ($("puzzle-message").textContent.endsWith(shared)) say(`Link copied: ${shared}`);
  } catch {
    // the link is shown
  }
}

// The game's mouse and touch (input.js): a click, a right click, a tap and a
// long press all flag, since a puzzle has no cell to open.
const playing = () => state.puzzle !== null && state.end === null && !state.shown;
// A puzzle is only flagged: a left click (at its release) or a right press
// toggles the flag of the cell, a tap too.
const flagWith = (type, button, cell) => {
  if (cell && ((type === "up" && button === "left") || (type === "down" && button === "right"))) toggle(cell);
};
attachPointer(board, { enabled: playing, press: flagWith, open: toggle, holding: () => {} });
const el = $("board");
el.addEventListener("keydown", (e) => {
  const s = state.puzzle;
  if (!s) return;
  const at = board.cursor ?? 0;
  let x = at % s.w, y = Math.floor(at / s.w);
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (moves[e.key]) {
    x = Math.min(s.w - 1, Math.max(0, x + moves[e.key][0]));
    y = Math.min(s.h - 1, Math.max(0, y + moves[e.key][1]));
    board.setCursor({ x, y });
  } else if (e.key === "f" || e.key === "F" || e.key === " ") toggle({ x, y });
  else if (e.key === "Enter") check();
  else return;
  e.preventDefault();
});
$("puzzle-new").addEventListener("click", newPuzzle);
$("puzzle-check").addEventListener("click", check);
$("puzzle-reveal").addEventListener("click", reveal);
$("puzzle-open").addEventListener("click", openCode);
$("puzzle-code").addEventListener("keydown", (e) => {
  if (e.key === "Enter") openCode();
});
$("puzzle-share").addEventListener("click", share);
setInterval(drawLeds, 1000);

const given = new URLSearchParams(location.search).get("code");
if (given) {
  post("read", { code: given }).then(load, (e) => {
    // A new puzzle to play; the link's code stays in the box to be mended.
    newPuzzle().then((made) => {
      $("puzzle-code").value = given;
      say(`The link's code cannot be read: ${e.message}.${made ? " Here is a new puzzle." : ""}`, true);
    });
  });
} else newPuzzle();

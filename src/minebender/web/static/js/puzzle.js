// The puzzle page (/puzzle): the numbers of a puzzle with one solution are
// shown; the player flags every mine and asks to check. The puzzle comes from
// a code (?code=... or typed) or from POST /api/puzzle/new; the code holds
// the layout, so checking needs no server.

import { Board } from "./board.js";
import { ledDigits } from "./icons.js";
import { attachPointer } from "./input.js";
import { numberAt, parsePuzzleCode } from "./puzzlecode.js";
import { noteScrollbarWidth } from "./scrollbar.js";
import { count } from "./words.js";

noteScrollbarWidth();
const board = new Board(document.getElementById("board"));
const $ = (id) => document.getElementById(id);
const state = { puzzle: null, code: "", flags: new Set(), marks: new Set(), start: 0, end: null, shown: false };

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
      if (p.kinds[i] === 2) row.push(String(numberAt(p, i)));
      else if (state.marks.has(i)) row.push("wrong_flag");
      else if (state.flags.has(i)) row.push("flagged");
      else if (state.shown && p.kinds[i] === 1) row.push("mine");
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

function load(code, grade) {
  state.puzzle = parsePuzzleCode(code);
  state.code = code.trim();
  state.flags = new Set();
  state.marks = new Set();
  state.start = Date.now();
  state.end = null;
  state.shown = false;
  $("puzzle-code").value = state.code;
  $("puzzle-grade").textContent = grade ?? "";
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
    const r = await fetch("/api/puzzle/new", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ width: w, height: h, mines: n, difficulty }),
    });
    const body = await r.json();
    if (!r.ok) throw new Error(body.detail ?? `the server said ${r.status}`);
    load(body.code, body.difficulty);
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
  if (s.kinds[i] === 2) return;
  if (state.flags.has(i)) state.flags.delete(i);
  else state.flags.add(i);
  state.marks = new Set();
  draw();
}

function check() {
  const p = state.puzzle;
  if (!p || state.shown) return;
  const wrong = [...state.flags].filter((i) => p.kinds[i] !== 1);
  const missed = p.kinds.filter((k, i) => k === 1 && !state.flags.has(i)).length;
  if (!wrong.length && !missed) state.end ??= Date.now();
  else state.marks = new Set(wrong);
  say(checkWords(wrong.length, missed));
  draw();
}

function reveal() {
  if (!state.puzzle || state.end !== null) return; // solved: the flags show it
  state.shown = true;
  state.end ??= Date.now();
  say("The solution: every mine is shown.");
  draw();
}

function openCode() {
  if (!$("puzzle-code").value.trim()) {
    say("Type or paste a puzzle code first.", true);
    return;
  }
  try {
    load($("puzzle-code").value, "");
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
attachPointer(board, { enabled: playing, click: toggle, flag: toggle, chord: () => {}, holding: () => {} });
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
  try {
    load(given, "");
  } catch (e) {
    // A new puzzle to play; the link's code stays in the box to be mended.
    newPuzzle().then((made) => {
      $("puzzle-code").value = given;
      say(`The link's code cannot be read: ${e.message}.${made ? " Here is a new puzzle." : ""}`, true);
    });
  }
} else newPuzzle();

// The puzzle page (/puzzle): the numbers of a puzzle with one solution are
// shown; the player flags every mine and asks to check. The puzzle comes from
// a code (?code=... or typed) or from POST /api/puzzle/new; the code holds
// the layout, so checking needs no server.

import { Board } from "./board.js";
import { ledDigits } from "./icons.js";
import { numberAt, parsePuzzleCode } from "./puzzlecode.js";

const board = new Board(document.getElementById("board"));
const $ = (id) => document.getElementById(id);
const state = { puzzle: null, code: "", flags: new Set(), marks: new Set(), start: 0, end: null, shown: false };

function say(text) {
  $("puzzle-message").textContent = text;
}

function seconds() {
  if (!state.puzzle) return 0;
  const until = state.end ?? Date.now();
  return Math.floor((until - state.start) / 1000);
}

function drawLeds() {
  const left = state.puzzle ? state.puzzle.n - state.flags.size : 0;
  $("counter").innerHTML = ledDigits(left);
  $("counter").setAttribute("aria-label", `${left} mines left`);
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
  const url = new URL(location.href);
  url.searchParams.set("code", state.code);
  history.replaceState(null, "", url);
  say(`Flag all ${state.puzzle.n} mines, then Check.`);
  draw();
}

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
  } catch (e) {
    say(`No puzzle: ${e.message}`);
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
  if (!wrong.length && !missed) {
    state.end ??= Date.now();
    say(`Solved in ${seconds()} seconds!`);
    draw();
    return;
  }
  state.marks = new Set(wrong);
  const parts = [];
  if (wrong.length) parts.push(`${wrong.length} ${wrong.length === 1 ? "flag is" : "flags are"} wrong (crossed out)`);
  if (missed) parts.push(`${missed} ${missed === 1 ? "mine is" : "mines are"} not flagged yet`);
  say(parts.join("; ") + ".");
  draw();
}

function reveal() {
  if (!state.puzzle) return;
  state.shown = true;
  state.end ??= Date.now();
  say("The solution: every mine is shown.");
  draw();
}

function openCode() {
  try {
    load($("puzzle-code").value, "");
  } catch (e) {
    say(`That code cannot be read: ${e.message}.`);
  }
}

async function share() {
  if (!state.code) return;
  const url = new URL("/puzzle", location.href);
  url.searchParams.set("code", state.code);
  try {
    await navigator.clipboard.writeText(url.href);
    say(`Link copied: ${url.href}`);
  } catch {
    say(`Share this link: ${url.href}`);
  }
}

const el = $("board");
el.addEventListener("click", (e) => {
  const p = board.cellAt(e.target);
  if (p) toggle(p);
});
el.addEventListener("contextmenu", (e) => {
  e.preventDefault();
  const p = board.cellAt(e.target);
  if (p) toggle(p);
});
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
$("puzzle-share").addEventListener("click", share);
setInterval(drawLeds, 1000);

const given = new URLSearchParams(location.search).get("code");
if (given) {
  try {
    load(given, "");
  } catch (e) {
    say(`That code cannot be read: ${e.message}.`);
  }
} else newPuzzle();

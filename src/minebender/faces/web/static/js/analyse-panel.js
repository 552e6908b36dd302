// The analysis board's panel under the board: the exact count of layouts,
// the best move and its reason, the best guesses and the 50/50s
// (analyse-guesses.js), the win chances of a small endgame, whether
// the analysis ran out of time or memory, and the words of a proof or of a
// conflict. analyse-board.js lays the same answer over the cells.

import { percent } from "./board.js";
import { fractionValue } from "./analyse-board.js";
import { esc } from "./dialogs.js";
import { clearGuesses, drawGuesses, fiftyMarks } from "./analyse-guesses.js";
import { count, keepCells, sentence } from "./words.js";

const $ = (id) => document.getElementById(id);
const cellName = ([x, y]) => `(${x}, ${y})`;
const SHORT_DIGITS = 15;
const WINS_SHOWN = 6;

/** A count of layouts as people read it (HTML): grouped by thousands, or,
 * when long, its first digits and power of ten (the whole is given beside it). */
export function shortCount(digits) {
  if (digits.length <= SHORT_DIGITS) return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${digits[0]}.${digits.slice(1, 5)} \u00d7 10<sup>${digits.length - 1}</sup>`;
}

let pendingTimer = 0;

/** An analysis is on its way: said only if it takes a moment, so that quick
 * answers do not flicker. */
export function drawPending(control) {
  clearTimeout(pendingTimer);
  $("results").dataset.state = "pending";
  delete $("results").dataset.firstMs;
  pendingTimer = setTimeout(() => {
    if (control.signal.aborted) return;
    $("state").textContent = "Analysing\u2026";
    $("board").dataset.stale = "1"; // what the cells show is of the position before
  }, 150);
}

export function drawFailure(message) {
  clearTimeout(pendingTimer);
  delete $("board").dataset.stale;
  $("results").dataset.state = "error";
  $("state").innerHTML = `<span class="bad">${esc(sentence(message))}</span>`;
  $("count").textContent = "";
  $("best").textContent = "";
  $("wins").innerHTML = "";
  clearGuesses();
  $("conflict-note").hidden = true;
}

function drawCount(res) {
  const el = $("count");
  if (res.solutions === null || res.solutions === undefined) {
    el.textContent = "not counted before the analysis stopped";
    return;
  }
  const digits = String(res.solutions);
  let unique = "";
  if (res.unique) unique = '<span class="badge" id="unique">unique</span>';
  else if (digits !== "0" && res.unique === false) unique = '<span id="unique" class="not">not unique</span>';
  const n = digits.length;
  let html = `<span id="count-short">${shortCount(digits)}</span> ${unique}`;
  if (n > SHORT_DIGITS) {
    // every digit, wrapped, in a box that scrolls when there are thousands
    html +=
      `<span class="digits-note">${n.toLocaleString("en")} digits:</span>` +
      `<div class="digits" id="count-digits" tabindex="0" aria-label="every digit of the count">${digits}</div>`;
  }
  el.innerHTML = html;
  el.dataset.solutions = digits;
}

function drawBest(res) {
  const el = $("best");
  if (res.consistent === false) {
    el.textContent = "none: no layout fits this board";
  } else if (res.best === undefined) {
    el.textContent = "looking for it\u2026"; // its stage has not come yet
  } else if (!res.best) {
    el.textContent = res.best === null && res.best_reason ? res.best_reason : "none: nothing is hidden";
    if (res.stopped && res.best === null) el.textContent = "not found before the analysis stopped";
  } else {
    // the reason names the cell as a rule; it is said first when it does not
    const reason = res.best_reason ?? "";
    const named = reason.startsWith(cellName(res.best));
    el.innerHTML =
      `<b id="best-cell" data-cell="${res.best.join(",")}"${named ? " hidden" : ""}>${cellName(res.best)}</b> ` +
      `<span id="best-reason">${keepCells(esc(reason))}</span>`;
  }
}

// The chances to win by each guess: only when a guess is needed. Beside a
// safe cell the guesses' chances read as if one were (and a safe cell is
// never worse than the best of them).
function drawWins(res) {
  const el = $("wins");
  const wins = res.win_chances ?? res.win_partial;
  if (!wins || !wins.length || res.safe?.length) {
    el.innerHTML = "";
    return;
  }
  const rows = [...wins]
    .sort((a, b) => fractionValue(b.win) - fractionValue(a.win))
    .map(
      (w) =>
        `<tr data-cell="${w.cell[0]},${w.cell[1]}"><td>${cellName(w.cell)}</td>` +
        `<td class="num">${percent(fractionValue(w.win), 10)}%</td><td class="frac">${esc(w.win)}</td></tr>`,
    );
  const table = (body) => `<table><tr><th>Cell</th><th class="num">Win</th><th>Exactly</th></tr>${body}</table>`;
  // the best few in sight, the rest a click away
  const more = rows.length > WINS_SHOWN ? rows.splice(WINS_SHOWN) : [];
  // a search still running, or cut short, has the safest guesses done
  const guesses = (res.probabilities ?? []).flat().filter((p) => p !== null && p !== "0" && p !== "1").length;
  const done = res.win_chances ? "" : ` (${wins.length} of ${guesses} guesses searched${res.stopped ? "" : " so far"})`;
  el.innerHTML =
    `<div id="win-chances"><div class="caption">Chance to win with best play, by first move${done}</div>${table(rows.join(""))}` +
    (more.length ? `<details><summary>${more.length} more</summary>${table(more.join(""))}</details>` : "") +
    "</div>";
}

function drawConflict(res, mines) {
  const note = $("conflict-note");
  if (res.consistent !== false) {
    note.hidden = true;
    return;
  }
  if (res.conflict === undefined) {
    note.textContent = "No layout fits this board. Looking for the fewest numbers that say why\u2026";
    note.hidden = false;
    return;
  }
  const cells = res.conflict ?? [];
  const total = res.conflict_total ? ` together with the total of ${count(mines, "mine")}` : "";
  let text;
  if (!cells.length && res.conflict_total) text = `No layout fits this board: none that its numbers allow has a total of ${count(mines, "mine")}. Change the Mines field.`;
  else if (!cells.length) text = "No layout fits this board.";
  else {
    const these = cells.length === 1 ? "The highlighted number" : `These ${cells.length} highlighted numbers`;
    text = `No layout fits this board. ${these}${total} cannot all be right: drop any one of them and a layout fits the rest.`;
  }
  note.textContent = text;
  note.hidden = false;
}

/** What the page still waits for, in words, while the stages come. */
function awaited(res) {
  const parts = [];
  if (res.consistent === false && res.conflict === undefined) parts.push("the numbers that conflict");
  if (res.best === undefined) parts.push("the best move");
  if (res.dead === undefined) parts.push("dead cells");
  // past the dead cells, only an endgame's exact search is still to come
  else if (res.best_win === undefined) parts.push("the exact chance to win with best play");
  else if (res.win_chances === undefined) parts.push("every guess's chance to win");
  return parts.join(" and ").replace(/ and (?=.* and )/, ", ");
}

/** The answer of POST /api/analyse, ms after it was asked: the whole answer
 * (it has "complete"), or the stages come so far (the keys of those still to
 * come are missing). */
export function drawAnalysis(board, res, ms) {
  clearTimeout(pendingTimer);
  delete board.el.dataset.stale;
  const results = $("results");
  const whole = res.complete !== undefined;
  results.dataset.state = !whole ? "partial" : res.complete === false ? "stopped" : "done";
  results.dataset.consistent = String(res.consistent);
  // the times to the first drawing and to the whole answer, for a reader and for measuring
  if (results.dataset.firstMs === undefined) results.dataset.firstMs = String(Math.round(ms));
  if (whole) results.dataset.ms = String(Math.round(ms));
  // A mark whose stage has not come yet keeps what the board shows (of the
  // position before, faded): cleared and drawn again, the dead cells of a
  // 100x100 board restyled 10,000 cells twice an edit. The whole answer
  // replaces them all.
  const keep = (v) => (v === undefined && !whole ? undefined : (v ?? []));
  const marks = {
    safe: keep(res.safe),
    sure: keep(res.certain_mines),
    dead: keep(res.dead),
    best: res.best === undefined && !whole ? undefined : res.best ? [res.best] : [],
    ...fiftyMarks(res, whole),
  };
  board.setAnalysis(res.consistent === false ? null : (res.probabilities ?? null), marks);
  board.setConflict((res.conflict ?? []).map(([x, y]) => ({ x, y })));
  let state = `Analysed in ${Math.round(ms)} ms.`;
  // the count's own time: a later stage's would read as the count's
  if (!whole) state = `Counted in ${results.dataset.firstMs} ms. Looking for ${awaited(res)}\u2026`;
  // an endgame's exact move came, and only the table of every guess did not
  const before = res.best_win && !res.win_chances ? " before every guess's chance to win" : "";
  if (res.stopped === "time") state = `The analysis ran out of time${before}: what was known by then is shown.`;
  else if (res.stopped === "memory") state = "The analysis ran out of memory: what was known by then is shown.";
  $("state").innerHTML = res.stopped ? `<span class="bad" id="stopped">${state}</span>` : esc(state);
  drawCount(res);
  drawBest(res);
  drawGuesses(res);
  drawWins(res);
  drawConflict(res, res.mines);
}

/** Why cell p is safe or a mine (explanation as /api/analyse/why gives it,
 * with the cell's fraction, the total and why the search stopped, if it did),
 * or a sentence when there is nothing to show. */
export function drawWhy(p, explanation, sentence, { fraction = null, mines = null, stopped = null } = {}) {
  const note = $("why-note");
  const where = cellName([p.x, p.y]);
  if (sentence) note.textContent = `${where}: ${sentence}`;
  else if (!explanation && stopped) {
    note.textContent = `${where}: the search for a proof ran out of ${stopped === "memory" ? "memory" : "time"}.`;
  } else if (!explanation) {
    const chance = fraction === null ? "" : `: its chance of a mine is ${fraction} (${percent(fractionValue(fraction), 10)}%)`;
    note.textContent = `${where} is neither provably safe nor provably a mine${chance}.`;
  } else {
    const what = explanation.mine ? "a mine" : "safe";
    const total = explanation.uses_total ? ` with the total of ${count(mines, "mine")}` : "";
    const n = explanation.numbers.length;
    let text;
    if (!n) text = `${where} is ${what}: the total of ${count(mines, "mine")} alone proves it.`;
    else {
      const these = n === 1 ? "the highlighted number" : `the ${n} highlighted numbers`;
      text = `${where} is ${what}: ${these}${total} ${n === 1 ? "proves" : "prove"} it.`;
    }
    if (!explanation.smallest) text += " (A smaller set may exist: the search ran out of time.)";
    note.textContent = text;
  }
  note.hidden = false;
  note.dataset.cell = `${p.x},${p.y}`;
}

export function clearWhy() {
  const note = $("why-note");
  note.hidden = true;
  note.textContent = "";
  delete note.dataset.cell;
}

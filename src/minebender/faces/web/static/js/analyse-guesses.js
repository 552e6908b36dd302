// The analysis board's guesses, under the best move: the table of the best
// guesses with each one's exact chance to be safe, to give progress and to
// survive the next move too (and to win, in a small endgame), and the 50/50s,
// pseudo-50/50s and sets no click can split the board marks, in words.
// docs/analyse.md defines them.

import { percent } from "./board.js";
import { fractionValue } from "./analyse-board.js";
import { esc } from "./dialogs.js";

const $ = (id) => document.getElementById(id);
const cellName = ([x, y]) => `(${x}, ${y})`;

/** The cells of the board's pairs and sets of each kind, for its marks:
 * {fifty, pseudo, guessset, pseudoset}, each a list of [x, y] (undefined
 * while not known). */
export function fiftyMarks(res, whole) {
  const of = (found, kind) =>
    found === undefined && !whole ? undefined : (found ?? []).filter((f) => f.kind === kind).flatMap((f) => f.cells);
  return {
    fifty: of(res.fifties, "50/50"),
    pseudo: of(res.fifties, "pseudo"),
    guessset: of(res.guess_sets, "forced"),
    pseudoset: of(res.guess_sets, "pseudo"),
  };
}

const chance = (f) => `<td class="num" title="${esc(f)}">${percent(fractionValue(f), 10)}%</td>`;

function drawTable(res) {
  const el = $("guesses");
  const found = res.candidates;
  if (!found || !found.length) {
    el.innerHTML = "";
    return;
  }
  const wins = new Map((res.win_chances ?? res.win_partial ?? []).map((w) => [w.cell.join(","), w.win]));
  const best = res.best ? res.best.join(",") : "";
  const winHead = wins.size ? '<th class="num" title="the chance to win with best play">Win</th>' : "";
  const rows = found.map((c) => {
    const key = c.cell.join(",");
    const win = wins.size ? (wins.has(key) ? chance(wins.get(key)) : "<td></td>") : "";
    return (
      `<tr data-cell="${key}"${key === best ? ' class="best-row"' : ""}><td>${cellName(c.cell)}</td>` +
      `${chance(c.safe)}${chance(c.progress)}${chance(c.second)}${win}</tr>`
    );
  });
  el.innerHTML =
    '<div class="caption">The best guesses <span class="hover-note">(hover a figure for its exact fraction)</span></div>' +
    '<table><tr><th>Cell</th><th class="num" title="the chance it is safe">Safe</th>' +
    '<th class="num" title="the chance it is safe and a safe cell follows (or the board is cleared)">Progress</th>' +
    '<th class="num" title="the chance it is safe and the best next move is safe too">2nd safe</th>' +
    `${winHead}</tr>${rows.join("")}</table>`;
}

function drawFifties(res) {
  const note = $("fifties-note");
  const found = [...(res.fifties ?? []), ...(res.guess_sets ?? [])];
  if (!found.length) {
    note.hidden = true;
    note.textContent = "";
    return;
  }
  const said = (list, kind) =>
    (list ?? [])
      .filter((f) => f.kind === kind)
      .map((f) => f.cells.map(cellName).join("\u2013"))
      .join(", ");
  const parts = [];
  const marked = [
    ["fifty", "50/50", said(res.fifties, "50/50")],
    ["pseudo", "pseudo-50/50", said(res.fifties, "pseudo")],
    ["guessset", "set no click can split", said(res.guess_sets, "forced")],
    ["pseudoset", "pseudo set", said(res.guess_sets, "pseudo")],
  ];
  for (const [mark, name, cells] of marked) {
    if (cells) parts.push(`<span class="mark ${mark}"></span> ${name}: ${cells}`);
  }
  // a pseudo kind may hold no mine: the guess waits only when it holds one;
  // a pair's is a coin flip, a set's may have worse odds
  const sets = res.guess_sets?.length > 0;
  const pairs = res.fifties?.length > 0;
  const noun = sets ? (pairs ? "pair or set" : "set") : "pair";
  const whose = pairs && !sets ? "the two cells of a pair" : `the cells of a ${noun.replace(" or ", " or a ")}`;
  const guess = sets ? "a guess" : "a coin flip";
  const maybe = found.some((f) => f.kind === "pseudo");
  const flip = maybe ? `whenever the ${noun} holds a mine, ${guess} waits there` : `${guess} waits there`;
  note.innerHTML =
    `${parts.join("; ")}. <span class="why">No later click can tell ${whose} apart:` +
    ` ${flip}, so guessing it now costs nothing.</span>`;
  note.hidden = false;
}

/** The guesses' table and the pairs' note, from an answer of POST /api/analyse. */
export function drawGuesses(res) {
  drawTable(res);
  drawFifties(res);
}

export function clearGuesses() {
  $("guesses").innerHTML = "";
  $("fifties-note").hidden = true;
}

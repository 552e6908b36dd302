// The analysis board's guesses, under the best move: the table of the best
// guesses with each one's exact chance to be safe, to give progress and to
// survive the next move too (and to win, in a small endgame), and the 50/50s
// and pseudo-50/50s the board marks, in words. docs/analyse.md defines them.

import { percent } from "./board.js";
import { fractionValue } from "./analyse-board.js";
import { esc } from "./dialogs.js";

const $ = (id) => document.getElementById(id);
const cellName = ([x, y]) => `(${x}, ${y})`;

/** The cells of the board's pairs of each kind, for its marks:
 * {fifty, pseudo}, each a list of [x, y] (undefined while not known). */
export function fiftyMarks(res, whole) {
  if (res.fifties === undefined && !whole) return { fifty: undefined, pseudo: undefined };
  const of = (kind) => (res.fifties ?? []).filter((f) => f.kind === kind).flatMap((f) => f.cells);
  return { fifty: of("50/50"), pseudo: of("pseudo") };
}

const chance = (f) => `<td class="num" title="${esc(f)}">${percent(fractionValue(f), 10)}%</td>`;

function drawTable(res) {
  const el = $("guesses");
  const found = res.candidates;
  if (!found || !found.length) {
    el.innerHTML = "";
    return;
  }
  const wins = new Map((res.win_chances ?? []).map((w) => [w.cell.join(","), w.win]));
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
  const pairs = res.fifties;
  if (!pairs || !pairs.length) {
    note.hidden = true;
    note.textContent = "";
    return;
  }
  const said = (kind) =>
    pairs
      .filter((f) => f.kind === kind)
      .map((f) => `${cellName(f.cells[0])}\u2013${cellName(f.cells[1])}`)
      .join(", ");
  const parts = [];
  const fifty = said("50/50");
  const pseudo = said("pseudo");
  if (fifty) parts.push(`<span class="mark fifty"></span> 50/50: ${fifty}`);
  if (pseudo) parts.push(`<span class="mark pseudo"></span> pseudo-50/50: ${pseudo}`);
  // a pseudo-50/50 may hold no mine: the coin flip waits only when it holds one
  const flip = pseudo ? "whenever the pair holds a mine, a coin flip waits there" : "a coin flip waits there";
  note.innerHTML =
    `${parts.join("; ")}. <span class="why">No later click can tell the two cells of a pair apart:` +
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

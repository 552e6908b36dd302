// The end screen under the board: how the game ended, time, 3BV, 3BV/s,
// IOE, clicks and assists, and what to do next.

import { esc, seconds } from "./dialogs.js";

const $ = (id) => document.getElementById(id);

export function drawEnd(v, actions) {
  const panel = $("endpanel");
  if (v.status === "playing" || v.status === "abandoned") {
    panel.classList.remove("shown");
    panel.innerHTML = "";
    return;
  }
  let head;
  if (v.status === "won") head = "You won!";
  else if (v.reason === "hint") head = "Too early! The green cell was provably safe: the assist is for when no cell is.";
  else head = "Boom! You revealed a mine.";
  const c = v.clicks;
  const clicks = c.left + c.right + c.chord;
  const proofNote = v.reason === "hint" ? '<p id="proof-note" hidden></p>' : "";
  panel.innerHTML =
    `<h2 id="end-title" data-status="${v.status}" data-reason="${v.reason ?? ""}">${esc(head)}</h2>${proofNote}` +
    '<dl id="end-stats">' +
    `<dt>Time</dt><dd data-stat="time">${seconds(v.elapsed_ms)} s</dd>` +
    `<dt>3BV</dt><dd data-stat="bbbv">${v.bbbv_solved} / ${v.bbbv}</dd>` +
    `<dt>3BV/s</dt><dd data-stat="bbbv_per_s">${v.bbbv_per_s === null || v.bbbv_per_s === undefined ? "\u2013" : v.bbbv_per_s.toFixed(3)}</dd>` +
    // IOE (3BV done per click) as the review and the progress name it
    `<dt title="3BV done per click">IOE</dt><dd data-stat="efficiency">${v.efficiency === null ? "\u2013" : (v.efficiency / 100).toFixed(3)}</dd>` +
    `<dt data-for="clicks">Clicks</dt><dd data-stat="clicks">${clicks} (${c.left} left, ${c.right} right, ${c.chord} chord)</dd>` +
    `<dt>Assists</dt><dd data-stat="assists">${c.assist}</dd></dl>` +
    '<div class="actions"><button type="button" class="xpbtn" id="watch-replay">Watch replay</button>' +
    '<button type="button" class="xpbtn" id="export-replay">Export replay</button>' +
    '<button type="button" class="xpbtn" id="show-code">Board code</button>' +
    '<button type="button" class="xpbtn" id="play-again">New game</button></div>';
  panel.classList.add("shown");
  $("watch-replay").onclick = actions.watch;
  $("export-replay").onclick = actions.export;
  $("show-code").onclick = actions.code;
  $("play-again").onclick = actions.again;
}

/** Highlight-side text for the numbers that prove the hint cell safe. */
export function showProof(proof) {
  const note = $("proof-note");
  if (!note || !proof || !proof.cells) return;
  const total = proof.uses_total ? " with the total number of mines" : "";
  note.textContent = proof.cells.length
    ? `The highlighted numbers${total} prove it safe.`
    : "The total number of mines proves it safe.";
  note.hidden = false;
}

// The one viewer of a recorded game, minebender's or another client's: the
// board at any moment (frames from the server, review/frames.py), played at
// any speed, stepped move by move or jumped to; the mouse path where the record
// has one; each move's verdict drawn on its cell as it is played, and before a
// needless guess the proof that a safe cell was there. The server decides it
// all (review/report.py); this only paints.

import { Board, tilesFromRows } from "./board.js";
import { ledDigits } from "./icons.js";
import * as words from "./words.js";

/** The class of a move's verdict: guesses stand out, needless ones most. */
export function kind(verdict) {
  if (verdict === "needless guess" || verdict === "certain mine") return "needless";
  if (verdict === "riskier than the best guess") return "risky";
  if (verdict === "forced guess") return "guess";
  if (verdict === "safe" || verdict === "first click") return "safe";
  return "";
}

const COLOURS = { safe: "#1f8f2f", guess: "#e08a00", risky: "#b03fd0", needless: "#d01818" };
const PROOF = "#1b5fd6";
const TRAIL_MS = 1000;

/** The legend of the marks the viewer draws on the board. */
export const LEGEND =
  '<div class="viewer-legend" data-legend>' +
  Object.entries({ safe: "safe", guess: "forced guess", risky: "riskier than the safest", needless: "needless guess" })
    .map(([k, label]) => `<span><i style="border-color:${COLOURS[k]}"></i>${label}</span>`)
    .join("") +
  `<span><i style="border-color:${PROOF}"></i>proof (the numbers)</span>` +
  `<span><i style="border-color:${COLOURS.safe};border-style:dashed"></i>the safe cell (or the certain mine)</span>` +
  '<span><i class="dot"></i>mouse</span></div>';

/** The viewer's controls and board, as HTML to put in a dialog. */
export function viewerHtml(frames, width) {
  const end = frames[frames.length - 1].t;
  const cell = Math.max(18, Math.min(32, Math.floor(540 / width))); // a small board is drawn larger
  return (
    '<div class="replay"><div class="top sunken2" style="display:flex;justify-content:space-between">' +
    '<div class="led" data-count role="img"></div><div class="led" data-time role="img"></div></div>' +
    `<div class="board-scroll"><div class="sunken viewer-stage"><div class="board" data-board role="grid" aria-label="the board of this move" style="--cell:${cell}px"></div>` +
    '<canvas class="viewer-marks" data-marks aria-hidden="true"></canvas></div></div>' +
    '<div class="replay-controls">' +
    '<button type="button" class="xpbtn" data-first title="first">|&lt;</button>' +
    '<button type="button" class="xpbtn" data-back title="back one move">&lt;</button>' +
    '<button type="button" class="xpbtn" data-play title="play">Play</button>' +
    '<button type="button" class="xpbtn" data-next title="forward one move">&gt;</button>' +
    '<button type="button" class="xpbtn" data-last title="last">&gt;|</button>' +
    `<input type="range" min="0" max="${end}" value="0" data-slider aria-label="time">` +
    '<select data-speed title="speed" aria-label="speed">' +
    ["0.25", "0.5", "1", "2", "4", "8"].map((s) => `<option value="${s}"${s === "1" ? " selected" : ""}>${s}\u00d7</option>`).join("") +
    "</select></div>" +
    LEGEND +
    '<div class="replay-info" data-info></div></div>'
  );
}

/** The frame shown at time t: the last one at or before it. */
export function frameAt(frames, t) {
  let lo = 0;
  let hi = frames.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (frames[mid].t <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function describe(d, i) {
  const f = d.frames[i];
  const m = i ? d.moves[i - 1] : null;
  const where = m && m.x !== null ? ` (${m.x}, ${m.y})` : "";
  return `move ${i} of ${d.moves.length} \u00b7 ${(f.elapsed_ms / 1000).toFixed(3)} s` + (m ? ` \u00b7 ${m.type}${where} \u00b7 ${m.verdict}` : "");
}

/** Paint the marks: the last move's verdict, the proof before a needless
 * guess, and the pointer's trail up to time t. */
function paintMarks(canvas, boardEl, d, i, t, proofs) {
  const w = d.width;
  const h = d.height;
  const cw = boardEl.clientWidth / w;
  const ch = boardEl.clientHeight / h;
  canvas.width = boardEl.clientWidth;
  canvas.height = boardEl.clientHeight;
  canvas.style.left = `${boardEl.offsetLeft}px`;
  canvas.style.top = `${boardEl.offsetTop}px`;
  const g = canvas.getContext("2d");
  g.clearRect(0, 0, canvas.width, canvas.height);
  const box = (x, y, colour, dash) => {
    g.strokeStyle = colour;
    g.lineWidth = Math.max(2, cw / 8);
    g.setLineDash(dash ? [cw / 5, cw / 8] : []);
    g.strokeRect(x * cw + g.lineWidth / 2, y * ch + g.lineWidth / 2, cw - g.lineWidth, ch - g.lineWidth);
  };
  const m = i ? d.moves[i - 1] : null;
  if (m && m.x !== null && kind(m.verdict)) box(m.x, m.y, COLOURS[kind(m.verdict)], false);
  const proof = proofs.get(i);
  if (proof) {
    proof.numbers.forEach(([x, y]) => box(x, y, PROOF, false));
    box(proof.cell[0], proof.cell[1], proof.mine ? COLOURS.needless : COLOURS.safe, true);
  }
  const p = d.pointer || [];
  const sx = cw / 16;
  const sy = ch / 16;
  g.setLineDash([]);
  g.strokeStyle = "rgba(0,0,0,0.45)";
  g.lineWidth = 1.5;
  g.beginPath();
  let last = null;
  for (let k = 0; k < p.length && p[k][0] <= t; k++) {
    if (p[k][0] < t - TRAIL_MS) continue;
    const [, x, y] = p[k];
    if (last) g.lineTo(x * sx, y * sy);
    else g.moveTo(x * sx, y * sy);
    last = p[k];
  }
  g.stroke();
  if (last) {
    g.fillStyle = "#ffffff";
    g.strokeStyle = "#000000";
    g.beginPath();
    g.arc(last[1] * sx, last[2] * sy, Math.max(3, cw / 5), 0, 2 * Math.PI);
    g.fill();
    g.stroke();
  }
}

const KEYS = { ArrowLeft: "back", ArrowRight: "next", Home: "first", End: "last" };

/** Step the viewer with the keys of the terminal's: \u2190/\u2192 a move,
 * Home/End the first and last; on the time slider too, which would
 * otherwise take them to move itself a millisecond. The speed list keeps
 * its arrows, and a key with Ctrl, Alt or Meta is left alone. */
function attachKeys(win, moves) {
  // on the document, in the capture phase, after the dialog's own listener
  // (which keeps every key from the page behind): so they reach us
  const onKey = (e) => {
    if (!win.isConnected) return document.removeEventListener("keydown", onKey, true);
    const name = KEYS[e.key];
    if (!name || e.ctrlKey || e.altKey || e.metaKey) return;
    if (!document.getElementById("dialogs")?.lastElementChild?.contains(win)) return; // a message over it
    if (e.target.closest?.("select, textarea") || e.target.matches?.("input:not([type=range])")) return;
    e.preventDefault();
    moves[name]();
  };
  document.addEventListener("keydown", onKey, true);
}

/** Attach the viewer to its HTML in win. ``onMove(i)`` hears the frame shown
 * (the list beside follows it); the returned object steps it from outside. */
export function attachViewer(win, d, onMove = () => {}) {
  const frames = d.frames;
  const boardEl = win.querySelector("[data-board]");
  const board = new Board(boardEl);
  const canvas = win.querySelector("[data-marks]");
  const slider = win.querySelector("[data-slider]");
  const playBtn = win.querySelector("[data-play]");
  const proofs = new Map(((d.coaching && d.coaching.proofs) || []).map((p) => [p.move, p]));
  let i = -1;
  let t = 0;
  let timer = null;
  const draw = (k, at) => {
    t = at;
    if (k !== i) {
      i = k;
      const f = frames[i];
      board.render(tilesFromRows(f.rows));
      const count = win.querySelector("[data-count]");
      count.innerHTML = ledDigits(f.mines_left);
      count.setAttribute("aria-label", `${words.count(f.mines_left, "mine")} left`);
      const time = win.querySelector("[data-time]");
      time.innerHTML = ledDigits(f.timer); // as the game's timer showed it (the server says)
      time.setAttribute("aria-label", `${f.timer} seconds`);
      win.querySelector("[data-info]").textContent = describe(d, i);
      onMove(i);
    }
    slider.value = String(t);
    paintMarks(canvas, boardEl, d, i, t, proofs);
  };
  const stop = () => {
    if (timer !== null) cancelAnimationFrame(timer);
    timer = null;
    playBtn.textContent = "Play";
  };
  const show = (k) => {
    const j = Math.max(0, Math.min(frames.length - 1, k));
    draw(j, frames[j].t);
  };
  const step = (k) => (stop(), show(k));
  const play = () => {
    if (timer !== null) return stop();
    if (i >= frames.length - 1) show(0);
    playBtn.textContent = "Pause";
    let wall = performance.now();
    const tick = (now) => {
      if (!win.isConnected) return stop(); // the dialog closed by Esc
      const speed = Number(win.querySelector("[data-speed]").value);
      const next = t + (now - wall) * speed;
      wall = now;
      const end = frames[frames.length - 1].t;
      draw(frameAt(frames, Math.min(next, end)), Math.min(next, end));
      if (next >= end) return stop();
      timer = requestAnimationFrame(tick);
    };
    timer = requestAnimationFrame(tick);
  };
  const moves = {
    first: () => step(0),
    back: () => step(t > frames[i].t ? i : i - 1),
    next: () => step(i + 1),
    last: () => step(frames.length - 1),
  };
  for (const [name, go] of Object.entries(moves)) win.querySelector(`[data-${name}]`).onclick = go;
  attachKeys(win, moves);
  playBtn.onclick = play;
  slider.addEventListener("input", () => {
    stop();
    const at = Number(slider.value);
    draw(frameAt(frames, at), at);
  });
  win.querySelectorAll("[data-close], .buttons button").forEach((b) => b.addEventListener("click", stop));
  show(0);
  return { show: step, stop, current: () => i };
}

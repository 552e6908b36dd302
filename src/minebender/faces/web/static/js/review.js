// Review: any replay file (minebender's .json, Arbiter's .avf, Viennasweeper's
// .rmv, Metasweeper's .evf, Minesweeper Clone's .mvf) judged move by move by the
// server (POST /api/review, docs/review.md), in the one viewer (viewer.js)
// beside the review: the figures, the lessons (each needless guess with its
// proof, each guess beside the safest, idle clicks, luck) and every move. A
// timeline marks the guesses; any position opens on the analysis board.

import * as api from "./api.js";
import { awayWhile } from "./away.js";
import { esc, message, openDialog, seconds } from "./dialogs.js";
import { attachViewer, kind, viewerHtml } from "./viewer.js";
import { keepCells } from "./words.js";

/** The files Review opens, for an <input type="file" accept=...>. */
export const REVIEW_ACCEPT = ".json,.avf,.rmv,.evf,.mvf,.rawvf,.txt";

/** Review a file the player opened: the server's review, then the dialog. */
export function reviewFile(file) {
  return awayWhile(async () => reviewReplay(file.name, await file.arrayBuffer()));
}

/** Review the bytes (or text) of a replay file called name; ``title(data)``
 * (a stored game's level and result) replaces the file's name in the title. */
export function reviewReplay(name, bytes, title = null) {
  return awayWhile(async () => {
    let data;
    try {
      data = await api.review(name, bytes);
    } catch (err) {
      await message("Review", err.message);
      return null;
    }
    return reviewDialog(data, title && title(data));
  });
}

/** The position before move i on the analysis board, in a window of its own. */
export function analyseLink(position) {
  return `/analyse?board=${encodeURIComponent(position)}`;
}

/** A chance given as an exact fraction ("3/8"), as a person reads it: a
 * percentage with one decimal, never 0.0% (100.0%) for a chance that is not. */
export function percentText(fraction) {
  const [p, q] = String(fraction).split("/").map(Number);
  const f = q ? p / q : p;
  if (f > 0 && f < 0.0005) return "<0.1%";
  if (f < 1 && f >= 0.9995) return ">99.9%";
  return `${(f * 100).toFixed(1)}%`;
}

/** A chance as HTML: the percentage, the exact fraction on hover. */
const chance = (fraction) => `<span class="chance" title="${esc(fraction)}">${percentText(fraction)}</span>`;
const at = (c) => (c ? `(${c[0]}, ${c[1]})` : "");

function moveHtml(m) {
  const where = m.x === null ? "" : ` (${m.x}, ${m.y})`;
  const guess = m.risk !== null && m.risk !== "0";
  const risk = guess ? ` \u00b7 risk ${chance(m.risk)}` : "";
  // the safest cell named only when it is another: "safest (0, 0)" of a click at (0, 0) said nothing
  const same = m.best && m.best[0] === m.x && m.best[1] === m.y;
  const best = !guess || m.best_risk === null || same ? "" : m.best_risk === "0" ? `, ${at(m.best)} was safe` : `, safest ${at(m.best)} ${chance(m.best_risk)}`;
  return keepCells(`${esc(m.type)}${where}${risk}${best} \u00b7 ${esc(m.verdict)}`);
}

const FIGURES = [
  ["3BV", (s, d) => (d.result.status === "won" ? s.bbbv : `${s.bbbv_solved} of ${s.bbbv}`)],
  ["3BV/s", (s) => s.bbbv_per_s.toFixed(3)],
  ["clicks", (s) => `${s.clicks.left}+${s.clicks.right}+${s.clicks.double}=${s.clicks.total}`],
  ["IOE", (s) => s.ioe.toFixed(3)],
  ["RQP", (s) => (s.rqp ? s.rqp.toFixed(3) : "-")],
  ["ZiNi", (s) => s.zini ?? "-"],
  ["corr", (s) => s.corr.toFixed(3)],
  ["thrp", (s) => s.thrp.toFixed(3)],
  ["STNB", (s) => (s.stnb === null ? "n/a" : s.stnb.toFixed(1))],
];
const MEANING = {
  "3BV": "the fewest clicks that clear the board (of a game not won: done of all)",
  "3BV/s": "3BV done per second",
  clicks: "left + right + double = all",
  IOE: "3BV done per click",
  RQP: "time\u00b2 / 3BV done (lower is better; - before any 3BV is done)",
  ZiNi: "clicks that clear the board with flags and chords",
  corr: "effective clicks per click",
  thrp: "3BV done per effective click",
  STNB: "defined on the classic boards only",
};

/** A figure's text, free to break after an operator and nowhere else: a
 * number is never cut ("46+46+1 / 63=255" was). */
const unbroken = (text) => esc(text).replace(/[+=]/g, "$&<wbr>");

/** The figures as labelled cells that wrap, so none runs out of the dialog. */
function figures(d) {
  return (
    '<dl class="review-figures" data-figures>' +
    FIGURES.map(([label, f]) => `<div title="${esc(MEANING[label])}"><dt>${label}</dt><dd>${unbroken(String(f(d.stats, d)))}</dd></div>`).join("") +
    "</dl>"
  );
}

function summary(d) {
  const s = d.summary;
  const mistake = s.lost_at !== null && d.moves[s.lost_at].verdict === "certain mine" ? " on a certain mine" : "";
  const lost = s.lost_at === null ? esc(d.result.status) : `lost at move ${s.lost_at + 1}${mistake}`;
  if (!s.guesses) return `No guess; ${lost}.`;
  const needless = s.needless_guesses ? `, ${s.needless_guesses} needless` : "";
  const n = s.guesses === 1 ? "1 guess" : `${s.guesses} guesses`;
  return `${n}${needless}; the chance to survive ${s.guesses === 1 ? "it" : "them"} was ${chance(s.survival)}; ${lost}.`;
}

/** The lessons: a line each, the needless guesses (with their proofs) first. */
function lessons(d) {
  const c = d.coaching;
  const out = [];
  const proved = new Set(c.proofs.map((p) => p.move));
  for (const p of c.proofs) {
    const m = d.moves[p.move];
    const nums = p.numbers.map(at).join(", ");
    const why = [nums && `the number${p.numbers.length > 1 ? "s" : ""} at ${nums}`, p.uses_total && "the mines left"].filter(Boolean).join(" and ");
    const verb = p.numbers.length + p.uses_total > 1 ? "prove" : "proves";
    if (p.mine) {
      out.push(`<li class="needless" data-lesson="${p.move}">Move ${p.move + 1}: ${at(p.cell)} was a certain mine: ${why} ${verb} it.</li>`);
      continue;
    }
    out.push(
      `<li class="needless" data-lesson="${p.move}">Move ${p.move + 1}: a needless guess at ${at([m.x, m.y])} (${chance(m.risk)}). ` +
        `${at(p.cell)} was safe: ${why} ${verb} it.</li>`,
    );
  }
  for (const g of c.guesses) {
    if (proved.has(g.move)) continue;
    const m = d.moves[g.move];
    const best = g.best_risk === null ? "" : !g.safer ? "; no guess was safer" : g.best_risk === "0" ? `; ${at(g.best)} was safe` : `; the safest guess ${at(g.best)} ${chance(g.best_risk)}`;
    out.push(`<li class="${kind(m.verdict)}" data-lesson="${g.move}">Move ${g.move + 1}: a guess at ${at([m.x, m.y])}, risk ${chance(g.risk)}${best}.</li>`);
  }
  if (c.idle_clicks) out.push(`<li>${c.idle_clicks} click${c.idle_clicks > 1 ? "s" : ""} did nothing: ${(c.idle_ms / 1000).toFixed(1)} s lost.</li>`);
  if (c.guesses.length) out.push(`<li>Luck: the guesses taken were survived with a chance of ${chance(c.luck)}; the safest guesses would have given ${chance(c.safest_luck)}.</li>`);
  return out.length ? `<ul class="review-lessons" data-lessons>${keepCells(out.join(""))}</ul>` : "";
}

function timeline(d) {
  const frames = d.frames;
  const end = Math.max(1, frames[frames.length - 1].t - frames[0].t);
  return d.moves
    .map((m, k) => {
      const c = kind(m.verdict);
      if (c === "safe" || c === "") return "";
      const left = (100 * (frames[k + 1].t - frames[0].t)) / end;
      const text = `${k + 1}. ${m.type} (${m.x}, ${m.y}) \u00b7 ${m.verdict}`;
      return `<button type="button" class="tick ${c}" data-tick="${k}" style="left:${left.toFixed(2)}%" title="${esc(text)}" aria-label="go to move ${esc(text)}"></button>`;
    })
    .join("");
}

/** Scroll the move list, and only it, to show a move: scrollIntoView also
 * scrolled a phone's dialog down to the list, the board off the screen. */
function showInList(li) {
  const list = li.parentElement;
  const l = list.getBoundingClientRect();
  const r = li.getBoundingClientRect();
  if (r.top < l.top) list.scrollTop += r.top - l.top;
  else if (r.bottom > l.bottom) list.scrollTop += r.bottom - l.bottom;
}

/** The review beside the viewer: step through the frames; the list and the
 * timeline follow, and a move (in either) goes to the position before it. */
export function reviewDialog(d, title = null) {
  const who = [d.software, d.player].filter(Boolean).join(", ");
  const rows = d.moves
    .map(
      (m, k) =>
        `<li class="${kind(m.verdict)}" data-move="${k}"><span>${k + 1}. ${moveHtml(m)}</span>` +
        `<a href="${esc(analyseLink(d.positions[k]))}" target="_blank" rel="noopener" data-analyse="${k}">analyse</a></li>`,
    )
    .join("");
  return openDialog({
    title: title ?? `Review \u2013 ${d.file}${who ? ` (${who})` : ""}, ${d.result.status} in ${seconds(d.result.time_ms)} s`,
    id: "review-dialog",
    away: true,
    html:
      '<div class="review"><div>' +
      viewerHtml(d.frames, d.width) +
      `<div class="timeline" data-timeline aria-label="the moves in time, guesses marked">${timeline(d)}</div>` +
      '<p><button type="button" class="xpbtn" data-analyse-here>Analyse this position</button></p></div>' +
      `<div class="review-panel"><p data-summary>${summary(d)}</p>${figures(d)}${lessons(d)}` +
      `<ol class="review-moves" data-moves>${rows}</ol></div></div>`,
    buttons: [{ label: "Close", value: null }],
    onOpen: (win) => {
      const items = [...win.querySelectorAll("[data-move]")];
      const viewer = attachViewer(win, d, (i) => {
        items.forEach((li, k) => li.classList.toggle("current", k === i - 1));
        if (i) showInList(items[i - 1]);
      });
      items.forEach((li, k) => li.querySelector("span").addEventListener("click", () => viewer.show(k + 1)));
      // a guess goes to the position before it: there the proof is drawn
      win.querySelectorAll("[data-tick], [data-lesson]").forEach((b) =>
        b.addEventListener("click", () => viewer.show(Number(b.dataset.tick ?? b.dataset.lesson))),
      );
      win.querySelector("[data-analyse-here]").onclick = () => {
        const i = Math.min(viewer.current(), d.positions.length - 1);
        window.open(analyseLink(d.positions[i]), "_blank", "noopener");
      };
    },
  });
}

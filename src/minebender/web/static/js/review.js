// Review: any replay file (minebender's .json, Arbiter's .avf, Viennasweeper's
// .rmv, Metasweeper's .evf, Minesweeper Clone's .mvf) judged move by move by the
// server (POST /api/review, docs/review.md), shown beside a viewer of the game.
// A timeline marks the guesses; a move opens its position on the analysis board.

import * as api from "./api.js";
import { Board, tilesFromRows } from "./board.js";
import { esc, message, openDialog, seconds } from "./dialogs.js";
import { ledDigits } from "./icons.js";
import * as words from "./words.js";

/** The files Review opens, for an <input type="file" accept=...>. */
export const REVIEW_ACCEPT = ".json,.avf,.rmv,.evf,.mvf,.rawvf,.txt";

/** Review a file the player opened: the server's review, then the dialog. */
export async function reviewFile(file) {
  return reviewReplay(file.name, await file.arrayBuffer());
}

/** Review the bytes (or text) of a replay file called name. */
export async function reviewReplay(name, bytes) {
  let data;
  try {
    data = await api.review(name, bytes);
  } catch (err) {
    await message("Review", err.message);
    return null;
  }
  return reviewDialog(data);
}

const GUESSES = new Set(["forced guess", "needless guess", "riskier than the best guess", "certain mine"]);

/** The class of a move's verdict: guesses stand out, needless ones most. */
function kind(verdict) {
  if (verdict === "needless guess" || verdict === "certain mine") return "needless";
  if (verdict === "riskier than the best guess") return "risky";
  return GUESSES.has(verdict) ? "guess" : "";
}

/** The position before move i on the analysis board, in a window of its own. */
export function analyseLink(position) {
  return `/analyse?board=${encodeURIComponent(position)}`;
}

function moveText(m) {
  const where = m.x === null ? "" : ` (${m.x}, ${m.y})`;
  const risk = m.risk === null ? "" : ` \u00b7 risk ${m.risk}`;
  return `${m.type}${where}${risk} \u00b7 ${m.verdict}`;
}

function figures(d) {
  const s = d.stats;
  const c = s.clicks;
  return (
    `3BV ${s.bbbv} \u00b7 3BV/s ${s.bbbv_per_s.toFixed(3)} \u00b7 clicks ${c.left}+${c.right}+${c.double}=${c.total}` +
    ` \u00b7 IOE ${s.ioe.toFixed(3)} \u00b7 ZiNi ${s.zini ?? "-"} \u00b7 STNB ${s.stnb === null ? "n/a (classic boards only)" : s.stnb.toFixed(1)}`
  );
}

function summary(d) {
  const s = d.summary;
  const lost = s.lost_at === null ? d.result.status : `lost at move ${s.lost_at + 1}`;
  if (!s.guesses) return `No guess; ${lost}.`;
  const needless = s.needless_guesses ? `, ${s.needless_guesses} needless` : "";
  const n = s.guesses === 1 ? "1 guess" : `${s.guesses} guesses`;
  return `${n}${needless}; the chance to survive ${s.guesses === 1 ? "it" : "them"} was ${s.survival}; ${lost}.`;
}

/** The review beside the viewer: step through the frames; the list and the
 * timeline follow, and a move (in either) opens its position for analysis. */
export function reviewDialog(d) {
  const frames = d.frames;
  const moves = d.moves;
  const end = Math.max(1, frames[frames.length - 1].t - frames[0].t);
  const who = [d.software, d.player].filter(Boolean).join(", ");
  let i = 0;
  const ticks = moves
    .map((m, k) => {
      const left = (100 * (frames[k + 1].t - frames[0].t)) / end;
      return (
        `<button type="button" class="tick ${kind(m.verdict)}" data-tick="${k}" style="left:${left.toFixed(2)}%"` +
        ` title="${esc(`${k + 1}. ${moveText(m)}`)}" aria-label="analyse move ${k + 1}: ${esc(moveText(m))}"></button>`
      );
    })
    .join("");
  const rows = moves
    .map(
      (m, k) =>
        `<li class="${kind(m.verdict)}" data-move="${k}"><span>${k + 1}. ${esc(moveText(m))}</span>` +
        `<a href="${esc(analyseLink(d.positions[k]))}" target="_blank" rel="noopener" data-analyse="${k}">analyse</a></li>`,
    )
    .join("");
  return openDialog({
    title: `Review \u2013 ${d.file}${who ? ` (${who})` : ""}, ${d.result.status} in ${seconds(d.result.time_ms)} s`,
    id: "review-dialog",
    html:
      '<div class="review"><div class="replay">' +
      '<div class="top sunken2" style="display:flex;justify-content:space-between">' +
      '<div class="led" data-count role="img"></div><div class="led" data-time role="img"></div></div>' +
      '<div class="board-scroll"><div class="sunken"><div class="board" data-board role="grid" aria-label="the board of this move"></div></div></div>' +
      '<div class="replay-controls">' +
      '<button type="button" class="xpbtn" data-first title="first">|&lt;</button>' +
      '<button type="button" class="xpbtn" data-back title="back">&lt;</button>' +
      '<button type="button" class="xpbtn" data-next title="forward">&gt;</button>' +
      '<button type="button" class="xpbtn" data-last title="last">&gt;|</button></div>' +
      `<div class="timeline" data-timeline aria-label="the moves in time, guesses marked">${ticks}</div>` +
      '<div class="replay-info" data-info></div></div>' +
      `<div class="review-panel"><p data-summary>${esc(summary(d))}</p><p><small>${esc(figures(d))}</small></p>` +
      `<ol class="review-moves" data-moves>${rows}</ol></div></div>`,
    buttons: [{ label: "Close", value: null }],
    onOpen: (win) => {
      const board = new Board(win.querySelector("[data-board]"));
      const items = [...win.querySelectorAll("[data-move]")];
      const show = (k) => {
        i = Math.max(0, Math.min(frames.length - 1, k));
        const f = frames[i];
        board.render(tilesFromRows(f.rows));
        const e = f.event;
        board.setPressed(e && e.x !== null ? [{ x: e.x, y: e.y }] : []);
        const count = win.querySelector("[data-count]");
        count.innerHTML = ledDigits(f.mines_left);
        count.setAttribute("aria-label", `${words.count(f.mines_left, "mine")} left`);
        const time = win.querySelector("[data-time]");
        time.innerHTML = ledDigits(f.timer); // as the game's timer showed it (the server says)
        time.setAttribute("aria-label", `${f.timer} seconds`);
        const m = i ? moves[i - 1] : null;
        win.querySelector("[data-info]").textContent =
          `move ${i} of ${moves.length}` + (m ? ` \u00b7 ${moveText(m)}` : "");
        items.forEach((li, k) => li.classList.toggle("current", k === i - 1));
        if (i) items[i - 1].scrollIntoView({ block: "nearest" });
      };
      win.querySelector("[data-first]").onclick = () => show(0);
      win.querySelector("[data-back]").onclick = () => show(i - 1);
      win.querySelector("[data-next]").onclick = () => show(i + 1);
      win.querySelector("[data-last]").onclick = () => show(frames.length - 1);
      items.forEach((li, k) => li.querySelector("span").addEventListener("click", () => show(k + 1)));
      win.querySelectorAll("[data-tick]").forEach((b) =>
        b.addEventListener("click", () => {
          const k = Number(b.dataset.tick);
          show(k + 1);
          window.open(analyseLink(d.positions[k]), "_blank", "noopener");
        }),
      );
      show(0);
    },
  });
}

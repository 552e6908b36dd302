// Replays: the list of finished games, export/import of replay files, and a
// player that steps through a game's frames (computed by the server).

import * as api from "./api.js";
import { Board, tilesFromRows } from "./board.js";
import { esc, levelTitle, message, openDialog, seconds } from "./dialogs.js";
import { saveFile } from "./files.js";
import { ledDigits } from "./icons.js";
import { REVIEW_ACCEPT, reviewFile, reviewReplay } from "./review.js";
import * as words from "./words.js";

/** Save a replay file through the browser. */
export function download(replay, name) {
  saveFile(JSON.stringify(replay, null, 1), "application/json", name);
}

export async function exportGame(game) {
  try {
    const replay = await api.exportReplay(game);
    download(replay, `minebender-${replay.level}-${game.id}.json`);
  } catch (err) {
    await message("Export", err.message);
  }
}

export async function watchGame(game) {
  try {
    const replay = await api.exportReplay(game);
    await watch(await api.replayFrames(replay));
  } catch (err) {
    await message("Replay", err.message);
  }
}

/** What tells a game of the list from another: its date, a custom field's
 * size, practice or no-guess, the name of its best time, its board code (or
 * that its board came from a file), and
 * whether this browser played it. */
function details(g, mine) {
  const parts = [new Date(g.finished_at * 1000).toLocaleString()];
  if (g.level === "custom") parts.push(`${g.width}\u00d7${g.height}, ${words.count(g.mines, "mine")}`);
  if (g.no_guess) parts.push("no-guess");
  if (g.practice) parts.push("practice");
  if (g.player) parts.push(`best time of ${g.player}`);
  // a board given by its layout (an .mbf file) has no code: any would deal another board
  parts.push(g.code ? `code ${g.code}` : "a board from a file");
  if (g.interface === "tui") parts.push("terminal");
  if (mine) parts.push("this browser");
  return parts.join(" \u00b7 ");
}

const what = (g) =>
  `${esc(levelTitle(g.level))} \u2013 ${g.status === "won" ? "won" : "lost"} in ${seconds(g.elapsed_ms)} s`;

const PAGE = 50;

const FILTERS =
  '<div class="replay-filters">' +
  '<label>Level <select data-level><option value="">All</option><option value="beginner">Beginner</option>' +
  '<option value="intermediate">Intermediate</option><option value="expert">Expert</option>' +
  '<option value="custom">Custom</option></select></label>' +
  '<label>Result <select data-result><option value="">All</option><option value="won">Won</option>' +
  '<option value="lost">Lost</option></select></label>' +
  '<label>Order <select data-order><option value="time">Best times first</option>' +
  '<option value="date">Newest first</option></select></label></div>';

/** A replay file the player opened: watched at once. Other sources of files
 * (another program's formats) go through here too. */
async function openFile(file) {
  try {
    await watch(await api.replayFrames(await file.arrayBuffer()));
  } catch (err) {
    await message("Import", err.message);
  }
}

/** Where replays come from besides the list: sections of the dialog, each
 * {html, attach(win, close)}. Import reads this minebender's own files. */
export const sources = [
  {
    html: '<p><label style="display:block">Import a replay file: <input type="file" accept=".json,application/json" data-import></label></p>',
    attach(win, close) {
      win.querySelector("[data-import]").addEventListener("change", (e) => {
        const file = e.target.files[0];
        if (!file) return;
        close(null);
        openFile(file);
      });
    },
  },
  {
    // any client's replay, reviewed move by move beside its viewer (review.js)
    html:
      '<p><label style="display:block">Review a replay file (minebender, Arbiter, Viennasweeper,' +
      ` Metasweeper, Minesweeper Clone): <input type="file" accept="${REVIEW_ACCEPT}" data-review></label></p>`,
    attach(win, close) {
      win.querySelector("[data-review]").addEventListener("change", (e) => {
        const file = e.target.files[0];
        if (!file) return;
        close(null);
        reviewFile(file);
      });
    },
  },
];

/** Game > Replays: every finished game the server keeps, from every browser
 * and the terminal, filtered by level and result, the best times first (or
 * the newest), in pages; watch or export any of them, or open a file.
 * `mine` holds the ids of this browser's games, which the list marks. */
export function replaysDialog(mine = new Set()) {
  return openDialog({
    title: "Replays",
    id: "replays-dialog",
    html:
      FILTERS +
      '<div class="list" data-list aria-live="polite"></div>' +
      '<div class="replay-more"><span data-count></span> <button type="button" class="xpbtn" data-more hidden>More</button></div>' +
      sources.map((s) => s.html).join(""),
    buttons: [{ label: "Close", value: null }],
    onOpen: (win, close) => {
      const list = win.querySelector("[data-list]");
      const more = win.querySelector("[data-more]");
      const count = win.querySelector("[data-count]");
      const filters = () => ({
        level: win.querySelector("[data-level]").value,
        result: win.querySelector("[data-result]").value,
        order: win.querySelector("[data-order]").value,
      });
      let shown = [];
      let asked = 0; // the newest request: an older answer is not shown
      const row = (g) => {
        const div = document.createElement("div");
        div.className = "row";
        div.dataset.id = g.id;
        div.innerHTML =
          `<span class="what">${what(g)}<br><small>${esc(details(g, mine.has(g.id)))}</small></span>` +
          // named with their game, as a screen reader lists them out of their rows
          `<button type="button" class="xpbtn" data-watch aria-label="Watch ${what(g)}">Watch</button>` +
          `<button type="button" class="xpbtn" data-export aria-label="Export ${what(g)}">Export</button>` +
          `<button type="button" class="xpbtn" data-review-game aria-label="Review ${what(g)}">Review</button>`;
        div.querySelector("[data-watch]").addEventListener("click", () => {
          close(null);
          watchStored(g);
        });
        div.querySelector("[data-export]").addEventListener("click", () => exportStored(g));
        div.querySelector("[data-review-game]").addEventListener("click", () => {
          close(null);
          reviewStored(g);
        });
        return div;
      };
      const load = async (fresh) => {
        const n = ++asked;
        if (fresh) shown = [];
        try {
          const page = await api.replayList({ ...filters(), offset: shown.length, limit: PAGE });
          if (n !== asked) return;
          if (fresh) list.textContent = "";
          shown = shown.concat(page.games);
          page.games.forEach((g) => list.appendChild(row(g)));
          if (!shown.length) list.innerHTML = '<div class="row">No finished games yet.</div>';
          count.textContent = shown.length ? `${shown.length} of ${page.total} games` : "";
          more.hidden = shown.length >= page.total;
        } catch (err) {
          if (n === asked) list.innerHTML = `<div class="row">${esc(err.message)}</div>`;
        }
      };
      win.querySelectorAll(".replay-filters select").forEach((s) => s.addEventListener("change", () => load(true)));
      more.addEventListener("click", () => load(false));
      sources.forEach((s) => s.attach(win, close));
      load(true);
    },
  });
}

async function watchStored(g) {
  try {
    await watch(await api.replayFrames(await api.storedReplay(g.id)));
  } catch (err) {
    await message("Replay", err.message);
  }
}

async function reviewStored(g) {
  try {
    const replay = await api.storedReplay(g.id);
    await reviewReplay(`minebender-${g.level}-${g.id}.json`, JSON.stringify(replay));
  } catch (err) {
    await message("Review", err.message);
  }
}

async function exportStored(g) {
  try {
    download(await api.storedReplay(g.id), `minebender-${g.level}-${g.id}.json`);
  } catch (err) {
    await message("Export", err.message);
  }
}

/** The pause before the next frame: the game's own pause (cut to 10 s, for a
 * player who left the game open) at the chosen speed, or with "quick" (0) an
 * eighth of it, at least 60 ms (so each step is seen) and at most 1 s, but
 * never longer than at 4x, which wins: a pause under 240 ms is played at 4x,
 * so quick is the fastest speed of a fast game too. */
export function pause(ms, speed) {
  if (!speed) return Math.min(1000, Math.max(0, ms) / 4, Math.max(60, ms / 8));
  return Math.min(10000, Math.max(0, ms)) / speed; // cut to 10 s, then sped up
}

function describe(frame, n) {
  const e = frame.event;
  const what = !e ? "start" : e.x === null ? e.type : `${e.type} (${e.x}, ${e.y})`;
  return `step ${frameIndex(frame)} of ${n - 1} \u00b7 ${seconds(frame.elapsed_ms)} s \u00b7 ${what}`;
}
const frameIndex = (f) => f._i;

/** Step through frames in a window: first, back, play/pause, forward, last, and a slider. */
export function watch(data) {
  const frames = data.frames;
  frames.forEach((f, i) => (f._i = i));
  const r = data.replay;
  let i = 0;
  let playing = null;
  return openDialog({
    // a board from a file has no code; a layout its seed does not deal is
    // edited, or of a version that dealt otherwise
    title:
      `Replay \u2013 ${levelTitle(r.level)}, ${r.result.status} in ${seconds(r.result.elapsed_ms)} s` +
      (r.from_file ? " (a board from a file)" : r.dealt === false ? " (not the board its code deals)" : ""),
    id: "replay-dialog",
    html:
      '<div class="replay"><div class="top sunken2" style="display:flex;justify-content:space-between">' +
      '<div class="led" data-count role="img"></div><div class="led" data-time role="img"></div></div>' +
      '<div class="board-scroll"><div class="sunken"><div class="board" data-board role="grid" aria-label="the board of this move"></div></div></div>' +
      '<div class="replay-controls">' +
      '<button type="button" class="xpbtn" data-first title="first">|&lt;</button>' +
      '<button type="button" class="xpbtn" data-back title="back">&lt;</button>' +
      '<button type="button" class="xpbtn" data-play title="play">Play</button>' +
      '<button type="button" class="xpbtn" data-next title="forward">&gt;</button>' +
      '<button type="button" class="xpbtn" data-last title="last">&gt;|</button>' +
      `<input type="range" min="0" max="${frames.length - 1}" value="0" data-slider aria-label="move">` +
      '<select data-speed title="speed" aria-label="speed">' +
      '<option value="1">1\u00d7 (real time)</option><option value="2">2\u00d7</option>' +
      '<option value="4">4\u00d7</option><option value="0">quick</option></select></div>' +
      '<div class="replay-info" data-info></div></div>',
    buttons: [{ label: "Close", value: null }],
    onOpen: (win, close) => {
      const board = new Board(win.querySelector("[data-board]"));
      const slider = win.querySelector("[data-slider]");
      const show = (k) => {
        i = Math.max(0, Math.min(frames.length - 1, k));
        const f = frames[i];
        board.render(tilesFromRows(f.rows));
        const e = f.event;
        board.setPressed(e && e.type !== "assist" && e.x !== null ? [{ x: e.x, y: e.y }] : []);
        const count = win.querySelector("[data-count]");
        const time = win.querySelector("[data-time]");
        count.innerHTML = ledDigits(f.mines_left);
        count.setAttribute("aria-label", `${words.count(f.mines_left, "mine")} left`); // the digits are pictures
        const secs = f.timer; // as the game's timer showed it (the server says)
        time.innerHTML = ledDigits(secs);
        time.setAttribute("aria-label", `${secs} seconds`);
        win.querySelector("[data-info]").textContent = describe(f, frames.length);
        slider.value = String(i);
      };
      const stop = () => {
        clearTimeout(playing);
        playing = null;
        win.querySelector("[data-play]").textContent = "Play";
      };
      const tick = () => {
        if (i >= frames.length - 1) return stop();
        const gap = pause(frames[i + 1].t - frames[i].t, Number(win.querySelector("[data-speed]").value));
        playing = setTimeout(() => {
          show(i + 1);
          tick();
        }, gap);
      };
      win.querySelector("[data-first]").onclick = () => (stop(), show(0));
      win.querySelector("[data-back]").onclick = () => (stop(), show(i - 1));
      win.querySelector("[data-next]").onclick = () => (stop(), show(i + 1));
      win.querySelector("[data-last]").onclick = () => (stop(), show(frames.length - 1));
      win.querySelector("[data-play]").onclick = (e) => {
        if (playing) return stop();
        if (i >= frames.length - 1) show(0);
        e.target.textContent = "Pause";
        tick();
      };
      slider.addEventListener("input", () => (stop(), show(Number(slider.value))));
      win.querySelector("[data-close]").addEventListener("click", stop);
      win.querySelector(".buttons button").addEventListener("click", stop);
      show(0);
    },
  });
}

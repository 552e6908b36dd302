// Replays: the list of finished games, export/import of replay files; every
// game and file is watched in the one viewer, beside its review (review.js).

import * as api from "./api.js";
import { awayWhile } from "./away.js";
import { esc, levelTitle, message, openDialog, seconds } from "./dialogs.js";
import { saveFile } from "./files.js";
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

/** The viewer's title for one of minebender's own replays: its level and
 * result, and that its board came from a file (it has no code). */
export function replayTitle(r, dealt = true) {
  const from = r.seed === "mbf" ? " (a board from a file)" : dealt === false ? " (not the board its code deals)" : "";
  return `Replay \u2013 ${levelTitle(r.level)}, ${r.result.status} in ${seconds(r.result.elapsed_ms)} s${from}`;
}

/** Watch one of minebender's replays (as JSON) in the one viewer. */
export async function watch(replay, name) {
  return reviewReplay(name, JSON.stringify(replay), (d) => replayTitle(replay, d.dealt));
}

export async function watchGame(game) {
  try {
    const replay = await api.exportReplay(game);
    await watch(replay, `minebender-${replay.level}-${game.id}.json`);
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

/** Where replays come from besides the list: sections of the dialog, each
 * {html, attach(win, close)}. A file of any format minebender reads opens in
 * the one viewer, beside its review. */
export const sources = [
  {
    html:
      '<p><label style="display:block">Open a replay file (minebender, Arbiter, Viennasweeper,' +
      ` Metasweeper, Minesweeper Clone): <input type="file" accept="${REVIEW_ACCEPT}" data-import data-review></label></p>`,
    attach(win, close) {
      win.querySelector("[data-import]").addEventListener("change", (e) => {
        const file = e.target.files[0];
        if (!file) return;
        close(null);
        // its bytes as they are: the server says whether a .json is UTF-8
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
    away: true,
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
          `<button type="button" class="xpbtn" data-export aria-label="Export ${what(g)}">Export</button>`;
        div.querySelector("[data-watch]").addEventListener("click", () => {
          close(null);
          watchStored(g);
        });
        div.querySelector("[data-export]").addEventListener("click", () => exportStored(g));
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

function watchStored(g) {
  return awayWhile(async () => {
    try {
      await watch(await api.storedReplay(g.id), `minebender-${g.level}-${g.id}.json`);
    } catch (err) {
      await message("Replay", err.message);
    }
  });
}

async function exportStored(g) {
  try {
    download(await api.storedReplay(g.id), `minebender-${g.level}-${g.id}.json`);
  } catch (err) {
    await message("Export", err.message);
  }
}

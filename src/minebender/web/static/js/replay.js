// Replays: the list of finished games, export/import of replay files, and a
// player that steps through a game's frames (computed by the server).

import * as api from "./api.js";
import { Board, tilesFromRows } from "./board.js";
import { esc, levelTitle, message, openDialog, seconds } from "./dialogs.js";
import { saveFile } from "./files.js";
import { ledDigits } from "./icons.js";

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
 * size, practice or no-guess, and its board code (games listed before these
 * were remembered show only the date). */
function details(g) {
  const parts = [new Date(g.date).toLocaleString()];
  if (g.level === "custom" && g.size) parts.push(`${g.size.width}\u00d7${g.size.height}, ${g.size.mines} mines`);
  if (g.no_guess) parts.push("no-guess");
  if (g.practice) parts.push("practice");
  if (g.code) parts.push(`code ${g.code}`);
  return parts.join(" \u00b7 ");
}

const what = (g) =>
  `${esc(levelTitle(g.level))} \u2013 ${g.status === "won" ? "won" : "lost"} in ${seconds(g.elapsed_ms)} s`;

/** The list of this browser's finished games, with watch, export and import. */
export function replaysDialog(history) {
  const rows = history
    .map(
      (g, i) =>
        `<div class="row" data-i="${i}"><span class="what">${what(g)}` +
        `<br><small>${esc(details(g))}</small></span>` +
        // named with their game, as a screen reader lists them out of their rows
        `<button type="button" class="xpbtn" data-watch aria-label="Watch ${what(g)}">Watch</button>` +
        `<button type="button" class="xpbtn" data-export aria-label="Export ${what(g)}">Export</button></div>`,
    )
    .join("");
  return openDialog({
    title: "Replays",
    id: "replays-dialog",
    html:
      `<div class="list">${rows || '<div class="row">No finished games yet.</div>'}</div>` +
      '<p><label style="display:block">Import a replay file: <input type="file" accept=".json,application/json" data-import></label></p>',
    buttons: [{ label: "Close", value: null }],
    onOpen: (win, close) => {
      win.querySelectorAll("[data-watch]").forEach((b) =>
        b.addEventListener("click", () => {
          close(null);
          watchGame(history[Number(b.closest(".row").dataset.i)]);
        }),
      );
      win.querySelectorAll("[data-export]").forEach((b) =>
        b.addEventListener("click", () => exportGame(history[Number(b.closest(".row").dataset.i)])),
      );
      win.querySelector("[data-import]").addEventListener("change", async (e) => {
        const file = e.target.files[0];
        if (!file) return;
        close(null);
        try {
          await watch(await api.replayFrames(await file.arrayBuffer()));
        } catch (err) {
          await message("Import", err.message);
        }
      });
    },
  });
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
    // a layout its seed does not deal: edited, or of a version that dealt otherwise
    title:
      `Replay \u2013 ${levelTitle(r.level)}, ${r.result.status} in ${seconds(r.result.elapsed_ms)} s` +
      (r.dealt === false ? " (not the board its code deals)" : ""),
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
        count.setAttribute("aria-label", `${f.mines_left} mines left`); // the digits are pictures
        time.innerHTML = ledDigits(Math.floor(f.elapsed_ms / 1000));
        time.setAttribute("aria-label", `${Math.min(999, Math.floor(f.elapsed_ms / 1000))} seconds`); // as the LED
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

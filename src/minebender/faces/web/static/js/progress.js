// Game > Progress: every finished game reviewed by the server (GET
// /api/progress, minebender/services/progress.py), with the replays the player
// imported (minebender stats --import DIR): a row per level and a plot per
// figure over the games, an imported game's point hollow. A choice shows all
// games, those played here or the imported. Import adds files or a folder of
// replays from here, one file a request (POST /api/progress/import), as the
// command line's import does. The server draws the plots (SVG); this only
// shows them.

import * as api from "./api.js";
import { awayWhile } from "./away.js";
import { esc, levelTitle, message, openDialog } from "./dialogs.js";
import { REVIEW_ACCEPT } from "./review.js";

const fixed = (v, places) => (v === null ? "-" : v.toFixed(places));

function table(levels) {
  const head = ["Level", "Games", "Won", "Win rate", "Best time", "3BV/s", "IOE", "Needless guesses"];
  const rows = levels.map(
    (r) =>
      `<tr data-level="${esc(r.level)}"><th>${esc(levelTitle(r.level))}</th><td>${r.games}</td><td>${r.won}</td>` +
      `<td>${fixed(r.win_rate, 1)}%</td><td>${r.best_ms === null ? "-" : `${(r.best_ms / 1000).toFixed(3)} s`}</td>` +
      `<td>${fixed(r.bbbv_per_s, 3)}</td><td>${fixed(r.ioe, 3)}</td><td>${fixed(r.needless_per_game, 2)}</td></tr>`,
  );
  return (
    // the box scrolls sideways: on a phone the table is wider than the dialog
    `<div class="progress-table-box"><table class="progress-table" data-progress-table><thead><tr>${head.map((h) => `<th>${h}</th>`).join("")}</tr></thead>` +
    `<tbody>${rows.join("")}</tbody></table></div>` +
    "<p><small>3BV/s: the mean of the won games. IOE (3BV done per click) and needless guesses: per game. Practice games count for nothing.</small></p>"
  );
}

const SOURCES = { all: "All games", minebender: "Played here", imported: "Imported replays" };

function games(n) {
  return `${n} game${n === 1 ? "" : "s"}`;
}

/** The dialog's body for one answer of the server. */
function body(data) {
  const s = data.sources;
  const choice = s.imported
    ? '<p class="progress-source"><label>Show <select data-progress-source>' +
      Object.entries(SOURCES)
        .map(([k, label]) => `<option value="${k}"${k === data.source ? " selected" : ""}>${label}</option>`)
        .join("") +
      `</select></label> <small>${games(s.minebender)} played here, ${games(s.imported)} imported (hollow points)</small></p>`
    : "";
  const note = data.note ? `<p><small>${esc(data.note)}</small></p>` : "";
  const figures = data.games
    ? table(data.levels) + `<div class="progress-plots">${Object.values(data.plots).join("")}</div>`
    : "<p>No finished game yet: play one, or import your replays, and the figures show here.</p>";
  return choice + note + figures;
}

const IMPORT_ROW =
  '<p class="progress-import" title="Arbiter, Viennasweeper, Metasweeper, Minesweeper Clone, RAW vf or minebender replays">Import your replays: ' +
  `<label>files <input type="file" multiple accept="${REVIEW_ACCEPT}" data-import-files></label> ` +
  '<label>or a folder <input type="file" webkitdirectory data-import-folder></label> <span data-import-said role="status"></span></p>';

/** Send each replay file to the server, one at a time; what it did, in words. */
async function importFiles(files, said) {
  const suffixes = REVIEW_ACCEPT.split(",");
  const replays = [...files].filter((f) => suffixes.some((x) => f.name.toLowerCase().endsWith(x)));
  let added = 0;
  let known = 0;
  let bad = 0;
  for (const [k, f] of replays.entries()) {
    said.textContent = `importing ${k + 1} of ${replays.length}\u2026`;
    try {
      const got = await api.importReplay(f.name, await f.arrayBuffer(), f.lastModified);
      if (got.added) added += 1;
      else known += 1;
    } catch {
      bad += 1;
    }
  }
  said.textContent =
    `${games(added)} imported` + (known ? `, ${known} there before` : "") + (bad ? `, ${bad} could not be read` : "");
  return added;
}

/** The Progress dialog, once the server has reviewed every game. */
export function progressDialog() {
  return awayWhile(async () => {
    let data;
    try {
      data = await api.progress();
    } catch (err) {
      await message("Progress", err.message);
      return null;
    }
    const retitle = (win) => {
      win.setAttribute("aria-label", `Progress \u2013 ${games(data.games)}`);
      const text = win.querySelector(".titlebar .title-text");
      text.textContent = text.title = `Progress \u2013 ${games(data.games)}`;
    };
    return openDialog({
      title: `Progress \u2013 ${games(data.games)}`,
      id: "progress-dialog",
      away: true,
      html: IMPORT_ROW + `<div class="progress" data-progress>${body(data)}</div>`,
      buttons: [{ label: "Close", value: null }],
      onOpen: (win) => {
        const box = win.querySelector("[data-progress]");
        const show = async (source) => {
          try {
            data = await api.progress(source);
          } catch (err) {
            box.insertAdjacentHTML("afterbegin", `<p role="alert">${esc(err.message)}</p>`);
            return;
          }
          box.innerHTML = body(data);
          retitle(win);
        };
        box.addEventListener("change", (e) => {
          if (e.target.matches("[data-progress-source]")) show(e.target.value);
        });
        win.querySelectorAll("[data-import-files], [data-import-folder]").forEach((input) =>
          input.addEventListener("change", async () => {
            const said = win.querySelector("[data-import-said]");
            if (await importFiles(input.files, said)) await show(data.source);
            input.value = "";
          }),
        );
      },
    });
  });
}

// Game > Progress: every finished game reviewed by the server (GET
// /api/progress, minebender/services/progress.py): a row per level and a plot per
// figure over the games. The server draws the plots (SVG); this only shows them.

import * as api from "./api.js";
import { awayWhile } from "./away.js";
import { esc, levelTitle, message, openDialog } from "./dialogs.js";

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
    `<table class="progress-table" data-progress-table><thead><tr>${head.map((h) => `<th>${h}</th>`).join("")}</tr></thead>` +
    `<tbody>${rows.join("")}</tbody></table>` +
    "<p><small>3BV/s: the mean of the won games. IOE (3BV done per click) and needless guesses: per game. Practice games count for nothing.</small></p>"
  );
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
    const body = data.games
      ? table(data.levels) + `<div class="progress-plots">${Object.values(data.plots).join("")}</div>`
      : "<p>No finished game yet: play one, and its figures show here.</p>";
    return openDialog({
      title: `Progress \u2013 ${data.games} game${data.games === 1 ? "" : "s"}`,
      id: "progress-dialog",
      away: true,
      html: `<div class="progress">${body}</div>`,
      buttons: [{ label: "Close", value: null }],
    });
  });
}

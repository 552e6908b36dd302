// Live counters (Game > Live Counters, off by default), as Arbiter and
// Metasweeper show them while a game is played: time, 3BV done of the
// board's, 3BV/s, the estimated finish, IOE and clicks. The server works them
// out (GET /api/games/{id}/counters, session/counters.py); this paints them
// under the board, once a second while the game runs and once at its end.

import * as api from "./api.js";
import { state } from "./page-state.js";

const EVERY_MS = 1000;
const dash = "\u2013";

/** The counters as one line, as the terminal writes them (Counters.text);
 * each figure kept whole when the line wraps. */
export function countersText(c) {
  const total = c.bbbv === null ? dash : String(c.bbbv);
  const perS = c.bbbv_per_s === null ? dash : c.bbbv_per_s.toFixed(3);
  const est = c.estimate_ms === null ? dash : `${(c.estimate_ms / 1000).toFixed(1)} s`;
  const ioe = c.ioe === null ? dash : c.ioe.toFixed(3);
  const items = [
    `Time ${(c.elapsed_ms / 1000).toFixed(1)} s`,
    `3BV ${c.bbbv_solved}/${total}`,
    `3BV/s ${perS}`,
    `Est. ${est}`,
    `IOE ${ioe}`,
    `Clicks ${c.clicks}`,
  ];
  return items.map((item) => item.replaceAll(" ", "\u00a0")).join(" \u00b7 ");
}

let shownFor = null; // the game and revision last painted, so an ended game is asked once

async function refresh() {
  const el = document.getElementById("live-counters");
  if (!el) return;
  const { game, view } = state;
  el.hidden = !state.prefs.counters || !game;
  if (el.hidden || !view || !view.started) {
    if (!el.hidden) el.textContent = countersText({ elapsed_ms: 0, bbbv_solved: 0, bbbv: null, bbbv_per_s: null, estimate_ms: null, ioe: null, clicks: 0 });
    return;
  }
  const key = `${game.id}:${view.revision}`;
  if ((view.status !== "playing" || view.paused) && shownFor === key) return;
  try {
    const c = await api.counters(game);
    if (state.game === game) {
      el.textContent = countersText(c);
      shownFor = key;
    }
  } catch {
    // the server away: the status bar says so; the counters keep their last line
  }
}

/** Start painting the counters (main.js), and paint them now. */
export function startCounters() {
  setInterval(refresh, EVERY_MS);
  refresh();
}

/** The option switched: shown or hidden at once. */
export const countersChanged = refresh;

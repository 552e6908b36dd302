// The clock runs only while this page is shown: the server hears when the
// page is hidden or closed, and every few seconds while it is shown.

import * as api from "./api.js";
import { drawTimer, holdClock, offline, state, status } from "./page-state.js";

// The clock runs only while this page is shown, as Windows XP's stops while its
// window is minimised: the server hears when the page is hidden or closed, and
// every few seconds while it is shown, so that it can save the time played.
export const HEARTBEAT_MS = 5000;
// This page's own name, so that hiding one of two pages of a game leaves the clock running.
const TAB = Math.random().toString(36).slice(2, 12);

export async function tellPresence(here) {
  const game = state.game;
  const v = state.view;
  if (!game || !v || !v.started || v.status !== "playing") return;
  try {
    const r = await api.presence(game, here, TAB);
    if (state.presenceFailed) status("");
    state.presenceFailed = false;
    offline(false);
    if (state.game === game && state.view === v) {
      v.elapsed_ms = r.elapsed_ms;
      v.paused = r.paused;
      v.clock = r.clock;
      state.receivedAt = performance.now();
      drawTimer();
    }
  } catch (err) {
    // The server is gone (its clock no longer runs either): say so, hold the timer.
    if (here && state.view === v) {
      holdClock();
      state.presenceFailed = true;
      if (err.status === 0) offline(true);
      status(err.message, true);
    }
  }
}

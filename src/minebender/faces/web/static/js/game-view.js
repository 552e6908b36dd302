// A view from the server on the page: the board, the heat map of practice,
// the end screen and its proof, the game kept in this browser's history, and
// the best time's name; the Best Times and Statistics dialogs.

import * as api from "./api.js";
import { withMarks } from "./board.js";
import { countersChanged } from "./counters.js";
import * as dlg from "./dialogs.js";
import { drawEnd, showProof } from "./endscreen.js";
import { refreshHints } from "./help.js";
import { board, drawCounter, drawTimer, moodOf, setFace, state, status } from "./page-state.js";
import * as replays from "./replay.js";
import { saved } from "./storage.js";
import * as sound from "./sound.js";

// What the end screen's Board Code and Play Again buttons do: main.js says,
// as they start games, which this module is below.
let endButtons = { code: () => {}, again: () => {} };

export function onEndButtons(buttons) {
  endButtons = buttons;
}

export async function refreshHeat() {
  const v = state.view;
  // Before the first click there is nothing to show: that click is always safe.
  if (!v || !v.practice || !v.started || v.status !== "playing" || !state.prefs.practice) {
    if (board.heat) board.setHeat(null);
    return;
  }
  try {
    const p = await api.probabilities(state.game);
    if (state.view === v) board.setHeat(p.probabilities);
  } catch (err) {
    status(err.message, true);
  }
}

export async function show(view) {
  const before = state.view;
  const wasOn = before && state.game && before.status === "playing";
  state.view = view;
  state.receivedAt = performance.now();
  // The server says which cells changed since the view this page had: paint those only.
  const since = before && view.changed && view.changed_since === before.revision;
  if (since && board.w === view.width && board.h === view.height) board.renderCells(withMarks(view.tiles, view.marks), view.changed);
  else board.render(withMarks(view.tiles, view.marks));
  board.el.dataset.status = view.status;
  drawCounter(view.counter);
  drawTimer();
  setFace(moodOf(view));
  board.setProof([]);
  const game = { ...state.game };
  drawEnd(view, {
    watch: () => replays.watchGame(game),
    export: () => replays.exportGame(game),
    code: () => endButtons.code(),
    again: () => endButtons.again(),
  });
  status("");
  refreshHeat();
  refreshHints();
  if (view.reason === "hint") loadProof(view);
  if (view.status === "lost") board.scrollTo(["hint", "blast"]); // on a board wider than the screen too
  if (wasOn && view.status !== "playing") {
    // the live counters from this answer on, not at their next second's tick:
    // they said 3BV 9/10 beside an end screen's 10/10
    countersChanged();
    if (state.prefs.sound && view.status !== "abandoned") sound.play(view.status === "won" ? "win" : "blast");
    finished(view); // not awaited: the name dialog must not hold the queue
  }
}

async function loadProof(view) {
  try {
    const p = await api.proof(state.game);
    if (state.view !== view || !p.cells) return;
    const cells = p.cells.map(([x, y]) => ({ x, y }));
    board.setProof(cells);
    board.bringIntoView([...cells, ...board.find(["hint"])]);
    showProof(p);
  } catch (err) {
    status(err.message, true);
  }
}

async function finished(view) {
  const game = state.game;
  // once per game, however many windows saw it end
  const history = saved.get("history", []).filter((h) => h.id !== game.id);
  history.unshift({
    ...game,
    level: view.level,
    status: view.status,
    elapsed_ms: view.elapsed_ms,
    date: Date.now(),
    size: { width: view.width, height: view.height, mines: view.mines },
    practice: view.practice,
    no_guess: view.no_guess,
    code: view.code,
  });
  saved.set("history", history.slice(0, 30));
  if (view.best_time) await askName(game, view);
}

// A best time stays nameable until the player answers the dialog: a reload or a
// closed tab before then asks again (resume), an explicit Cancel is kept by the
// server, which then answers best_time false in every window.
export async function askName(game, view) {
  let opts = {};
  for (;;) {
    const name = await dlg.nameDialog(view.level, opts);
    if (name === null) {
      view.best_time = false;
      try {
        await api.declineBestTime(game);
      } catch (err) {
        status(`${err.message}: the time will be asked for again.`, true);
      }
      return;
    }
    try {
      await api.nameBestTime(game, name);
    } catch (err) {
      // A name the server refuses (422) is asked again; any other error leaves
      // the time nameable at the next visit.
      if (err.status === 422) {
        opts = { name, error: err.message };
        continue;
      }
      if (err.status === 503) {
        // the database cannot be written just now: the time is still nameable
        opts = { name, error: `${err.message}. Try again.` };
        continue;
      }
      if (err.status === 409) {
        // named in another window meanwhile, or pushed out by faster times
        status(
          "This time can no longer be named: it was named in another window, faster times pushed it out, or the best times were reset.",
        );
        return;
      }
      status(err.message, true);
      return;
    }
    view.best_time = false;
    try {
      await showBestTimes();
    } catch (err) {
      status(err.message, true);
    }
    return;
  }
}

// The Best Times and Statistics dialogs, each with its reset (asked once more
// first: a reset cannot be undone), shown again with what is left.
async function withReset(load, dialog, reset, title, question) {
  let data = await load();
  while ((await dialog(data)) === "reset") {
    if (await dlg.confirmDialog(title, question, "Reset")) data = await reset();
  }
}

export const showBestTimes = () =>
  withReset(
    api.bestTimes,
    dlg.bestTimesDialog,
    api.resetBestTimes,
    "Reset Scores",
    "Reset the best times of every level? They cannot be brought back.",
  );

export const showStatistics = () =>
  withReset(
    api.statistics,
    dlg.statisticsDialog,
    api.resetStatistics,
    "Reset Statistics",
    "Start the statistics of every level again from zero? Best times and replays stay.",
  );

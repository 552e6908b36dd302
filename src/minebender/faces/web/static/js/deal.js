// New games: one at a time, each taking the place of the games it replaces
// (asked first while one is in play, as Windows 7 does), a restart of the
// same board, and Game > Practice, which may make the game in play practice.

import * as api from "./api.js";
import * as dlg from "./dialogs.js";
import { refreshHeat, show } from "./game-view.js";
import { board, savePrefs, state, status } from "./page-state.js";
import { saved } from "./storage.js";

// ---------------------------------------------------------------- actions

// A new game takes the place of this page's game and of the game this browser
// saved as its current one (another window's, or one a link left unresumed):
// the server gives up each still being played (one not started is dropped) and
// says whether one counts as lost. In the action queue, after the clicks
// already sent: one may end the game, and then there is nothing to give up.
// Resolves with whether one counts as lost (an error is shown, not thrown:
// the new game exists already).
async function replaceGames(res) {
  const left = new Map(); // by id: the page's game is most often the saved one
  for (const g of [state.game, saved.get("current", null)]) {
    if (g?.id && g.token && g.id !== res.id) left.set(g.id, { id: g.id, token: g.token });
  }
  const games = [...left.values()];
  if (!games.length) return false;
  let counted = false;
  state.queue = state.queue.then(async () => {
    try {
      counted = (await api.replace(res, games)).counted;
    } catch (err) {
      status(err.message, true);
    }
  });
  await state.queue;
  return counted;
}

/** Whether leaving a game with this at_stake gives up a game in play. */
export const inPlay = (stake) => stake === "ranked" || stake === "unranked";

// One new game at a time: two that overlap (F2 twice in a row, a held key)
// each gave up the game they found, the same one, and the first new game was
// left "playing" in the database for good, never counted, even once clicked.
let dealing = Promise.resolve(null);

/** Start a game; resolves with its first view, or null (the error is shown). */
export function newGame(opts = {}) {
  state.deals++;
  const dealt = dealing.then(() => dealGame(opts)).finally(() => state.deals--);
  dealing = dealt.catch(() => null);
  return dealt;
}

async function dealGame(opts) {
  const p = state.prefs;
  const body = opts.mbf
    ? { mbf: opts.mbf, board_file: opts.file }
    : opts.code
    ? { code: opts.code, practice: p.practice }
    : { level: p.level === "custom" ? p.custom : p.level, practice: p.practice, no_guess: p.noGuess };
  try {
    if (opts.restart) return await restartGame();
    const res = await api.newGame(body);
    // Asked only once the server took the code: a refused one says so at once.
    // Declined, the new game, not started, is dropped.
    if (opts.ask) {
      state.dealtUnanswered = res; // dropped too if the page goes meanwhile
      const yes = await opts.ask();
      state.dealtUnanswered = null;
      if (!yes) {
        await api.abandon(res).catch(() => null);
        return null;
      }
    }
    // Only a game really replaced is given up: a refused code (or a server
    // away) leaves the game in progress as it was.
    const counted = await replaceGames(res);
    return await takeGame(res, counted, opts.code ?? null);
  } catch (err) {
    status(err.message, true);
    state.lastError = err.message;
    if (opts.code && !opts.inDialog) await dlg.message("Board Code", err.message);
    return null;
  }
}

// Windows 7's Restart this game: the server gives the game in play up (as a
// new game would) and deals its board again, unranked; after the moves sent.
async function restartGame() {
  const game = state.game;
  await state.queue;
  if (state.game !== game || !state.view || state.view.status !== "playing") return null;
  const res = await api.restart(game);
  return takeGame(res, res.counted, state.startedFrom);
}

// The new game res ({id, token, view}) becomes this page's game; code says
// where its board came from (a board code; the view names an .mbf file).
async function takeGame(res, counted, code) {
  const p = state.prefs;
  state.game = { id: res.id, token: res.token };
  state.startedFrom = code;
  const v = res.view;
  // The face and F2 go on with the level of a shared board, which is in
  // sight; its no-guess option is not taken: ticked for good, it would make
  // every later game unranked without a word.
  if (code) p.level = v.level;
  // The Custom Field dialog shows the sizes as the laws clamped them.
  if (v.level === "custom") p.custom = { width: v.width, height: v.height, mines: v.mines };
  savePrefs();
  state.cursor = null;
  saved.set("current", state.game);
  state.view = null;
  board.setCursor(null);
  await show(res.view);
  if (counted) status("The game you left counts as lost in the statistics.");
  return v;
}

/** Before something that would end the game in play (a new game, another
 * level or option, a board code), ask as Windows 7 does: resolves "go"
 * (nothing is lost, or the player quits), "restart" (offered with
 * `restart`) or null: Keep playing. */
export async function askLeave({ restart = false } = {}) {
  const v = state.view;
  if (!state.game || !v || !inPlay(v.at_stake) || state.deals) return "go";
  const choice = await dlg.leaveDialog({ counted: v.at_stake === "ranked", restart });
  return choice === "quit" ? "go" : choice;
}

/** A new game at the player's word (the face, F2, N, Game > New): asked
 * first while a game is in play, which can also be restarted. */
export async function startOver() {
  const choice = await askLeave({ restart: true });
  if (choice === null) return null;
  return newGame({ restart: choice === "restart" });
}

// Game > Practice. In a game in play it switches practice on without ending
// it (asked first when the game is ranked and started: it gives up its best
// time), and off it only hides the heat map: the game stays a practice game,
// the next one is dealt without. Between games it deals a new game.
export async function togglePractice() {
  const p = state.prefs;
  const game = state.game;
  const v = state.view;
  if (!game || !v || v.status !== "playing") {
    p.practice = !p.practice;
    savePrefs();
    return void (await newGame());
  }
  if (p.practice) {
    p.practice = false;
    savePrefs();
    refreshHeat();
    if (v.practice) status("The heat map is off. This game stays a practice game; the next one counts.");
    return;
  }
  if (!v.practice) {
    const question =
      "Practice this game? The heat map shows each covered cell's chance of a mine. " +
      "The game goes on, but counts for neither best times nor statistics, not even as a loss.";
    if (v.at_stake === "ranked" && !(await dlg.confirmDialog("Practice", question, "Practice"))) return;
    let done = false;
    state.queue = state.queue
      .then(async () => {
        if (state.game !== game || !state.view || state.view.status !== "playing") return;
        const res = await api.practice(game);
        done = true;
        if (state.game === game) await show(res.view);
      })
      .catch((err) => status(err.message, true));
    await state.queue;
    if (!done) return;
  }
  p.practice = true;
  savePrefs();
  refreshHeat();
}

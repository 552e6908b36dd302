// Help while playing: Show Hints (Game menu, H) and Auto Play Until a Guess
// (Game menu, G). The server works both out from what the player sees
// (POST /api/games/{id}/hints and /auto); this paints the hints lightly on
// the board and says what auto play did. Either marks the game: it is never
// a best time, as with the assist.

import * as api from "./api.js";
import * as dlg from "./dialogs.js";
import { board, savePrefs, state, status } from "./page-state.js";

export const STYLES = { flags: "Flag Mines", no_flags: "No Flags", efficiency: "Fewest Clicks" };

let asked = null; // the position whose hints were asked last: each is asked once

/** A position as the hints see it: the game and what its tiles show, a
 * flag as a covered cell (the solver reads no flags). A press that changed
 * nothing, or a flag, asks nothing again. */
const positionOf = (game, v) =>
  `${game.id}|${v.tiles.map((row) => row.map((t) => (t === "flagged" ? "covered" : t)).join(" ")).join("/")}`;

/** The hints of the view on screen, asked once a position while Show Hints
 * is on; cleared when it is off or the game is not in play. */
export async function refreshHints() {
  const v = state.view;
  const game = state.game;
  if (!game || !v || !state.prefs.hints || v.status !== "playing" || !v.started) {
    asked = null;
    if (board.hintSafe.size || board.hintGuess.size) board.setHints([], null);
    return;
  }
  const position = positionOf(game, v);
  if (position === asked) return;
  asked = position;
  try {
    const h = await api.hints(game);
    const now = state.view;
    // the board moved on meanwhile: the view that moved it asks again
    if (state.game !== game || !now || positionOf(game, now) !== position) return;
    // the first hints of a game log an event: the view's revision moves on by one
    if (h.view.revision > now.revision) {
      Object.assign(now, { revision: h.view.revision, hints: h.view.hints });
      status("");
    }
    board.setHints(h.safe.map(([x, y]) => ({ x, y })), h.guess && { x: h.guess[0], y: h.guess[1] });
    if (!document.getElementById("status-msg")) status(`Hint: ${h.reason}.`); // another message stays
  } catch (err) {
    asked = null; // asked again with the next view
    if (err.status !== 409) status(err.message, true); // 409: the game ended meanwhile
  }
}

/** Help that keeps a ranked game from the best times is asked first, once a game. */
async function agreed(what) {
  const v = state.view;
  if (!v || !v.ranked || !v.started || v.hints || v.auto_clicks > 0) return true;
  const question = `${what} This game then never counts as a best time, as with the assist.`;
  return dlg.confirmDialog("Help", question, "Go on");
}

export async function toggleHints() {
  const p = state.prefs;
  if (!p.hints && !(await agreed("Show the safe cells, or the best guess, after each move?"))) return;
  p.hints = !p.hints;
  savePrefs();
  await refreshHints();
  if (!p.hints) status("Hints are off.");
  // nothing to draw before the first click: say so, or H seemed to do nothing
  else if (!state.view?.started) status("Hints are on: they show from your first click.");
}

export function setAutoStyle(style) {
  state.prefs.autoStyle = style;
  savePrefs();
}

/** Play every certain move for the player, then say why it stopped. */
export async function autoPlay(send) {
  const v = state.view;
  if (!state.game || !v || v.status !== "playing") return;
  if (!(await agreed("Play every certainly safe cell for you until the next move is a guess?"))) return;
  let said = "";
  const style = state.prefs.autoStyle in STYLES ? state.prefs.autoStyle : "efficiency";
  await send((game) =>
    game &&
    api.auto(game, style).then((res) => {
      said = res.message;
      return res;
    }),
  );
  if (said) status(said);
}

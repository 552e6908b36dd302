// The position of this browser's game, for the analysis board. A game still in
// play would be helped by it, so it first becomes a practice game (never
// ranked, never counted), once the player says yes.

import * as api from "./api.js";
import { confirmDialog } from "./dialogs.js";

/** The question asked before a game in play is analysed, or null when none is
 * needed (a game over, a practice game, or one not started: it shows nothing). */
export function practiceQuestion(view) {
  if (!view || view.status !== "playing" || view.practice || !view.started) return null;
  const counted = view.at_stake === "ranked" ? " It will no longer count for best times or statistics." : "";
  return `Analysing a game still in play makes it a practice game, for good.${counted} Analyse it?`;
}

/** The board text of game {id, token}, or null when the player declined. */
export async function takePosition(game) {
  const { view } = await api.getGame(game);
  const question = practiceQuestion(view);
  if (question) {
    if (!(await confirmDialog("Analyse This Position", question, "Make it practice"))) return null;
    await api.practice(game);
  }
  return api.boardText(game);
}

/** The analysis board's address for this board text. */
export const analyseLink = (text) => `/analyse?board=${encodeURIComponent(text)}`;

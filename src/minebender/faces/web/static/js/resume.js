// The game this browser saved, resumed as the page opens (or a link's board,
// asked first over a game in play); and the game as another window left it,
// taken again when this page comes back.

import * as api from "./api.js";
import * as dlg from "./dialogs.js";
import { inPlay, newGame } from "./deal.js";
import { askName, show } from "./game-view.js";
import { paramInLink } from "./links.js";
import { board, state, status } from "./page-state.js";
import { tellPresence } from "./presence.js";
import { saved } from "./storage.js";

/** What this browser's saved game would lose to a new game in its place, as
 * the server says it (the view's at_stake): "ranked" or "unranked" while it
 * is being played, "best_time" when its best time is not named yet (it is
 * asked only as the game is resumed), else null. */
async function savedAtStake() {
  const cur = saved.get("current", null);
  if (!cur || !cur.id || !cur.token) return null;
  try {
    return (await api.getGame(cur)).view.at_stake;
  } catch {
    return null; // gone, or the server away: nothing to give up
  }
}

/** The link's question over the game in play, its clock standing still while
 * the question is open (no move can be made): declined, the clock goes on
 * from where it stood, and the link cost the player no time. */
async function askOverPlay(question) {
  state.asking = true;
  await tellPresence(false);
  try {
    return await dlg.confirmDialog("Board Code", question, "Play it");
  } finally {
    state.asking = false;
    if (!document.hidden) tellPresence(true);
  }
}

// Another window may have played this game meanwhile: when this page comes
// back (shown again, or its window focused) it asks for the game as stored,
// in the action queue so that no answer of its own is overtaken.
export function refreshFromServer() {
  const game = state.game;
  const v = state.view;
  if (!game || !v || v.status !== "playing") return state.queue;
  state.queue = state.queue
    .then(async () => {
      if (state.game !== game || state.view !== v) return;
      const res = await api.getGame(game);
      if (res.view.status === "abandoned") {
        setTimeout(() => followReplacement(game), 0);
        return;
      }
      // a move, a ? or practice in another window: the server counts them
      const same = res.view.revision === v.revision && res.view.status === v.status;
      if (state.game === game && state.view === v && !same) await show(res.view);
    })
    .catch((err) => {
      // dropped in another window before its first click; else the server is
      // away, which the presence call says
      if (err.status === 404) setTimeout(() => followReplacement(game), 0);
    });
  return state.queue;
}

// This page's game was given up in another window of the browser, for the
// game that window started: this page goes on with that one, as a reload would.
export async function followReplacement(game) {
  if (state.game !== game) return;
  const cur = saved.get("current", null);
  if (cur && cur.id && cur.token && cur.id !== game.id) {
    try {
      const res = await api.getGame(cur);
      if (state.game === game && res.view.status !== "abandoned") {
        state.game = cur;
        state.view = null;
        state.cursor = null;
        board.setCursor(null);
        await show(res.view);
        status("Another window started a new game in place of this one: here it is.");
        return;
      }
    } catch {
      // gone or unreachable: a new game below
    }
  }
  if (state.game !== game) return;
  await newGame();
  status("This game was given up in another window: a new one is started.");
}

export async function resume() {
  // Refusals this browser kept itself before the server kept them: handed over
  // once (only the saved game can be resumed, so only its refusal matters).
  const refused = saved.get("declined", []);
  if (refused.length) {
    const cur = saved.get("current", null);
    if (cur?.id && cur.token && refused.includes(cur.id)) await api.declineBestTime(cur).catch(() => null);
    saved.set("declined", []);
  }
  // A shared link: /?code=e:k3j9 starts that board; after a bad code (its
  // message answered) the page goes on as if there were none.
  const code = paramInLink(location.search, "code");
  if (code !== null) history.replaceState(null, "", location.pathname);
  // Any web page can open such a link: a game in progress is given up for it
  // (counted as lost, the streak broken) only once the player says so, over
  // the game itself, and a best time not yet named is asked for first;
  // without that, a link alone cost the player their game or their time.
  const stake = code ? await savedAtStake() : null;
  if (code && !stake) {
    if (await newGame({ code })) return;
  }
  const current = saved.get("current", null);
  if (current && current.id && current.token) {
    try {
      const res = await api.getGame(current);
      // Given up for a new game in another window: it never comes back.
      if (res.view.status === "abandoned") return void (await newGame());
      state.game = current;
      await show(res.view);
      const resumed = inPlay(res.view.at_stake);
      if (resumed) status("Your game was resumed where you left it.");
      // Closed or reloaded before the Best Time dialog was answered: ask again.
      const naming = res.view.at_stake === "best_time" ? askName(current, res.view) : null;
      if (inPlay(stake) && resumed) {
        const loss = stake === "ranked" ? "would count as lost" : "would be given up";
        const question = `A link asks to play the board ${code}. The game you are playing ${loss}.`;
        if (!(await newGame({ code, ask: () => askOverPlay(question) }))) {
          status("Your game was resumed where you left it.");
        }
      } else if (stake) {
        await naming; // the time named (or declined), then the link's board
        await newGame({ code });
      }
      return;
    } catch (err) {
      if (err.status === 0) {
        status(err.message, true);
        return;
      }
    }
  }
  await newGame();
}

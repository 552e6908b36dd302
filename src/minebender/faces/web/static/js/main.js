// The minebender page: wires the board, the panel, the menus and the dialogs to
// the HTTP API. The server decides everything; the page only shows views.
// Its parts: page-state.js (the state and what draws it), game-view.js (a
// view shown), play.js (the board's input path), deal.js (new games),
// resume.js and presence.js (the game kept across pages), commands.js (menus).

import * as api from "./api.js";
import { awayOpen, listenAway } from "./away.js";
import { startCounters } from "./counters.js";
import * as mbf from "./boardfile.js";
import { command, playMbf } from "./commands.js";
import { startOver } from "./deal.js";
import * as dlg from "./dialogs.js";
import { onEndButtons, refreshHeat } from "./game-view.js";
import { refreshHints } from "./help.js";
import * as icons from "./icons.js";
import { attachMenus, markMenu } from "./menus.js";
import { $, applyCellSize, board, drawCounter, drawTimer, setFace, state } from "./page-state.js";
import { assist, attachBoard, attachKeys } from "./play.js";
import { HEARTBEAT_MS, tellPresence } from "./presence.js";
import { refreshFromServer, resume } from "./resume.js";
import { saved } from "./storage.js";

onEndButtons({
  code: () => command("code"),
  again: () => {
    startOver();
    board.el.focus({ preventScroll: true }); // the button is gone with the panel
  },
});
attachBoard();
attachKeys();
attachMenus(command);
mbf.attachMbfDrop((file) => playMbf(file).catch((err) => dlg.message("Open Board", err.message)));

// ---------------------------------------------------------------- presence

document.addEventListener("visibilitychange", () => {
  tellPresence(!document.hidden && !state.asking && !awayOpen());
  if (!document.hidden) refreshFromServer();
});
window.addEventListener("focus", () => refreshFromServer());
// Options changed in another tab of this browser (Practice, Marks, Sound, the
// cell size...): this one takes them too, or its heat map and menu lagged.
window.addEventListener("storage", (e) => {
  if (e.key !== "minebender.prefs") return;
  Object.assign(state.prefs, saved.get("prefs", {}));
  markMenu(state.prefs);
  applyCellSize();
  refreshHeat();
  refreshHints();
});
window.addEventListener("pagehide", () => {
  tellPresence(false);
  // a link's game made for a question never answered: not left "playing" for good
  if (state.dealtUnanswered) api.abandon(state.dealtUnanswered, true).catch(() => null);
});
setInterval(() => {
  if (!document.hidden && !state.asking && !awayOpen()) tellPresence(true);
}, HEARTBEAT_MS);
// Replays and the viewer take the player away from the game: its clock stops.
listenAway((away) => tellPresence(!away && !document.hidden && !state.asking));

// ---------------------------------------------------------------- start

$("title-icon").innerHTML = icons.mineIcon;
$("assist").innerHTML = icons.bulb;
setFace("smile");
drawCounter(0);
drawTimer();
markMenu(state.prefs);
applyCellSize();
// After the face or the bulb the focus is on the board, so the next Space
// reveals there rather than pressing the button again (a new game each time).
$("face").addEventListener("click", () => {
  startOver();
  board.el.focus({ preventScroll: true });
});
$("assist").addEventListener("click", () => {
  assist();
  board.el.focus({ preventScroll: true });
});
setInterval(drawTimer, 200);
startCounters();
resume().then(() => tellPresence(!document.hidden));

// The board's input path: presses and releases of the mouse, a tap or a key
// on a cell go to the server in turn (one queue), and its answer is shown.
// What they mean is the server's rule: nothing here decides it.

import * as api from "./api.js";
import { isNumber } from "./board.js";
import * as dlg from "./dialogs.js";
import { show } from "./game-view.js";
import { startOver } from "./deal.js";
import { attachPointer, keyAction } from "./input.js";
import { closeMenus } from "./menus.js";
import { board, moodOf, offline, setFace, state, status } from "./page-state.js";
import { autoPlay, toggleHints } from "./help.js";
import { followReplacement } from "./resume.js";

const MAX_AGO_MS = 60000; // the server takes presses at most this old

// A request for the game, made when its turn in the queue comes, and its
// answer shown. The request is called with null when the game is no longer
// played then: it sends nothing (and returns null).
export function send(request) {
  const game = state.game;
  if (!game || !state.view || state.view.status !== "playing") {
    request(null);
    return state.queue;
  }
  state.pending++;
  state.queue = state.queue
    .then(async () => {
      const over = state.game !== game || !state.view || state.view.status !== "playing";
      const answer = request(over ? null : game);
      if (!answer) return;
      const res = await answer;
      offline(false);
      if (state.game === game) await show(res.view);
    })
    .catch((err) => {
      if (err.status === 0) offline(true);
      // given up in another window; or dropped there before its first click (404)
      if (err.outcome === "given_up" || err.status === 404) {
        setTimeout(() => followReplacement(game), 0); // after this queue: it starts a game
        return;
      }
      status(err.status === 0 ? `${err.message} This move was not made.` : err.message, true);
    })
    .finally(() => {
      state.pending--;
      board.el.dataset.pending = String(state.pending);
    });
  board.el.dataset.pending = String(state.pending);
  return state.queue;
}

export const playing = () => !!state.view && state.view.status === "playing" && !dlg.dialogOpen();

// Presses wait here while an answer is on its way, and leave together with
// the times they were made: one request, however fast the hands. Each keeps
// the game its button went down on: a button pressed on a game that another
// window gave up, and released once this page shows that window's game, is
// not sent to the new game (the release alone there cleared the message
// saying why the board changed).
const waiting = [];
let queued = false;

const pressedOn = new Map(); // button -> the game it went down on

export function pressed(type, button, cell, path = []) {
  let on = state.game?.id;
  if (type === "down") pressedOn.set(button, on);
  else if (pressedOn.has(button)) {
    on = pressedOn.get(button);
    pressedOn.delete(button);
  }
  waiting.push({ type, button, cell, path, t: performance.now(), on });
  if (queued) return state.queue;
  queued = true;
  send(sendWaiting);
  return state.queue;
}

function sendWaiting(game) {
  queued = false;
  if (!game) return void waiting.splice(0);
  const now = performance.now();
  const ago = (t) => Math.min(MAX_AGO_MS, Math.max(0, Math.round(now - t)));
  const inputs = waiting.splice(0).filter((w) => w.on === game.id).map(({ type, button, cell, path, t }) => {
    const input = { type, button, ago_ms: ago(t) };
    if (cell) Object.assign(input, { x: cell.x, y: cell.y });
    if (path.length) input.path = path.flatMap(([pt, x, y]) => [Math.max(ago(pt), ago(t)), x, y]);
    return input;
  });
  return inputs.length ? api.inputs(game, inputs, !!state.prefs.marks) : null;
}

// A click of one button on cell p: a key of the keyboard.
export const click = (button, p) => {
  pressed("down", button, p);
  return pressed("up", button, p);
};

// A tap, Space or Enter: a gesture without buttons, made the click that
// opens what the cell shows. A number shown is chorded (the middle button),
// anything else gets a left click. Taken from the screen, not the board the
// answers on their way will leave: a covered cell aimed at is never chorded.
export const open = (p) => {
  const t = board.tile(p.x, p.y) ?? "";
  return click(isNumber(t) && t !== "0" ? "middle" : "left", p);
};

export function attachBoard() {
  attachPointer(board, {
    enabled: playing,
    press: pressed,
    open,
    holding: (on) => {
      state.holding = on;
      setFace(moodOf(state.view));
    },
  });
}

const help = { g: () => autoPlay(send), h: toggleHints };

export function assist() {
  send((game) => game && api.act(game, { type: "assist" }));
}

const REPEATLESS = new Set(["F2", "n", "N", "a", "A", "f", "F", "g", "G", "h", "H", " ", "Enter"]);

// The keys of the page: a new game, the assist, and the cursor's moves and
// actions on the board.
export function attachKeys() {
  document.addEventListener("keydown", onKey);
}

function onKey(e) {
  if (dlg.dialogOpen() || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "Escape") return closeMenus();
  // Enter and Space on a button (the face, the bulb, a menu, the end panel's)
  // press that button: only on the board (or nothing focused) are they moves
  const onControl = e.target instanceof HTMLElement && e.target.closest("button, a, input, select, textarea");
  if (onControl && (e.key === "Enter" || e.key === " ")) return;
  // A key held down repeats: only the arrows move on with it. Held F toggled
  // the flag at each repeat, and held F2 dealt a stream of games.
  if (e.repeat && REPEATLESS.has(e.key)) return void e.preventDefault();
  if (e.key === "F2" || e.key === "n" || e.key === "N") {
    e.preventDefault();
    return startOver();
  }
  if (e.key === "a" || e.key === "A") {
    e.preventDefault();
    return assist();
  }
  if (e.key === "g" || e.key === "G" || e.key === "h" || e.key === "H") {
    e.preventDefault();
    return help[e.key.toLowerCase()]();
  }
  const r = keyAction(board, state.cursor, e.key);
  if (!r) return;
  e.preventDefault();
  if (r.cursor) {
    state.cursor = r.cursor;
    board.setCursor(r.cursor);
  } else if (r.open && playing()) {
    open({ ...state.cursor });
  } else if (r.button && playing()) {
    click(r.button, { ...state.cursor });
  }
}

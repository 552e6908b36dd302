// The board's input path: a click, a tap or a key on a cell becomes an
// action, sent to the server in turn (one queue), and its answer shown.

import * as api from "./api.js";
import { isCovered } from "./board.js";
import * as dlg from "./dialogs.js";
import { show } from "./game-view.js";
import { startOver } from "./deal.js";
import { attachPointer, keyAction } from "./input.js";
import { closeMenus } from "./menus.js";
import { board, moodOf, offline, setFace, state, status } from "./page-state.js";
import { followReplacement } from "./resume.js";

// An action, or a function that makes it (or null: nothing to send) when its
// turn in the queue comes, from the board the answers before it left.
export function send(action) {
  const game = state.game;
  if (!game || !state.view || state.view.status !== "playing") return state.queue;
  state.pending++;
  state.queue = state.queue
    .then(async () => {
      if (state.game !== game) return;
      const act = typeof action === "function" ? action() : action;
      if (!act || !state.view || state.view.status !== "playing") return;
      const res = await api.act(game, act);
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

// A left click, a tap, Space or Enter on cell p. What it aims at is what the
// screen shows: a covered cell is revealed, whatever the moves still on their
// way make of it (opened by them as a number, a reveal does nothing; taken
// for a chord, it had lost a game on a wrong flag). A flagged cell is revealed
// if a move before it took the flag off, and a number chords (the mouse and a
// tap: only one whose flags add up, so that a click on a number in passing is
// no chord), decided when its turn comes, on the board the moves sent before
// it leave: decided on the board on screen, an unflag and then a click sent
// no reveal, and a flag and then a click on the number it completed no chord.
export function openCell(p, anyNumber = false) {
  const aimed = board.tile(p.x, p.y);
  if (isCovered(aimed)) return send({ type: "reveal", ...p }); // a ? is no flag
  return send(() => {
    const t = board.tile(p.x, p.y);
    if (aimed === "flagged") return t === "covered" ? { type: "reveal", ...p } : null;
    const number = t && t.length === 1 && t !== "0";
    if (number && (anyNumber || board.satisfied(p.x, p.y))) return { type: "chord", ...p };
    return null;
  });
}

// A right click, F or a long press on cell p. With Marks (?) on it cycles as
// in Windows XP: covered, flag, ?, covered; decided on the board the moves
// sent before it leave, so that two quick right clicks flag and then mark.
export function flagCell(p) {
  if (!state.prefs.marks && board.tile(p.x, p.y) !== "marked") return send({ type: "flag", ...p });
  return send(() => {
    const t = board.tile(p.x, p.y);
    const cycle = t === "marked" || (t === "flagged" && state.prefs.marks);
    return { type: cycle ? "mark" : "flag", ...p };
  });
}

export function attachBoard() {
  attachPointer(board, {
    enabled: playing,
    click: (p) => openCell(p),
    flag: (p) => flagCell(p),
    chord: (p) => send({ type: "chord", ...p }),
    holding: (on) => {
      state.holding = on;
      setFace(moodOf(state.view));
    },
  });
}

export function assist() {
  send({ type: "assist" });
}

const REPEATLESS = new Set(["F2", "n", "N", "a", "A", "f", "F", " ", "Enter"]);

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
  const r = keyAction(board, state.cursor, e.key);
  if (!r) return;
  e.preventDefault();
  if (r.cursor) {
    state.cursor = r.cursor;
    board.setCursor(r.cursor);
  } else if (r.action === "open" && playing()) {
    openCell({ ...state.cursor }, true);
  } else if (r.action === "flag" && playing()) {
    flagCell({ ...state.cursor });
  } else if (r.action && playing()) {
    send({ type: r.action, ...state.cursor });
  }
}

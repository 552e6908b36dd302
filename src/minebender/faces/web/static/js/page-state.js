// The game page's state, and what draws it: the face, the timer, the mine
// counter, the status line, the options kept in this browser. Every other
// module of the page reads and changes this one state.

import { Board } from "./board.js";
import * as dlg from "./dialogs.js";
import * as icons from "./icons.js";
import { markMenu } from "./menus.js";
import { noteScrollbarWidth } from "./scrollbar.js";
import { saved } from "./storage.js";
import * as sound from "./sound.js";
import { count } from "./words.js";

export const $ = (id) => document.getElementById(id);

export const state = {
  game: null, // {id, token}
  view: null,
  receivedAt: 0,
  prefs: {
    level: "beginner",
    custom: { width: 30, height: 16, mines: 99 },
    practice: false,
    noGuess: false,
    marks: true, // Windows XP's Marks (?): on unless the player turned it off
    sound: false, // Windows XP's Sound: off unless the player turned it on
    cell: "auto", // the cell size in px, or "auto": fit the screen, up to 24 px
    hints: false, // Show Hints: off unless the player turned it on
    autoStyle: "efficiency", // how Auto Play Until a Guess plays (help.js STYLES)
    ...saved.get("prefs", {}),
  },
  cursor: null,
  queue: Promise.resolve(),
  holding: false,
  startedFrom: null, // the board code this game was started from
  pending: 0,
  lastError: "", // what the server said of the last game it refused to start
  presenceFailed: false, // the last word to the server about this page was not heard
  asking: false, // a link's question is open over the game in play: its clock stands still
  dealtUnanswered: null, // a link's game, made but not yet taken or declined
  deals: 0, // new games on their way: the game on screen is being left already
};

export const board = new Board($("board"));

noteScrollbarWidth();
// ---------------------------------------------------------------- drawing

export function setFace(mood) {
  const el = $("face");
  if (el.dataset.mood !== mood) {
    el.dataset.mood = mood;
    el.innerHTML = icons.face(mood);
    const said = { cool: "new game (this one is won)", dead: "new game (this one is lost)" };
    el.setAttribute("aria-label", said[mood] ?? "new game");
  }
}

/** The face the view gives, or "oh" while a button is held on the board. */
export function moodOf(view) {
  if (!view) return "smile";
  return view.face === "smile" && state.holding ? "oh" : view.face;
}

// The clock shows what the server's view says (game_view.py decides its rule)
// and goes up by one at each tick the view schedules, up to its limit.
export function clockNow() {
  const c = state.view?.clock;
  if (!c) return 0;
  const since = performance.now() - state.receivedAt;
  if (!c.running || since < c.next_tick_ms) return c.shown;
  return Math.min(c.limit, c.shown + 1 + Math.floor((since - c.next_tick_ms) / 1000));
}

/** Hold the clock where it shows now (the server cannot be heard from). */
export function holdClock() {
  const v = state.view;
  if (!v?.clock) return;
  v.clock = { ...v.clock, shown: clockNow(), running: false };
  v.paused = true;
}

export function drawTimer() {
  const secs = clockNow();
  const el = $("timer");
  if (el.dataset.value !== String(secs)) {
    const v = state.view;
    // XP ticks as each second shows, from the 1 of the first click
    if (state.prefs.sound && secs > 0 && v?.clock?.running && el.dataset.value !== undefined)
      sound.play("tick");
    el.dataset.value = String(secs);
    el.innerHTML = icons.ledDigits(secs);
    el.setAttribute("aria-label", `${secs} seconds`);
  }
}

export function drawCounter(n) {
  const el = $("counter");
  el.dataset.value = String(n);
  el.innerHTML = icons.ledDigits(n);
  el.setAttribute("aria-label", `${count(n, "mine")} left`); // the digits are pictures
}

// While the server cannot be reached the board is dimmed and says why, so
// that clicks are not taken for moves; the next answer brings it back.
// The timer stops there too: the server's clock is not running (or cannot be
// heard from), and a timer that ran on would jump back once it answers.
export function offline(on) {
  board.el.dataset.offline = on ? "1" : "0";
  const v = state.view;
  if (on && v && v.started && v.status === "playing" && !v.paused) {
    holdClock();
    drawTimer();
  }
}

export function status(text, isError = false) {
  const v = state.view;
  const parts = [];
  if (v) {
    parts.push(`<span>${dlg.levelTitle(v.level)} ${v.width}\u00d7${v.height}, ${count(v.mines, "mine")}</span>`);
    if (v.practice) parts.push('<span class="badge" id="practice-badge">Practice</span>');
    if (v.no_guess) parts.push('<span class="badge">No-guess</span>');
    // help that keeps the game from the best times, as the assist does
    if (v.hints || v.auto_clicks) parts.push(`<span class="badge" id="help-badge" title="never a best time">${v.hints ? "Hints" : "Auto"}</span>`);
    // a board from a file has no code: its name, kept by the server with the
    // game (after a reload too), says where the board is from
    if (v.board_file) parts.push(`<span id="board-file">Board of ${dlg.esc(v.board_file)}</span>`);
  }
  $("status-info").innerHTML = parts.join("");
  // The message has a live region of its own, so a screen reader says "This
  // move was not made" without reading the level out again at every move.
  const live = $("status-live");
  const msg = text ? `<span id="status-msg" style="color:${isError ? "#b00000" : "inherit"}">${dlg.esc(text)}</span>` : "";
  if (live.innerHTML !== msg) live.innerHTML = msg;
}

// ---------------------------------------------------------------- options

export function savePrefs() {
  saved.set("prefs", state.prefs);
  markMenu(state.prefs);
}

// The cell size chosen (Game > Cell Size...), or the size that fits the screen.
export function applyCellSize() {
  const px = Number(state.prefs.cell);
  if (Number.isFinite(px) && px > 0) {
    board.el.dataset.size = String(px);
    board.el.style.setProperty("--cell-size", `${px}px`);
  } else {
    delete board.el.dataset.size;
    board.el.style.removeProperty("--cell-size");
  }
}

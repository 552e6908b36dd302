// The minebender page: wires the board, the panel, the menus and the dialogs to
// the HTTP API. The server decides everything; the page only shows views.

import * as api from "./api.js";
import { Board, isCovered, withMarks } from "./board.js";
import * as mbf from "./boardfile.js";
import { drawEnd, showProof } from "./endscreen.js";
import * as dlg from "./dialogs.js";
import * as icons from "./icons.js";
import { attachPointer, keyAction } from "./input.js";
import { paramInLink } from "./links.js";
import { attachMenus, closeMenus, markMenu } from "./menus.js";
import { noteScrollbarWidth } from "./scrollbar.js";
import { saved } from "./storage.js";
import * as replays from "./replay.js";
import * as sound from "./sound.js";
import { analyseLink, takePosition } from "./takeposition.js";
import { count } from "./words.js";

const $ = (id) => document.getElementById(id);

const state = {
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

const board = new Board($("board"));

noteScrollbarWidth();

// ---------------------------------------------------------------- drawing

function setFace(mood) {
  const el = $("face");
  if (el.dataset.mood !== mood) {
    el.dataset.mood = mood;
    el.innerHTML = icons.face(mood);
    const said = { cool: "new game (this one is won)", dead: "new game (this one is lost)" };
    el.setAttribute("aria-label", said[mood] ?? "new game");
  }
}

function moodOf(view) {
  if (!view) return "smile";
  if (view.status === "won") return "cool";
  if (view.status === "lost") return "dead";
  return state.holding ? "oh" : "smile";
}

function elapsedNow() {
  const v = state.view;
  if (!v || !v.started) return 0;
  if (v.status !== "playing" || v.paused) return v.elapsed_ms;
  return v.elapsed_ms + (performance.now() - state.receivedAt);
}

function drawTimer() {
  const secs = dlg.shownSeconds(elapsedNow(), !!state.view?.started);
  const el = $("timer");
  if (el.dataset.value !== String(secs)) {
    const v = state.view;
    // XP ticks as each second shows, from the 1 of the first click
    if (state.prefs.sound && secs > 0 && v && v.status === "playing" && !v.paused && el.dataset.value !== undefined)
      sound.play("tick");
    el.dataset.value = String(secs);
    el.innerHTML = icons.ledDigits(secs);
    el.setAttribute("aria-label", `${secs} seconds`);
  }
}

function drawCounter(n) {
  const el = $("counter");
  el.dataset.value = String(n);
  el.innerHTML = icons.ledDigits(n);
  el.setAttribute("aria-label", `${count(n, "mine")} left`); // the digits are pictures
}

// While the server cannot be reached the board is dimmed and says why, so
// that clicks are not taken for moves; the next answer brings it back.
// The timer stops there too: the server's clock is not running (or cannot be
// heard from), and a timer that ran on would jump back once it answers.
function offline(on) {
  board.el.dataset.offline = on ? "1" : "0";
  const v = state.view;
  if (on && v && v.started && v.status === "playing" && !v.paused) {
    v.elapsed_ms = elapsedNow();
    v.paused = true;
    drawTimer();
  }
}

function status(text, isError = false) {
  const v = state.view;
  const parts = [];
  if (v) {
    parts.push(`<span>${dlg.levelTitle(v.level)} ${v.width}\u00d7${v.height}, ${count(v.mines, "mine")}</span>`);
    if (v.practice) parts.push('<span class="badge" id="practice-badge">Practice</span>');
    if (v.no_guess) parts.push('<span class="badge">No-guess</span>');
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

async function refreshHeat() {
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

async function show(view) {
  const before = state.view;
  const wasOn = before && state.game && before.status === "playing";
  state.view = view;
  state.receivedAt = performance.now();
  board.render(withMarks(view.tiles, view.marks));
  board.el.dataset.status = view.status;
  drawCounter(view.mines_left);
  drawTimer();
  setFace(moodOf(view));
  board.setProof([]);
  const game = { ...state.game };
  drawEnd(view, {
    watch: () => replays.watchGame(game),
    export: () => replays.exportGame(game),
    code: () => command("code"),
    again: () => {
      startOver();
      board.el.focus({ preventScroll: true }); // the button is gone with the panel
    },
  });
  status("");
  refreshHeat();
  if (view.reason === "hint") loadProof(view);
  if (view.status === "lost") board.scrollTo(["hint", "blast"]); // on a board wider than the screen too
  if (wasOn && view.status !== "playing") {
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
async function askName(game, view) {
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

const showBestTimes = () =>
  withReset(
    api.bestTimes,
    dlg.bestTimesDialog,
    api.resetBestTimes,
    "Reset Scores",
    "Reset the best times of every level? They cannot be brought back.",
  );

const showStatistics = () =>
  withReset(
    api.statistics,
    dlg.statisticsDialog,
    api.resetStatistics,
    "Reset Statistics",
    "Start the statistics of every level again from zero? Best times and replays stay.",
  );

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

/** Whether leaving a game with this at_stake gives up a game in play. */
const inPlay = (stake) => stake === "ranked" || stake === "unranked";

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

// One new game at a time: two that overlap (F2 twice in a row, a held key)
// each gave up the game they found, the same one, and the first new game was
// left "playing" in the database for good, never counted, even once clicked.
let dealing = Promise.resolve(null);

/** Start a game; resolves with its first view, or null (the error is shown). */
function newGame(opts = {}) {
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
async function askLeave({ restart = false } = {}) {
  const v = state.view;
  if (!state.game || !v || !inPlay(v.at_stake) || state.deals) return "go";
  const choice = await dlg.leaveDialog({ counted: v.at_stake === "ranked", restart });
  return choice === "quit" ? "go" : choice;
}

/** A new game at the player's word (the face, F2, N, Game > New): asked
 * first while a game is in play, which can also be restarted. */
async function startOver() {
  const choice = await askLeave({ restart: true });
  if (choice === null) return null;
  return newGame({ restart: choice === "restart" });
}

// Game > Practice. In a game in play it switches practice on without ending
// it (asked first when the game is ranked and started: it gives up its best
// time), and off it only hides the heat map: the game stays a practice game,
// the next one is dealt without. Between games it deals a new game.
async function togglePractice() {
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

// An action, or a function that makes it (or null: nothing to send) when its
// turn in the queue comes, from the board the answers before it left.
function send(action) {
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

// Another window may have played this game meanwhile: when this page comes
// back (shown again, or its window focused) it asks for the game as stored,
// in the action queue so that no answer of its own is overtaken.
function refreshFromServer() {
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
async function followReplacement(game) {
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

const playing = () => !!state.view && state.view.status === "playing" && !dlg.dialogOpen();

// A left click, a tap, Space or Enter on cell p. What it aims at is what the
// screen shows: a covered cell is revealed, whatever the moves still on their
// way make of it (opened by them as a number, a reveal does nothing; taken
// for a chord, it had lost a game on a wrong flag). A flagged cell is revealed
// if a move before it took the flag off, and a number chords (the mouse and a
// tap: only one whose flags add up, so that a click on a number in passing is
// no chord), decided when its turn comes, on the board the moves sent before
// it leave: decided on the board on screen, an unflag and then a click sent
// no reveal, and a flag and then a click on the number it completed no chord.
function openCell(p, anyNumber = false) {
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
function flagCell(p) {
  if (!state.prefs.marks && board.tile(p.x, p.y) !== "marked") return send({ type: "flag", ...p });
  return send(() => {
    const t = board.tile(p.x, p.y);
    const cycle = t === "marked" || (t === "flagged" && state.prefs.marks);
    return { type: cycle ? "mark" : "flag", ...p };
  });
}

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

function assist() {
  send({ type: "assist" });
}

async function resume() {
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

// ---------------------------------------------------------------- menus

function savePrefs() {
  saved.set("prefs", state.prefs);
  markMenu(state.prefs);
}

// The cell size chosen (Game > Cell Size...), or the size that fits the screen.
function applyCellSize() {
  const px = Number(state.prefs.cell);
  if (Number.isFinite(px) && px > 0) {
    board.el.dataset.size = String(px);
    board.el.style.setProperty("--cell-size", `${px}px`);
  } else {
    delete board.el.dataset.size;
    board.el.style.removeProperty("--cell-size");
  }
}

async function command(cmd) {
  closeMenus();
  const p = state.prefs;
  try {
    if (cmd === "new") await startOver();
    else if (cmd.startsWith("level:")) {
      if ((await askLeave()) !== "go") return;
      p.level = cmd.slice(6);
      savePrefs();
      await newGame();
    } else if (cmd === "custom") {
      const c = await dlg.customDialog(p.custom);
      if (c && (await askLeave()) === "go") {
        p.level = "custom";
        p.custom = c;
        savePrefs();
        const v = await newGame();
        if (v && (v.width !== c.width || v.height !== c.height || v.mines !== c.mines)) {
          const before = $("status-msg")?.textContent; // "The game you left counts as lost..."
          const clamped = `Clamped as the laws say: ${v.width}\u00d7${v.height}, ${count(v.mines, "mine")}.`;
          status(before ? `${before} ${clamped}` : clamped);
        }
      }
    } else if (cmd === "noguess") {
      if ((await askLeave()) !== "go") return;
      p.noGuess = !p.noGuess;
      savePrefs();
      await newGame();
    } else if (cmd === "practice") await togglePractice();
    else if (cmd === "marks" || cmd === "sound") {
      p[cmd] = !p[cmd];
      savePrefs();
    } else if (cmd === "size") {
      const size = await dlg.cellSizeDialog(p.cell);
      if (size !== null) {
        p.cell = size;
        savePrefs();
        applyCellSize();
      }
    } else if (cmd === "best") await showBestTimes();
    else if (cmd === "stats") await showStatistics();
    else if (cmd === "replays") await replays.replaysDialog(new Set(saved.get("history", []).map((h) => h.id)));
    else if (cmd === "text" && state.game) {
      const text = await api.boardText(state.game);
      await dlg.boardTextDialog(text, `minebender-${state.view?.level ?? "board"}-${state.game.id}.txt`);
    }
    else if (cmd === "openboard") await playMbf(await mbf.pickMbf());
    else if (cmd === "saveboard") {
      if (state.game && state.view && state.view.status !== "playing") await mbf.saveMbf(state.game, state.view.level);
      else await dlg.message("Save Board", "A board can be saved once its game is over.");
    }
    else if (cmd === "analyse" && state.game) {
      const text = await takePosition(state.game);
      if (text !== null) location.href = analyseLink(text);
    } else if (cmd === "analysis") location.href = "/analyse";
    else if (cmd === "code") {
      const v = state.view;
      // A refused code is shown in the dialog, which stays open with it typed.
      let typed = { code: "", error: "" };
      let left = false;
      for (;;) {
        const code = await dlg.codeDialog(v && v.code ? v.code : state.startedFrom, typed, v?.code ? v.first : null, v?.board_file ?? null);
        if (!code) break;
        if (!left && (await askLeave()) !== "go") break;
        left = true; // asked once: a refused code typed again is not asked again
        if (await newGame({ code, inDialog: true })) break;
        typed = { code, error: state.lastError };
      }
    } else if (cmd === "controls") await dlg.controlsDialog();
    else if (cmd === "about") await dlg.aboutDialog();
    else if (cmd === "puzzle") location.assign("/puzzle");
  } catch (err) {
    await dlg.message("minebender", err.message);
  }
}

attachMenus(command);

// An .mbf board, opened or dropped: the server deals it as a practice game.
async function playMbf(file) {
  if (!file) return;
  if (!mbf.isMbf(file)) {
    await dlg.message("Open Board", `${file.name} is not an .mbf board. Replays open in Game > Replays...`);
    return;
  }
  if ((await askLeave()) !== "go") return;
  const v = await newGame({ mbf: await mbf.mbfBase64(file), file: file.name });
  if (!v) await dlg.message("Open Board", `${file.name}: ${state.lastError}`);
  else status(`Playing the board of ${file.name} (practice: never ranked).`);
}

mbf.attachMbfDrop((file) => playMbf(file).catch((err) => dlg.message("Open Board", err.message)));

// ---------------------------------------------------------------- keys

const REPEATLESS = new Set(["F2", "n", "N", "a", "A", "f", "F", " ", "Enter"]);

document.addEventListener("keydown", (e) => {
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
});

// ---------------------------------------------------------------- presence

// The clock runs only while this page is shown, as Windows XP's stops while its
// window is minimised: the server hears when the page is hidden or closed, and
// every few seconds while it is shown, so that it can save the time played.
const HEARTBEAT_MS = 5000;
// This page's own name, so that hiding one of two pages of a game leaves the clock running.
const TAB = Math.random().toString(36).slice(2, 12);

async function tellPresence(here) {
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
      state.receivedAt = performance.now();
      drawTimer();
    }
  } catch (err) {
    // The server is gone (its clock no longer runs either): say so, hold the timer.
    if (here && state.view === v) {
      v.elapsed_ms = elapsedNow();
      v.paused = true;
      state.presenceFailed = true;
      if (err.status === 0) offline(true);
      status(err.message, true);
    }
  }
}

document.addEventListener("visibilitychange", () => {
  tellPresence(!document.hidden && !state.asking);
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
});
window.addEventListener("pagehide", () => {
  tellPresence(false);
  // a link's game made for a question never answered: not left "playing" for good
  if (state.dealtUnanswered) api.abandon(state.dealtUnanswered, true).catch(() => null);
});
setInterval(() => {
  if (!document.hidden && !state.asking) tellPresence(true);
}, HEARTBEAT_MS);

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
resume().then(() => tellPresence(!document.hidden));

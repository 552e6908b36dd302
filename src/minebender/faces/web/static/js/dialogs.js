// Small windows of the page: Custom Field, best times, statistics, names, board
// codes and messages. openDialog resolves with the pressed button's value
// (null for Cancel, Esc or the close box).

import { awayCounter } from "./away.js";
import { saveFile } from "./files.js";
import { mineIcon } from "./icons.js";

const LEVELS = ["beginner", "intermediate", "expert"];
const TITLE = { beginner: "Beginner", intermediate: "Intermediate", expert: "Expert", custom: "Custom" };

export const levelTitle = (level) => TITLE[level] ?? level;

export function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const seconds = (ms) => (ms / 1000).toFixed(3);

let openCount = 0;
export const dialogOpen = () => openCount > 0;

export function openDialog({ title, html, buttons = [{ label: "OK", value: true, primary: true }], onOpen, id, away = false }) {
  return new Promise((resolve) => {
    const before = document.activeElement;
    const overlay = document.createElement("div");
    overlay.className = "overlay";
    const win = document.createElement("div");
    win.className = "window dialog";
    if (id) win.id = id;
    win.setAttribute("role", "dialog");
    win.setAttribute("aria-modal", "true");
    win.setAttribute("aria-label", title);
    win.innerHTML =
      `<div class="titlebar">${mineIcon}<span class="title-text" title="${esc(title)}">${esc(title)}</span><span class="grow"></span>` +
      `<button type="button" class="tb-btn" data-close aria-label="close">\u00d7</button></div>` +
      `<div class="body">${html}<div class="buttons"></div></div>`;
    const row = win.querySelector(".buttons");
    let primary = null;
    const close = (value) => {
      openCount--;
      if (away) awayCounter(-1);
      overlay.remove();
      document.removeEventListener("keydown", onKey, true);
      giveFocusBack(before);
      resolve(value);
    };
    const valueOf = (b) => (typeof b.value === "function" ? b.value(win) : b.value);
    for (const b of buttons) {
      const btn = document.createElement("button");
      btn.type = "button";
      btn.className = "xpbtn";
      btn.textContent = b.label;
      btn.addEventListener("click", async () => {
        // a value may come from the server (a text read there): awaited
        let v = valueOf(b);
        if (v instanceof Promise) v = await v;
        if (v !== undefined && win.isConnected) close(v);
      });
      row.appendChild(btn);
      if (b.primary) primary = btn;
    }
    win.querySelector("[data-close]").addEventListener("click", () => close(null));
    const onKey = (e) => {
      // a message over another dialog (an error from Replays' Export) takes
      // the keys alone: one Esc closes only it, and Tab stays in it
      if (document.getElementById("dialogs").lastElementChild !== overlay) return;
      if (e.key === "Tab") {
        // the dialog keeps the focus: Tab past its last control comes back
        // to its first, so no key reaches the game behind it
        keepFocusIn(win, e);
        e.stopPropagation();
      } else if (e.key === "Escape") {
        e.preventDefault();
        e.stopPropagation();
        close(null);
      } else if (!win.contains(document.activeElement) && e.key.length === 1 && win.querySelector("input")) {
        // focus lost all the same (a click in the page behind, a tool): the
        // key goes into the dialog's field, not nowhere
        win.querySelector("input").focus();
        e.stopPropagation();
      } else if (e.key === "Enter" && primary && e.target.tagName !== "BUTTON") {
        e.preventDefault();
        e.stopPropagation();
        primary.click();
      } else {
        e.stopPropagation();
      }
    };
    document.addEventListener("keydown", onKey, true);
    // A click on the overlay or on the dialog's text leaves the focus where it
    // is, as in Windows XP: one stray click after a winning click took it from
    // the name field, the name typed then went nowhere, and Enter saved
    // "Anonymous" for good.
    overlay.addEventListener("mousedown", (e) => {
      if (!(e.target instanceof Element) || !e.target.closest(FOCUSABLE + ", label")) e.preventDefault();
    });
    overlay.appendChild(win);
    document.getElementById("dialogs").appendChild(overlay);
    openCount++;
    if (away) awayCounter(1);
    if (onOpen) onOpen(win, close);
    const first = win.querySelector("input") ?? primary ?? row.firstChild;
    // the dialog opens at its start: a Review's slider, right of a board
    // wider than a phone, scrolled the whole body sideways when focused
    first?.focus({ preventScroll: true });
    // a proposed value (the name "Anonymous", the Custom Field's height) is
    // selected, so typing replaces it, as Tab to the next field does
    if (first instanceof HTMLInputElement) first.select();
  });
}

const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

function keepFocusIn(win, e) {
  const all = [...win.querySelectorAll(FOCUSABLE)].filter((el) => !el.disabled && el.offsetParent !== null);
  if (!all.length) return e.preventDefault();
  const first = all[0];
  const last = all[all.length - 1];
  const inside = win.contains(document.activeElement);
  if (!inside || (e.shiftKey && document.activeElement === first)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/** After a dialog: the focus goes back where it was, or to the board when that
 * was a menu item (hidden now) or nothing, so the next key plays on. */
function giveFocusBack(before) {
  const under = document.querySelector("#dialogs .overlay:last-child .dialog");
  if (under) {
    // a message closed over another dialog: back to the control that opened
    // it (Replays' Export), else into that dialog, never to the page behind
    const back = before instanceof HTMLElement && before.isConnected && under.contains(before) ? before : null;
    (back ?? under.querySelector(FOCUSABLE))?.focus({ preventScroll: true });
    return;
  }
  const back =
    before instanceof HTMLElement && before.isConnected && before !== document.body && !before.closest(".dropdown")
      ? before
      : document.getElementById("board");
  back?.focus({ preventScroll: true });
}

export function message(title, text) {
  return openDialog({ title, html: `<p>${esc(text)}</p>`, id: "message" });
}

/** The Custom Field dialog. It takes the whole numbers the API takes (0 to
 * MAX_SIZE); the server clamps them as the laws say (9..30, 9..25, 10..999 and
 * at most width*height - 10) and the page then shows the clamped field. */
export const MAX_SIZE = 10000;

export function customDialog(current) {
  const c = current ?? { width: 30, height: 16, mines: 99 };
  const field = (name, label, v) =>
    `<label>${label}<input type="number" name="${name}" min="0" max="${MAX_SIZE}" step="1" value="${v}"></label>`;
  return openDialog({
    title: "Custom Field",
    id: "custom-dialog",
    html:
      field("height", "Height:", c.height) + field("width", "Width:", c.width) + field("mines", "Mines:", c.mines) +
      "<p>Width 9..30, height 9..25, mines 10..999<br>and at most width\u00d7height \u2212 10:" +
      "<br>other numbers are clamped.</p>" +
      '<div class="error" data-error role="alert"></div>',
    buttons: [
      {
        label: "OK",
        primary: true,
        value: (win) => {
          const get = (n) => win.querySelector(`input[name=${n}]`).value.trim();
          const out = {};
          for (const n of ["width", "height", "mines"]) {
            const v = get(n);
            if (!/^\d+$/.test(v) || Number(v) > MAX_SIZE) {
              win.querySelector("[data-error]").textContent = `${n} must be a whole number from 0 to ${MAX_SIZE}`;
              win.querySelector(`input[name=${n}]`).focus();
              return undefined;
            }
            out[n] = Number(v);
          }
          return out;
        },
      },
      { label: "Cancel", value: null },
    ],
  });
}

/** Ask a name for a best time: resolves with 1 to NAME_MAX characters (spaces
 * trimmed), or null when the player cancels (Cancel, Esc or the close box). A
 * blank name is never sent: the dialog says so and stays open. */
export const NAME_MAX = 32;

export function nameDialog(level, { name = "Anonymous", error = "" } = {}) {
  return openDialog({
    title: "Best Time",
    id: "name-dialog",
    html:
      `<p>You have one of the fastest times<br>for the ${esc(levelTitle(level))} level.<br>Please type your name:</p>` +
      `<input type="text" name="name" aria-label="your name" value="${esc(name)}">` +
      `<div class="error" data-error role="alert">${esc(error)}</div>`,
    buttons: [
      {
        label: "OK",
        primary: true,
        value: (win) => {
          const input = win.querySelector("input");
          const v = input.value.trim();
          // characters as the server counts them, not UTF-16 units: maxlength
          // cut a name of 20 emoji to 16 without a word
          if (!v || [...v].length > NAME_MAX) {
            win.querySelector("[data-error]").textContent = `The name must have 1 to ${NAME_MAX} characters.`;
            input.focus();
            return undefined;
          }
          return v;
        },
      },
      { label: "Cancel", value: null },
    ],
  });
}

// OK, and a button that asks for the reset (the dialog resolves with "reset").
const okOrReset = (label) => [
  { label: "OK", value: true, primary: true },
  { label, value: "reset" },
];

export function bestTimesDialog(times) {
  let html =
    '<table id="best-times"><tr><th>Level</th><th></th><th class="num">Time</th><th>Name</th><th>Date</th></tr>';
  for (const level of LEVELS) {
    const list = times[level] ?? [];
    if (!list.length)
      html += `<tr><td>${levelTitle(level)}</td><td></td><td class="num">999 s</td><td>Anonymous</td><td></td></tr>`;
    list.forEach((t, i) => {
      html +=
        `<tr data-level="${level}"><td>${i ? "" : levelTitle(level)}</td><td>${i + 1}.</td>` +
        `<td class="num">${seconds(t.elapsed_ms)} s</td><td>${esc(t.name)}</td>` +
        `<td data-date>${esc(new Date(t.recorded_at * 1000).toLocaleDateString())}</td></tr>`;
    });
  }
  html +=
    "</table><p>Only games on a dealt board count: not practice, no-guess or assisted games,<br>" +
    "nor a board played from its code.</p>";
  return openDialog({ title: "Best Times", id: "best-dialog", html, buttons: okOrReset("Reset Scores") });
}

export function statisticsDialog(stats) {
  let html =
    '<table id="statistics"><tr><th>Level</th><th class="num">Played</th><th class="num">Won</th>' +
    '<th class="num">Win %</th><th class="num">Streak</th><th class="num">Best streak</th></tr>';
  for (const level of [...LEVELS, "custom"]) {
    const s = stats[level];
    html +=
      `<tr data-level="${level}"><td>${levelTitle(level)}</td><td class="num">${s.played}</td>` +
      `<td class="num">${s.won}</td><td class="num">${s.win_percent}%</td>` +
      `<td class="num">${s.current_streak}</td><td class="num">${s.best_streak}</td></tr>`;
  }
  html +=
    "</table><p>Practice and no-guess games, and boards played from their code, are not counted.<br>" +
    "A game left for a new one after its first click counts as lost.</p>";
  return openDialog({ title: "Statistics", id: "stats-dialog", html, buttons: okOrReset("Reset") });
}

/** Ask before something that cannot be undone: resolves true only for `yes`. */
export function confirmDialog(title, text, yes) {
  return openDialog({
    title,
    id: "confirm-dialog",
    html: `<p>${esc(text)}</p>`,
    buttons: [
      { label: yes, value: true },
      { label: "Cancel", value: null, primary: true },
    ],
  }).then((v) => v === true);
}

/** The cell sizes offered: "auto" fits the board to the screen (up to 24 px). */
export const CELL_SIZES = ["auto", 16, 20, 24, 32, 40];

/** Game > Cell Size...: resolves the size chosen ("auto" or px), or null. */
export function cellSizeDialog(current) {
  const options = CELL_SIZES.map((size) => {
    const label = size === "auto" ? "Fit the screen (up to 24 px)" : `${size} px`;
    const on = String(size) === String(current) ? " checked" : "";
    return `<label class="choice"><input type="radio" name="cell-size" value="${size}"${on}> ${label}</label>`;
  });
  return openDialog({
    title: "Cell Size",
    id: "size-dialog",
    html: `<fieldset><legend>Size of a cell</legend>${options.join("")}</fieldset>`,
    buttons: [
      {
        label: "OK",
        primary: true,
        value: (win) => {
          const v = win.querySelector("input[name=cell-size]:checked")?.value ?? "auto";
          return v === "auto" ? "auto" : Number(v);
        },
      },
      { label: "Cancel", value: null },
    ],
  });
}

/** Windows 7's question before a new game ends the game in play: resolves
 * "quit", "restart" (offered with `restart`) or null (Keep playing: the
 * default, as Esc and the close box). */
export function leaveDialog({ counted, restart }) {
  const loss = counted ? " It counts as a loss." : "";
  const buttons = [{ label: "Quit and start a new game", value: "quit" }];
  if (restart) buttons.push({ label: "Restart this game", value: "restart" });
  buttons.push({ label: "Keep playing", value: null, primary: true });
  return openDialog({
    title: "Game in Progress",
    id: "leave-dialog",
    html: `<p>What do you want to do with the game in progress?${loss}</p>`,
    buttons,
  });
}

/** Show the board code of this game (once known) and let the player enter one.
 * A board from a file (named by file) has no code: any code would deal another board. */
export function codeDialog(code, typed = { code: "", error: "" }, first = null, file = null) {
  // the cell is named as solve and the terminal name cells: column,row from 0
  const where = first
    ? `<p>This game's first click: <span class="code" id="first-click">(${first[0]}, ${first[1]})</span></p>`
    : "";
  const shown = code
    ? `<p>This board's code: <span class="code" id="board-code">${esc(code)}</span></p>` +
      "<p>The mines are placed at the first click (never on it and,<br>when there is room, " +
      "not next to it), so this code gives<br>the same board only to a first click on the same cell.</p>" +
      where
    : file
    ? `<p id="no-code">This board came from a file (${esc(file)}): it has no code.<br>` +
      "To share the board, share the file (Game &gt; Save Board (.mbf)<br>saves it once the game is over).</p>"
    : "<p>The code of a game is shown once it is over (it would give the board away).</p>";
  return openDialog({
    title: "Board Code",
    id: "code-dialog",
    html:
      shown +
      '<label style="grid-template-columns: 90px 200px">Play a code:<input type="text" name="code" ' +
      `placeholder="e.g. e:k3j9 or b+ng:abc" value="${esc(typed.code)}"></label>` +
      `<div class="error" data-error role="alert">${esc(typed.error)}</div>`,
    buttons: [
      {
        label: "Play",
        primary: true,
        value: (win) => {
          const input = win.querySelector("input");
          const v = input.value.trim();
          if (v) return v;
          win.querySelector("[data-error]").textContent = "Type a board code to play it, e.g. e:k3j9.";
          input.focus();
          return undefined;
        },
      },
      { label: "Close", value: null },
    ],
    onOpen: (win) => {
      win.querySelector("input").value = typed.code;
    },
  });
}

/** The board as text (docs/formats.md), to copy or save and give to
 * `minebender solve` or another program; the analysis board shows its .mine
 * text with it too (another title and intro). */
const BOARD_TEXT_INTRO = "What you see, flags included, as the text <code>minebender solve FILE</code> reads:";

export function boardTextDialog(text, fileName, { title = "Board Text", intro = BOARD_TEXT_INTRO } = {}) {
  const lines = text.split("\n");
  const cols = Math.max(...lines.map((l) => l.length));
  const note = (win, what) => (win.querySelector("[data-note]").textContent = what);
  return openDialog({
    title,
    id: "text-dialog",
    html:
      `<p>${intro}</p>` +
      `<textarea readonly spellcheck="false" aria-label="board text" rows="${lines.length}" cols="${cols}">` +
      `${esc(text)}</textarea><p data-note role="status"></p>`,
    buttons: [
      {
        label: "Copy",
        value: (win) => {
          const area = win.querySelector("textarea");
          navigator.clipboard
            .writeText(text)
            .then(() => note(win, "Copied."))
            .catch(() => {
              area.focus();
              area.select();
              note(win, "Selected: press Ctrl+C to copy.");
            });
          return undefined;
        },
      },
      {
        label: "Save",
        value: (win) => {
          saveFile(text, "text/plain", fileName);
          note(win, `Saved as ${fileName}.`);
          return undefined;
        },
      },
      { label: "Close", value: null, primary: true },
    ],
  });
}

export function controlsDialog() {
  return openDialog({
    title: "Controls",
    html: `<table>
      <tr><td>Left click</td><td>reveal a cell; on a number whose flags add up, reveal its neighbours</td></tr>
      <tr><td>Right click</td><td>flag, then ? (with Game &gt; Marks (?) on), then covered again</td></tr>
      <tr><td>Left + right, or middle</td><td>chord: reveal the neighbours of a number</td></tr>
      <tr><td>Arrows</td><td>move the cursor</td></tr>
      <tr><td>Space / Enter</td><td>reveal or chord at the cursor</td></tr>
      <tr><td>F</td><td>flag (or ?) at the cursor, as a right click</td></tr>
      <tr><td>A</td><td>assist: opens a safe cell when you are stuck; loses if a safe cell could be found</td></tr>
      <tr><td>H / G</td><td>show hints (safe cells, else the best guess) / auto play until a guess: never a best time</td></tr>
      <tr><td>N or F2</td><td>new game</td></tr>
      <tr><td>Touch</td><td>tap reveals, long press flags (or marks ?, as a right click)</td></tr></table>`,
  });
}

export function aboutDialog() {
  return openDialog({
    title: "About minebender",
    html:
      "<p><b>minebender</b>: minesweeper with laws, an exact solver and a no-guess assist.</p>" +
      "<p>Your games are saved as you play: close the tab or stop the server, the game waits for you.</p>",
  });
}

// Positions kept by name in this browser (Board > Keep Position As...,
// Board > Kept Positions...): each name holds a board text, so that several
// positions live beside the one on screen.

import * as dlg from "./dialogs.js";
import { saved } from "./storage.js";

export const KEPT_MAX = 100;
const NAME_MAX = 60;

/** The kept positions: name -> board text, in the order they were kept. */
export const keptPositions = () => saved.get("analysis.kept", {});

function keepAll(kept) {
  saved.set("analysis.kept", kept);
}

/** What is wrong with a name, or "" when it may be kept. */
export function nameProblem(name, kept) {
  if (!name) return "A kept position needs a name.";
  if (name.length > NAME_MAX) return `A name has at most ${NAME_MAX} characters.`;
  if (!(name in kept) && Object.keys(kept).length >= KEPT_MAX) {
    return `At most ${KEPT_MAX} positions are kept: delete one first.`;
  }
  return "";
}

/** Ask a name and keep text under it (a name kept before is replaced);
 * resolves with the name, or null. */
export function keepDialog(text) {
  return dlg.openDialog({
    title: "Keep Position As",
    id: "keep-dialog",
    html:
      '<label class="check">Name <input type="text" name="name" maxlength="60" spellcheck="false"></label>' +
      '<div class="error" data-error role="alert"></div>',
    buttons: [
      {
        label: "Keep",
        primary: true,
        value: (win) => {
          const name = win.querySelector("input[name=name]").value.trim();
          const kept = keptPositions();
          const problem = nameProblem(name, kept);
          if (problem) {
            win.querySelector("[data-error]").textContent = problem;
            return undefined;
          }
          delete kept[name]; // kept again: last in the list
          kept[name] = text;
          keepAll(kept);
          return name;
        },
      },
      { label: "Cancel", value: null },
    ],
    onOpen: (win) => win.querySelector("input[name=name]").focus(),
  });
}

function options(kept) {
  return Object.keys(kept)
    .map((name, i) => `<option value="${dlg.esc(name)}"${i === 0 ? " selected" : ""}>${dlg.esc(name)}</option>`)
    .join("");
}

/** The kept positions to open or delete; resolves with {name, text} to open, or null. */
export function keptDialog() {
  const chosen = (win) => win.querySelector("select").value;
  return dlg.openDialog({
    title: "Kept Positions",
    id: "kept-dialog",
    html:
      '<select name="kept" size="8" aria-label="kept positions" style="min-width: 16em"></select>' +
      '<p data-empty hidden>No position is kept yet: Board &gt; Keep Position As...</p>',
    buttons: [
      {
        label: "Open",
        primary: true,
        value: (win) => {
          const name = chosen(win);
          const text = keptPositions()[name];
          return text === undefined ? undefined : { name, text };
        },
      },
      {
        label: "Delete",
        value: (win) => {
          const kept = keptPositions();
          delete kept[chosen(win)];
          keepAll(kept);
          fill(win, kept);
          return undefined; // the dialog stays open
        },
      },
      { label: "Cancel", value: null },
    ],
    onOpen: (win) => {
      fill(win, keptPositions());
      win.querySelector("select").focus();
    },
  });
}

function fill(win, kept) {
  win.querySelector("select").innerHTML = options(kept);
  win.querySelector("[data-empty]").hidden = Object.keys(kept).length > 0;
}

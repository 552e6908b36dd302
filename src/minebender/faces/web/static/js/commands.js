// The menus' commands: levels and options, the dialogs, board codes, board
// text and .mbf boards, the analysis board, the puzzles.

import * as api from "./api.js";
import * as mbf from "./boardfile.js";
import { countersChanged } from "./counters.js";
import * as dlg from "./dialogs.js";
import { askLeave, newGame, startOver, togglePractice } from "./deal.js";
import { showBestTimes, showStatistics } from "./game-view.js";
import { autoPlay, setAutoStyle, toggleHints } from "./help.js";
import { closeMenus } from "./menus.js";
import { $, applyCellSize, savePrefs, state, status } from "./page-state.js";
import { send } from "./play.js";
import { progressDialog } from "./progress.js";
import * as replays from "./replay.js";
import { saved } from "./storage.js";
import { analyseLink, takePosition } from "./takeposition.js";
import { count } from "./words.js";

export async function command(cmd) {
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
    else if (cmd === "hints") await toggleHints();
    else if (cmd === "auto") await autoPlay(send);
    else if (cmd.startsWith("style:")) setAutoStyle(cmd.slice(6));
    else if (cmd === "marks" || cmd === "sound" || cmd === "counters") {
      p[cmd] = !p[cmd];
      savePrefs();
      if (cmd === "counters") countersChanged();
    } else if (cmd === "size") {
      const size = await dlg.cellSizeDialog(p.cell);
      if (size !== null) {
        p.cell = size;
        savePrefs();
        applyCellSize();
      }
    } else if (cmd === "best") await showBestTimes();
    else if (cmd === "stats") await showStatistics();
    else if (cmd === "progress") await progressDialog();
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

// An .mbf or .abf board, opened or dropped: the server deals it as a practice
// game. A file's refusal is said in a dialog, then leaves the status bar, so
// the next file's line is never read beside an old error.
export async function playMbf(file) {
  if (!file) return;
  status("");
  if (!mbf.isBoardFile(file)) {
    await dlg.message("Open Board", `${file.name} is not a board (.mbf or .abf). Replays open in Game > Replays...`);
    return;
  }
  if ((await askLeave()) !== "go") return;
  const v = await newGame({ mbf: await mbf.mbfBase64(file), file: file.name });
  if (!v) {
    await dlg.message("Open Board", state.lastError); // the server names the file
    status("");
  }
  else status(`Playing the board of ${file.name} (practice: never ranked).`);
}

// MinesweeperX .mbf boards in the player's page: one opened or dropped is sent
// to the server as it is (the server reads it: the page never learns a layout
// before its game is over), and a finished game's board is saved as one.

import * as api from "./api.js";
import { saveFile } from "./files.js";

/** The bytes of a file in base64, as POST /api/games takes an .mbf board. */
export async function mbfBase64(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

/** Whether a file is named as an .mbf or an Arbiter .abf board (the same bytes). */
export const isBoardFile = (file) => !!file && /\.(mbf|abf)$/i.test(file.name);

/** Let the player pick an .mbf or .abf file; resolves with it, or null. */
export function pickMbf() {
  return new Promise((resolve) => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".mbf,.abf";
    input.hidden = true;
    input.dataset.mbf = "";
    input.addEventListener("change", () => {
      resolve(input.files?.[0] ?? null);
      input.remove();
    });
    input.addEventListener("cancel", () => {
      resolve(null);
      input.remove();
    });
    document.body.appendChild(input);
    input.click();
  });
}

/** Save the board of a finished game as an .mbf file named after it. */
export async function saveMbf(game, level) {
  const bytes = await api.boardMbf(game);
  saveFile(bytes, "application/octet-stream", `minebender-${level ?? "board"}-${game.id}.mbf`);
}

/** Call play(file) with a file dropped anywhere on the page. */
export function attachMbfDrop(play) {
  const carriesFiles = (e) => [...(e.dataTransfer?.types ?? [])].includes("Files");
  window.addEventListener("dragover", (e) => {
    if (carriesFiles(e)) e.preventDefault();
  });
  window.addEventListener("drop", (e) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    const file = e.dataTransfer.files?.[0];
    if (file) play(file);
  });
}

// The position on the analysis board: its size, its total of mines (or none:
// unknown) and one character a cell, in the tile alphabet (docs/formats.md):
// "." hidden, "F" a flagged hidden cell, "0"-"8" a revealed number, "*" a
// revealed mine. The server reads and writes board text and JSMinesweeper's
// .mine (POST /api/analyse/text/read, /write): the page reads no text format.

export const MAX_SIDE = 200; // the server's positions.MAX_SIDE

const TILE = { ".": "covered", F: "flagged", "*": "mine" };

export class PositionError extends Error {}

/** An empty position: every cell hidden. */
export function emptyPosition(w, h, mines) {
  return { w, h, mines, cells: new Array(w * h).fill(".") };
}

export const isDigit = (ch) => ch.length === 1 && ch >= "0" && ch <= "8";
export const isHidden = (ch) => ch === "." || ch === "F";

/** The Board's rows of tile names for this position. */
export function tilesOf(pos) {
  const rows = [];
  for (let y = 0; y < pos.h; y++) {
    const row = [];
    for (let x = 0; x < pos.w; x++) {
      const ch = pos.cells[y * pos.w + x];
      row.push(TILE[ch] ?? ch);
    }
    rows.push(row);
  }
  return rows;
}

/** A total of mines typed in: a whole number, at most one a cell. */
export function checkMines(w, h, mines) {
  if (mines === null) return;
  if (!Number.isInteger(mines) || mines < 0) throw new PositionError("the total of mines must be a whole number of at least 0");
  if (mines > w * h) throw new PositionError(`${mines} mines do not fit on a ${w}x${h} board`);
}

/** The position as the server takes it (docs/web.md): its cells one string,
 * row by row, in the same alphabet. */
export const toSent = (pos) => ({ width: pos.w, height: pos.h, mines: pos.mines, cells: pos.cells.join("") });

/** A position as the server answers it (POST /api/analyse/text/read). */
export const fromSent = (p) => ({ w: p.width, h: p.height, mines: p.mines, cells: Array.from(p.cells) });

/** Whether p is a position as toSent makes it (one kept in this browser). */
export function isSent(p) {
  const side = (n) => Number.isInteger(n) && n >= 1 && n <= MAX_SIDE;
  return (
    p !== null && typeof p === "object" && side(p.width) && side(p.height) &&
    (p.mines === null || Number.isInteger(p.mines)) &&
    typeof p.cells === "string" && p.cells.length === p.width * p.height
  );
}

/** A copy of pos, w x h, keeping the cells that still fit (new ones hidden). */
export function resized(pos, w, h, mines) {
  const next = emptyPosition(w, h, mines);
  for (let y = 0; y < Math.min(h, pos.h); y++)
    for (let x = 0; x < Math.min(w, pos.w); x++) next.cells[y * w + x] = pos.cells[y * pos.w + x];
  return next;
}

// The position on the analysis board: its size, its total of mines (or none:
// unknown) and one character a cell, as board text writes it (docs/formats.md):
// "." hidden, "F" a flagged hidden cell, "0"-"8" a revealed number, "*" a
// revealed mine. It reads and writes board text and JSMinesweeper's .mine.

export const MAX_SIDE = 200;

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

/** How many mines a header may name: at most one a cell. */
export function checkMines(w, h, mines) {
  if (mines === null) return;
  if (!Number.isInteger(mines) || mines < 0) throw new PositionError("the total of mines must be a whole number of at least 0");
  if (mines > w * h) throw new PositionError(`${mines} mines do not fit on a ${w}x${h} board`);
}

/** Board text: the header WxHxN (WxH when the total is unknown), then the rows. */
export function toBoardText(pos) {
  const head = pos.mines === null ? `${pos.w}x${pos.h}` : `${pos.w}x${pos.h}x${pos.mines}`;
  const rows = [];
  for (let y = 0; y < pos.h; y++) rows.push(pos.cells.slice(y * pos.w, (y + 1) * pos.w).join(""));
  return `${head}\n${rows.join("\n")}\n`;
}

/** JSMinesweeper's .mine: the header WxHxM, then H hidden, F flag, digits. It
 * has no unknown total and no revealed mine, so those are refused by name. */
export function toMine(pos) {
  if (pos.mines === null) throw new PositionError("a .mine file needs the total number of mines: set it first");
  const boom = pos.cells.indexOf("*");
  if (boom >= 0) {
    throw new PositionError(`a .mine file has no revealed mine, and (${boom % pos.w}, ${Math.floor(boom / pos.w)}) is one`);
  }
  const rows = [];
  for (let y = 0; y < pos.h; y++) {
    rows.push(
      pos.cells
        .slice(y * pos.w, (y + 1) * pos.w)
        .map((ch) => (ch === "." ? "H" : ch))
        .join(""),
    );
  }
  return `${pos.w}x${pos.h}x${pos.mines}\n${rows.join("\n")}\n`;
}

const HEADER = /^([0-9]+)x([0-9]+)(?:x([0-9]+))?$/;
const BOARD_CELLS = new Set([".", "?", "F", "*", "0", "1", "2", "3", "4", "5", "6", "7", "8"]);
const MINE_CELLS = new Set(["H", "?", "F", "0", "1", "2", "3", "4", "5", "6", "7", "8"]);

const fail = (line, column, what) =>
  new PositionError(column ? `line ${line}, column ${column}: ${what}` : `line ${line}: ${what}`);

/** Read board text or a .mine position (told apart by their cells: "H" is
 * .mine's hidden cell, "." board text's). A bad text gets a PositionError that
 * names the line and column; nothing is guessed. */
export function readPosition(text) {
  if (typeof text !== "string") throw new PositionError("a position is text");
  const lines = text.replace(/^\ufeff/, "").split(/\r?\n/);
  let header = null;
  const rows = [];
  let blankAt = 0;
  lines.forEach((raw, i) => {
    const number = i + 1;
    const line = raw.replace(/[ \t]+$/, "");
    if (line.startsWith("#")) return;
    if (!line) {
      if (rows.length) blankAt = blankAt || number;
      return;
    }
    if (!header && !rows.length && /^[0-9]+x/.test(line)) {
      const m = HEADER.exec(line);
      if (!m) throw fail(number, null, `a header is WxH or WxHxM (e.g. 30x16x99), not ${JSON.stringify(line.slice(0, 30))}`);
      header = { line: number, w: Number(m[1]), h: Number(m[2]), mines: m[3] === undefined ? null : Number(m[3]) };
      return;
    }
    if (blankAt) throw fail(blankAt, null, "empty line inside the board");
    rows.push({ number, line });
  });
  if (!rows.length) throw new PositionError("no board: a board needs at least one row of cells");
  const mine = rows.some((r) => r.line.includes("H"));
  const allowed = mine ? MINE_CELLS : BOARD_CELLS;
  const what = mine ? "cells of a .mine file are H F ? 0-8" : "cells are . ? F 0-8 *";
  for (const { number, line } of rows) {
    for (let x = 0; x < line.length; x++) {
      if (!allowed.has(line[x])) throw fail(number, x + 1, `unexpected ${JSON.stringify(line[x])} (${what})`);
    }
  }
  const w = rows[0].line.length;
  for (const { number, line } of rows) {
    if (line.length !== w) throw fail(number, null, `${line.length} cells, but the first row has ${w}`);
  }
  const h = rows.length;
  if (header) {
    if (header.w !== w) throw fail(header.line, null, `the header says ${header.w} columns, the rows have ${w}`);
    if (header.h !== h) throw fail(header.line, null, `the header says ${header.h} rows, the board has ${h}`);
  }
  if (w > MAX_SIDE || h > MAX_SIDE) {
    throw new PositionError(`the analysis board is at most ${MAX_SIDE}x${MAX_SIDE}; this one is ${w}x${h}`);
  }
  const mines = header ? header.mines : null;
  try {
    checkMines(w, h, mines);
  } catch (err) {
    throw fail(header.line, null, err.message);
  }
  const cells = [];
  for (const { line } of rows) for (const ch of line) cells.push(ch === "H" || ch === "?" ? "." : ch);
  return { w, h, mines, cells };
}

/** A copy of pos, w x h, keeping the cells that still fit (new ones hidden). */
export function resized(pos, w, h, mines) {
  const next = emptyPosition(w, h, mines);
  for (let y = 0; y < Math.min(h, pos.h); y++)
    for (let x = 0; x < Math.min(w, pos.w); x++) next.cells[y * w + x] = pos.cells[y * pos.w + x];
  return next;
}

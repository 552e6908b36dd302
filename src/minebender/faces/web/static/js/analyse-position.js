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

const trimEnd = (line) => line.replace(/[ \t]+$/, "");

/** The lines of a text, ended by LF or CRLF only (a lone CR ends none), one
 * byte order mark at the start skipped: as the server reads them. */
function linesOf(text) {
  const lines = text.replace(/^\ufeff/, "").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  else if (lines[lines.length - 1].endsWith("\r")) {
    const last = lines[lines.length - 1];
    throw fail(lines.length, last.indexOf("\r") + 1, "a lone CR does not end a line: lines end with LF or CRLF");
  }
  return lines.map((line) => line.replace(/\r$/, ""));
}

function checkCells(number, line, allowed, what) {
  for (let x = 0; x < line.length; x++) {
    if (!allowed.has(line[x])) throw fail(number, x + 1, `unexpected ${JSON.stringify(line[x])} (${what})`);
  }
}

function header(number, m) {
  const [w, h] = [Number(m[1]), Number(m[2])];
  if (!w || !h) throw fail(number, null, "a board needs at least one cell");
  if (w > MAX_SIDE || h > MAX_SIDE) {
    throw new PositionError(`the analysis board is at most ${MAX_SIDE}x${MAX_SIDE}; this one is ${w}x${h}`);
  }
  const mines = m[3] === undefined ? null : Number(m[3]);
  try {
    checkMines(w, h, mines);
  } catch (err) {
    throw fail(number, null, err.message);
  }
  return { line: number, w, h, mines };
}

/** A .mine position: its header WxHxM on the first line, then exactly H rows. */
function readMine(lines) {
  while (lines.length && !trimEnd(lines[lines.length - 1])) lines.pop();
  const m = lines.length ? HEADER.exec(trimEnd(lines[0])) : null;
  if (!m || m[3] === undefined) throw fail(1, null, "a .mine position starts with its header WxHxM (e.g. 30x16x99)");
  const head = header(1, m);
  const rows = lines.slice(1).map((line, i) => ({ number: i + 2, line: trimEnd(line) }));
  if (rows.length !== head.h) throw fail(1, null, `the header says ${head.h} rows, the position has ${rows.length}`);
  for (const { number, line } of rows) checkCells(number, line, MINE_CELLS, "cells of a .mine file are H F ? 0-8");
  return { head, rows };
}

/** Board text: comments (#) anywhere, an optional header, no blank line inside. */
function readBoardText(lines) {
  let head = null;
  const rows = [];
  lines.forEach((raw, i) => {
    const number = i + 1;
    const line = trimEnd(raw);
    if (line.startsWith("#")) return;
    if (!line) {
      if (rows.length) rows.push({ number, line });
      return;
    }
    if (!head && !rows.length) {
      const m = HEADER.exec(line);
      if (m) return void (head = header(number, m));
      if (/^\p{Nd}/u.test(line) && /[xX]/.test(line)) {
        throw fail(number, 1, `bad header ${JSON.stringify(line.slice(0, 30))}: a header is WxH or WxHxM (e.g. 30x16x99)`);
      }
    }
    rows.push({ number, line });
  });
  while (rows.length && !rows[rows.length - 1].line) rows.pop();
  for (const { number, line } of rows) {
    if (!line) throw fail(number, null, "empty line inside the board");
    checkCells(number, line, BOARD_CELLS, "cells are . ? F 0-8 *");
  }
  if (!rows.length) throw new PositionError("no board: a board needs at least one row of cells");
  if (head && rows.length !== head.h) {
    throw fail(head.line, null, `the header says ${head.h} rows, the board has ${rows.length}`);
  }
  return { head, rows };
}

/** Read board text or a .mine position, told apart as the server tells them
 * (docs/formats.md: a line after the first, not a comment, holding an "H" is
 * .mine's). A bad text gets a PositionError that names the line and column;
 * nothing is guessed. */
export function readPosition(text) {
  if (typeof text !== "string") throw new PositionError("a position is text");
  const mine = text.split("\n").slice(1).some((line) => !line.startsWith("#") && line.includes("H"));
  const lines = linesOf(text);
  const { head, rows } = mine ? readMine(lines) : readBoardText(lines);
  const w = head ? head.w : rows[0].line.length;
  const h = rows.length;
  if (!head && (w > MAX_SIDE || h > MAX_SIDE)) {
    throw new PositionError(`the analysis board is at most ${MAX_SIDE}x${MAX_SIDE}; this one is ${w}x${h}`);
  }
  for (const { number, line } of rows) {
    if (line.length !== w) throw fail(number, Math.min(line.length, w) + 1, `the row has ${line.length} cells, expected ${w}`);
  }
  const cells = [];
  for (const { line } of rows) for (const ch of line) cells.push(ch === "H" || ch === "?" ? "." : ch);
  return { w, h, mines: head ? head.mines : null, cells };
}

/** A copy of pos, w x h, keeping the cells that still fit (new ones hidden). */
export function resized(pos, w, h, mines) {
  const next = emptyPosition(w, h, mines);
  for (let y = 0; y < Math.min(h, pos.h); y++)
    for (let x = 0; x < Math.min(w, pos.w); x++) next.cells[y * w + x] = pos.cells[y * pos.w + x];
  return next;
}

// The page's only way to the server: the HTTP API of docs/web.md.

export class ApiError extends Error {
  constructor(status, detail, outcome = null) {
    super(detail);
    this.status = status;
    this.outcome = outcome; // what happened, in the server's word (docs/web.md)
  }
}

const UNREACHABLE = "The minebender server cannot be reached. Is it still running?";

async function call(
  method,
  url,
  { body, token, raw, rawType = "application/json", keepalive = false, text = false, bytes = false, signal } = {},
) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload;
  if (raw !== undefined) {
    headers["Content-Type"] = rawType;
    payload = raw;
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(url, { method, headers, body: payload, keepalive, signal });
  } catch (err) {
    if (err.name === "AbortError") throw err; // the caller gave the request up
    throw new ApiError(0, UNREACHABLE);
  }
  // bytes: "headers" gives the headers too, {data, headers}
  if (bytes === "headers" && res.ok) return { data: await res.arrayBuffer(), headers: res.headers };
  if (bytes && res.ok) return res.arrayBuffer();
  let answer = "";
  try {
    answer = await res.text();
  } catch (err) {
    if (err.name === "AbortError") throw err;
    answer = "";
  }
  if (text && res.ok) return answer;
  let data = null;
  try {
    data = JSON.parse(answer);
  } catch {
    data = null;
  }
  if (!res.ok) {
    const detail = (data && data.detail) || `the server answered ${res.status}`;
    throw new ApiError(res.status, detail, (data && data.outcome) || null);
  }
  return data;
}

/** Start a game: body as POST /api/games takes it. Returns {id, token, view}. */
export const newGame = (body) => call("POST", "/api/games", { body });

/** The board of a finished game as a MinesweeperX .mbf file: an ArrayBuffer. */
export const boardMbf = (game) =>
  call("GET", `/api/games/${encodeURIComponent(game.id)}/board.mbf`, { token: game.token, bytes: true });

/** Presses and releases on a game, in order: [{type, button, x, y, ago_ms, path}]
 * and the Marks (?) option. Returns {view}. */
export const inputs = (game, list, marks) =>
  call("POST", `/api/games/${encodeURIComponent(game.id)}/inputs`, {
    body: { inputs: list, marks },
    token: game.token,
  });

/** Take an action on a game: {type, x, y}. Returns {view}. */
export const act = (game, action) =>
  call("POST", `/api/games/${encodeURIComponent(game.id)}/actions`, { body: action, token: game.token });

/** Say whether the page is shown: the game's clock runs only while it is.
 * Returns {elapsed_ms, paused}. keepalive lets it leave as the page closes. */
export const presence = (game, here, tab) =>
  call("POST", `/api/games/${encodeURIComponent(game.id)}/presence`, {
    body: { here, tab },
    token: game.token,
    keepalive: true,
  });

/** Give up a game being played for a new one (it counts as played, not won). Returns {id, view}.
 * keepalive lets it leave as the page closes. */
export const abandon = (game, keepalive = false) =>
  call("POST", `/api/games/${encodeURIComponent(game.id)}/abandon`, { token: game.token, keepalive });

/** The new game {id, token} takes the place of games [{id, token}]: the server
 * gives up each one still being played. Returns {id, given_up, counted}. */
export const replace = (game, games) =>
  call("POST", `/api/games/${encodeURIComponent(game.id)}/replace`, { body: { games }, token: game.token });

/** Switch practice on in the game in play (never ranked from here, never a
 * loss): Game > Practice, and before its position is analysed. Returns {id, view}. */
export const practice = (game) =>
  call("POST", `/api/games/${encodeURIComponent(game.id)}/practice`, { token: game.token });

/** Windows 7's Restart this game: the game in play given up, its board dealt again. Returns {id, token, view}. */
export const restart = (game) =>
  call("POST", `/api/games/${encodeURIComponent(game.id)}/restart`, { token: game.token });

/** The view of a game. Returns {id, view}. */
export const getGame = (game) =>
  call("GET", `/api/games/${encodeURIComponent(game.id)}`, { token: game.token });

/** The numbers that prove the hint cell safe, after the assist was pressed too early. */
export const proof = (game) =>
  call("GET", `/api/games/${encodeURIComponent(game.id)}/proof`, { token: game.token });

/** What the player sees, as board text: the format `minebender solve` reads. */
export const boardText = (game) =>
  call("GET", `/api/games/${encodeURIComponent(game.id)}/board.txt`, { token: game.token, text: true });

/** Mine probabilities of a practice game. */
export const probabilities = (game) =>
  call("GET", `/api/games/${encodeURIComponent(game.id)}/probabilities`, { token: game.token });

/** The hints of the position: {safe, guess, reason, view}; the first time,
 * the game is marked as played with hints (never a best time). */
export const hints = (game) =>
  call("POST", `/api/games/${encodeURIComponent(game.id)}/hints`, { token: game.token });

/** Auto play until a guess, in a style: {clicks, stopped, message, view}. */
export const auto = (game, style) =>
  call("POST", `/api/games/${encodeURIComponent(game.id)}/auto`, { token: game.token, body: { style } });

/** Put a won game in the best times. */
export const nameBestTime = (game, name) =>
  call("POST", `/api/games/${encodeURIComponent(game.id)}/best-time`, { body: { name }, token: game.token });

/** Refuse to name a best time (Cancel): the server keeps it, and no page asks again. */
export const declineBestTime = (game) =>
  call("DELETE", `/api/games/${encodeURIComponent(game.id)}/best-time`, { token: game.token });

/** The replay file of a finished game. */
export const exportReplay = (game) =>
  call("GET", `/api/games/${encodeURIComponent(game.id)}/replay`, { token: game.token });

/** The review of a replay file of any format (docs/review.md), with the frames
 * of its viewer and the position before each move. */
export const review = (name, bytes) =>
  call("POST", `/api/review?name=${encodeURIComponent(name)}&frames=true`, {
    raw: bytes,
    rawType: "application/octet-stream",
  });

/** Add a replay file to the player's progress (docs/review.md), dated by
 * when it was last written (ms since 1970, as File.lastModified). */
export const importReplay = (name, bytes, lastModified) =>
  call("POST", `/api/progress/import?name=${encodeURIComponent(name)}&modified=${lastModified / 1000}`, {
    raw: bytes,
    rawType: "application/octet-stream",
  });

/** One page of the finished games the server keeps, of every player:
 * {level?, result?, order?: "time"|"date", offset?, limit?}. Returns {total, offset, games}. */
export const replayList = (filters = {}) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== null && v !== undefined && v !== "") q.set(k, String(v));
  return call("GET", `/api/replays?${q}`);
};

/** The replay file of any finished game the server keeps (no token needed). */
export const storedReplay = (id) => call("GET", `/api/replays/${encodeURIComponent(id)}`);

export const bestTimes = () => call("GET", "/api/best-times");
export const statistics = () => call("GET", "/api/statistics");
/** The game's live counters now (docs/web.md). */
export const counters = (game) =>
  call("GET", `/api/games/${encodeURIComponent(game.id)}/counters`, { token: game.token });
/** Every finished game reviewed, and the imported replays (source: all,
 * minebender or imported): a row per level and SVG plots (docs/web.md). */
export const progress = (source = "all") => call("GET", `/api/progress?source=${encodeURIComponent(source)}`);

/** Reset Scores: every level's best times emptied for good. Returns the empty lists. */
export const resetBestTimes = () => call("DELETE", "/api/best-times");

/** Reset Statistics: every level's numbers start again from zero. Returns them. */
export const resetStatistics = () => call("DELETE", "/api/statistics");

/** The analysis of a position ({width, height, mines, cells}, docs/web.md);
 * signal aborts it (an AbortError).
 * It comes as a stream of NDJSON lines (docs/web.md): onStage gets the keys
 * of each stage as the server sends them (the count and the probabilities
 * first, the dead cells last; stages that come together, in one call).
 * Resolves with the whole answer, the last line. */
export async function analyseStream(position, signal, onStage) {
  const body = { position };
  const headers = { "Content-Type": "application/json", Accept: "application/x-ndjson" };
  let res;
  try {
    res = await fetch("/api/analyse", { method: "POST", headers, body: JSON.stringify(body), signal });
  } catch (err) {
    if (err.name === "AbortError") throw err;
    throw new ApiError(0, UNREACHABLE);
  }
  if (!res.ok) {
    const data = await res.json().catch(() => null);
    throw new ApiError(res.status, data?.detail || `the server answered ${res.status}`);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let kept = "";
  for (;;) {
    let read;
    try {
      read = await reader.read();
    } catch (err) {
      if (err.name === "AbortError") throw err;
      throw new ApiError(0, UNREACHABLE);
    }
    if (read.done) break;
    kept += read.value;
    const lines = kept.split("\n");
    kept = lines.pop();
    // the stages that came together are handed on together: one drawing
    const stages = {};
    for (const line of lines) {
      if (!line.trim()) continue;
      const data = JSON.parse(line);
      if ("detail" in data) throw new ApiError(500, data.detail);
      if ("complete" in data) return data;
      Object.assign(stages, data);
    }
    if (Object.keys(stages).length) onStage(stages);
  }
  throw new ApiError(0, "The analysis ended before its answer. Is the server still running?");
}


/** The fewest shown numbers that prove cell [x, y] of a position safe or a mine. Returns {explanation}. */
export const why = (position, cell, signal) => call("POST", "/api/analyse/why", { body: { position, cell }, signal });

/** Board text or a .mine position read by the server: {width, height, mines,
 * cells}, or an ApiError naming the line and column of what is wrong. */
export const readPosition = (text) => call("POST", "/api/analyse/text/read", { body: { text } });

/** A position written by the server as board text (how = "board") or .mine
 * ("mine"): the text, or an ApiError saying why it has none. */
export const writePosition = async (position, how = "board") =>
  (await call("POST", "/api/analyse/text/write", { body: { position, format: how } })).text;

/** A position made unique (a small set of numbers shown) or minimized (numbers
 * hidden while one layout fits): how = "make-unique" or "minimize"; board is
 * board text (its flags "F"), symmetry the one the numbers shown keep. Returns
 * {board (with the flags kept), code, difficulty, reasoning, clues, added or
 * hidden, unflagged (the flags taken off), symmetry}. */
export const puzzleStep = (how, board, symmetry = "none") =>
  call("POST", `/api/puzzle/${how}`, { body: { board, symmetry } });

/** Whether one layout fits a position (board text) and, if so, its grade:
 * {unique, difficulty, reasoning, clues, code}; an edit aborts it (signal). */
export const puzzleGrade = (board, signal) => call("POST", "/api/puzzle/grade", { body: { board }, signal });

/** A new puzzle: body as POST /api/puzzle/new takes it (a symmetry too). */
export const puzzleNew = (body) => call("POST", "/api/puzzle/new", { body });

/** A graded book as PDF: {pdf (an ArrayBuffer), seed}. */
export async function puzzleBook(body) {
  const { data, headers } = await call("POST", "/api/puzzle/book", { body, bytes: "headers" });
  return { pdf: data, seed: headers.get("X-Seed") };
}

/** An .mbf or .abf board (its bytes in base64) as a position: {board, position}. */
export const openBoardFile = (name, data) => call("POST", "/api/analyse/file/open", { body: { name, data } });

/** The layout a position names (its flags and revealed mines) as .mbf bytes. */
export const positionMbf = (position) => call("POST", "/api/analyse/file/mbf", { body: { position }, bytes: true });

/** The same layout as an Arbiter .abf board's bytes. */
export const positionAbf = (position) => call("POST", "/api/analyse/file/abf", { body: { position }, bytes: true });

// Puzzle codes (docs/formats.md): p:WxHxN:LETTERS, every cell a digit in base 3
// (0 hidden safe, 1 mine, 2 shown number), five cells a byte, URL-safe base64.

const HEAD = /^p:([0-9]{1,5})x([0-9]{1,5})x([0-9]{1,6}):([A-Za-z0-9_-]*)$/;
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The puzzle of a code: {w, h, n, kinds} (kinds[i]: 0 hidden safe, 1 mine,
 * 2 shown), or an Error naming what is wrong, as the server's reader says it. */
export function parsePuzzleCode(text) {
  const m = HEAD.exec(String(text).trim());
  if (!m) throw new Error("a puzzle code looks like p:WIDTHxHEIGHTxMINES:LETTERS");
  const w = Number(m[1]), h = Number(m[2]), n = Number(m[3]), letters = m[4];
  if (w < 1 || h < 1 || w * h > 100000) throw new Error(`puzzle code size ${w}x${h} is not a board`);
  const size = Math.ceil((w * h) / 5);
  if (letters.length !== Math.ceil((size * 4) / 3)) throw new Error("the puzzle code was cut short or mistyped");
  const bits = [];
  for (const ch of letters) bits.push(LETTERS.indexOf(ch));
  const bytes = [];
  let acc = 0, held = 0;
  for (const v of bits) {
    acc = (acc << 6) | v;
    held += 6;
    if (held >= 8) {
      held -= 8;
      bytes.push((acc >> held) & 255);
      acc &= (1 << held) - 1;
    }
  }
  if (acc !== 0) throw new Error("the puzzle code letters do not spell a puzzle");
  const kinds = [];
  for (const b of bytes.slice(0, size)) {
    if (b > 242) throw new Error("the puzzle code letters do not spell a puzzle");
    let v = b;
    for (let k = 0; k < 5; k++) {
      kinds.push(v % 3);
      v = Math.floor(v / 3);
    }
  }
  if (kinds.slice(w * h).some((k) => k !== 0)) throw new Error("the puzzle code letters do not spell a puzzle");
  kinds.length = w * h;
  if (kinds.filter((k) => k === 1).length !== n) throw new Error(`the puzzle code does not hold ${n} mines`);
  return { w, h, n, kinds };
}

/** The number of cell i: the mines around it. */
export function numberAt(p, i) {
  const x = i % p.w, y = Math.floor(i / p.w);
  let count = 0;
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      const nx = x + dx, ny = y + dy;
      if ((dx || dy) && nx >= 0 && ny >= 0 && nx < p.w && ny < p.h && p.kinds[ny * p.w + nx] === 1) count++;
    }
  return count;
}

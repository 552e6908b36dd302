// One cell of the board drawn on a canvas, as style.css draws the game's
// cell elements: the raised or open face and its borders, the flag and the
// mine, the number; and the analysis's layer, which only the canvas draws
// (the chance's colour, the safe and mine signs, the dead hatching, the
// corners of a 50/50 or a set), the percentage, and the frames of the best
// move, the asked cell and the keyboard's cursor. Colours and signs are the
// style sheets' own custom properties (analyse.css, and dark.css changes
// them), read once a scheme: the page and the game cannot drift apart.

const FONT = 'Tahoma, Verdana, "DejaVu Sans", sans-serif';
const COLOURS = [
  "face", "light", "shadow", "heat-ink", "dead-ink", "proof", "proof-ring", "conflict", "conflict-ring",
  "safe", "sure", "best", "pair", "cursor", "n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8",
];
const SIGNS = ["flag", "mine", "check", "cross"];

/** The colours and signs the style sheets give the board element el now. */
export function readPalette(el, onLoad) {
  const css = getComputedStyle(el);
  const pal = { signs: {}, sized: new Map() };
  for (const name of COLOURS) pal[name] = css.getPropertyValue(`--${name}`).trim();
  for (const name of SIGNS) {
    const url = /url\((["']?)(.*)\1\)/s.exec(css.getPropertyValue(`--${name}`))?.[2];
    if (!url) continue;
    const img = new Image();
    img.onload = onLoad;
    img.src = url;
    pal.signs[name] = img;
  }
  return pal;
}

/** Sign name drawn size px wide (square), rendered once a size: an SVG drawn
 * anew for each of hundreds of cells was the slowest part of a frame. */
function sign(pal, name, size) {
  const key = `${name} ${size}`;
  let c = pal.sized.get(key);
  if (c === undefined) {
    const img = pal.signs[name];
    if (!img || !img.complete || !img.naturalWidth) return null; // drawn when it loads
    c = document.createElement("canvas");
    c.dataset.sign = name; // what a test sees drawn
    c.width = c.height = Math.max(1, size);
    c.getContext("2d").drawImage(img, 0, 0, c.width, c.height);
    pal.sized.set(key, c);
  }
  return c;
}

/** Draw the signs (name, share of the box's width), the first on top,
 * centred in box {x, y, w, h}, as CSS draws a list of background images. */
function signs(ctx, pal, box, list) {
  for (const [name, share] of [...list].reverse()) {
    const size = Math.round(box.w * share);
    const c = sign(pal, name, size);
    if (c) ctx.drawImage(c, Math.round(box.x + (box.w - size) / 2), Math.round(box.y + (box.h - size) / 2));
  }
}

/** Light top and left edges, dark bottom and right, b pixels wide, mitred at the corners. */
function bevel(ctx, r, b, light, dark) {
  const { x, y, w, h } = r;
  const side = (colour, points) => {
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.moveTo(points[0], points[1]);
    for (let i = 2; i < points.length; i += 2) ctx.lineTo(points[i], points[i + 1]);
    ctx.fill();
  };
  side(light, [x, y, x + w, y, x + w - b, y + b, x + b, y + b, x + b, y + h - b, x, y + h]);
  side(dark, [x + w, y, x + w, y + h, x, y + h, x + b, y + h - b, x + w - b, y + h - b, x + w - b, y + b]);
}

/** A frame t pixels wide just inside box. */
function frame(ctx, box, t, colour) {
  ctx.fillStyle = colour;
  ctx.fillRect(box.x, box.y, box.w, t);
  ctx.fillRect(box.x, box.y + box.h - t, box.w, t);
  ctx.fillRect(box.x, box.y, t, box.h);
  ctx.fillRect(box.x + box.w - t, box.y, t, box.h);
}

/** The dead cell's hatching: a dark line one pixel (scale) in four, rising to the right. */
function hatch(ctx, box, scale) {
  ctx.strokeStyle = "rgba(0, 0, 0, 0.28)";
  ctx.lineWidth = scale;
  ctx.beginPath();
  for (let t = 3.5 * scale; t < box.w + box.h; t += 4 * scale) {
    // the line x + y = t * sqrt(2), in the box's corner: CSS's 135deg stripes
    const d = t * Math.SQRT2;
    ctx.moveTo(box.x + d, box.y);
    ctx.lineTo(box.x, box.y + d);
  }
  ctx.stroke();
}

// The purple corners of cells no click can tell apart, by mark: 0 top left,
// 1 top right, 2 bottom left, 3 bottom right. A set of 3 or 4 cells takes
// all four, so it reads apart from a pair.
const CORNERS = { fifty: [0, 3], pseudo: [0], guessset: [0, 1, 2, 3], pseudoset: [0, 1] };

/** Draw the corners `which` of a cell in `colour`. */
function corners(ctx, box, colour, which) {
  const d = 0.44 * box.w; // CSS's 22% of the diagonal's gradient, on both legs
  ctx.fillStyle = colour;
  ctx.beginPath();
  for (const i of which) {
    const [sx, sy] = [i % 2 ? -1 : 1, i >= 2 ? -1 : 1];
    const [x, y] = [i % 2 ? box.x + box.w : box.x, i >= 2 ? box.y + box.h : box.y];
    ctx.moveTo(x, y);
    ctx.lineTo(x + sx * d, y);
    ctx.lineTo(x, y + sy * d);
  }
  ctx.fill();
}

/** The analysis's layer over a hidden cell: the chance's colour, or a sign. */
function layer(ctx, pal, box, k, look, scale) {
  const pair = Object.keys(CORNERS).find((m) => k.has(m));
  if (k.has("dead") || pair || !(k.has("safe") || k.has("sure"))) {
    ctx.fillStyle = look.heat;
    ctx.fillRect(box.x, box.y, box.w, box.h);
    if (k.has("dead")) hatch(ctx, box, scale);
    if (pair) corners(ctx, box, pal.pair, CORNERS[pair]);
    return;
  }
  const flag = k.has("flagged");
  ctx.fillStyle = k.has("safe") ? pal.safe : pal.sure;
  ctx.fillRect(box.x, box.y, box.w, box.h);
  if (k.has("safe")) signs(ctx, pal, box, flag ? [["cross", 0.8], ["flag", 0.88]] : [["check", 0.78]]);
  else signs(ctx, pal, box, [flag ? ["flag", 0.88] : ["mine", 0.66]]);
}

/** Draw a cell's look ({cls, text, heat}) in r ({x, y, w, h} in device
 * pixels); scale is device pixels a CSS pixel, cell the cell's CSS size. */
export function drawCell(ctx, pal, look, r, scale, cell) {
  const k = new Set(look.cls.split(" "));
  const px = (n) => Math.max(1, Math.round(n * scale));
  ctx.save();
  ctx.beginPath();
  ctx.rect(r.x, r.y, r.w, r.h);
  ctx.clip();
  ctx.fillStyle = k.has("conflict") ? pal.conflict : k.has("proof") ? pal.proof : pal.face;
  ctx.fillRect(r.x, r.y, r.w, r.h);
  const raised = (k.has("covered") || k.has("flagged") || k.has("marked")) && !k.has("pressed");
  const b = raised ? px(k.has("covered") && k.has("heat") ? 1 : 3) : px(1);
  const box = raised ? { x: r.x + b, y: r.y + b, w: r.w - 2 * b, h: r.h - 2 * b } : { x: r.x + b, y: r.y + b, w: r.w - b, h: r.h - b };
  if (k.has("flagged")) signs(ctx, pal, box, [["flag", 0.92]]);
  if (k.has("mine")) signs(ctx, pal, box, [["mine", 0.7]]);
  if (raised) bevel(ctx, r, b, pal.light, pal.shadow);
  else {
    ctx.fillStyle = pal.shadow;
    ctx.fillRect(r.x, r.y, r.w, b);
    ctx.fillRect(r.x, r.y, b, r.h);
  }
  const ring = k.has("conflict") ? pal["conflict-ring"] : k.has("proof") ? pal["proof-ring"] : null;
  if (ring) frame(ctx, box, px(2), ring);
  if (k.has("heat") && look.heat) layer(ctx, pal, box, k, look, scale);
  if (look.text && !(k.has("heat") && (k.has("safe") || k.has("sure")))) {
    const heat = k.has("heat");
    const size = heat ? Math.min(12, Math.max(9, cell * 0.46)) : cell * 0.62;
    ctx.font = `bold ${size * scale}px ${FONT}`;
    ctx.letterSpacing = heat ? `${-0.5 * scale}px` : "0px";
    const n = [...k].find((c) => /^n[1-8]$/.test(c));
    ctx.fillStyle = heat ? (k.has("dead") ? pal["dead-ink"] : pal["heat-ink"]) : n ? pal[n] : pal["heat-ink"];
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(look.text, box.x + box.w / 2, box.y + box.h / 2 + 0.5 * scale);
  }
  if (k.has("cursor")) {
    ctx.strokeStyle = pal.cursor;
    ctx.lineWidth = px(2);
    ctx.setLineDash([px(2), px(2)]);
    const i = px(1) + px(2) / 2;
    ctx.strokeRect(r.x + i, r.y + i, r.w - 2 * i, r.h - 2 * i);
  }
  // the outlines, over the cursor as CSS paints them (the part of each that
  // lies outside its cell is left out: a neighbour drawn later covered it)
  if (k.has("heat") && k.has("best")) frame(ctx, r, px(3), pal.best);
  if (k.has("asked")) frame(ctx, r, px(2), pal["proof-ring"]);
  ctx.restore();
}

/** A cell drawn alone on its own canvas, size CSS pixels wide, in the colours
 * el's style sheets give it: the legend's samples, drawn as the board's cells. */
export function drawSample(canvas, look, size, el) {
  const scale = devicePixelRatio || 1;
  canvas.width = canvas.height = Math.round(size * scale);
  canvas.style.width = canvas.style.height = `${size}px`;
  const r = { x: 0, y: 0, w: canvas.width, h: canvas.height };
  const draw = () => drawCell(canvas.getContext("2d"), pal, look, r, scale, size);
  const pal = readPalette(el, draw);
  draw();
}

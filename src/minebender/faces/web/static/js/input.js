// Mouse, keyboard and touch on the board, handed on as presses and releases.
//
// The server's rule decides what they mean (docs/replays.md): this file only
// says which button went down or up on which cell, samples the pointer's
// path, and paints the cells that look held. Touch has no buttons: a tap is
// the click that opens what it shows (handlers.open), a long press a right
// click.

const LONG_PRESS_MS = 380;
const BUTTON = { 0: "left", 1: "middle", 2: "right" };
const PATH_STEP_MS = 16; // at most one point of the path a frame
const PATH_MAX = 1024; // points kept before a press: the latest

export function attachPointer(board, handlers) {
  const el = board.el;
  const held = new Set(); // buttons pressed on the board, not yet released
  let at = null;
  let path = [];

  // Painting only: the cell under the pointer looks held while the left or
  // middle button is, and its neighbours too with both buttons.
  const paintHeld = () => {
    const both = held.has("middle") || (held.has("left") && held.has("right"));
    if (!at || !(held.has("left") || held.has("middle"))) {
      board.setPressed([]);
      handlers.holding(false);
      return;
    }
    board.setPressed(both ? [at, ...board.neighbours(at.x, at.y)] : [at]);
    handlers.holding(true);
  };

  // Where the pointer is, in sixteenths of a cell from the board's corner.
  const sample = (e) => {
    const r = el.getBoundingClientRect();
    const now = performance.now();
    const px = Math.round(((e.clientX - r.left) / r.width) * board.w * 16);
    const py = Math.round(((e.clientY - r.top) / r.height) * board.h * 16);
    const last = path[path.length - 1];
    if (last && (now - last[0] < PATH_STEP_MS || (last[1] === px && last[2] === py))) return;
    path.push([now, px, py]);
    if (path.length > PATH_MAX) path = path.slice(-PATH_MAX);
  };
  const takePath = () => {
    const out = path;
    path = [];
    return out;
  };

  el.addEventListener("contextmenu", (e) => e.preventDefault());

  el.addEventListener("mousedown", (e) => {
    const button = BUTTON[e.button];
    e.preventDefault();
    el.focus({ preventScroll: true });
    if (!button || !handlers.enabled()) return;
    sample(e);
    at = board.cellAt(e.target);
    held.add(button);
    handlers.press("down", button, at, takePath());
    paintHeld();
  });

  el.addEventListener("mousemove", (e) => {
    if (!handlers.enabled()) return;
    sample(e);
    if (!held.size) return;
    const p = board.cellAt(e.target);
    if (!p || !at || p.x !== at.x || p.y !== at.y) {
      at = p;
      paintHeld();
    }
  });

  el.addEventListener("mouseleave", () => {
    if (held.size) {
      at = null;
      paintHeld();
    }
  });

  document.addEventListener("mouseup", (e) => {
    const button = BUTTON[e.button];
    if (!button || !held.has(button)) return;
    held.delete(button);
    const p = board.cellAt(e.target) && at ? at : null;
    if (el.contains(e.target)) sample(e);
    if (handlers.enabled()) handlers.press("up", button, p, takePath());
    if (!held.size) at = null;
    paintHeld();
  });

  // Touch: a tap is a left click, a long press a right click.
  let timer = null;
  let touchCell = null;
  let start = null;
  let longDone = false;
  const click = (button, p) => {
    handlers.press("down", button, p, []);
    handlers.press("up", button, p, []);
  };
  // A touch while the page or the board's box still scrolls from a flick only
  // stops the scroll, as on every link: it revealed the cell under it. The
  // browser says so: that touchstart cannot be cancelled.
  el.addEventListener(
    "touchstart",
    (e) => {
      if (e.touches.length !== 1 || !e.cancelable) {
        // A second finger: a pinch or a scroll, never a press of the cell
        // under the first one (its long press would flag it); or a touch that
        // stops a scroll.
        clearTimeout(timer);
        touchCell = null;
        board.setPressed([]);
        return;
      }
      if (!handlers.enabled()) return;
      const t = e.touches[0];
      touchCell = board.cellAt(document.elementFromPoint(t.clientX, t.clientY) ?? e.target);
      start = { x: t.clientX, y: t.clientY };
      longDone = false;
      if (!touchCell) return;
      board.setPressed([touchCell]);
      timer = setTimeout(() => {
        longDone = true;
        board.setPressed([]);
        navigator.vibrate?.(25);
        click("right", touchCell);
      }, LONG_PRESS_MS);
    },
    { passive: true },
  );
  el.addEventListener(
    "touchmove",
    (e) => {
      const t = e.touches[0];
      if (start && Math.hypot(t.clientX - start.x, t.clientY - start.y) > 12) {
        clearTimeout(timer);
        touchCell = null;
        board.setPressed([]);
      }
    },
    { passive: true },
  );
  el.addEventListener("touchend", (e) => {
    clearTimeout(timer);
    board.setPressed([]);
    if (e.cancelable) e.preventDefault(); // no emulated mouse clicks after a touch
    const p = touchCell;
    touchCell = null;
    if (!p || longDone || !handlers.enabled()) return;
    handlers.open(p);
  });
  el.addEventListener("touchcancel", () => {
    clearTimeout(timer);
    touchCell = null;
    board.setPressed([]);
  });
}

/** Keyboard: arrows move the cursor, space/enter reveal or chord, F flags. */
export function keyAction(board, cursor, key) {
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (key in moves) {
    const c = cursor ?? { x: Math.floor(board.w / 2), y: Math.floor(board.h / 2) };
    if (!cursor) return { cursor: c };
    const [dx, dy] = moves[key];
    return {
      cursor: {
        x: Math.min(board.w - 1, Math.max(0, c.x + dx)),
        y: Math.min(board.h - 1, Math.max(0, c.y + dy)),
      },
    };
  }
  if (!cursor) return null;
  // open what the cell shows (a reveal, or a chord on a number) and a
  // right click: the server's rule decides what they do
  if (key === " " || key === "Enter") return { open: true };
  if (key === "f" || key === "F") return { button: "right" };
  return null;
}

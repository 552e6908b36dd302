// Mouse, keyboard and touch on the board, turned into reveal / flag / chord.
//
// Mouse: left reveals (a left click on a satisfied number chords), right flags
// on press, left+right together or the middle button chord on release; cells
// look pressed while held. Touch: a tap reveals, a long press flags.
//
// A left click or a tap is handed on as a click (``handlers.click``), not as
// a reveal or a chord. What it does depends on the board once the moves
// sent before it are done, and their answers may still be on the way; so
// main.js (openCell) decides, not this file.

const LONG_PRESS_MS = 380;

export function attachPointer(board, handlers) {
  const el = board.el;
  let left = false;
  let right = false;
  let middle = false;
  let chording = false; // both buttons (or the middle one) are down
  let spent = false; // a chord was released: ignore the other button's release
  let at = null;

  const press = () => {
    if (!at || !(left || middle)) {
      board.setPressed([]);
      handlers.holding(false);
      return;
    }
    const cells = chording ? [at, ...board.neighbours(at.x, at.y)] : [at];
    board.setPressed(cells);
    handlers.holding(true);
  };

  const release = () => {
    board.setPressed([]);
    handlers.holding(false);
  };

  el.addEventListener("contextmenu", (e) => e.preventDefault());

  el.addEventListener("mousedown", (e) => {
    const p = board.cellAt(e.target);
    e.preventDefault();
    el.focus({ preventScroll: true });
    if (!handlers.enabled()) return;
    at = p;
    if (e.button === 0) {
      left = true;
      if (right) chording = true;
    } else if (e.button === 2) {
      right = true;
      if (left) chording = true;
      else if (p) handlers.flag(p);
    } else if (e.button === 1) {
      middle = true;
      chording = true;
    }
    press();
  });

  el.addEventListener("mousemove", (e) => {
    if (!(left || middle)) return;
    const p = board.cellAt(e.target);
    if (!p || !at || p.x !== at.x || p.y !== at.y) {
      at = p;
      press();
    }
  });

  el.addEventListener("mouseleave", () => {
    if (left || middle) {
      at = null;
      press();
    }
  });

  document.addEventListener("mouseup", (e) => {
    const p = board.cellAt(e.target) && at ? at : null;
    const wasChord = chording;
    if (e.button === 0) left = false;
    else if (e.button === 2) right = false;
    else if (e.button === 1) middle = false;
    else return;
    if (wasChord) {
      chording = false;
      spent = left || right || middle;
      release();
      if (p && handlers.enabled()) handlers.chord(p);
    } else if (e.button === 0 && !spent) {
      release();
      if (p && handlers.enabled()) handlers.click(p);
    }
    if (!left && !right && !middle) {
      spent = false;
      at = null;
      release();
    }
  });

  // Touch: tap reveals (or chords a satisfied number), long press flags.
  let timer = null;
  let touchCell = null;
  let start = null;
  let longDone = false;
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
        handlers.flag(touchCell);
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
    handlers.click(p);
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
  // reveal or chord, decided as a click is, once the moves before it are answered
  if (key === " " || key === "Enter") return { action: "open" };
  if (key === "f" || key === "F") return { action: "flag" };
  return null;
}

// The mouse, the wheel and touch on the analysis board. Unlike a game's board
// (input.js), a press acts at once and a drag acts on every cell it passes:
// the left button applies the chosen tool (hide or reveal, flag, a number,
// why), the right button flags, the wheel turns a revealed number. A tap
// applies the tool, a long press flags, and a finger that moves scrolls.

const LONG_PRESS_MS = 380;
const TAP_SLOP = 12;
const WHEEL_STEP = 50; // pixels of wheel to a step of a number

export function attachEditing(board, handlers) {
  const el = board.el;
  let dragging = false;
  let passed = new Set(); // the cells this drag has acted on
  let touch = null; // {id, cell, x, y, timer, long}

  const once = (p, tool) => {
    const k = board.key(p.x, p.y);
    if (passed.has(k)) return;
    passed.add(k);
    handlers.apply(p, tool);
  };

  el.addEventListener("contextmenu", (e) => e.preventDefault());

  el.addEventListener("pointerdown", (e) => {
    const p = board.pointedAt(e);
    if (e.pointerType === "touch") {
      if (!e.isPrimary || !p) return;
      touch = { id: e.pointerId, cell: p, x: e.clientX, y: e.clientY, long: false, timer: 0 };
      board.setPressed([p]);
      touch.timer = setTimeout(() => {
        if (!touch) return;
        touch.long = true;
        board.setPressed([]);
        navigator.vibrate?.(25);
        handlers.flag(touch.cell);
      }, LONG_PRESS_MS);
      return;
    }
    e.preventDefault();
    el.focus({ preventScroll: true });
    if (!p) return;
    if (e.button === 2) handlers.flag(p);
    else if (e.button === 0) {
      dragging = true;
      passed = new Set();
      // a drag with "why" shows only the first cell's proof
      once(p, handlers.tool());
    }
  });

  el.addEventListener("pointermove", (e) => {
    if (e.pointerType === "touch") {
      if (touch && e.pointerId === touch.id && Math.hypot(e.clientX - touch.x, e.clientY - touch.y) > TAP_SLOP) {
        clearTimeout(touch.timer);
        board.setPressed([]);
        touch = null;
      }
      return;
    }
    const p = board.pointedAt(e);
    handlers.hover(p);
    if (!dragging || !(e.buttons & 1) || !p) return;
    if (handlers.tool() !== "why") once(p, handlers.tool());
  });

  el.addEventListener("pointerleave", (e) => {
    if (e.pointerType !== "touch") handlers.hover(null);
  });

  const stop = () => {
    dragging = false;
    passed = new Set();
  };
  document.addEventListener("pointerup", (e) => {
    if (e.pointerType !== "touch") return stop();
    if (!touch || e.pointerId !== touch.id) return;
    clearTimeout(touch.timer);
    board.setPressed([]);
    const { cell, long } = touch;
    touch = null;
    if (!long) handlers.apply(cell, handlers.tool());
    handlers.hover(cell); // what is known of it, under the board: touch has no hover
  });
  document.addEventListener("pointercancel", (e) => {
    if (touch && e.pointerId === touch.id) {
      clearTimeout(touch.timer);
      board.setPressed([]);
      touch = null;
    }
    stop();
  });
  // no emulated mouse events after a tap: the tap acted already
  el.addEventListener("touchend", (e) => {
    if (e.cancelable) e.preventDefault();
  });

  // A notch of a mouse wheel (about 100 px) is one step; a touchpad's many
  // small deltas add up to one, not one step each.
  let turned = 0;
  let turning = null;
  el.addEventListener(
    "wheel",
    (e) => {
      const p = board.pointedAt(e);
      const t = p && board.tile(p.x, p.y);
      if (!t || !(t.length === 1 && t >= "0" && t <= "8") || !e.deltaY) return; // the page scrolls
      e.preventDefault();
      const k = board.key(p.x, p.y);
      if (turning !== k) turned = 0;
      turning = k;
      turned += e.deltaMode === 0 ? e.deltaY : e.deltaY * WHEEL_STEP;
      if (Math.abs(turned) < WHEEL_STEP) return;
      handlers.turn(p, turned < 0 ? 1 : -1);
      turned = 0;
    },
    { passive: false },
  );
}

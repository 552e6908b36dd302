// How long an edit takes to reach the screen: from the key or click that made
// it to the frame that shows the edited cell, the first probabilities and the
// whole answer; and to the arrival of the probabilities, before their drawing.
// Each is a performance measure ("edit-cell", "edit-arrived",
// "edit-probabilities", "edit-answer") that `minebender bench paint` reads;
// nothing else uses them.

let since = null; // the event time of the edit whose drawings are awaited
let seen = new Set();

/** An edit was made by the event under way (its time stamp), else now. */
export function editMade() {
  since = globalThis.event?.timeStamp ?? performance.now();
  seen = new Set();
}

/** What the edit brought (name) was drawn: measured at the end of the frame
 * that paints it, once per edit. */
export function drawn(name) {
  if (since === null || seen.has(name)) return;
  seen.add(name);
  const start = since;
  // a task queued from the frame's callback runs once that frame is painted
  requestAnimationFrame(() => setTimeout(() => performance.measure(name, { start, end: performance.now() }), 0));
}

/** What the edit awaited (name) came, not yet drawn: measured now, once per edit. */
export function came(name) {
  if (since === null || seen.has(name)) return;
  seen.add(name);
  performance.measure(name, { start: since, end: performance.now() });
}

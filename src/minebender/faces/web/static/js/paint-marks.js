// How long an edit takes to reach the screen: from the key or click that made
// it to the frame that shows the edited cell on the screen, the first
// probabilities and the whole answer; and to the arrival of the
// probabilities, before their drawing.
// Each is a performance measure ("edit-cell", "edit-arrived",
// "edit-probabilities", "edit-answer") that `minebender bench paint` reads;
// nothing else uses them.

let since = null; // the event time of the edit whose drawings are awaited
let seen = new Set();
const specks = new Map(); // the speck of each drawing awaited -> {name, start, speck}

// a browser without Element Timing (Firefox, Safari) ends a measure with a
// task queued from the frame's callback: once the main thread's part is done
const timed = PerformanceObserver.supportedEntryTypes?.includes("element") ?? false;
if (timed) {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const s = specks.get(e.identifier);
      if (!s) continue;
      specks.delete(e.identifier);
      s.speck.remove();
      performance.measure(s.name, { start: s.start, end: e.renderTime || e.startTime });
    }
  }).observe({ type: "element" });
}

/** An edit was made by the event under way (its time stamp), else now. */
export function editMade() {
  since = globalThis.event?.timeStamp ?? performance.now();
  seen = new Set();
  // a speck never painted (the page hidden) goes with the edit it timed
  for (const { speck } of specks.values()) speck.remove();
  specks.clear();
}

/** What the edit brought (name) was drawn: measured to the moment the frame
 * that paints it reached the screen, once per edit. That moment is the render
 * time the browser gives (Element Timing) of a speck of text first painted in
 * the same frame: the end of the frame's script, style or layout came before
 * the pixels, by the painting and compositing of a big board. */
export function drawn(name) {
  if (since === null || seen.has(name)) return;
  seen.add(name);
  const start = since;
  if (!timed) {
    requestAnimationFrame(() => setTimeout(() => performance.measure(name, { start, end: performance.now() }), 0));
    return;
  }
  const speck = document.createElement("span");
  speck.setAttribute("elementtiming", `${name} ${start}`);
  speck.setAttribute("aria-hidden", "true");
  speck.className = "speck";
  speck.textContent = ".";
  specks.set(speck.getAttribute("elementtiming"), { name, start, speck });
  document.body.append(speck);
}

/** What the edit awaited (name) came, not yet drawn: measured now, once per edit. */
export function came(name) {
  if (since === null || seen.has(name)) return;
  seen.add(name);
  performance.measure(name, { start: since, end: performance.now() });
}

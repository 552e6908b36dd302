// Drawings of the page as inline SVG: the face, the assist bulb and the LED
// digits. Mines and flags on cells are drawn by style.css (SVG data URLs).

const SEGMENTS = {
  // a, b, c, d, e, f, g as in a seven-segment display
  "0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg",
  "5": "acdfg", "6": "acdefg", "7": "abc", "8": "abcdefg", "9": "abcdfg",
  "-": "g", " ": "",
};

const SEG_PATHS = {
  a: "M2 1 L11 1 L9 3 L4 3 Z",
  b: "M11 2 L11 10 L9 9 L9 4 Z",
  c: "M11 12 L11 20 L9 18 L9 13 Z",
  d: "M2 21 L11 21 L9 19 L4 19 Z",
  e: "M1 12 L1 20 L3 18 L3 13 Z",
  f: "M1 2 L1 10 L3 9 L3 4 Z",
  g: "M2 11 L4 10 L9 10 L11 11 L9 12 L4 12 Z",
};

/** Three LED digits for n (clamped to -99..999), as Windows-era counters show them. */
export function ledDigits(n) {
  const v = Math.max(-99, Math.min(999, Math.trunc(n)));
  const text = v < 0 ? "-" + String(-v).padStart(2, "0") : String(v).padStart(3, "0");
  let out = "";
  for (let i = 0; i < 3; i++) {
    const on = SEGMENTS[text[i]] ?? "";
    let paths = "";
    for (const [seg, d] of Object.entries(SEG_PATHS)) {
      paths += `<path d="${d}" class="${on.includes(seg) ? "on" : "off"}"/>`;
    }
    out += `<svg viewBox="0 0 12 22" class="digit" aria-hidden="true">${paths}</svg>`;
  }
  return out;
}

const MOUTHS = {
  smile: '<path d="M7 15 Q12 20 17 15" class="line"/>',
  oh: '<ellipse cx="12" cy="16" rx="2.2" ry="2.6" class="fill"/>',
  cool: '<path d="M8 16 Q12 19 16 16" class="line"/>',
  dead: '<path d="M7 18 Q12 13 17 18" class="line"/>',
};

const EYES = {
  smile: '<circle cx="9" cy="10" r="1.4" class="fill"/><circle cx="15" cy="10" r="1.4" class="fill"/>',
  oh: '<circle cx="9" cy="9.5" r="1.5" class="fill"/><circle cx="15" cy="9.5" r="1.5" class="fill"/>',
  cool:
    '<path d="M4.5 9 L19.5 9" class="line"/><path d="M5.5 9 L11 9 L10 12 L7 12 Z" class="fill"/>' +
    '<path d="M13 9 L18.5 9 L17 12 L14 12 Z" class="fill"/>',
  dead:
    '<path d="M7.5 8.5 L10.5 11.5 M10.5 8.5 L7.5 11.5" class="line"/>' +
    '<path d="M13.5 8.5 L16.5 11.5 M16.5 8.5 L13.5 11.5" class="line"/>',
};

/** The face of the new-game button: "smile", "oh" (a cell is held), "cool" (won), "dead" (lost). */
export function face(mood) {
  return (
    `<svg viewBox="0 0 24 24" class="face-svg" data-mood="${mood}" aria-hidden="true">` +
    '<circle cx="12" cy="12" r="10" class="head"/>' +
    (EYES[mood] ?? EYES.smile) +
    (MOUTHS[mood] ?? MOUTHS.smile) +
    "</svg>"
  );
}

/** The assist button's drawing: a light bulb. */
export const bulb =
  '<svg viewBox="0 0 24 24" class="bulb-svg" aria-hidden="true">' +
  '<path d="M12 3 a6 6 0 0 1 3.6 10.8 L15 16 L9 16 L8.4 13.8 A6 6 0 0 1 12 3 Z" class="glass"/>' +
  '<rect x="9" y="17" width="6" height="1.6" class="base"/>' +
  '<rect x="9.6" y="19.2" width="4.8" height="1.6" class="base"/>' +
  '<path d="M10.5 12 L12 9 L13.5 12" class="filament"/>' +
  "</svg>";

/** The little mine of the title bar. */
export const mineIcon =
  '<svg viewBox="0 0 16 16" class="title-icon" aria-hidden="true">' +
  '<path d="M8 1 V15 M1 8 H15 M3 3 L13 13 M13 3 L3 13" stroke="#000" stroke-width="1.4"/>' +
  '<circle cx="8" cy="8" r="4.6" fill="#000"/><circle cx="6.6" cy="6.6" r="1.3" fill="#fff"/>' +
  "</svg>";

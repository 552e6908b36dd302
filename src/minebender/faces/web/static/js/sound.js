// Windows XP's Sound option: a tick each second of the timer, the blast of a
// mine, a tune for a win. Made with the Web Audio API as it plays: no files
// to fetch. Off by default; main.js asks for a sound only when it is on.

let context = null;

/** The audio context, made at the first sound (after a click: browsers let a
 * page play only once the player has done something), or null without one. */
function audio() {
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === "suspended") context.resume().catch(() => null);
  return context;
}

/** A tone of freq Hz from `at` s for `length` s, fading out. */
function tone(ac, freq, at, length, { type = "square", volume = 0.06 } = {}) {
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  gain.gain.setValueAtTime(volume, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(ac.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** White noise through a falling low-pass filter: the blast. */
function noise(ac, at, length) {
  const buffer = ac.createBuffer(1, Math.ceil(ac.sampleRate * length), ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  const src = ac.createBufferSource();
  src.buffer = buffer;
  const filter = ac.createBiquadFilter();
  filter.type = "lowpass";
  filter.frequency.setValueAtTime(2400, at);
  filter.frequency.exponentialRampToValueAtTime(80, at + length);
  const gain = ac.createGain();
  gain.gain.setValueAtTime(0.5, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  src.connect(filter).connect(gain).connect(ac.destination);
  src.start(at);
}

const SOUNDS = {
  tick: (ac, t) => tone(ac, 1800, t, 0.03, { volume: 0.04 }),
  blast: (ac, t) => {
    noise(ac, t, 0.9);
    tone(ac, 70, t, 0.5, { type: "sine", volume: 0.3 });
  },
  win: (ac, t) => [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(ac, f, t + i * 0.11, 0.22, { type: "triangle", volume: 0.12 })),
};

/** Play a sound by name: "tick", "blast" or "win". The last one asked for is
 * written on the page (data-sound on <html>), which the browser tests read. */
export function play(name) {
  document.documentElement.dataset.sound = name;
  const ac = audio();
  if (!ac) return;
  try {
    SOUNDS[name](ac, ac.currentTime);
  } catch {
    /* a browser without part of Web Audio: the game goes on in silence */
  }
}
